import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault stats`: notes, curation, flashcards, study time and streaks at a glance.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stats", 
            abstract: "Statistics: notes, reviews, flashcards (as Anki counts them), study time, streaks.",
            discussion: """
                In the terminal a dashboard as wide as the window, with the year's activity calendar; \
                --json every figure (docs/STATS.md); --html FILE one self-contained page of SVG charts \
                (light and dark, no script, no network); --html alone writes \(defaultHTMLFile) in the current folder.

                Examples:
                  vault stats
                  vault stats 2026/07 --days 90
                  vault stats --html report.html
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "Only notes and cards under this folder.") var folder: String?

        @Option(help: "Days the per-day charts cover (7 to 365).") var days = 30

        @Flag(help: "Print every figure as JSON.") var json = false

        @Option(help: "Write a self-contained HTML report to FILE (alone: \(defaultHTMLFile)).") var html: String?

        /// The file `--html` writes when no file name follows it, in the current folder.
        static let defaultHTMLFile = "stats.html"

        func validate() throws {
            guard (7...365).contains(days) else { throw ValidationError("--days must be between 7 and 365.") }
        }

        func run() throws {
            let context = try global.context()
            let stats = VaultStats.load(context.app(), folder: folder, days: days)
            if json {
                try context.output.json(stats, snakeCaseKeys: true)
            } else if let html {
                let url = URL(fileURLWithPath: html, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
                try context.app().namedFiles.write(Data(StatsHTML(stats: stats, title: context.vaultName).page.utf8), to: html)
                context.output.line("Wrote \(url.path)")
            } else {
                let width = context.output.width ?? 80
                context.output.line(StatsDashboard(stats: stats, style: context.output.style, width: width).text)
            }
        }
    }
}
