import Foundation
import Testing

@testable import VaultCore

/// `vault check --fix` must keep every valid event, whatever damage a
/// ledger file took: checked on randomly damaged files.
@Suite("Repair keeps every valid event of a damaged ledger")
struct LedgerRepairPropertyTests {
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    /// A valid event line; `variant` changes its content without changing its identity.
    static func line(_ k: Int, device: String, variant: Int = 0) -> String {
        LedgerLine.format(
            LedgerEvent(
                time: start.addingTimeInterval(Double(k)), utcOffset: 3600, device: device, sequence: k + 1,
                kind: "curate", fields: [("note", "n\(k)"), ("decision", variant == 0 ? "keep" : "archive")]))
    }

    /// What a careful reader takes as events: every line that parses, the last one too.
    static func validEvents(_ text: String) -> Set<LedgerEvent> {
        var events = Set<LedgerEvent>()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if case .event(let event) = LedgerText.classify(Array(line.utf8)) { events.insert(event) }
        }
        return events
    }

    @Test("300 randomly damaged files: the valid events after --fix are those before, or nothing is written")
    func randomDamage() {
        var random = SplitMix64(seed: 20_261_124)
        var refused = 0
        for _ in 0..<300 {
            var lines = ["# vault-ledger v1"]
            let count = 5 + random.next(30)
            for k in 0..<count { lines.append(Self.line(k, device: ["laptop", "phone"][random.next(2)])) }
            for _ in 0..<(1 + random.next(6)) {
                let at = random.next(lines.count) + 1
                switch random.next(7) {
                case 0:
                    lines.insert(
                        ["<<<<<<< HEAD", "=======", ">>>>>>> theirs", "||||||| base"][random.next(4)],
                        at: min(at, lines.count))
                case 1: lines.insert(lines[random.next(lines.count - 1) + 1], at: min(at, lines.count))  // a repeat
                case 2:
                    lines.insert(Self.line(random.next(count), device: "laptop", variant: 1), at: min(at, lines.count))  // a clash
                case 3: lines.append(contentsOf: lines.dropFirst().filter { _ in random.next(3) == 0 })  // an interleaved copy
                case 4:
                    let k = random.next(lines.count - 1) + 1
                    lines[k] = (random.next(2) == 0 ? "\u{FEFF}" : "") + lines[k] + (random.next(2) == 0 ? "\t" : "")
                case 5:
                    lines.insert(
                        String((0..<(1 + random.next(20))).map { _ in "x?#= \t".randomElement(using: &random)! }),
                        at: min(at, lines.count))  // garbage
                default: lines.append(String(Self.line(count + 1, device: "phone").prefix(10 + random.next(30))))  // cut short
                }
            }
            let text = lines.joined(separator: "\n") + (random.next(2) == 0 ? "\n" : "")
            let before = Self.validEvents(text)
            var seen = Set<LedgerEvent>()
            switch LedgerText.repaired(Array(text.utf8), seen: &seen) {
            case .success(let result):
                let after = Set(LedgerText.read(result.text, path: "l.log").events)
                #expect(after == before, "\(text)")
                #expect(LedgerText.read(result.text, path: "l.log").diagnostics.isEmpty, "\(text)")
            case .failure(.unreadableLine(let n)):
                refused += 1
                let line = text.split(separator: "\n", omittingEmptySubsequences: false)[n - 1]
                if case .event = LedgerText.classify(Array(line.utf8)) { Issue.record("refused a valid line \(n)") }
            case .failure(let other):
                Issue.record("unexpected refusal \(other)")
            }
        }
        #expect(refused > 0 && refused < 300, "garbage is refused, the rest repaired")
    }
}
