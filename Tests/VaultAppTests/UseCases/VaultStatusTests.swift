import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Vault status")
struct VaultStatusTests {
    @Test("week 46 is due with its three pending notes; week 47 runs with one")
    func periods() throws {
        let status = VaultStatus.load(Fixture.context(Fixture.weekNotes))
        #expect(status.noteCount == 4)
        let weekly = status.report.periods.filter { $0.review.period.level == .weekly }
        #expect(weekly.map(\.role) == [.due, .current])
        #expect(weekly.map(\.review.period.id) == ["2026-W46", "2026-W47"])
        #expect(weekly.map(\.review.pendingCount) == [3, 1])
    }

    @Test("two machines' different decisions in a week still shown are a conflict of the status; an older week's are not")
    func conflictsInOpenPeriods() throws {
        var texts = Fixture.weekTexts
        texts["old.md"] = Fixture.text([("id", "eeeeeeee-0000-4000-8000-000000000005"), ("created", "2026-10-06T09:00:00")])
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        let week41 = try #require(ReviewPeriod("2026-W41", level: .weekly))
        for (week, note) in [(week46, Fixture.idA), (week41, "eeeeeeee-0000-4000-8000-000000000005")] {
            ledger.receive([
                CurationEvent(time: Fixture.now, note: note, period: week, decision: .keep).ledgerEvent(device: "laptop", sequence: week == week46 ? 1 : 2),
                CurationEvent(time: Fixture.now.addingTimeInterval(60), note: note, period: week, decision: .archive)
                    .ledgerEvent(device: "phone", sequence: week == week46 ? 1 : 2),
            ])
        }
        let status = VaultStatus.load(Fixture.context(Fixture.notes(texts), ledger: ledger))
        #expect(status.conflicts.map(\.period) == [week46], "week 41 is decided and no longer shown")
        #expect(status.conflicts.first?.decisions.last?.decision == .archive)
    }

    @Test("decided notes leave the count to review; missed weeks join it")
    func decidedAndMissed() throws {
        var texts = Fixture.weekTexts
        texts["old.md"] = Fixture.text([("id", "eeeeeeee-0000-4000-8000-000000000005"), ("created", "2026-11-03T09:00:00")])
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idA, period: week46, decision: .keep))
        let status = VaultStatus.load(Fixture.context(Fixture.notes(texts), ledger: ledger))
        let missed = status.report.periods.filter { $0.role == .missed }
        #expect(missed.map(\.review.period.id) == ["2026-W45"])
        let due = try #require(status.report.periods.first { $0.role == .due && $0.review.period.level == .weekly })
        #expect(due.review.pendingCount == 2)
        let monthlyAndYearly = status.report.periods.filter { $0.role != .current && $0.review.period.level != .weekly }
        #expect(status.report.notesToReview == 1 + 2 + monthlyAndYearly.reduce(0) { $0 + $1.review.pendingCount })
    }

    @Test("the flashcards, the streak from the ledger's activity and the ledger's problems are in the status")
    func flashcardsStreakProblems() throws {
        let cards = [Fixture.card("c1", "a.md", noteID: Fixture.idA, question: "One?")]
        let ledger = ProblemLedger(
            MemoryLedger(timeZone: Fixture.zone),
            problems: [Diagnostic(code: "ledger-line", severity: .error, path: ".vault/ledger/x.log", line: 3, message: "cut short")])
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        try ledger.append(CurationEvent(time: Fixture.now.addingTimeInterval(-86_400), note: Fixture.idA, period: week46, decision: .keep))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idB, period: week46, decision: .keep))
        let context = AppContext(
            notes: MemoryNotes(all: Fixture.weekNotes, cards: cards), ledger: ledger, ids: MemoryNoteIDs(),
            config: Fixture.config, now: Fixture.now)
        let status = VaultStatus.load(context)
        #expect(status.report.flashcards?.new == 1)
        #expect(status.report.streak == 2)
        #expect(status.ledgerProblems == 1)
        #expect(status.lociDue.isEmpty)
        #expect(status.study.followUpsDue == 0)
    }

    @Test("itineraries with locations due are listed by name with how many")
    func lociDue() throws {
        let files = LociFixture.folder(LociFixture.itinerary(), in: "loci/Home walk")
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let context = Fixture.context(LociFixture.notes(files), ledger: ledger, files: MemoryFiles(files))
        let walk = try #require(LociPalaces(context).walks.first)
        #expect(VaultStatus.load(context).lociDue.isEmpty, "locations never answered are new, not due")
        for sequence in [1, 2] {
            let stop = try #require(walk.stop(sequence))
            let time = Fixture.now.addingTimeInterval(sequence == 1 ? -3 * 86_400 : -60)
            try ledger.append(LociStates(ratings: []).rating(stop, of: walk, mode: .review, quality: 4, at: time))
        }
        let due = VaultStatus.load(context).lociDue
        #expect(due.map(\.name) == ["Home walk"])
        #expect(due.map(\.due) == [1])
    }

    @Test("the status line counts what status counts: notes to review, cards to study, palaces due, the streak")
    func statusLineAgreesWithStatus() throws {
        let cards = [Fixture.card("c1", "a.md", noteID: Fixture.idA, question: "One?")]
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        try ledger.append(CurationEvent(time: Fixture.now.addingTimeInterval(-86_400), note: Fixture.idA, period: week46, decision: .keep))
        let context = AppContext(
            notes: MemoryNotes(all: Fixture.weekNotes, cards: cards), ledger: ledger, ids: MemoryNoteIDs(),
            config: Fixture.config, now: Fixture.now)
        let status = VaultStatus.load(context)
        let line = VaultStatusLine.load(context)
        #expect(line.reviews == status.report.notesToReview)
        #expect(line.reviews == 2, "weeks 46's other two notes")
        #expect(line.cards == 1)
        #expect(line.streak == 1)
        #expect(line.palaces == 0)
        #expect(line.text == "2 reviews · 1 card · streak 1")
    }

    @Test("the status line counts palaces with a location due, and their locations")
    func statusLinePalaces() throws {
        let files = LociFixture.folder(LociFixture.itinerary(), in: "loci/Home walk")
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let context = Fixture.context(LociFixture.notes(files), ledger: ledger, files: MemoryFiles(files))
        let walk = try #require(LociPalaces(context).walks.first)
        for sequence in [1, 2] {
            let stop = try #require(walk.stop(sequence))
            try ledger.append(
                LociStates(ratings: []).rating(stop, of: walk, mode: .review, quality: 4, at: Fixture.now.addingTimeInterval(-3 * 86_400)))
        }
        let line = VaultStatusLine.load(context)
        #expect(line.palaces == 1)
        #expect(line.locations == 2)
    }

    @Test("with review_day weekly: thursday, on Wednesday 18 November week 46 is not due yet: week 45 is")
    func reviewDayMovesTheDueWeek() throws {
        var config = Fixture.config
        config.reviewSchedule = try #require(ReviewSchedule.standard.setting(.weekly, "thursday"))
        let status = VaultStatus.load(Fixture.context(Fixture.weekNotes, config: config))
        let weekly = status.report.periods.filter { $0.review.period.level == .weekly }
        #expect(weekly.map(\.role) == [.due, .current])
        #expect(weekly.map(\.review.period.id) == ["2026-W45", "2026-W47"])
        #expect(status.snapshot.board.schedule.weekday == 4)
        let standard = VaultStatus.load(Fixture.context(Fixture.weekNotes))
        #expect(standard.report.periods.filter { $0.review.period.level == .weekly }.map(\.review.period.id) == ["2026-W46", "2026-W47"])
    }
}
