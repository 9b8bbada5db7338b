import Foundation
import Testing
import VaultCore

@testable import VaultStore

/// The ledger writer does not append an answer whose given id it holds:
/// asked twice by one ledger, by two (two server processes, a command beside
/// a server), or after a restart (the replay cache read back).
@Suite("Ledger writes are idempotent on a given id")
struct GivenIDLedgerTests {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let now = VaultDate.parse("2026-11-18T09:00:00Z", in: TimeZone(identifier: "UTC")!)!

    func makeVault() throws -> VaultLayout {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("given-id-\(UUID().uuidString)")
        try VaultInitializer.initialize(root, timeZoneIdentifier: zone.identifier)
        return VaultLayout(root: root)
    }

    func rating(_ seconds: Double = 0) -> RatingEvent {
        RatingEvent(
            time: now.addingTimeInterval(seconds), card: "card-1", note: "note-1", scheduler: .fsrs,
            answer: .fsrs(.good), responseMilliseconds: nil)
    }

    func rateLines(_ layout: VaultLayout) -> [LedgerEvent] {
        LedgerStore(layout: layout).read().events.filter { $0.kind == RatingEvent.kind }
    }

    @Test("one ledger asked twice writes one line, the id first; another id writes another")
    func oneLedger() throws {
        let layout = try makeVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let ledger = VaultLedger(layout: layout, timeZone: zone)
        let id = "9d2c7a3e-1b4f-4a5c-8e6d-0f1a2b3c4d5e"
        let first = try ledger.append(rating(), given: id)
        let again = try ledger.append(rating(2), given: id)
        #expect(first.sequence > 0)
        #expect(again.sequence == 0)
        let lines = rateLines(layout)
        #expect(lines.count == 1)
        #expect(lines.first?.fields.first?.key == "id")
        #expect(lines.first.flatMap(GivenID.of) == id)
        _ = try ledger.append(rating(4), given: "9d2c7a3e-1b4f-4a5c-8e6d-0f1a2b3c4d5f")
        _ = try ledger.append(rating(6))
        _ = try ledger.append(rating(8))
        #expect(rateLines(layout).count == 4)  // no id: every append is written
    }

    @Test("two ledgers on one vault (two servers, two tabs' requests) write one line for one id")
    func twoWriters() throws {
        let layout = try makeVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let a = VaultLedger(layout: layout, timeZone: zone, keepsCardLog: false)
        let b = VaultLedger(layout: layout, timeZone: zone, keepsCardLog: false)
        _ = a.replay()
        _ = b.replay()  // both read the ledger before either writes
        #expect(try a.append(rating(), given: "tab-answer-1").sequence > 0)
        #expect(try b.append(rating(1), given: "tab-answer-1").sequence == 0)
        #expect(rateLines(layout).count == 1)
        // A new process (the replay cache read back) holds the id too.
        let restarted = VaultLedger(layout: layout, timeZone: zone)
        #expect(restarted.replay().holds(givenID: "tab-answer-1"))
        #expect(try restarted.append(rating(3), given: "tab-answer-1").sequence == 0)
        #expect(rateLines(layout).count == 1)
    }

    @Test("a copy written by another device (a git merge) is read once by replay and by the cache")
    func mergedCopy() throws {
        let layout = try makeVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let ledger = VaultLedger(layout: layout, timeZone: zone)
        _ = try ledger.append(rating(), given: "merged-1")
        let cached = ReplayCache(layout: layout, timeZone: zone).load()
        #expect(cached.replay.eventCount == 1)
        // The other clone's line, as git's union merge brings it.
        let copy = LedgerEvent(
            time: now.addingTimeInterval(5), utcOffset: 3600, device: "otherdevice1", sequence: 1, kind: "rate",
            fields: GivenID.fields(rating(5).fields, given: "merged-1"))
        let file = layout.url(of: ".vault/ledger/2026.log")
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((LedgerLine.format(copy) + "\n").utf8))
        try handle.close()
        #expect(LedgerStore(layout: layout).read().events.count == 2)
        let extended = ReplayCache(layout: layout, timeZone: zone).load()
        #expect(extended.replay.eventCount == 1)
        #expect(extended.cardLog().histories.map(\.count).reduce(0, +) == 1)
        let fresh = LedgerReplay(LedgerHistory(LedgerStore(layout: layout).read().events), timeZone: zone)
        #expect(fresh.eventCount == 1)
    }
}
