import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// Memory palaces outside `vault loci` (issue 36, point 8), over the in-memory ports.
@Suite("Loci everywhere (use cases)")
struct LociEverywhereUseCaseTests {
    /// Home walk with two locations, location 1 answered three days ago (due), location 2 just now (due tomorrow).
    func palace() throws -> (AppContext, LociWalk) {
        let files = LociFixture.folder(LociFixture.itinerary(), in: "loci/Home walk")
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let context = Fixture.context(LociFixture.notes(files), ledger: ledger, files: MemoryFiles(files))
        let walk = try #require(LociPalaces(context).walks.first)
        for sequence in [1, 2] {
            let stop = try #require(walk.stop(sequence))
            let time = Fixture.now.addingTimeInterval(sequence == 1 ? -3 * 86_400 : -60)
            try ledger.append(LociStates(ratings: []).rating(stop, of: walk, mode: .review, quality: 4, at: time))
        }
        return (context, walk)
    }

    @Test("the history of a location note lists its loci-rate answers, which name it as location=")
    func historyOfLocation() throws {
        let (context, walk) = try palace()
        let first = try #require(walk.stop(1))
        let history = try NoteHistory.load(context, note: first.path)
        #expect(history.events.map(\.kind) == ["loci-rate"])
        #expect(history.events.first?["location"] == first.key)
        #expect(try NoteHistory.load(context, note: try #require(walk.stop(2)).path).events.count == 1)
        #expect(try NoteHistory.load(context, note: walk.indexPath).events.isEmpty, "the itinerary's own note has none")
    }

    @Test("a reminder counts the locations due and names their palace")
    func remindCountsPalaces() throws {
        let (context, _) = try palace()
        let work = try #require(Reminding.load(context, lastReminder: nil, force: true).work)
        #expect(work.locationsDue == 1)
        #expect(work.palacesDue == ["Home walk"])
        guard case .remind(_, let body, _) = Reminding.load(context, lastReminder: nil, force: true).plan else {
            Issue.record("a location due is worth a reminder")
            return
        }
        #expect(body.contains("1 location to walk (Home walk)"), "\(body)")
    }

    @Test("the calendar walks the palace today (the location overdue) and tomorrow (the one due then)")
    func calendarWalks() throws {
        let (context, _) = try palace()
        let days = CalendarExport.palaceDays(context, notes: context.notes.summaries().notes, days: 14)
        #expect(days == [
            ScheduleCalendar.PalaceDay(palace: "Home walk", day: context.today, locations: 1),
            ScheduleCalendar.PalaceDay(palace: "Home walk", day: context.today + 1, locations: 1),
        ])
        let text = CalendarExport.text(context, vaultName: "Notes", days: 14)
        #expect(text.components(separatedBy: "SUMMARY:Walk Home walk").count - 1 == 2)
    }

    @Test("a note's standing: its cycle and its last review in force; none before the first")
    func standing() throws {
        let ledger = MemoryLedger(timeZone: Fixture.zone)
        let context = Fixture.context(Fixture.weekNotes, ledger: ledger)
        let note = try #require(context.notes.summaries().notes.first { $0.id == Fixture.idA })
        let fresh = try #require(NoteStanding.load(context, note: note))
        #expect(fresh.cycle == .daily && !fresh.archived && fresh.lastReview == nil)
        let week46 = try #require(ReviewPeriod("2026-W46", level: .weekly))
        try ledger.append(CurationEvent(time: Fixture.now, note: Fixture.idA.uppercased(), period: week46, decision: .keep))
        let kept = try #require(NoteStanding.load(context, note: note))
        #expect(kept.cycle == .weekly)
        #expect(kept.lastReview?.period == week46)
        #expect(kept.lastReview?.decision == .keep)
    }
}
