/// The `study:` settings of `.vault/config.yml` that shape a study session
/// besides the schedulers (docs/FORMAT.md, Flashcards):
///
/// ```yaml
/// study:
///   overdue_per_day: 20     # long-overdue cards that rejoin the queue a day
///   leech_lapses: 8         # lapses that make a card a leech
///   leech_action: flag      # flag | suspend
///   timer: [5, 15]          # seconds: green below the first, amber below the second, red after
/// ```
public struct StudyHabits: Hashable, Sendable {
    /// What happens to a leech.
    public enum LeechAction: String, Hashable, Sendable, CaseIterable {
        /// Listed and counted, still studied.
        case flag
        /// Left out of study until `vault cards --unsuspend CARD`.
        case suspend
    }

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
        overduePerDay: Int = 20, leechLapses: Int = 8, leechAction: LeechAction = .flag, timerAmber: Int = 5,
        timerRed: Int = 15
    ) {
        self.overduePerDay = overduePerDay
        self.leechLapses = leechLapses
        self.leechAction = leechAction
        self.timerAmber = timerAmber
        self.timerRed = timerRed
    }

    /// The setting names of the `study:` section read here.
    public static let keys = ["overdue_per_day", "leech_lapses", "leech_action", "timer"]
}
