/// The ranges of the numbers study tracking reads, from a command line or
/// the ledger (docs/FORMAT.md, "Study events"): a value outside them is
/// refused by the command, reported by `vault check` and skipped by replay,
/// so every sum and product over them fits in an `Int` or a finite `Double`.
public enum StudyRanges {
    /// Minutes of one session: from a minute to a day.
    public static let minutes = 1...1440
    /// Questions attempted (and answered correctly) in one session.
    public static let questions = 0...100_000
    /// Hours of a goal (more than 0, at most this).
    public static let maxGoalHours = 100_000.0

    /// Whether `hours` is a goal's hours: finite, more than 0, at most ``maxGoalHours``.
    public static func isGoalHours(_ hours: Double) -> Bool {
        hours.isFinite && hours > 0 && hours <= maxGoalHours
    }
}
