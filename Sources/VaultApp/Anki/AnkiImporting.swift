import Foundation
import VaultCore
import VaultMarkdown

/// `vault import anki`: an Anki package comes into the vault.
///
/// - Notes `vault export anki` wrote (their GUID names a card group of the
///   vault) come home as reviews only (``AnkiReturn``): each new row of
///   their review log an event on the vault's card, the Markdown left alone
///   (a text Anki changed is named, and replaced only with `theirs`).
/// - Other notes become a folder of notes (a folder per deck), their media
///   beside them, their review history as events (``AnkiConversion``). The
///   first import writes the folder whole (a temporary folder renamed into
///   place); a re-import writes note by note: a note still as the last
///   import wrote it is brought up to date, one the person edited is kept and
///   named (``AnkiWrittenMark``), and replaced only with `theirs` (the
///   person's version then goes to the trash).
///
/// Events are identified by the Anki note's GUID and the review's id
/// (``AnkiKnownReviews``), so importing a package twice, or two decks of
/// one collection, adds each review once.
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

    /// One file the import writes into the vault (vault-relative paths).
    public enum Write: Equatable, Sendable {
        /// A file that is not there yet.
        case create(String, Data)
        /// A note still as the last import wrote it (or a media file), brought up to date.
        case update(String, Data)
        /// A file the person changed, replaced by Anki's (`theirs`): theirs goes to the trash first.
        case replace(String, Data)

        public var path: String {
            switch self {
            case .create(let path, _), .update(let path, _), .replace(let path, _): return path
            }
        }
    }

    /// A note the person edited that the package would change: kept as it is (unless `theirs`).
    public struct Kept: Equatable, Sendable {
        public var path: String
        /// True for a media file rather than a note.
        public var isMedia: Bool
    }

    /// What an import will write.
    public struct Plan {
        /// The import folder, vault-relative.
        public var folder: String
        /// The package's own notes (not the vault's), as the folder's files and events.
        public var conversion: AnkiConversion
        /// The vault's own notes coming home: their reviews.
        public var returning: AnkiReturn
        /// True when the folder is there already (a re-import).
        public var replacing: Bool
        /// True when no file is to be written (every one is there as it would be) and no event is new
        /// (`decks:` may still be saved, see ``addsDeck``).
        public var unchanged: Bool
        /// True when the folder must be added to `decks:`.
        public var addsDeck: Bool
        /// The collection's schema version.
        public var schema: Int
        /// The files of a re-import, one by one (a first import writes ``conversion``'s files as a folder).
        public var writes: [Write]
        /// Files the person edited that the package would change, kept (or, with `theirs`, in ``writes`` as replaced).
        public var kept: [Kept]
        /// True when Anki's text wins over edits (`--theirs`).
        public var theirs: Bool
        /// Notes of the vault whose cards Anki changed, rewritten with `theirs` (their old text to the trash).
        public var noteRewrites: [(path: String, data: Data)]
        public var noteCount: Int { conversion.decks.reduce(0) { $0 + $1.notes } }
        public var cardCount: Int { conversion.decks.reduce(0) { $0 + $1.cards } }
        public var mediaCount: Int { conversion.files.filter { !$0.name.hasSuffix(".md") }.count }
        /// True when the package holds notes of its own (not only the vault's coming home).
        public var hasNotes: Bool { !conversion.files.isEmpty || conversion.skippedNotes > 0 }
        /// The new `rate` events in all.
        public var newRatings: Int {
            conversion.ratingCount + returning.events.filter { $0.kind == RatingEvent.kind }.count
        }
    }

    /// Reads the package `file` and plans it into `into`; with `theirs`,
    /// Anki's text replaces what the person edited.
    /// - Throws: ``AnkiImportError`` for a package that cannot be imported or a folder the vault cannot hold.
    public func plan(file: String, into: String?, theirs: Bool = false) throws -> Plan {
        let folder = (into ?? Self.defaultFolder).trimmingCharacters(in: CharacterSet(charactersIn: "/ "))
        if folder.isEmpty {
            throw AnkiImportError.badFolder(
                folder: into ?? "", reason: "names the vault itself; name a folder inside it")
        }
        if let problem = VaultPathRules.problem(folder: folder) {
            throw AnkiImportError.badFolder(folder: folder, reason: problem)
        }
        var trace = PhaseTrace(context.tracer)
        var collection = try packages.collection(at: file)
        trace.mark("anki import: package read")
        // What the ledger holds, from its replay and card log (both cached), never its every line.
        let features = context.ledger.replay().featureEvents
        let cardLog = context.ledger.cardLog()
        let knownHolds = Set(
            features.lazy.filter { $0.kind == CardHoldEvent.kind && $0.device.hasPrefix("anki") }.map {
                Int64($0.sequence)
            })
        trace.mark("anki import: the ledger's replay")
        let hasVaultNotes = collection.notes.contains(where: AnkiReturn.isVaultNote)
        let (groups, lineage, render) = hasVaultNotes ? vaultGroups(cardLog) : ([:], [:], { _ in [] })
        trace.mark("anki import: the vault's card groups")
        let known = AnkiKnownReviews(log: cardLog, featureEvents: features, cards: Array(lineage.values.joined()))
        trace.mark("anki import: the reviews the ledger holds")

        // The vault's own notes: reviews only.
        var returning = AnkiReturn(collection, groups: [:], known: known, lineage: [:], timeZone: context.timeZone) {
            _ in []
        }
        var noteRewrites: [(path: String, data: Data)] = []
        if hasVaultNotes {
            returning = AnkiReturn(
                collection, groups: groups, known: known, lineage: lineage, timeZone: context.timeZone, render: render)
            if theirs {
                for change in returning.changes {
                    let current =
                        noteRewrites.first { $0.path == change.notePath }?.data
                        ?? (try? context.files.read(change.notePath))
                    guard let current else { continue }
                    noteRewrites.removeAll { $0.path == change.notePath }
                    noteRewrites.append((change.notePath, AnkiReturn.applying(change, to: current)))
                }
            }
            // The rest of the package is its own.
            let vaultNotes = Set(collection.notes.filter(AnkiReturn.isVaultNote).map(\.id))
            collection.notes.removeAll { vaultNotes.contains($0.id) }
            collection.cards.removeAll { vaultNotes.contains($0.note) }
            let cardIDs = Set(collection.cards.map(\.id))
            collection.reviews.removeAll { !cardIDs.contains($0.card) }
        }

        trace.mark("anki import: the vault's own notes")
        var conversion = AnkiConversion(notesOf: collection, folder: folder, timeZone: context.timeZone)
        let replacing = !conversion.files.isEmpty && context.files.exists(folder)
        var writes: [Write] = []
        var kept: [Kept] = []
        // The text each note will have in the vault, where its cards are read.
        var textOf: [String: (path: String, data: Data)] = [:]
        if replacing {
            let existing = notesByGUID(in: folder)
            for file in conversion.files {
                let path = folder + "/" + file.name
                if let note = conversion.notes.first(where: { $0.name == file.name }) {
                    let there = existing[note.guid] ?? path
                    guard let current = try? context.files.read(there) else {
                        writes.append(.create(path, file.bytes))
                        textOf[note.guid] = (path, file.bytes)
                        continue
                    }
                    if current == file.bytes {
                        textOf[note.guid] = (there, current)
                        continue
                    }
                    switch (
                        AnkiWrittenMark.status(of: current),
                        AnkiWrittenMark.mark(of: String(decoding: file.bytes, as: UTF8.self))
                    ) {
                    case (.asWritten, _):
                        writes.append(.update(there, file.bytes))
                        textOf[note.guid] = (there, file.bytes)
                    case (.edited(let mark), let new) where mark == new:
                        // Anki's text is what the last import wrote: the person's edits stay, nothing to say.
                        textOf[note.guid] = (there, current)
                    case (.unmarked, _) where Self.withoutMark(file.bytes) == current:
                        writes.append(.update(there, file.bytes))
                        textOf[note.guid] = (there, file.bytes)
                    default:
                        if theirs {
                            writes.append(.replace(there, file.bytes))
                            textOf[note.guid] = (there, file.bytes)
                        } else {
                            kept.append(Kept(path: there, isMedia: false))
                            textOf[note.guid] = (there, current)
                        }
                    }
                } else {
                    guard let current = try? context.files.read(path) else {
                        writes.append(.create(path, file.bytes))
                        continue
                    }
                    guard current != file.bytes else { continue }
                    if theirs {
                        writes.append(.replace(path, file.bytes))
                    } else {
                        kept.append(Kept(path: path, isMedia: true))
                    }
                }
            }
        } else {
            for note in conversion.notes { textOf[note.guid] = (folder + "/" + note.name, note.bytes) }
        }
        var cards = AnkiCardMap(minimumCapacity: collection.cards.count)
        for note in conversion.notes {
            guard let (path, data) = textOf[note.guid] else { continue }
            var matched = conversion.cards(of: note, in: data, at: path)
            // A note the person edited so that its cards no longer line up: the cards of Anki's text.
            if matched.contains(where: { $0.1 == nil }), data != note.bytes {
                matched = conversion.cards(of: note, in: note.bytes, at: path)
            }
            for (ankiCard, card) in matched { if let card { cards.set(card, for: ankiCard.id) } }
        }
        conversion.addEvents(collection, cards: cards, known: known, now: context.now, knownHolds: knownHolds)
        let addsDeck =
            !conversion.files.isEmpty && !context.config.decks.contains(path: folder + "/x.md", tags: [], setting: nil)
        trace.mark("anki import: notes and events planned")
        let unchanged =
            (replacing ? writes.isEmpty : conversion.files.isEmpty) && conversion.ratings.isEmpty
            && conversion.resetEvents.isEmpty && conversion.cramEvents.isEmpty && conversion.holdEvents.isEmpty
            && returning.events.isEmpty && noteRewrites.isEmpty
        return Plan(
            folder: folder, conversion: conversion, returning: returning, replacing: replacing, unchanged: unchanged,
            addsDeck: addsDeck, schema: collection.schema, writes: writes, kept: kept, theirs: theirs,
            noteRewrites: noteRewrites)
    }

    /// Writes `plan`: the folder (whole on a first import, file by file on a
    /// re-import), the vault notes Anki changed (with `theirs`), the events, then `decks:`.
    /// - Throws: the file port's, ledger's or config store's error; a first import's folder is never left half-written.
    public func write(_ plan: Plan) throws {
        if !plan.replacing, !plan.conversion.files.isEmpty {
            try context.files.writeFolder(plan.conversion.files, at: plan.folder, replacing: false)
        }
        for write in plan.writes {
            switch write {
            case .create(let path, let data):
                try context.files.createFile(data, at: path)
            case .update(let path, let data):
                try context.files.rewrite(path) { _ in data }
            case .replace(let path, let data):
                try replace(path, with: data)
            }
        }
        for (path, data) in plan.noteRewrites { try replace(path, with: data) }
        if !plan.conversion.ratings.isEmpty { try log.appendImported(plan.conversion.events) }
        let others =
            plan.conversion.resetEvents + plan.conversion.cramEvents + plan.conversion.holdEvents
            + plan.returning.events
        if !others.isEmpty { try log.appendImported(others) }
        if plan.addsDeck {
            var config = context.config
            config.decks = Decks(folders: config.decks.folders + [plan.folder + "/"], tag: config.decks.tag)
            try context.configStore.save(config, replacing: context.config)
        }
    }

    /// `path` with `data`, its old bytes kept: a note goes to the trash (`vault
    /// restore` lists it), another file beside it as `NAME.before-anki.EXT`.
    func replace(_ path: String, with data: Data) throws {
        if path.hasSuffix(".md") {
            _ = try context.trash.discard(path, at: context.now, timeZone: context.timeZone)
            try context.files.createFile(data, at: path)
        } else {
            let old = try context.files.read(path)
            let ext = (path as NSString).pathExtension
            let kept = (path as NSString).deletingPathExtension + ".before-anki" + (ext.isEmpty ? "" : "." + ext)
            try? context.files.createFile(old, at: kept)
            try context.files.rewrite(path) { _ in data }
        }
    }

    /// The vault's card groups by GUID, each card's lineage (its id and those
    /// it continues), and the fields each group's text gives now.
    func vaultGroups(_ log: CardEventLog) -> ([String: AnkiCardGroup], [String: [String]], (AnkiCardGroup) -> [String]) {
        let cards = context.notes.summaries().cards
        let (lineage, inherited) = CardScheduleReplay.historiesAndLineage(log, cards: cards)
        var origin: [String: String] = [:]
        var ids: [String: [String]] = [:]
        for (card, entry) in zip(cards, lineage) {
            origin[card.id] = entry.origin
            ids[card.id] = [card.id] + (inherited[card.id] ?? [])
        }
        var groups: [String: AnkiCardGroup] = [:]
        for (path, noteCards) in Dictionary(grouping: cards, by: \.notePath) {
            guard let data = try? context.files.read(path) else { continue }
            for group in AnkiCardGroup.groups(of: noteCards, in: data, origin: { origin[$0.id] ?? $0.id }) {
                groups[group.guid] = group
            }
        }
        let names = AnkiMediaNames(context: context)
        let render: (AnkiCardGroup) -> [String] = { group in
            switch group.shape {
            case .basic, .reversed:
                return [
                    names.render(group.markdown[0], from: group.notePath),
                    names.render(group.markdown[1], from: group.notePath),
                ]
            case .cloze:
                return [names.render(group.markdown[0], from: group.notePath), ""]
            }
        }
        return (groups, ids, render)
    }

    /// The notes of `folder` by the `anki_guid` their front matter holds.
    func notesByGUID(in folder: String) -> [String: String] {
        var found: [String: String] = [:]
        for note in context.notes.summaries().notes where note.path.hasPrefix(folder + "/") {
            guard let data = try? context.files.read(note.path), let guid = Self.guid(in: data) else { continue }
            if found[guid] == nil { found[guid] = note.path }
        }
        return found
    }

    /// The `anki_guid:` of a note's front matter (a YAML scalar, quoted or not).
    static func guid(in data: Data) -> String? {
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        guard text.hasPrefix("---"),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("anki_guid: ") })
        else {
            return nil
        }
        var value = String(line.dropFirst("anki_guid: ".count)).trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
            value = String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
                .replacingOccurrences(of: "\\\\", with: "\\")
        }
        return value
    }

    /// A note's bytes without its ``AnkiWrittenMark`` line: what an import wrote before marks were.
    static func withoutMark(_ data: Data) -> Data {
        let text = String(decoding: data, as: UTF8.self)
        guard let (_, without) = AnkiWrittenMark.split(text) else { return data }
        return Data(without.utf8)
    }
}
