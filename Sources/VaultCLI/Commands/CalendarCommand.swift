import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultWiring

extension VaultCommand {
    /// `vault calendar`: the review schedule as an iCalendar file.
    struct CalendarCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "calendar", abstract: "Write the review schedule as an iCalendar file (RFC 5545) for calendar apps.",
            discussion: """
                The weekly, monthly and yearly reviews as repeating events (18:00 on their review days), \
                missed reviews as to-dos, and a study event each day with the cards forecast, in the \
                vault's time zone, with 10-minute alarms. Every item keeps its UID, so importing the file \
                again updates the calendar instead of duplicating it.

                Examples:
                  vault calendar --out vault.ics
                  vault calendar --days 30 > vault.ics
                """)

        @OptionGroup var global: GlobalOptions
        @Option(help: "Write to FILE (default, or -: standard output).") var out: String?
        @Option(help: "Days of study events (1 to 90).") var days = 14

        func validate() throws {
            guard (1...90).contains(days) else { throw ValidationError("--days must be between 1 and 90.") }
        }

        func run() throws {
            let context = try global.context()
            let text = CalendarExport.text(context.app(), vaultName: context.vaultName, days: days)
            if let out, out != "-" {
                let url = URL(fileURLWithPath: out, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                try context.app().namedFiles.write(Data(text.utf8), to: out)
                context.output.line("Wrote \(url.path)")
            } else {
                context.output.verbatim(text.utf8)
            }
        }
    }
}
