import Foundation
import VaultCore

/// `vault status`: the reviews due and missed, the flashcards waiting and
/// the streak, for the moment the context acts at.
public struct VaultStatus {
    public let snapshot: CurationSnapshot
    public let report: StatusReport

    /// Loads the notes and the ledger and works the report out.
    public static func load(_ context: AppContext) -> VaultStatus {
        let snapshot = CurationSnapshot.load(context, countingFlashcards: true)
        var trace = PhaseTrace(context.tracer)
        let tracking = StudyTracking(context)
        var report = Self.report(snapshot, tracking: tracking)
        let sessions = tracking.log.sessions.filter { $0.start <= context.now }
        let study = StudySummary(
            running: tracking.log.running, goals: tracking.goals(), points: tracking.points(),
            reviewsDue: tracking.log.followUpsDue(at: context.now),
            minutesTotal: sessions.reduce(0) { $0 + $1.minutes },
            latestSessions: Array(
                sessions.sorted { ($0.start, $0.id) > ($1.start, $1.id) }.prefix(StudySummary.latestListed)))
        trace.mark("streak, sessions, goals and points")
        let lociDue = Self.lociDue(snapshot)
        trace.mark("memory palaces")
        // Last: the flashcards are counted on another thread meanwhile.
        report.flashcards = snapshot.flashcards
        trace.mark("waiting for the flashcard counts")
        let open = Set(report.periods.map(\.review.period))
        let conflicts = snapshot.state.conflicts.filter { open.contains($0.period) }
        // Milestones are news on the day they are reached; status reads no card log, so it names the
        // streak, yearly-keep and study-hour ones (cards mastered are in `vault stats`).
        let milestones = Milestone.reached(
            activeDays: snapshot.replay.activity.activeDays(upTo: context.now).union(tracking.sessionDays()), reviews: [],
            log: CardEventLog(), board: snapshot.board, sessions: tracking.log.sessions, now: context.now,
            timeZone: context.timeZone
        ).filter(\.isNew)
        trace.mark("milestones")
        return VaultStatus(
            snapshot: snapshot, report: report, ledgerProblems: context.ledger.diagnostics().count,
            conflicts: conflicts, study: study, lociDue: lociDue, milestonesToday: milestones,
            pendingReminders: Reminding.pending(context))
    }

    /// The curation report for the snapshot's day with the study streak
    /// (study days and session days): what both the status and `vault status
    /// --line` count from. The flashcard counts are the caller's to add last,
    /// when the thread counting them has had the most time.
    static func report(_ snapshot: CurationSnapshot, tracking: StudyTracking) -> StatusReport {
        var report = StatusReport(board: snapshot.board, today: snapshot.today)
        report.studyStreak = StudyStreak(
            activity: snapshot.replay.activity, now: snapshot.context.now, extraDays: tracking.sessionDays())
        return report
    }

    /// The itineraries with locations due now, and how many, in the palaces' order.
    static func lociDue(_ snapshot: CurationSnapshot) -> [(name: String, due: Int)] {
        let palaces = LociPalaces(snapshot.context, walks: snapshot.walks)
        return palaces.walks.map { (name: $0.name, due: palaces.counts($0).due) }.filter { $0.due > 0 }
    }

    /// Study tracking at a glance: what `vault status` shows of sessions.
    public struct StudySummary: Sendable {
        public let running: [RunningSession]
        public let goals: [GoalProgress]
        public let points: StudyPoints
        /// Follow-up reviews of sessions due now, earliest first.
        public let reviewsDue: [FollowUp]
        /// How many follow-up reviews are due now.
        public var followUpsDue: Int { reviewsDue.count }
        /// Minutes of every session recorded (Memo's "total study time").
        public let minutesTotal: Int
        /// The latest sessions, newest first (by start), at most ``latestListed``.
        public let latestSessions: [StudySessionRecord]

        /// The latest sessions the status lists.
        public static let latestListed = 3
    }

    /// Lines of the ledger that replay skipped and `vault check` reports
    /// (conflict markers, malformed or cut-short lines).
    public let ledgerProblems: Int

    /// Conflicting decisions of two machines in a period that status still shows (due, missed or current);
    /// the later decision is in force, `vault check` and `vault sync` name both.
    public let conflicts: [CurationState.Conflict]

    /// Sessions running, goals, points and session reviews due.
    public let study: StudySummary

    /// The itineraries with locations due now, and how many.
    public let lociDue: [(name: String, due: Int)]

    /// Milestones reached today (``Milestone``: news on their day), but cards mastered, which need the card log.
    public let milestonesToday: [Milestone]

    /// Reminders raised and not acted on, the latest first (``PendingReminders``): shown first.
    public let pendingReminders: [ReminderEntry]

    /// Notes in the vault.
    public var noteCount: Int { snapshot.notes.count }
}
