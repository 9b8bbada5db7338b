import Foundation
import VaultCore

/// What the status shows, decided once: `vault status` prints it, the web
/// dashboard renders it, and `vault status --line` takes its counts
/// (``line``). Each part is in the order shown, with what is actionable and
/// the ``StatusAction`` that acts on it; a front end chooses words and
/// markup, never which periods fold, which goals show or how long a session has run.
public struct StatusView: Sendable {
    /// The reminders raised and not acted on: shown first.
    public struct Reminders: Sendable, Equatable {
        /// How many wait.
        public var count: Int
        /// When the oldest was raised.
        public var since: Date
        /// The latest one's title.
        public var latestTitle: String
        /// The latest one's id (its moment, ``ReminderEntry/id``): what an answer names.
        public var latestID: String = ""
        /// The cards the latest one offered to study now (0: none).
        public var batch: Int = 0
        /// Study the latest one's batch, or skip it when it named none.
        public var action: StatusAction
    }

    /// One review period's line, after missed runs are folded (``missedRuns``).
    public struct PeriodLine: Sendable {
        public var role: StatusReport.Role
        public var review: CurationBoard.Review
        /// The review to open, for a period with notes pending that is due or missed; nil otherwise.
        public var action: StatusAction?
    }

    /// Many missed periods of one level in one line.
    public struct MissedRun: Sendable, Equatable {
        public var run: StatusReport.MissedRun
        /// The oldest missed period's review.
        public var action: StatusAction
    }

    /// Decisions of two machines in a period status shows.
    public struct Conflicts: Sendable, Equatable {
        /// Notes decided differently.
        public var notes: Int
        /// The periods, in order.
        public var periods: [ReviewPeriod]
    }

    /// The flashcards waiting today, shown when any card waits (to study, set aside or buried).
    public struct Flashcards: Sendable, Equatable {
        public var counts: FlashcardCounts
        public var action: StatusAction
    }

    /// A study session running, and for how long.
    public struct Running: Sendable, Equatable {
        public var session: RunningSession
        /// Whole minutes since it started (``RunningSession/minutes(at:)``).
        public var minutes: Int
    }

    /// The session follow-up reviews due now.
    public struct FollowUps: Sendable, Equatable {
        /// How many are due.
        public var due: Int
        /// The earliest few, so the status says what to go over.
        public var first: [FollowUp]
        /// Those not listed.
        public var more: Int { due - first.count }
        /// Go over one.
        public var action: StatusAction { .reviewSession }
        /// List them all, when some are not listed.
        public var moreAction: StatusAction { .listSessionReviews }
    }

    /// A memory palace with locations due.
    public struct PalaceDue: Sendable, Equatable {
        public var name: String
        public var due: Int
        public var action: StatusAction { .reviewPalace(name) }
    }

    /// The streak, and the points beside it.
    public struct Streak: Sendable, Equatable {
        public var current: Int
        public var best: Int
        /// The points, when any were earned.
        public var points: StudyPoints?
        /// True when the streak runs up to yesterday only: studying or reviewing today keeps it.
        public var needsToday: Bool
    }

    /// The moment the status is for, and the vault's zone: what relative times ("due tomorrow") are read from.
    public var now: Date
    public var timeZone: TimeZone
    /// The day shown (`2026-11-18`) and the vault's zone's name (`Europe/Berlin`).
    public var day: String
    public var timeZoneIdentifier: String
    /// Notes in the vault, and those to review now (pending in due and missed periods).
    public var noteCount: Int
    public var notesToReview: Int
    /// Notes with no created date whose file times say only when the vault
    /// was copied (an adopted vault): they come up in no review until they get
    /// `created:`. Said when nothing is to review, so "0 to review" has its reason.
    public var undatedNotes: Int
    public var reminders: Reminders?
    /// The periods listed one by one: missed periods of a folded level left out.
    public var periods: [PeriodLine]
    /// The folded levels, in level order.
    public var missedRuns: [MissedRun]
    /// Ledger lines replay skipped.
    public var ledgerProblems: Int
    public var conflicts: Conflicts?
    public var baseline: Baseline?
    /// The flashcard counts, whatever they are (nil when the status was made without cards).
    public var flashcardCounts: FlashcardCounts?
    /// The flashcards line, when a card waits.
    public var flashcards: Flashcards?
    public var running: [Running]
    public var followUps: FollowUps
    public var palaces: [PalaceDue]
    /// Goals not yet done, or done with days left.
    public var goals: [GoalProgress]
    public var milestonesToday: [Milestone]
    /// Nil until a day was studied.
    public var streak: Streak?
    /// The counts of `vault status --line`.
    public var line: StatusLine
    /// Minutes of every study session recorded.
    public var studyMinutesTotal: Int
    /// The latest sessions, newest first, at most three.
    public var latestSessions: [StudySessionRecord]
    /// The memory tip of the day; nil with `tips: false`.
    public var tip: MemoryTip?
    /// True when today is a day off from study (`study.limits_by_day` gives it 0): the flashcards wait.
    public var studyDayOff: Bool

