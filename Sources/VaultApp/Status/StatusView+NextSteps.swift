import Foundation
import VaultCore

extension StatusView {
    /// One thing to do now, as a dashboard's big button says it.
    public struct NextStep: Hashable, Sendable {
        /// What kind of work it is (a page's style, an order).
        public enum Kind: String, Hashable, Sendable {
            case reminder, session, review, study, followUp, palace
        }

        public var kind: Kind
        /// The button's words: `Study 10 cards`, `Review Week 46, 2026`.
        public var title: String
        /// A line under them: `~4 min`, `5 notes pending`.
        public var detail: String
        /// What doing it is.
        public var action: StatusAction
    }

    /// What to do now, most pressing first: the reminder waiting, the
    /// session running, the reviews with notes pending (missed ones first,
    /// as `vault review` opens them), today's cards, the study sessions'
    /// follow-up reviews, the memory palaces with locations due. Decided
    /// here, so the dashboard and any other front end name the same steps.
    public var nextSteps: [NextStep] {
        var steps: [NextStep] = []
        if let reminders, reminders.batch > 0 {
            steps.append(
                NextStep(
                    kind: .reminder, title: "Study \(reminders.batch) card\(reminders.batch == 1 ? "" : "s") now",
                    detail: reminders.latestTitle, action: .study(batch: reminders.batch)))
        }
        for run in running {
            steps.append(
                NextStep(
                    kind: .session, title: "Stop the \(run.session.subject) session",
                    detail: "running for \(run.minutes) min", action: .stopSession))
        }
        // Missed ones first, each group in the status's own order.
        let actionable = periods.filter { $0.action != nil }
        let reviews = actionable.filter { $0.role == .missed } + actionable.filter { $0.role != .missed }
        for line in reviews {
            let pending = line.review.pendingCount
            steps.append(
                NextStep(
                    kind: .review, title: "Review \(line.review.period.title)",
                    detail: "\(pending) note\(pending == 1 ? "" : "s") pending\(line.role == .missed ? ", missed" : "")",
                    action: line.action!))
        }
        for missed in missedRuns {
            steps.append(
                NextStep(
                    kind: .review, title: "Review \(missed.run.first.title)",
                    detail: "\(missed.run.count) missed \(missed.run.level.rawValue) reviews, \(missed.run.pendingNotes) notes pending",
                    action: missed.action))
        }
        if let cards = flashcardCounts, cards.toStudy > 0, let flashcards {
            let minutes = max(1, (cards.toStudy * StudyFlow.secondsPerCard + 59) / 60)
            steps.append(
                NextStep(
                    kind: .study, title: "Study \(cards.toStudy) card\(cards.toStudy == 1 ? "" : "s")",
                    detail: "~\(minutes) min · \(cards.due) due, \(cards.new) new", action: flashcards.action))
        }
        if followUps.due > 0 {
            steps.append(
                NextStep(
                    kind: .followUp,
                    title: "Review \(followUps.due) study session\(followUps.due == 1 ? "" : "s")",
                    detail: followUps.first.map(\.subject).joined(separator: ", "), action: followUps.action))
        }
        for palace in palaces where palace.due > 0 {
            steps.append(
                NextStep(
                    kind: .palace, title: "Walk \(palace.name)",
                    detail: "\(palace.due) location\(palace.due == 1 ? "" : "s") due", action: palace.action))
        }
        return steps
    }
}
