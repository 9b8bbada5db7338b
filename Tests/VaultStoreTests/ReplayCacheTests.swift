import Foundation
import Testing
import VaultCore

@testable import VaultStore

/// The replay cache must give exactly what replaying every line gives, in
/// every way a ledger can change: appends, older events, rewrites, cut-short
/// lines, new and removed files, a damaged cache, another zone.
@Suite("Replay cache")
struct ReplayCacheTests {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let start = VaultDate.parse("2026-11-02T08:00:00Z", in: TimeZone(identifier: "UTC")!)!

    func makeVault() throws -> VaultLayout {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("replay-cache-\(UUID().uuidString)")
        try VaultInitializer.initialize(root, timeZoneIdentifier: zone.identifier)
        return VaultLayout(root: root)
    }

    func appender(_ layout: VaultLayout) throws -> LedgerAppender {
        let store = LedgerStore(layout: layout)
        return try LedgerAppender(store: store, timeZone: zone, history: store.history().history)
    }

    /// Curation decisions (with a changed mind and an undo), a finish, ratings, a tier move, a link and an unknown kind.
    func writeHistory(_ layout: VaultLayout, days: Int = 6) throws {
        let writer = try appender(layout)
        for day in 0..<days {
            let time = start.addingTimeInterval(Double(day) * 86_400)
            for n in 0..<4 {
                try writer.append(
                    kind: "curate",
                    fields: [
                        ("note", "note-\(n)"), ("level", "weekly"), ("period", "2026-W45"),
                        ("decision", ["keep", "archive", "undo"][(n + day) % 3]),
                    ], at: time.addingTimeInterval(Double(n)))
                try writer.append(
                    kind: "rate",
                    fields: [
                        ("card", "card-\(n)"), ("note", "note-\(n)"), ("scheduler", "fsrs"),
                        ("rating", ["again", "hard", "good", "easy"][(n + day) % 4]), ("pos", "\(n)"),
                        ("text", "question \(n)"), ("card_kind", "basic"),
                    ], at: time.addingTimeInterval(Double(10 + n)))
            }
        }
        let late = start.addingTimeInterval(Double(days) * 86_400)
        try writer.append(kind: "finish", fields: [("level", "weekly"), ("period", "2026-W45")], at: late)
        try writer.append(kind: "tier", fields: [("card", "card-1"), ("tier", "mastered")], at: late)
        try writer.append(
            kind: "card-link", fields: [("note", "note-2"), ("from", "card-2"), ("to", "card-9")], at: late)
        try writer.append(kind: "future-kind", fields: [("x", "1")], at: late)
        try writer.append(kind: "rate", fields: [("card", "card-3"), ("rating", "perfect")], at: late)
    }

    /// A vault with ``writeHistory(_:days:)`` in its ledger and the cache written once.
    func cachedVault() throws -> (VaultLayout, ReplayCache) {
        let layout = try makeVault()
        try writeHistory(layout)
        let cache = ReplayCache(layout: layout, timeZone: zone)
        _ = cache.load()
        return (layout, cache)
    }

    /// Replays every line, ignoring any cache.
    func fresh(_ layout: VaultLayout) -> (replay: LedgerReplay, log: CardEventLog, diagnostics: [Diagnostic]) {
        let snapshot = LedgerStore(layout: layout).read()
        let history = LedgerHistory(snapshot.events)
        return (LedgerReplay(history, timeZone: zone), CardEventLog(events: history.events), snapshot.diagnostics)
    }

    /// Fails unless `ledger` holds what a full replay holds.
    func expectMatchesFresh(_ ledger: ReplayedLedger, _ layout: VaultLayout) {
        let (replay, log, diagnostics) = fresh(layout)
        #expect(ledger.replay.eventCount == replay.eventCount)
        #expect(ledger.replay.position == replay.position)
        #expect(ledger.replay.sequences == replay.sequences)
        #expect(ledger.replay.activity.firstEvent == replay.activity.firstEvent)
        #expect(ledger.replay.curation.decisions == replay.curation.decisions)
        #expect(ledger.replay.curation.finished == replay.curation.finished)
        #expect(ledger.replay.curation.conflicts == replay.curation.conflicts)
        #expect(ledger.replay.curation.unreadable == replay.curation.unreadable)
        #expect(Set(ledger.diagnostics) == Set(diagnostics))
        let cached = ledger.cardLog()
        #expect(cached.ids == log.ids)
        #expect(cached.histories == log.histories)
        #expect(cached.ids.indices.map(cached.lastRating) == log.ids.indices.map(log.lastRating))
        #expect(cached.links == log.links)
        #expect(cached.problems == log.problems)
        #expect(cached.count == log.count)
    }

