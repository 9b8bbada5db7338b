import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// Issue 36 over the in-memory ports: leeches counted, suspended and
/// unsuspended; cram sessions recording `cram` events; weak sessions.
@Suite("Studying: leeches, cram and weak sessions")
struct StudyingLeechesAndCramTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let start = VaultDate.parse("2026-09-01T09:00:00", in: utc)!
    static let cards = CardIdentity.cards(
        from: [
            CardDraft(kind: .basic, question: "Hard one", answer: "x", line: 3),
            CardDraft(kind: .basic, question: "Easy one", answer: "y", line: 5),
        ], notePath: "deck/a.md", noteID: nil)

    let ledger = MemoryLedger(timeZone: utc)

    func studying(at now: Date, action: StudySettings.LeechAction = .suspend, lapses: Int = 3) -> Studying {
        var config = VaultConfig(timeZoneIdentifier: "UTC")
        config.study.leechAction = action
        config.study.leechLapses = lapses
        return Studying(
            AppContext(
                notes: MemoryNotes(all: [], cards: Self.cards), ledger: ledger, ids: MemoryNoteIDs(), config: config,
                now: now))
    }

    /// Answers `card` at `time`; returns its schedule after.
    @discardableResult
    func rate(_ card: Card, _ answer: String, at time: Date) throws -> CardSchedule {
        try studying(at: time).answer(rates: ["\(card.id)=\(answer)"], tiers: [])[0].schedule
    }

    /// Fails the hard card `lapses` times after it reaches review each time; returns the moment after.
    func makeLeech(lapses: Int) throws -> Date {
        let hard = Self.cards[0]
        var time = Self.start
        var schedule = try rate(hard, "good", at: time)
        for _ in 0..<lapses {
            while schedule.tier == .learning {
                time = max(time.addingTimeInterval(60), schedule.due ?? time)
                schedule = try rate(hard, "good", at: time)
            }
            time = schedule.due ?? time
            schedule = try rate(hard, "again", at: time)
        }
        return time.addingTimeInterval(3_600)
    }

    @Test("a leech under suspend leaves study; --unsuspend brings it back with an unsuspend event")
    func suspendAndUnsuspend() throws {
        let later = try makeLeech(lapses: 3)
        let hard = Self.cards[0]
        let studying = studying(at: later)
        let leeches = studying.leeches()
        #expect(leeches.map(\.card.id) == [hard.id])
        #expect(leeches.first?.schedule.lapses == 3)
        #expect(leeches.first?.suspended == true)
        let schedules = studying.schedules()
        let queue = studying.queue(StudyOptions(limit: 100), schedules: schedules)
        #expect(!queue.entries.contains { $0.card.id == hard.id }, "suspended: out of study")
        #expect(throws: AppError.notSuspended(Self.cards[1].id)) { try studying.unsuspend([Self.cards[1].id]) }
        #expect(try studying.unsuspend([String(hard.id.prefix(8))]).map(\.id) == [hard.id])
        #expect(ledger.events.last?.kind == "unsuspend")
        let back = self.studying(at: later.addingTimeInterval(60))
        #expect(back.leeches().first?.suspended == false)
        #expect(back.suspended(back.schedules()).isEmpty)
        // Under flag, a leech is listed but never suspended.
        #expect(self.studying(at: later, action: .flag).leeches().first?.suspended == false)
        #expect(self.studying(at: later, action: .flag, lapses: 4).leeches().isEmpty)
    }

    @Test("a cram session records cram events and changes no schedule; weak puts the lapsed card first")
    func cramAndWeak() throws {
        let later = try makeLeech(lapses: 2)
        let studying = studying(at: later, action: .flag)
        let before = studying.schedules()
        let rates = ledger.events.filter { $0.kind == "rate" }.count
        var flow = StudyFlow(studying, options: StudyOptions(focus: .cram))
        #expect(flow.queue.entries.count == 2)
        #expect(flow.queue.entries.first?.card.id == Self.cards[1].id, "never answered: nothing to recall, first")
        for _ in 0..<2 {
            _ = try flow.send(.reveal, through: studying)
            _ = try flow.send(
                .rate(.fsrs(.again), elapsedMilliseconds: 1_000, responseMilliseconds: 900), through: studying)
        }
        #expect(flow.ended)
        #expect(flow.session.answers.count == 2)
        #expect(ledger.events.filter { $0.kind == "cram" }.count == 2)
        #expect(ledger.events.filter { $0.kind == "rate" }.count == rates)
        #expect(self.studying(at: later.addingTimeInterval(60), action: .flag).schedules() == before)
        let crams = try studying.answer(rates: ["\(Self.cards[0].id)=good"], tiers: [], cram: true)
        #expect(crams.first?.schedule == before[Self.cards[0].id])
        let weak = studying.queue(StudyOptions(focus: .weak), schedules: before)
        #expect(weak.entries.map(\.card.id) == [Self.cards[0].id], "answered cards only")
    }
}
