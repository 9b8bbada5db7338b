import Foundation
import VaultCore

/// `vault import json FILE`: a vault back from its `vault export json`
/// document. Into an empty folder, every note, `.vault/config.yml` and the
/// ledger's files are written byte for byte, the folder whole or not at all
/// (``rebuild(_:from:into:files:)``). Into a vault (`--merge`), notes are
/// matched by id (by path for a note without one) and events by their
/// identity (device and sequence): what the vault lacks is added, what it
/// has alike is left, and what differs is named as a conflict and never
/// written over (``plan(_:)``, ``merge(_:)``).
public struct JSONImporting {
    let context: AppContext
    let log: any ImportedEventLog

    public init(_ context: AppContext, log: any ImportedEventLog) {
        self.context = context
        self.log = log
    }

    /// What a rebuild wrote.
    public struct Rebuilt: Equatable, Sendable {
        public var notes: Int
        public var vaultFiles: Int
        /// The attachments the document names, which it does not carry.
        public var attachments: [String]
    }

    /// Why the path of a note in the document cannot be written, as the end of a sentence; nil when it can.
    public static func problem(notePath path: String) -> String? {
        guard case .success(let normal) = VaultPath.normalized(path), normal == path, !path.isEmpty else {
            return "is not a plain path inside the vault (absolute, with '..', '.' or an empty part, or a NUL)"
        }
        if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            return "has a hidden part, where the vault keeps no note"
        }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "holds a control character"
        }
        guard path.hasSuffix(".md"), path.count > 3 else { return "does not name a Markdown file (*.md)" }
        return nil
    }

    /// Every file a rebuild writes: the notes, then the vault's own files, each path checked.
    /// - Throws: ``AppError/badExport(path:reason:)`` naming the first path refused, or one named twice.
    public static func files(of document: ExportDocument, from file: String) throws -> [VaultFile] {
        var seen = Set<String>()
        var out: [VaultFile] = []
        for note in document.notes {
            if let problem = problem(notePath: note.path) {
                throw AppError.badExport(path: file, reason: "the note path '\(note.path)' \(problem)")
            }
            guard seen.insert(note.path).inserted else {
                throw AppError.badExport(path: file, reason: "it names '\(note.path)' twice")
            }
            out.append(VaultFile(name: note.path, bytes: note.bytes))
        }
        for record in document.vaultFiles {
            guard VaultRecordPath.isRecord(record.path) else {
                throw AppError.badExport(
                    path: file,
                    reason:
                        "its vault file '\(record.path)' is none a vault keeps (.vault/config.yml, .vault/ignore, .vault/ledger/*.log, .gitignore, .gitattributes)"
                )
            }
            guard seen.insert(record.path).inserted else {
                throw AppError.badExport(path: file, reason: "it names '\(record.path)' twice")
            }
            out.append(VaultFile(name: record.path, bytes: record.bytes))
        }
        guard seen.contains(".vault/config.yml") else {
            throw AppError.badExport(
                path: file, reason: "it carries no .vault/config.yml, so no vault can be made of it")
        }
        return out
    }

    /// Writes `document`'s notes and vault files into `folder` (empty or
    /// missing), byte for byte, the folder whole or not at all.
    /// - Throws: ``AppError/badExport(path:reason:)`` for a path refused;
    ///   the files port's error when the folder holds anything or cannot be written.
    public static func rebuild(
        _ document: ExportDocument, from file: String, into folder: String, files: any NamedFiles
    ) throws -> Rebuilt {
        let written = try self.files(of: document, from: file)
        try files.writeNewFolder(written, to: folder)
        return Rebuilt(
            notes: document.notes.count, vaultFiles: document.vaultFiles.count, attachments: document.attachments)
    }

    /// A difference between the vault and the document that a merge leaves as the vault has it.
    public enum Conflict: Equatable, Sendable, CustomStringConvertible {
        /// The note `id` is in both, with other text.
        case note(id: String, vaultPath: String, exportPath: String)
        /// The document's note would go where the vault has another file.
        case pathTaken(path: String)
        /// The event of this identity is in both, differently.
        case event(device: String, sequence: Int)
        /// One of the vault's own files (the config) differs.
        case vaultFile(path: String)

        public var description: String {
            switch self {
            case .note(let id, let vaultPath, let exportPath):
                return vaultPath == exportPath
                    ? "the note \(vaultPath) (id \(id)) differs from the export's; the vault's is kept"
                    : "the note of id \(id) differs: \(vaultPath) in the vault, \(exportPath) in the export; the vault's is kept"
            case .pathTaken(let path):
                return "\(path) in the vault is another note than the export's of that path; the vault's is kept"
            case .event(let device, let sequence):
                return "the ledger event \(device) #\(sequence) differs from the export's; the vault's is kept"
            case .vaultFile(let path):
                return "\(path) differs from the export's; the vault's is kept"
            }
        }
    }

    /// What a merge would do.
    public struct MergePlan: Sendable {
        /// The document's notes the vault lacks, written at their paths.
        public var notes: [ExportDocument.File]
        /// Notes the vault holds alike.
        public var notesAlike: Int
        /// Events the vault lacks, appended with their device and sequence.
        public var events: [LedgerEvent]
        /// Events the vault holds alike.
        public var eventsAlike: Int
        public var conflicts: [Conflict]
        /// Attachments the document names that the vault lacks: they are not in the document.
        public var missingAttachments: [String]
    }

    /// Compares `document`, read from `file`, with the vault: nothing is written.
    /// - Throws: ``AppError/badExport(path:reason:)`` for a path refused.
    public func plan(_ document: ExportDocument, from file: String) throws -> MergePlan {
        _ = try Self.files(of: document, from: file)  // every path checked first
        let summaries = context.notes.summaries().notes
        var byID: [String: String] = [:]
        for note in summaries { if let id = note.id { byID[id] = note.path } }
        var plan = MergePlan(
            notes: [], notesAlike: 0, events: [], eventsAlike: 0, conflicts: [], missingAttachments: [])
        for note in document.notes {
            if let id = note.id, let path = byID[id] {
                if (try? context.files.read(path)) == note.bytes {
                    plan.notesAlike += 1
                } else {
                    plan.conflicts.append(.note(id: id, vaultPath: path, exportPath: note.path))
                }
            } else if context.files.exists(note.path) {
                if (try? context.files.read(note.path)) == note.bytes {
                    plan.notesAlike += 1
                } else {
                    plan.conflicts.append(.pathTaken(path: note.path))
                }
            } else {
                plan.notes.append(note)
            }
        }
        var known: [LedgerEvent.Identity: LedgerEvent] = [:]
        for event in context.ledger.history().events { known[event.identity] = event }
        var added = Set<LedgerEvent.Identity>()
        for record in document.vaultFiles {
            if record.path.hasPrefix(".vault/ledger/") {
                for event in LedgerText.read(Array(record.bytes), path: record.path).events {
                    if let mine = known[event.identity] {
                        if mine == event {
                            plan.eventsAlike += 1
                        } else {
                            plan.conflicts.append(.event(device: event.device, sequence: event.sequence))
                        }
                    } else if added.insert(event.identity).inserted {
                        plan.events.append(event)
                    }
                }
            } else if record.path == ".vault/config.yml", (try? context.files.read(record.path)) != record.bytes {
                plan.conflicts.append(.vaultFile(path: record.path))
            }
        }
        plan.missingAttachments = document.attachments.filter { !context.files.exists($0) }
        return plan
    }

    /// Carries `plan` out: the notes first (each a new file, never over
    /// another), then the events, in one append, with their own device and sequence.
    /// - Returns: the paths the notes were written at.
    /// - Throws: the files port's or the ledger's error; what was written before stays.
    public func merge(_ plan: MergePlan) throws -> [String] {
        let written = try plan.notes.map { try context.files.create($0.bytes, preferredPath: $0.path) }
        if !plan.events.isEmpty { try log.appendImported(plan.events) }
        return written
    }
}