    @Test("a replay that leaves its card log in the file reads the same log, after a full replay and after an append")
    func cardLogInFile() throws {
        let layout = try makeVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        try writeHistory(layout)
        let cache = ReplayCache(layout: layout, timeZone: zone)
        let replayed = cache.load()
        #expect(replayed.source == .replayed)
        expectMatchesFresh(replayed.leavingCardLogInFile(), layout)
        try appender(layout).append(
            kind: "rate", fields: [("card", "card-0"), ("note", "note-0"), ("rating", "good")],
            at: start.addingTimeInterval(30 * 86_400))
        let extended = cache.load()
        #expect(extended.source == .extended(events: 1))
        expectMatchesFresh(extended.leavingCardLogInFile(), layout)
        // A server's ledger reads the log each time it is asked, and answers as a command's does.
        let server = VaultLedger(layout: layout, timeZone: zone, keepsCardLog: false)
        let command = VaultLedger(layout: layout, timeZone: zone)
        #expect(server.cardLog().histories == command.cardLog().histories)
        #expect(server.cardLog().count == fresh(layout).log.count)
    }

    @Test("a server's ledger answers each ask for the cards asked: one memo, replaced by other cards, a replay's schedules reused")
    func cardsMemo() throws {
        let layout = try makeVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        try writeHistory(layout)
        func card(_ n: Int) -> Card {
            Card(
                id: "card-\(n)", notePath: "n\(n).md", noteID: "note-\(n)", kind: .basic, question: "question \(n)",
                answer: "a", line: 3, position: 0, identityText: "question \(n)")
        }
        let (one, two) = ([card(0)], [card(0), card(3)])
        let config = SchedulerConfig()
        let server = VaultLedger(layout: layout, timeZone: zone, keepsCardLog: false)
        let command = VaultLedger(layout: layout, timeZone: zone)
        let replay = server.cardReplay(cards: two, config: config)
        #expect(server.cardSchedules(cards: two, config: config) == replay.schedules)
        #expect(server.cardSchedules(cards: one, config: config) == command.cardSchedules(cards: one, config: config))
        #expect(Set(server.cardSchedules(cards: one, config: config).keys) == ["card-0"])
        #expect(server.cardReplay(cards: two, config: config).schedules == replay.schedules)
        #expect(server.cardSchedules(cards: two, config: SchedulerConfig(defaultSettings: .sm2)) == command.cardSchedules(cards: two, config: SchedulerConfig(defaultSettings: .sm2)))
    }

    @Test("a second load reads the cache and holds what a full replay holds")
    func reuse() throws {
        let layout = try makeVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        try writeHistory(layout)
        let cache = ReplayCache(layout: layout, timeZone: zone)
        let first = cache.load()
        #expect(first.source == .replayed)
        expectMatchesFresh(first, layout)
        let second = cache.load()
        #expect(second.source == .cache)
        expectMatchesFresh(second, layout)
        #expect(!second.replay.curation.decisions.isEmpty)
        #expect(second.cardLog().problems.count == 1)  // the unreadable rating
    }

    @Test("appended events extend the cache; the result equals a full replay")
    func appends() throws {
        let (layout, cache) = try cachedVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let writer = try appender(layout)
        let later = start.addingTimeInterval(30 * 86_400)
        try writer.append(
            kind: "curate",
            fields: [("note", "note-7"), ("level", "weekly"), ("period", "2026-W49"), ("decision", "keep")],
            at: later)
        try writer.append(kind: "rate", fields: [("card", "card-0"), ("rating", "good")], at: later)
        let extended = cache.load()
        #expect(extended.source == .extended(events: 2))
        expectMatchesFresh(extended, layout)
        let again = cache.load()
        #expect(again.source == .cache)
        expectMatchesFresh(again, layout)
    }

