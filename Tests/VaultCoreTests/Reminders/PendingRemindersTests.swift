import Foundation
import Testing
import VaultCore

@Suite("Pending reminders")
struct PendingRemindersTests {
    let raised = VaultDate.parse("2026-11-18T09:00:00Z", in: .gmt)!
    func later(_ hours: Double) -> Date { raised.addingTimeInterval(hours * 3600) }

    @Test("a reminder no action answered is pending for 24 hours, to the second")
    func expiry() {
        let entries = [ReminderEntry(raised: raised, title: "vault: 2 cards now?", batch: 2)]
        #expect(PendingReminders.pending(entries, at: raised).count == 1)
        #expect(PendingReminders.pending(entries, at: later(24).addingTimeInterval(-1)).count == 1)
        #expect(PendingReminders.pending(entries, at: later(24)).isEmpty)
        #expect(PendingReminders.pending(entries, at: raised.addingTimeInterval(-1)).isEmpty, "not before it was raised")
        #expect(PendingReminders.kept(entries, at: later(24)).count == 1, "kept 30 days for vault stats, no longer pending")
        #expect(PendingReminders.kept(entries, at: later(30 * 24)).isEmpty)
    }

    @Test("study, snooze and skip answer it; a snooze holds reminders back for an hour; the latest pending is answered by default")
    func answers() throws {
        let entries = [
            ReminderEntry(raised: raised, title: "first", batch: 1), ReminderEntry(raised: later(1), title: "second", batch: 2),
        ]
        #expect(PendingReminders.pending(entries, at: later(2)).map(\.title) == ["second", "first"])
        let snoozed = try PendingReminders.answering(entries, id: nil, with: "snooze", at: later(2))
        #expect(snoozed.answered.title == "second")
        #expect(snoozed.answered.answer == .snooze(until: later(3)))
        #expect(PendingReminders.pending(snoozed.entries, at: later(2)).map(\.title) == ["first"])
        #expect(PendingReminders.snoozedUntil(snoozed.entries, at: later(2.5)) == later(3))
        #expect(PendingReminders.snoozedUntil(snoozed.entries, at: later(3)) == nil)
        let studied = try PendingReminders.answering(snoozed.entries, id: entries[0].id, with: "STUDY", at: later(2))
        #expect(studied.answered.answer == .study)
        #expect(PendingReminders.pending(studied.entries, at: later(2)).isEmpty)
        #expect(throws: VaultCoreError.self) { try PendingReminders.answering(studied.entries, id: nil, with: "skip", at: later(2)) }
        #expect(throws: VaultCoreError.self) { try PendingReminders.answering(entries, id: nil, with: "later", at: later(2)) }
        #expect(throws: VaultCoreError.self) { try PendingReminders.answering(entries, id: "2020-01-01T00:00:00Z", with: "skip", at: later(2)) }
    }

    @Test("remind.at: only in its hour, in the vault's zone, after quiet hours and days off")
    func atHour() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        var settings = RemindSettings()
        settings.resolvedHour = 9
        func hold(_ local: String) -> ReminderPlan? {
            ReminderPlan.hold(settings: settings, lastReminder: nil, now: VaultDate.parse(local, in: berlin)!, timeZone: berlin)
        }
        #expect(hold("2026-11-18T09:00:00") == nil)
        #expect(hold("2026-11-18T09:59:00") == nil)
        #expect(hold("2026-11-18T10:00:00") == .outsideHour("09:00"))
        #expect(hold("2026-11-18T18:00:00") == .outsideHour("09:00"))
        #expect(hold("2026-11-18T23:30:00") == .quietHours(until: "09:00"), "quiet hours are said first")
        // Across the DST change, 09:xx is wall time: 08:30Z on 28 March, 07:30Z on 30 March.
        #expect(ReminderPlan.hold(settings: settings, lastReminder: nil, now: VaultDate.parse("2026-03-30T07:30:00Z", in: .gmt)!, timeZone: berlin) == nil)
        #expect(ReminderPlan.hold(settings: settings, lastReminder: nil, now: VaultDate.parse("2026-03-30T08:30:00Z", in: .gmt)!, timeZone: berlin) == .outsideHour("09:00"))
    }
}