    /// Follow-up reviews listed by name before "and N more".
    public static let followUpsListed = 3

    /// The view of `status` at its context's moment.
    public init(_ status: VaultStatus) {
        let context = status.snapshot.context
        let report = status.report
        now = context.now
        timeZone = context.timeZone
        day = VaultDate.dayString(context.now, in: context.timeZone)
        timeZoneIdentifier = context.config.timeZoneIdentifier
        noteCount = status.noteCount
        notesToReview = report.notesToReview
        // By index: a reduce, as a for-in, copies every summary (a retain per field).
        let notes = status.snapshot.notes
        undatedNotes = notes.indices.reduce(0) { $0 + (notes[$1].createdOrigin == .copied ? 1 : 0) }
        if let latest = status.pendingReminders.first, let oldest = status.pendingReminders.last {
            reminders = Reminders(
                count: status.pendingReminders.count, since: oldest.raised, latestTitle: latest.title,
                latestID: latest.id, batch: latest.batch,
                action: latest.batch > 0 ? .study(batch: latest.batch) : .skipReminder)
        }
        let runs = report.missedRuns()
        periods = report.periods.compactMap { line in
            let review = line.review
            if line.role == .missed, runs[review.period.level] != nil { return nil }
            let actionable = review.pendingCount > 0 && line.role != .current
            return PeriodLine(
                role: line.role, review: review,
                action: actionable ? .review(review.period.level, period: review.period.id) : nil)
        }
        missedRuns = ReviewLevel.allCases.compactMap { level in
            runs[level].map { MissedRun(run: $0, action: .review(level, period: $0.first.id)) }
        }
        ledgerProblems = status.ledgerProblems
        conflicts =
            status.conflicts.isEmpty
            ? nil
            : Conflicts(notes: status.conflicts.count, periods: Array(Set(status.conflicts.map(\.period))).sorted())
        baseline = report.baseline
        flashcardCounts = report.flashcards
        if let cards = report.flashcards, cards.toStudy + cards.setAside + cards.buried > 0 {
            flashcards = Flashcards(counts: cards, action: .study(batch: nil))
        }
        running = status.study.running.map { Running(session: $0, minutes: $0.minutes(at: context.now)) }
        followUps = FollowUps(
            due: status.study.followUpsDue, first: Array(status.study.reviewsDue.prefix(Self.followUpsListed)))
        palaces = status.lociDue.map { PalaceDue(name: $0.name, due: $0.due) }
        goals = status.study.goals.filter { $0.standing != .done || $0.daysLeft > 0 }
        milestonesToday = status.milestonesToday
        if let streak = report.studyStreak, streak.best > 0 {
            self.streak = Streak(
                current: streak.current, best: streak.best,
                points: status.study.points.total > 0 ? status.study.points : nil,
                needsToday: streak.current > 0 && !streak.activeToday)
        }
        line = StatusLine(
            report: report, lociDue: status.lociDue.map(\.due), pending: status.pendingReminders.count)
        studyMinutesTotal = status.study.minutesTotal
        latestSessions = status.study.latestSessions
        tip = context.config.tips ? MemoryTip.of(day: context.today) : nil
        studyDayOff = context.config.study.isDayOff(ISOWeek.weekday(ofDay: context.today) - 1)
    }

    /// Why nothing is to review when notes lack dates, in words every front end shows; nil otherwise.
    public var undatedNotice: String? {
        guard notesToReview == 0, undatedNotes > 0 else { return nil }
        var digits = String(undatedNotes)
        for index in stride(from: digits.count - 3, to: 0, by: -3) {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
        }
        let notes = undatedNotes == 1 ? "1 note has" : "\(digits) notes have"
        return "\(notes) no created date (their file times say only when the vault was copied), so they come up "
            + "in no review; add 'created:' to their front matter (`vault check` lists them)."
    }

    /// Locations due in every palace.
    public var locationsDue: Int { palaces.reduce(0) { $0 + $1.due } }
}

extension StatusLine {
    /// The line's counts from the status report (its flashcards and streak
    /// filled in), the locations due per palace, and the reminders pending:
    /// the one way `vault status`, its `--line` and the dashboard count them.
    init(report: StatusReport, lociDue: [Int], pending: Int) {
        self.init(
            reviews: report.notesToReview, cards: report.flashcards?.toStudy ?? 0, palaces: lociDue.count,
            locations: lociDue.reduce(0, +), streak: report.studyStreak?.current ?? 0, pending: pending)
    }
}