    @Test("a card-reset forget appended after a cached replay extends the card log and makes the card new")
    func appendedForget() throws {
        let (layout, cache) = try cachedVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let card = Card(
            id: "card-0", notePath: "n0.md", noteID: "note-0", kind: .basic, question: "question 0", answer: "a",
            line: 3, position: 0, identityText: "question 0")
        let config = SchedulerConfig()
        #expect(cache.load().cardSchedules(cards: [card], config: config)[card.id]?.isNew == false)  // remembered
        try appender(layout).append(
            kind: "card-reset", fields: [("card", "card-0"), ("note", "note-0"), ("reset", "forget")],
            at: start.addingTimeInterval(30 * 86_400))
        let extended = cache.load()
        #expect(extended.source == .extended(events: 1))
        expectMatchesFresh(extended, layout)
        let log = extended.cardLog()
        let forgotten = start.addingTimeInterval(30 * 86_400)
        #expect(log.histories[log.ids.firstIndex(of: "card-0")!].last == .forget(time: forgotten))
        let schedule = extended.cardSchedules(cards: [card], config: config)[card.id]
        #expect(schedule?.isNew == true)
        #expect(schedule?.reviews == 6)
        let again = cache.load()
        #expect(again.source == .cache)
        expectMatchesFresh(again, layout)
        #expect(again.cardSchedules(cards: [card], config: config)[card.id] == schedule)
    }

    @Test("an appended event older than the replay, and a new file of an earlier year, replay everything")
    func olderEvent() throws {
        let (layout, cache) = try cachedVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let writer = try appender(layout)
        try writer.append(
            kind: "curate",
            fields: [("note", "note-1"), ("level", "weekly"), ("period", "2026-W45"), ("decision", "keep")],
            at: start.addingTimeInterval(60))
        let reloaded = cache.load()
        #expect(reloaded.source == .replayed)
        expectMatchesFresh(reloaded, layout)
        try writer.append(
            kind: "rate", fields: [("card", "card-5"), ("rating", "easy")], at: start.addingTimeInterval(-400 * 86_400))
        #expect(FileManager.default.fileExists(atPath: layout.url(of: ".vault/ledger/2025.log").path))
        let withOldYear = cache.load()
        #expect(withOldYear.source == .replayed)
        expectMatchesFresh(withOldYear, layout)
    }

    @Test("a new ledger file of a later year extends the cache")
    func newFile() throws {
        let (layout, cache) = try cachedVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        try appender(layout).append(
            kind: "rate", fields: [("card", "card-1"), ("rating", "good")], at: start.addingTimeInterval(80 * 86_400))
        #expect(FileManager.default.fileExists(atPath: layout.url(of: ".vault/ledger/2027.log").path))
        let extended = cache.load()
        #expect(extended.source == .extended(events: 1))
        expectMatchesFresh(extended, layout)
    }

    @Test("a rewritten, shortened, touched or removed ledger file replays everything")
    func rewrites() throws {
        let (layout, cache) = try cachedVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let url = layout.url(of: ".vault/ledger/2026.log")
        var lines = try String(contentsOf: url, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        // Rewritten in place (same inode), one decision changed, same length.
        let index = lines.firstIndex { $0.contains("decision=keep") }!
        lines[index] = Substring(lines[index].replacingOccurrences(of: "decision=keep", with: "decision=undo"))
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Data(lines.joined(separator: "\n").utf8))
        try handle.close()
        let edited = cache.load()
        #expect(edited.source == .replayed)
        expectMatchesFresh(edited, layout)
        // Shortened, then replaced by a new file (as git does).
        lines.remove(at: index)
        try Data(lines.joined(separator: "\n").utf8).write(to: url, options: .atomic)
        let replaced = cache.load()
        #expect(replaced.source == .replayed)
        expectMatchesFresh(replaced, layout)
        // Touched only.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1)], ofItemAtPath: url.path)
        #expect(cache.load().source == .replayed)
        #expect(cache.load().source == .cache)
        // Removed.
        try FileManager.default.removeItem(at: url)
        let emptied = cache.load()
        #expect(emptied.source == .replayed)
        #expect(emptied.replay.eventCount == 0)
        expectMatchesFresh(emptied, layout)
    }

