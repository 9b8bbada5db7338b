import Foundation
import Testing
import VaultCore

@testable import VaultStore

/// A micro-measure, not a check: loads the replay cache of the vault named by
/// VAULT_BENCH_VAULT (e.g. the 100k-note bench vault with 1M events) and prints
/// the median time of each step. Release build:
/// `VAULT_BENCH_VAULT=~/.cache/vault-bench/notes-100000 swift test -c release -Xswiftc -enable-testing --filter ReplayCacheBenchmark`
@Suite("Replay cache benchmark", .enabled(if: ProcessInfo.processInfo.environment["VAULT_BENCH_VAULT"] != nil))
struct ReplayCacheBenchmark {
    @Test("load the replay cache")
    func load() throws {
        let root = URL(fileURLWithPath: ProcessInfo.processInfo.environment["VAULT_BENCH_VAULT"]!)
        let layout = VaultLayout(root: root)
        let config = try ConfigFile.read(layout)
        let cache = ReplayCache(layout: layout, timeZone: config.timeZone)
        _ = cache.load()
        var read: [Double] = []
        var decode: [Double] = []
        var total: [Double] = []
        for _ in 0..<7 {
            let t0 = Date()
            let bytes = cache.file.read()
            let t1 = Date()
            let stored = cache.readCache()
            let t2 = Date()
            let ledger = cache.load()
            let t3 = Date()
            #expect(bytes != nil && stored != nil && ledger.source == .cache)
            read.append(t1.timeIntervalSince(t0))
            decode.append(t2.timeIntervalSince(t1))
            total.append(t3.timeIntervalSince(t2))
        }
        func median(_ x: [Double]) -> String { String(format: "%.1f ms", x.sorted()[x.count / 2] * 1000) }
        print("replay cache: read+checksum \(median(read)), read+decode \(median(decode)), load \(median(total))")
        let vault = Vault(layout: layout, config: config)
        let cards = CardLoader(layout: layout).cards(
            of: vault.loadNotes().notes.sorted { $0.path < $1.path }, in: .wholeVault)
        let ledger = cache.load()
        _ = ledger.cardSchedules(cards: cards, config: config.schedulers)
        var keys: [Double] = []
        var memo: [Double] = []
        for _ in 0..<7 {
            let t0 = Date()
            let key = CardScheduleMemo.Key(generation: 1, cards: cards, config: config.schedulers)
            let t1 = Date()
            let schedules = ledger.cardSchedules(cards: cards, config: config.schedulers)
            let t2 = Date()
            #expect(key.cards != 0 && schedules.count > 0)
            keys.append(t1.timeIntervalSince(t0))
            memo.append(t2.timeIntervalSince(t1))
        }
        let r0 = Date()
        let text = String(reflecting: config.schedulers)
        print("reflecting the config: \(Date().timeIntervalSince(r0) * 1000) ms, \(text.utf8.count) bytes")
        print("card schedules of \(cards.count) cards: memo key \(median(keys)), from the memo \(median(memo))")
    }
}
