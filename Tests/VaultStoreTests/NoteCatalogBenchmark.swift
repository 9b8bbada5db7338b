import Foundation
import Testing
import VaultCore

@testable import VaultStore

/// A measure, not a check: loads a large vault through the note catalog,
/// cold (no catalog) then warm (nothing changed), next to the full loaders,
/// and prints the times. Runs only with VAULT_BENCH=1, on the vault in
/// VAULT_BENCH_VAULT (default `~/.cache/vault-bench/notes-100000`); it writes
/// only that vault's `.vault/cache/notes.bin`. Meaningful in a release build:
/// `VAULT_BENCH=1 swift test -c release --filter NoteCatalogBenchmark`.
@Suite("Note catalog benchmark", .enabled(if: ProcessInfo.processInfo.environment["VAULT_BENCH"] != nil))
struct NoteCatalogBenchmark {
    static func vault() throws -> Vault {
        let path =
            ProcessInfo.processInfo.environment["VAULT_BENCH_VAULT"]
            ?? FileManager.default.homeDirectoryForCurrentUser.path + "/.cache/vault-bench/notes-100000"
        return try Vault(layout: VaultLayout(root: URL(fileURLWithPath: path)))
    }

    static func milliseconds(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }

    /// Run alone (`--filter "NoteCatalogBenchmark/firstLoad"`) to see a load
    /// as a command sees it: in a fresh process, whose memory is all new.
    @Test("one load, the first thing the process does")
    func firstLoad() throws {
        let vault = try Self.vault()
        let loaded = vault.loadCatalog()
        print(
            "first load in this process: \(loaded.report.outcome) in \(Self.milliseconds(loaded.report.totalSeconds)) (scan \(Self.milliseconds(loaded.report.scanSeconds)))"
        )
        KeptAlive.values.append(loaded)  // as a command would, do not time freeing it
    }

    @Test("cold and warm catalog loads of a large vault")
    func loads() throws {
        let vault = try Self.vault()
        let catalog = NoteCatalog(layout: vault.layout, timeZone: vault.config.timeZone)
        let milliseconds = Self.milliseconds

        var start = Date()
        let full = vault.loadNotes().notes.sorted { $0.path < $1.path }
        let fullNotes = Date().timeIntervalSince(start)
        start = Date()
        let fullCards = CardLoader(layout: vault.layout).cards(of: full, in: .wholeVault)
        let cardSeconds = Date().timeIntervalSince(start)
        print("full loaders: loadNotes \(milliseconds(fullNotes)), CardLoader \(milliseconds(cardSeconds))")

        try? FileManager.default.removeItem(at: catalog.url)
        let cold = catalog.load()
        #expect(cold.report.outcome == .rebuilt && cold.report.written)
        #expect(cold.notes.count == full.count && cold.cards == fullCards)
        print(
            "cold: \(milliseconds(cold.report.totalSeconds)) for \(cold.notes.count) notes, \(cold.cards.count) cards (scan \(milliseconds(cold.report.scanSeconds)))"
        )

        var warm: [NoteCatalog.Report] = []
        for _ in 0..<7 {
            let loaded = catalog.load()
            #expect(loaded.report.outcome == .unchanged && loaded.notes.count == full.count)
            warm.append(loaded.report)
        }
        let totals = warm.map(\.totalSeconds).sorted()
        let scans = warm.map(\.scanSeconds).sorted()

        // The cost of a load after an edit, without editing the bench vault:
        // a catalog whose fingerprint is off makes the load compare every
        // note's stat fields, reuse them all, and write the file again.
        var stale = try #require(CatalogFile.read(catalog.url, timeZoneID: vault.config.timeZone.identifier))
        stale.fingerprint = ScanFingerprint(value: stale.fingerprint.value &+ 1)
        #expect(CatalogFile.write(stale, chunks: CatalogFile.encodeChunks(stale), to: vault.layout.cacheFolder))
        let diffed = catalog.load()
        #expect(diffed.report.outcome == .updated && diffed.report.parsed.isEmpty && diffed.report.written)
        print("stat diff, nothing parsed, file written again: \(milliseconds(diffed.report.totalSeconds))")

        let bytes = (try? FileManager.default.attributesOfItem(atPath: catalog.url.path)[.size] as? Int) ?? 0
        print(
            "warm: median \(milliseconds(totals[3])) (min \(milliseconds(totals[0])), max \(milliseconds(totals[6]))), scan median \(milliseconds(scans[3])); notes.bin \(bytes / 1_000_000) MB"
        )
    }
}

enum KeptAlive {
    nonisolated(unsafe) static var values: [Any] = []
}