    @Test("a cut-short last line is reported on every load, and read once a later append completes it")
    func truncatedLine() throws {
        let layout = try makeVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        try writeHistory(layout, days: 2)
        let url = layout.url(of: ".vault/ledger/2026.log")
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("2026-11-20T10:00:00.000+01:00\tabc\t1".utf8))
        try handle.close()
        let cache = ReplayCache(layout: layout, timeZone: zone)
        for _ in 0..<2 {
            let ledger = cache.load()
            #expect(ledger.diagnostics.map(\.code).contains(LedgerText.truncatedCode))
            expectMatchesFresh(ledger, layout)
        }
        try appender(layout).append(
            kind: "rate", fields: [("card", "card-1"), ("rating", "good")], at: start.addingTimeInterval(20 * 86_400))
        let completed = cache.load()
        #expect(completed.source == .extended(events: 1))
        #expect(!completed.diagnostics.map(\.code).contains(LedgerText.truncatedCode))
        #expect(completed.diagnostics.map(\.code).contains("ledger-malformed"))
        expectMatchesFresh(completed, layout)
    }

    @Test("a damaged, foreign or truncated cache file is ignored and rewritten")
    func damagedCache() throws {
        let (layout, cache) = try cachedVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        let url = layout.cacheFolder.appendingPathComponent("ledger.bin")
        let good = try Data(contentsOf: url)
        var flipped = good
        flipped[good.count / 2] ^= 0xFF
        let damages: [Data] = [
            Data(), Data("garbage".utf8), good.prefix(good.count - 7), flipped, Data(repeating: 0, count: 4096),
        ]
        for damaged in damages {
            try damaged.write(to: url)
            let ledger = cache.load()
            #expect(ledger.source == .replayed)
            expectMatchesFresh(ledger, layout)
            #expect(cache.load().source == .cache)
        }
        // The card log's own file, damaged or from another generation: read from the ledger instead.
        let cards = layout.cacheFolder.appendingPathComponent("ledger-cards.bin")
        try Data("garbage".utf8).write(to: cards)
        let ledger = cache.load()
        #expect(ledger.source == .cache)
        expectMatchesFresh(ledger, layout)
    }

    @Test("another time zone replays everything (study days depend on it)")
    func otherZone() throws {
        let layout = try makeVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        try writeHistory(layout)
        _ = ReplayCache(layout: layout, timeZone: zone).load()
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let other = ReplayCache(layout: layout, timeZone: tokyo).load()
        #expect(other.source == .replayed)
        #expect(other.replay.activity.timeZone == tokyo)
    }

    @Test("card schedules come from the memo only for the same ledger, cards and config")
    func scheduleMemo() throws {
        let layout = try makeVault()
        defer { try? FileManager.default.removeItem(at: layout.root) }
        try writeHistory(layout)
        func card(_ n: Int, text: String? = nil) -> Card {
            Card(
                id: "card-\(n)", notePath: n == 1 ? "Tiers/n\(n).md" : "n\(n).md", noteID: "note-\(n)", kind: .basic,
                question: "question \(n)", answer: "a", line: 3, position: n, identityText: text ?? "question \(n)")
        }
        let cards = [card(0), card(1), card(9), card(3)]
        var config = SchedulerConfig()
        config.folders = [.init(prefix: "Tiers/", settings: .tiers(promotionStreak: 5))]
        let cache = ReplayCache(layout: layout, timeZone: zone)
        func expectFresh(_ cards: [Card], _ config: SchedulerConfig) {
            let ledger = cache.load()
            let expected = CardScheduleReplay.replay(fresh(layout).log, cards: cards, config: config).schedules
            #expect(ledger.cardSchedules(cards: cards, config: config) == expected)  // computed, or from the memo
            #expect(cache.load().cardSchedules(cards: cards, config: config) == expected)  // from the memo
        }
        expectFresh(cards, config)
        #expect(FileManager.default.fileExists(atPath: layout.cacheFolder.appendingPathComponent("cards.bin").path))
        expectFresh([card(0), card(1, text: "question one, edited"), card(9)], config)
        expectFresh(cards, SchedulerConfig())
        try appender(layout).append(
            kind: "rate", fields: [("card", "card-0"), ("rating", "again")], at: start.addingTimeInterval(40 * 86_400))
        expectFresh(cards, config)
    }
}
