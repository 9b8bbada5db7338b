import Foundation
import VaultApp
import VaultCore

/// The document `vault export json` writes (docs/FORMAT.md, "Export").
struct ExportJSON: Encodable {
    /// What the export adds to a note's fields as `vault list --json` gives them.
    struct NoteStateJSON: Encodable {
        var cycle: String?
        var archived: Bool
        var cards: [CardJSON]
        /// The file's text byte for byte (UTF-8); null when it is not UTF-8 (then ``textBase64``).
        var text: String?
        /// The file's bytes in base64 when they are not UTF-8; null otherwise.
        var textBase64: String?

        enum CodingKeys: String, CodingKey {
            case cycle, archived, cards, text
            case textBase64 = "text_base64"
        }
    }

    /// One of the vault's own files (`.vault/config.yml`, a ledger file…), byte for byte.
    struct FileJSON: Encodable {
        var path: String
        var text: String?
        var textBase64: String?

        enum CodingKeys: String, CodingKey {
            case path, text
            case textBase64 = "text_base64"
        }

        init(path: String, bytes: Data) {
            self.path = path
            (text, textBase64) = FileJSON.encoded(bytes)
        }

        /// The bytes as text when they are UTF-8, in base64 otherwise: either way, the same bytes back.
        static func encoded(_ bytes: Data) -> (text: String?, base64: String?) {
            if let text = String(validating: bytes, as: UTF8.self) { return (text, nil) }
            return (nil, bytes.base64EncodedString())
        }
    }

    /// One flat object per note: its fields, its curation state and its cards.
    typealias ExportedNoteJSON = FlatJSON<NoteJSON, NoteStateJSON>

    struct EventJSON: Encodable {
        var time: String
        var device: String
        var sequence: Int
        var kind: String
        var fields: [String: String]
    }

    struct SubjectJSON: Encodable {
        var name: String
        var color: String
        /// null when the subject names no category.
        var category: String?
    }

    /// `remind:` as `vault remind` reads it, defaults filled in.
    struct RemindJSON: Encodable {
        var quietHours: String
        var minInterval: Int
        var daysOff: [String]
        /// null for StudyFlow's rule by the cards in rotation (`auto`).
        var batch: Int?
        enum CodingKeys: String, CodingKey {
            case batch
            case quietHours = "quiet_hours", minInterval = "min_interval", daysOff = "days_off"
        }
    }

    /// `schedulers:`: the default scheduler and each folder's, by name.
    struct SchedulersJSON: Encodable {
        struct Folder: Encodable {
            var folder: String
            var scheduler: String
        }
        var `default`: String
        var folders: [Folder]
    }

    struct ConfigJSON: Encodable {
        var timezone: String
        var categories: [[String: String]]
        var sourceTypes: [String]
        var subjects: [SubjectJSON]
        var newNotePath: String
        var decks: [String]
        var deckTag: String
        var schedulers: SchedulersJSON
        var remind: RemindJSON
        enum CodingKeys: String, CodingKey {
            case timezone, categories, subjects, decks, schedulers, remind
            case sourceTypes = "source_types", newNotePath = "new_note_path", deckTag = "deck_tag"
        }
    }

    var version = 1
    var vault: String
    var exportedAt: String
    var config: ConfigJSON
    var notes: [ExportedNoteJSON]
    var events: [EventJSON]
    /// The vault's own files: the config file, the ignore rules, the ledger's files, git's two files.
    var vaultFiles: [FileJSON]
    /// Every attachment's vault-relative path: named, not carried.
    var attachments: [String]

    enum CodingKeys: String, CodingKey {
        case version, vault, config, notes, events, attachments
        case exportedAt = "exported_at", vaultFiles = "vault_files"
    }

    init(_ export: VaultExport, vault: String, now: Date) {
        let zone = export.config.timeZone
        self.vault = vault
        exportedAt = VaultDate.isoString(now, in: zone)
        let c = export.config
        config = ConfigJSON(
            timezone: c.timeZoneIdentifier, categories: c.categories.map { ["name": $0.name, "color": $0.color] },
            sourceTypes: c.sourceTypes,
            subjects: c.subjects.map { SubjectJSON(name: $0.name, color: $0.color, category: $0.category) },
            newNotePath: c.newNotePath, decks: c.decks.folders.map { $0.isEmpty ? "/" : $0 }, deckTag: c.decks.tag,
            schedulers: SchedulersJSON(
                default: c.schedulers.defaultSettings.name.rawValue,
                folders: c.schedulers.folders.map {
                    .init(folder: $0.prefix.isEmpty ? "/" : $0.prefix, scheduler: $0.settings.name.rawValue)
                }),
            remind: RemindJSON(
                quietHours: RemindSettings.clock(c.remind.quietStart) + "-" + RemindSettings.clock(c.remind.quietEnd),
                minInterval: c.remind.minimumInterval,
                daysOff: c.remind.daysOff.sorted().map { RemindSettings.weekdayNames[$0] }, batch: c.remind.batch))
        notes = export.notes.map {
            ExportedNoteJSON(
                NoteJSON($0.note, timeZone: zone),
                NoteStateJSON(
                    cycle: $0.cycle?.name, archived: $0.archived,
                    cards: $0.cards.map { CardJSON($0.0, $0.1, timeZone: zone) },
                    text: $0.bytes.flatMap { FileJSON.encoded($0).text },
                    textBase64: $0.bytes.flatMap { FileJSON.encoded($0).base64 }))
        }
        vaultFiles = export.records.map { FileJSON(path: $0.path, bytes: $0.bytes) }
        attachments = export.attachments
        events = export.events.map {
            EventJSON(
                time: LedgerLine.formatTime($0.time, utcOffset: $0.utcOffset), device: $0.device, sequence: $0.sequence,
                kind: $0.kind, fields: Dictionary($0.fields.map { ($0.key, $0.value) }, uniquingKeysWith: { _, b in b })
            )
        }
    }
}
