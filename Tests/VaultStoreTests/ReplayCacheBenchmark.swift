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
    }
}
