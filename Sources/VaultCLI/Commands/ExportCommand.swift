import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultStore

extension VaultCommand {
    /// `vault export json|html`: the vault for other tools and for browsers.
    struct ExportCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Export the vault: one JSON document, or a static HTML site.",
            discussion: """
                Examples:
                  vault export json vault.json
                  vault export json - | jq '.notes | length'
                  vault export html site/
                """,
            subcommands: [Json.self, Html.self])

        struct Json: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Every note with its derived state and cards, the ledger's events and the config, as one JSON document (docs/FORMAT.md).")
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The file to write, or - for standard output (the default).") var out: String = "-"

            func run() throws {
                let context = try global.context()
                let export = VaultExport.load(context.app())
                let document = ExportJSON(export, vault: context.vault.layout.root.lastPathComponent, now: context.now)
                if out == "-" {
                    try context.output.json(document)
                } else {
                    let url = URL(fileURLWithPath: out, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                    try AtomicFile.write(Data((try JSONOutput.render(document) + "\n").utf8), to: url)
                    context.output.line("Wrote \(export.notes.count) notes and \(export.events.count) events to \(url.path)")
                }
            }
        }

        struct Html: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "A static site: a page per note, tag and category, an index with the four tabs.",
                discussion: """
                    Notes are rendered by libcmark; raw HTML in notes is escaped, never run. Wiki and Markdown \\
                    links between notes lead to their pages (links that lead nowhere are struck through), \\
                    images and other files are copied, and every link is relative: the site works from \\
                    file:// and from any web server. DIR must be empty or missing.
                    """)
            @OptionGroup var global: GlobalOptions
            @Argument(help: "The folder to write the site into (created; must be empty).") var dir: String

            func run() throws {
                let context = try global.context()
                let root = URL(fileURLWithPath: dir, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
                let site = StaticSite.build(context.app(), layout: context.vault.layout, title: context.vault.layout.root.lastPathComponent)
                try SiteWriter(root: root, vault: context.vault.layout).write(site.pages.map { ($0.path, $0.html) }, attachments: site.attachments)
                context.output.line("Wrote \(site.pages.count) pages and \(site.attachments.count) attachments to \(root.path); open \(root.appendingPathComponent("index.html").path)")
            }
        }
    }
}

/// The document `vault export json` writes (docs/FORMAT.md, "Export").
struct ExportJSON: Encodable {
    struct ExportedNoteJSON: Encodable {
        var note: NoteJSON
        var cycle: String?
        var archived: Bool
        var cards: [CardJSON]
        enum CodingKeys: String, CodingKey { case cycle, archived, cards }
        func encode(to encoder: Encoder) throws {
            try note.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(cycle, forKey: .cycle)
            try c.encode(archived, forKey: .archived)
            try c.encode(cards, forKey: .cards)
        }
    }

    struct EventJSON: Encodable {
        var time: String
        var device: String
        var sequence: Int
        var kind: String
        var fields: [String: String]
    }

    struct ConfigJSON: Encodable {
        var timezone: String
        var categories: [[String: String]]
        var sourceTypes: [String]
        var subjects: [[String: String]]
        var newNotePath: String
        var decks: [String]
        enum CodingKeys: String, CodingKey {
            case timezone, categories, subjects, decks
            case sourceTypes = "source_types", newNotePath = "new_note_path"
        }
    }

    var version = 1
    var vault: String
    var exportedAt: String
    var config: ConfigJSON
    var notes: [ExportedNoteJSON]
    var events: [EventJSON]

    enum CodingKeys: String, CodingKey {
        case version, vault, config, notes, events
        case exportedAt = "exported_at"
    }

    init(_ export: VaultExport, vault: String, now: Date) {
        let zone = export.config.timeZone
        self.vault = vault
        exportedAt = VaultDate.isoString(now, in: zone)
        let c = export.config
        config = ConfigJSON(
            timezone: c.timeZoneIdentifier, categories: c.categories.map { ["name": $0.name, "color": $0.color] },
            sourceTypes: c.sourceTypes,
            subjects: c.subjects.map { ["name": $0.name, "color": $0.color, "category": $0.category ?? ""] },
            newNotePath: c.newNotePath, decks: c.decks.folders.map { $0.isEmpty ? "/" : $0 })
        notes = export.notes.map {
            ExportedNoteJSON(
                note: NoteJSON($0.note, timeZone: zone), cycle: $0.cycle?.name, archived: $0.archived,
                cards: $0.cards.map { CardJSON($0.0, $0.1, timeZone: zone) })
        }
        events = export.events.map {
            EventJSON(
                time: LedgerLine.formatTime($0.time, utcOffset: $0.utcOffset), device: $0.device, sequence: $0.sequence,
                kind: $0.kind, fields: Dictionary($0.fields.map { ($0.key, $0.value) }, uniquingKeysWith: { _, b in b }))
        }
    }
}
