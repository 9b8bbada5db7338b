import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultWiring

extension VaultCommand {
    /// `vault history NOTE`: every ledger event about a note.
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "history", 
            abstract: "Show every ledger event about a note, oldest first.",
            discussion: """
                Examples:
                  vault history 2026/11/habits.md
                  vault history 3f2a --json
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The note: a path, an id, or an id prefix.", completion: Completions.notes)
        var note: String

        @Flag(help: "Print JSON: one object per event.")
        var json = false

        @Flag(name: .shortAndLong, help: "Print every field of each event and its identity (device#sequence).")
        var verbose = false

        func run() throws {
            let context = try global.context()
            let history = try NoteHistory.load(context.app(), note: context.noteReference(note))
            let (found, events) = (history.note, history.events)
            if json {
                struct EventJSON: Encodable {
                    var time: String
                    var device: String
                    var sequence: Int
                    var kind: String
                    var fields: [String: String]
                }
                try context.output.json(
                    events.map {
                        EventJSON(
                            time: LedgerLine.formatTime($0.time, utcOffset: $0.utcOffset), device: $0.device,
                            sequence: $0.sequence, kind: $0.kind,
                            fields: Dictionary($0.fields.map { ($0.key, $0.value) }, uniquingKeysWith: { _, b in b }))
                    })
                return
            }
            let style = context.output.style
            context.output.line(style.bold(found.title) + style.dim("  \(found.path)"))
            if events.isEmpty {
                context.output.line(
                    found.id == nil
                        ? "No events: the note has no id yet, so the ledger has never named it." : "No events yet.")
                return
            }
            if verbose {
                for event in events {
                    let rest = event.fields.filter { $0.key != "note" }.map { "\($0.key)=\($0.value)" }
                    context.output.line(
                        "\(VaultDate.isoString(event.time, in: context.timeZone))  \(event.kind)  "
                            + style.dim("\(event.device)#\(event.sequence)"))
                    for field in rest { context.output.line("    " + field) }
                }
                return
            }
            var table = Table(flexible: [2])
            for event in events {
                let time = VaultDate.isoString(event.time, in: context.timeZone)
                table.add([
                    String(time.prefix(10)) + " " + String(time.dropFirst(11).prefix(5)), event.kind,
                    EventSummary.describe(event, in: context.timeZone),
                ])
            }
            context.output.line(table.render(width: context.output.width))
        }
    }
}
