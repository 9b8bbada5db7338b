/// The `study:` section of `.vault/config.yml` (docs/FORMAT.md, Flashcards):
/// what `vault study` uses when the command line says nothing, so an exam
/// term need not be retyped each day, and how sessions treat overdue cards,
/// leeches and the timer.
///
/// ```yaml
/// study:
///   daily_limit: 40         # cards a day, answered ones included
///   preset: exam            # normal (30 a day) | exam (50 a day)
///   overdue_per_day: 20     # long-overdue cards that rejoin the queue a day
///   leech_lapses: 8         # lapses that make a card a leech
///   leech_action: flag      # flag | suspend
///   timer: [5, 15]          # seconds: green below the first, amber below the second, red after
/// ```
///
/// What decides the day's limit, first match wins: `--exam` (the exam
/// preset's 50); `study.daily_limit`; the preset `study.preset` names.
/// `--limit N` is a batch (N cards now) within that limit.
public struct StudySettings: Hashable, Sendable {
    /// What happens to a leech.
    public enum LeechAction: String, Hashable, Sendable, CaseIterable {
        /// Listed and counted, still studied.
        case flag
        /// Left out of study until `vault cards --unsuspend CARD`.
        case suspend
    }

    /// Cards a day, answered ones included; nil for the preset's.
    public var dailyLimit: Int?
    /// The named intensity in force.
    public var preset: StudyPreset
    /// Cards overdue by more than the grace days that rejoin the queue a day, oldest first.
    public var overduePerDay: Int
    /// Failed answers after reaching review (lapses) that make a card a leech.
    public var leechLapses: Int
    public var leechAction: LeechAction
    /// Seconds since the question at which the study screen's timer turns amber.
    public var timerAmber: Int
    /// Seconds since the question at which the timer turns red.
    public var timerRed: Int

    public init(
        dailyLimit: Int? = nil, preset: StudyPreset = .normal, overduePerDay: Int = 20, leechLapses: Int = 8,
        leechAction: LeechAction = .flag, timerAmber: Int = 5, timerRed: Int = 15
    ) {
        self.dailyLimit = dailyLimit
        self.preset = preset
        self.overduePerDay = overduePerDay
        self.leechLapses = leechLapses
        self.leechAction = leechAction
        self.timerAmber = timerAmber
        self.timerRed = timerRed
    }

    /// The study options for what the command line gave (`limit`, the batch;
    /// `exam`; `focus`), these settings filling the rest.
    public func options(
        mode: StudyMode = .all, folder: String? = nil, limit: Int? = nil, exam: Bool = false,
        focus: StudyFocus = .today
    ) -> StudyOptions {
        StudyOptions(
            mode: mode, folder: folder, preset: exam ? .exam : preset, limit: limit,
            daily: exam ? nil : dailyLimit, overduePerDay: overduePerDay, focus: focus)
    }

    /// The largest daily limit a config may save.
    public static let limitRange = 1...10_000

    /// The setting names of the `study:` section.
    public static let keys = [
        "daily_limit", "preset", "overdue_per_day", "leech_lapses", "leech_action", "timer",
    ]
}
