/// The schedulers a folder can use (docs/FORMAT.md, Flashcards).
public enum SchedulerName: String, Hashable, Sendable, CaseIterable, Codable {
    /// FSRS-6, the default.
    case fsrs
    /// SuperMemo 2 with quality 0-5.
    case sm2
    /// StudyFlow's manual tiers: learning, reviewing, mastered, inactive.
    case tiers
    /// Memo's review ladder: 1, 7, 30, 90 days.
    case ladder
}
