import Foundation
import Testing

@testable import VaultCore

/// A micro-measure, not a check: parses and replays 1M generated ledger
/// lines and prints events per second. Runs only with VAULT_BENCH=1
/// (meaningful in a release build: `swift test -c release --filter ReplayBenchmark`).
@Suite("Replay benchmark", .enabled(if: ProcessInfo.processInfo.environment["VAULT_BENCH"] != nil))
struct ReplayBenchmark {
    @Test("replay of 1M events")
    func replayMillion() {
        let count = 1_000_000
        var text = LedgerLine.header + "\n"
        text.reserveCapacity(count * 130)
        let start = VaultDate.parse("2024-01-01T00:00:00Z", in: TimeZone(identifier: "UTC")!)!
        let devices = ["3f9a0c12d4e5", "77ab01cd99e0", "0c0ffee12345"]
        for i in 0..<count {
            let id = String(format: "%08x-8d8e-4d8b-9a55-3c2f4f0b6d11", i % 100_000)
            let event = LedgerEvent(
                time: start.addingTimeInterval(Double(i) * 60), utcOffset: 3600, device: devices[i % 3],
                sequence: i / 3 + 1,
                kind: i % 4 == 0 ? "curate" : "rate",
                fields: i % 4 == 0
                    ? [
                        ("note", id), ("level", "weekly"), ("period", "2025-W\(10 + i % 40)"),
                        ("decision", i % 3 == 0 ? "archive" : "keep"),
                    ]
                    : [("card", String(id.prefix(8)) + "-1"), ("rating", "good"), ("ms", "4200")])
            text += LedgerLine.format(event) + "\n"
        }
        let bytes = Array(text.utf8)
        var times: [Double] = []
        var parseTimes: [Double] = []
        var historyTimes: [Double] = []
        for _ in 0..<5 {
            let t0 = Date()
            let contents = LedgerText.read(bytes, path: "bench.log")
            let t1 = Date()
            let history = LedgerHistory(contents.events)
            let th = Date()
            let state = CurationState(history)
            let t2 = Date()
            historyTimes.append(th.timeIntervalSince(t1))
            #expect(history.events.count == count)
            #expect(state.finished.isEmpty)
            parseTimes.append(t1.timeIntervalSince(t0))
            times.append(t2.timeIntervalSince(t0))
        }
        let median = times.sorted()[2]
        let parseMedian = parseTimes.sorted()[2]
        print(
            "replay benchmark: \(count) events, median \(Int(median * 1000)) ms total (\(Int(Double(count) / median)) events/s), parse \(Int(parseMedian * 1000)) ms (\(Int(Double(count) / parseMedian)) lines/s), order+dedupe \(Int(historyTimes.sorted()[2] * 1000)) ms"
        )
    }
}
