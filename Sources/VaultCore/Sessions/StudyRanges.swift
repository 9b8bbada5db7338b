/// The ranges of the numbers study tracking reads, from a command line or
/// the ledger (docs/FORMAT.md, "Study events"): a value outside them is
/// refused by the command, reported by `vault check` and skipped by replay,
/// so every sum and product over them fits in an `Int` or a finite `Double`.
public enum StudyRanges {
    /// Minutes of one session: from a minute to a day.
    public static let minutes = 1...1440
    /// Questions attempted (and answered correctly) in one session.
    public static let questions = 0...100_000
    /// The response time of one answer (`response_ms` of a `rate` event), in
    /// milliseconds: at most a day. Replay reads a value outside it as no
    /// response time (the answer itself stands), so sums over a million answers fit.
    public static let responseMilliseconds = 0...86_400_000

    /// A `response_ms` field read as a response time, nil when it is not a whole number in range.
    public static func responseMilliseconds(_ text: String) -> Int? {
        Int(text).flatMap { responseMilliseconds.contains($0) ? $0 : nil }
    }

    /// Hours of a goal (more than 0, at most this).
    public static let maxGoalHours = 100_000.0

    /// Whether `hours` is a goal's hours: finite, more than 0, at most ``maxGoalHours``.
    public static func isGoalHours(_ hours: Double) -> Bool {
        hours.isFinite && hours > 0 && hours <= maxGoalHours
    }
}
