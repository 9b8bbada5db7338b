import Foundation
import VaultCore

/// `vault import anki`: an Anki package becomes a folder of notes (a folder
/// per deck), its media beside them, and its review history as `rate`
/// events under a device id of the collection's own.
///
/// Everything is read and converted before anything is written; the folder
/// is then written whole (a temporary folder renamed into place), the events
/// appended, and the folder added to `decks:` last. A second import of the
/// same package writes nothing: the files are the same bytes, and the events
/// are those whose sequence (the review's id) the ledger holds already.
public struct AnkiImporting {
    public let context: AppContext
    public let packages: any AnkiPackageReading
    public let log: any ImportedEventLog

    public init(_ context: AppContext, packages: any AnkiPackageReading, log: any ImportedEventLog) {
        self.context = context
        self.packages = packages
        self.log = log
    }

    /// The import over `context`'s own ports: its package reader and its imported-event log.
    public init(_ context: AppContext) {
        self.init(context, packages: context.ankiPackages, log: context.importedLog)
    }

    /// The folder packages go into when `--into` is not given.
    public static let defaultFolder = "Anki"

    /// What an import will write.
    public struct Plan {
        /// The import folder, vault-relative.
        public var folder: String
        public var conversion: AnkiConversion
        /// True when the folder is there already (a re-import).
        public var replacing: Bool
        /// True when every file is there already, byte for byte.
        public var unchanged: Bool
        /// True when the folder must be added to `decks:`.
        public var addsDeck: Bool
        /// The collection's schema version.
        public var schema: Int
        public var noteCount: Int { conversion.decks.reduce(0) { $0 + $1.notes } }
        public var cardCount: Int { conversion.decks.reduce(0) { $0 + $1.cards } }
        public var mediaCount: Int { conversion.files.filter { !$0.name.hasSuffix(".md") }.count }
    }

    /// Reads the package `file` and plans it into `into`.
    /// - Throws: ``AnkiImportError`` for a package that cannot be imported or
    ///   a folder that holds files this package did not write.
    public func plan(file: String, into: String?) throws -> Plan {
        let folder = (into ?? Self.defaultFolder).trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
        if folder.isEmpty { throw AnkiImportError.badFolder(folder: into ?? "", reason: "names the vault itself; name a folder inside it") }
        if let problem = VaultPathRules.problem(folder: folder) { throw AnkiImportError.badFolder(folder: folder, reason: problem) }
        let collection = try packages.collection(at: file)
        let device = AnkiConversion.device(of: collection)
        let replay = context.ledger.replay()
        let after = replay.maxSequence(of: device)
        let holdDevice = AnkiConversion.holdDevice(of: collection)
        let knownHolds = Set(
            replay.featureEvents.lazy.filter { $0.kind == CardHoldEvent.kind && $0.device == holdDevice }.map(\.sequence))
        let conversion = AnkiConversion(
            collection, folder: folder, timeZone: context.timeZone, afterSequence: after, now: context.now,
            knownHolds: knownHolds)
        let replacing = context.files.exists(folder)
        var unchanged = replacing
        if replacing {
            // Files in the folder that this package does not write would go with the swap: refuse instead.
            let written = Set(conversion.files.map { folder + "/" + $0.name })
            let there = context.notes.summaries().notes.map(\.path) + context.files.attachments()
            if let stranger = there.sorted().first(where: { $0.hasPrefix(folder + "/") && !written.contains($0) }) {
                throw AnkiImportError.badFolder(
                    folder: folder,
                    reason:
                        "holds \(stranger), which this package does not write; move it out of \(folder)/ or import --into another folder")
            }
            unchanged = conversion.files.allSatisfy { (try? context.files.read(folder + "/" + $0.name)) == $0.bytes }
                && there.filter { $0.hasPrefix(folder + "/") }.count == conversion.files.count
        }
        let addsDeck = !context.config.decks.contains(path: folder + "/x.md", tags: [], setting: nil)
        return Plan(
            folder: folder, conversion: conversion, replacing: replacing, unchanged: unchanged, addsDeck: addsDeck,
            schema: collection.schema)
    }

    /// Writes `plan`: the folder (unless unchanged), the events, then `decks:`.
    /// - Throws: the file port's, ledger's or config store's error; a folder is never left half-written.
    public func write(_ plan: Plan) throws {
        if !plan.unchanged {
            try context.files.writeFolder(plan.conversion.files, at: plan.folder, replacing: plan.replacing)
        }
        if !plan.conversion.ratings.isEmpty { try log.appendImported(plan.conversion.events) }
        let others = plan.conversion.resetEvents + plan.conversion.holdEvents
        if !others.isEmpty { try log.appendImported(others) }
        if plan.addsDeck {
            var config = context.config
            config.decks = Decks(folders: config.decks.folders + [plan.folder + "/"], tag: config.decks.tag)
            try context.configStore.save(config, replacing: context.config)
        }
    }
}
