import Foundation
import Testing
import VaultCore

/// Memory palaces outside `vault loci` (issue 36, point 8): a location's
/// answers in a note's history, due palaces in reminders and the calendar,
/// and a note's last review.
@Suite("Loci everywhere")
struct LociEverywhereTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    func at(_ text: String) -> Date { VaultDate.parse(text, in: berlin)! }

    @Test("a loci-rate event is said as the location, its palace, the quality and the mode, with when it is due next")
    func eventSummary() throws {
        let before = SM2CardState.new
        let after = SM2CardState(easeFactor: 2.5, repetitions: 1, interval: 1, due: at("2026-11-19T09:00:00"))
        let rating = LociRating(
            time: at("2026-11-18T09:00:00"), location: "loc-2", itinerary: "Home walk", sequence: 2, mode: .reverse,
            quality: 4, before: before, after: after)
        let event = rating.ledgerEvent(device: "laptop", sequence: 1)
        #expect(EventSummary.describe(event, in: berlin) == "location 2 of Home walk rated 4/5 (reverse) → due tomorrow")
    }

    @Test("a reminder names the locations to walk and their palaces, and palaces alone are enough to remind")
    func reminderNamesPalaces() {
        let work = DueWork(
            notesToCurate: 0, periods: [], cardsToStudy: 0, cardsInRotation: 0, firstQuestions: [], sessionReviews: 0,
            locationsDue: 3, palacesDue: ["Home walk", "Office"])
        #expect(!work.isEmpty)
        let plan = ReminderPlan.plan(work, settings: RemindSettings(), lastReminder: nil, now: at("2026-11-18T10:00:00"), timeZone: berlin)
        #expect(plan == .remind(title: "vault: time to review", body: "3 locations to walk (Home walk, Office)", batch: 0))
    }

    @Test("the calendar has a walk of a palace on each day it has locations due, with a stable UID")
    func calendarWalks() throws {
        let now = at("2026-11-18T10:00:00")
        let today = VaultDate.dayNumber(of: now, in: berlin)
        let text = ScheduleCalendar.text(
            vaultName: "Notes", vaultKey: "k", timeZone: berlin, now: now, missed: [], study: [], studyAt: 9 * 60,
            palaces: [
                .init(palace: "Home walk", day: today, locations: 2), .init(palace: "Home walk", day: today + 3, locations: 1),
            ])
        let lines = text.components(separatedBy: "\r\n")
        let summaries = lines.filter { $0.hasPrefix("SUMMARY:Walk") }
        #expect(
            summaries == [
                "SUMMARY:Walk Home walk: 2 locations due (vault loci review \"Home walk\")",
                "SUMMARY:Walk Home walk: 1 location due (vault loci review \"Home walk\")",
            ])
        let uids = lines.filter { $0.hasPrefix("UID:loci-") }
        #expect(uids.count == 2 && uids[0].contains("-2026-11-18@") && uids[1].contains("-2026-11-21@"), "\(uids)")
        #expect(lines.contains("DTSTART;TZID=Europe/Berlin:20261118T090000"))
    }

    @Test("the last review is the latest keep or archive in force; an undo brings back the one before")
    func lastReview() throws {
        let week = try #require(ReviewPeriod("2026-W46", level: .weekly))
        let month = try #require(ReviewPeriod("2026-11", level: .monthly))
        let kept = CurationEvent(time: at("2026-11-15T18:00:00"), note: "n", period: week, decision: .keep)
        let monthly = CurationEvent(time: at("2026-12-01T18:00:00"), note: "n", period: month, decision: .keep)
        let undo = CurationEvent(time: at("2026-12-01T18:05:00"), note: "n", period: month, decision: .undo)
        #expect(LastReview.of([]) == nil)
        #expect(LastReview.of([kept, monthly]) == monthly)
        #expect(LastReview.of([kept, monthly, undo]) == kept)
        #expect(LastReview.of([kept, CurationEvent(time: kept.time, note: "n", period: week, decision: .undo)]) == nil)
    }
}
