import Foundation
import Testing
import VaultCore

@testable import VaultStore

/// A replay brought up to date from one this process holds (an answer in
/// `vault serve`): what a full replay gives, without reading `ledger.bin`.
extension ReplayCacheTests {
    func ledgerBin(_ layout: VaultLayout) -> URL { layout.cacheFolder.appendingPathComponent("ledger.bin") }

    @Test("a replay extended since one held in memory equals a full replay, and reads no ledger.bin")
    func loadSince() throws {
        let (layout, cache) = try cachedVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let previous = cache.load()
        let writer = try appender(layout)
        let later = start.addingTimeInterval(30 * 86_400)
        try writer.append(
            kind: "curate",
            fields: [("note", "note-7"), ("level", "weekly"), ("period", "2026-W49"), ("decision", "keep")], at: later)
        try writer.append(kind: "rate", fields: [("card", "card-0"), ("rating", "good")], at: later)
        // Gone: a load that read it would replay everything.
        try FileManager.default.removeItem(at: ledgerBin(layout))
        let extended = cache.load(since: previous)
        #expect(extended.source == .extended(events: 2))
        expectMatchesFresh(extended, layout)
        // A server's replay leaves its log in the file: the extension reads it there.
        try writer.append(kind: "rate", fields: [("card", "card-1"), ("rating", "again")], at: later.addingTimeInterval(60))
        try FileManager.default.removeItem(at: ledgerBin(layout))
        let server = cache.load(since: extended.leavingCardLogInFile())
        #expect(server.source == .extended(events: 1))
        expectMatchesFresh(server.leavingCardLogInFile(), layout)
    }

    @Test("an older event appended after the replay held replays everything")
    func loadSinceOlderEvent() throws {
        let (layout, cache) = try cachedVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let previous = cache.load()
        try appender(layout).append(kind: "rate", fields: [("card", "card-0"), ("rating", "good")], at: start)
        let loaded = cache.load(since: previous)
        #expect(loaded.source == .replayed)
        expectMatchesFresh(loaded, layout)
    }

    @Test("an append whose card log file is gone replays everything: each answer counted once")
    func appendWithoutCardLogFile() throws {
        let (layout, cache) = try cachedVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        try FileManager.default.removeItem(at: layout.cacheFolder.appendingPathComponent("ledger-cards.bin"))
        try appender(layout).append(
            kind: "rate", fields: [("card", "card-0"), ("rating", "good")], at: start.addingTimeInterval(30 * 86_400))
        let loaded = cache.load()
        #expect(loaded.source == .replayed)
        expectMatchesFresh(loaded, layout)
    }

    @Test("a given id is found in the replay held or in the lines appended since, and only there")
    func holdsGivenIDSince() throws {
        let (layout, cache) = try cachedVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let writer = try appender(layout)
        let later = start.addingTimeInterval(30 * 86_400)
        try writer.append(kind: "rate", fields: GivenID.fields([("card", "card-0"), ("rating", "good")], given: "first"), at: later)
        let previous = cache.load()
        try writer.append(
            kind: "rate", fields: GivenID.fields([("card", "card-1"), ("rating", "good")], given: "second"),
            at: later.addingTimeInterval(60))
        #expect(previous.replay.holds(givenID: "first"))
        #expect(!previous.replay.holds(givenID: "second"))
        #expect(cache.holds(givenID: "first", since: previous))
        #expect(cache.holds(givenID: "second", since: previous))
        #expect(!cache.holds(givenID: "third", since: previous))
    }

    @Test("a served ledger continuing the last one reads only the lines appended since")
    func ledgerContinuing() throws {
        let (layout, _) = try cachedVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let earlier = VaultLedger(layout: layout, timeZone: zone, keepsCardLog: false)
        _ = earlier.replay()
        try appender(layout).append(
            kind: "rate", fields: [("card", "card-2"), ("rating", "hard")], at: start.addingTimeInterval(30 * 86_400))
        try FileManager.default.removeItem(at: ledgerBin(layout))
        let next = VaultLedger(layout: layout, timeZone: zone, keepsCardLog: false)
        next.continuing(earlier)
        #expect(next.replayed.source == .extended(events: 1))
        expectMatchesFresh(next.replayed, layout)
        #expect(next.cardLog().count == fresh(layout).log.count)
    }
}
