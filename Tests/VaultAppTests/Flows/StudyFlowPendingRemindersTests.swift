import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// Issue 36, point 2: the reminders raised and not acted on are what the
/// study session shows first, and its first answer acts on them.
@Suite("Study flow: reminders waiting")
struct StudyFlowPendingRemindersTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let now = VaultDate.parse("2026-11-18T09:00:00", in: utc)!

    func world(pending: [ReminderEntry]) -> (Studying, MemoryReminderLog) {
        let log = MemoryReminderLog()
        log.entries = pending
        let cards = CardIdentity.cards(
            from: [
                CardDraft(kind: .basic, question: "One?", answer: "1", line: 3),
                CardDraft(kind: .basic, question: "Two?", answer: "2", line: 5),
            ], notePath: "cards.md", noteID: nil)
        let context = AppContext(
            notes: MemoryNotes(all: [], cards: cards), ledger: MemoryLedger(timeZone: Self.utc), ids: MemoryNoteIDs(),
            config: VaultConfig(timeZoneIdentifier: "UTC"), now: Self.now, reminderLog: log)
        return (Studying(context), log)
    }

    @Test("the waiting reminders come with the session; its first answer records them answered by studying, once")
    func firstAnswerActsOnThem() throws {
        let older = ReminderEntry(raised: Self.now.addingTimeInterval(-7200), title: "vault: 2 cards now?", batch: 2)
        let latest = ReminderEntry(raised: Self.now.addingTimeInterval(-1800), title: "vault: 2 cards now?", batch: 2)
        let expired = ReminderEntry(raised: Self.now.addingTimeInterval(-90_000), title: "vault: old", batch: 2)
        let (studying, log) = world(pending: [expired, older, latest])
        var flow = StudyFlow(studying, options: StudyOptions())
        #expect(flow.pendingReminders.map(\.id) == [latest.id, older.id], "the latest first; an expired one is no longer waiting")

        _ = flow.handle(.reveal)
        let effects = flow.handle(.rate(.correct, elapsedMilliseconds: 1_000, responseMilliseconds: 900))
        guard effects.count == 2, case .record = effects[0], case .answerReminders(let reminders) = effects[1] else {
            Issue.record("expected the answer, then the reminders: \(effects)")
            return
        }
        #expect(reminders.map(\.id) == [latest.id, older.id])
        #expect(flow.pendingReminders.isEmpty, "shown until the first answer")

        var sent = StudyFlow(studying, options: StudyOptions())
        _ = sent.handle(.reveal)
        let left = try sent.send(.rate(.correct, elapsedMilliseconds: 1_000, responseMilliseconds: 900), through: studying)
        #expect(left.isEmpty)
        #expect(log.entries.filter { $0.answer == .study }.map(\.id).sorted() == [older.id, latest.id].sorted())
        #expect(Reminding.pending(studying.context).isEmpty)
        _ = sent.handle(.reveal)
        let second = sent.handle(.rate(.correct, elapsedMilliseconds: 2_000, responseMilliseconds: 900))
        #expect(second.count == 1, "only the first answer acts on the reminders")
    }

    @Test("with no reminder waiting, an answer is only the answer")
    func noneWaiting() {
        let (studying, log) = world(pending: [])
        var flow = StudyFlow(studying, options: StudyOptions())
        #expect(flow.pendingReminders.isEmpty)
        _ = flow.handle(.reveal)
        #expect(flow.handle(.rate(.correct, elapsedMilliseconds: 1_000, responseMilliseconds: 900)).count == 1)
        #expect(log.entries.isEmpty)
    }
}
