import ArgumentParser
import Foundation
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault index`: bring the search cache up to date, rebuild it, or describe it.
    struct Index: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "index", 
            abstract: "Update the search cache (.vault/cache/index.sqlite); searches do this on their own.",
            discussion: """
                Examples:
                  vault index --stats
                  vault index --rebuild
                  vault index --watch &
                """)

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Delete the cache and index every note again.")
        var rebuild = false

        @Flag(help: "Show the number of notes, the cache's size and the last refresh, without refreshing.")
        var stats = false

        @Flag(help: "Keep the cache fresh from file-system events until stopped; searches then skip their scan.")
        var watch = false

        @Option(
            name: .customLong("idle-exit"),
            help: "With --watch: stop after this many seconds without a request or a file change.")
        var idleExit: Int?

        func validate() throws {
            if watch && (stats || rebuild) {
                throw ValidationError("--watch cannot be combined with --stats or --rebuild.")
            }
            if idleExit != nil && !watch { throw ValidationError("--idle-exit needs --watch.") }
            if let idleExit, idleExit < 1 { throw ValidationError("--idle-exit must be at least 1 second.") }
        }

        func run() throws {
            let context = try global.context()
            let index = context.app().search
            let style = context.output.style
            if watch {
                let output = context.output
                try index.watch(idleExitSeconds: idleExit) { message in
                    output.status("vault index --watch: \(TerminalText.sanitized(message, keepingColour: false))\n")
                }
                return
            }
            if stats && !rebuild {
                let statistics = try index.statistics()
                var table = Table()
                table.add(["notes", "\(statistics.notes)"])
                table.add(["cache size", Self.megabytes(statistics.bytes)])
                table.add(["cache file", statistics.file])
                if let last = statistics.lastRefresh {
                    let at = statistics.lastRefreshAt.map { VaultDate.isoString($0, in: context.timeZone) } ?? "unknown"
                    table.add(["last refresh", at])
                    table.add(["  scanned", "\(last.scanned) notes in \(Self.milliseconds(last.scanSeconds))"])
                    table.add(["  parsed", "\(last.added) new, \(last.changed) changed, \(last.removed) removed"])
                    table.add(["  took", Self.milliseconds(last.totalSeconds)])
                }
                context.output.line(table.render(width: context.output.width))
                return
            }
            let report = try index.refresh(rebuild: rebuild, progress: ProgressBar.onTerminal(context.output))
            if report.isNoChange {
                context.output.line(
                    "The search cache is up to date: \(plural(report.scanned, "note")) (checked in \(Self.milliseconds(report.totalSeconds)))."
                )
            } else {
                context.output.line(
                    "Indexed \(report.added) new, \(report.changed) changed, \(report.removed) removed "
                        + "of \(plural(report.scanned, "note")) in \(Self.milliseconds(report.totalSeconds)).")
            }
            if stats {
                let statistics = try index.statistics()
                context.output.line(
                    style.dim("Cache: \(plural(statistics.notes, "note")), \(Self.megabytes(statistics.bytes))."))
            }
        }

        static func milliseconds(_ seconds: Double) -> String {
            seconds >= 10
                ? FixedPoint.text(seconds, decimals: 1) + " s" : FixedPoint.text(seconds * 1000, decimals: 0) + " ms"
        }

        static func megabytes(_ bytes: Int64) -> String {
            FixedPoint.text(Double(bytes) / 1_000_000, decimals: 1) + " MB"
        }
    }
}
