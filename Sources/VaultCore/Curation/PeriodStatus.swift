/// Where the review of one period stands.
public enum PeriodStatus: String, Sendable, Codable {
    /// No note is eligible: nothing to review.
    case empty = "nothing to review"
    /// No eligible note has been decided yet.
    case notStarted = "not started"
    /// Some eligible notes are decided, some pending.
    case inProgress = "in progress"
    /// Every eligible note is decided.
    case completed
    /// A `finish` event closed the period with notes undecided; they stay unpromoted.
    case finishedEarly = "finished early"
    /// The period ended before the vault's baseline (`vault baseline`): done, its notes unpromoted.
    case beforeBaseline = "before baseline"

    /// True when the review needs no more work.
    public var isDone: Bool {
        self == .empty || self == .completed || self == .finishedEarly || self == .beforeBaseline
    }
}
