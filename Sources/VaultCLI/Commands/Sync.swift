import ArgumentParser
import Foundation
import VaultCore
import VaultStore

extension VaultCommand {
    /// `vault sync`: commit, pull (ledger merged by union), push; report what came in.
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Commit the vault's changes, pull, push, and report the events that came in.")

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try global.context()
            let store = LedgerStore(layout: context.vault.layout)
            let before = Set(store.history().history.events.map(\.identity))
            let device = try store.deviceID()
            let outcome = try VaultSync(layout: context.vault.layout).run(message: "vault sync from \(device)")
            let after = store.history().history.events
            var counts: [String: Int] = [:]
            for event in after where !before.contains(event.identity) { counts[event.kind, default: 0] += 1 }
            context.output.line(outcome.committed ? "Committed local changes." : "No local changes to commit.")
            if counts.isEmpty {
                context.output.line("Pulled and pushed; no new events came in.")
            } else {
                let total = counts.values.reduce(0, +)
                let parts = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                context.output.line("Pulled and pushed; \(plural(total, "new event")) came in: \(parts).")
            }
        }
    }
}
