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
    /// The Obsidian Spaced Repetition plugin's SM-2 variant (SM-2-OSR), for its adopted cards.
    case osr
}

extension SchedulerName {
    /// Reads a ledger `scheduler` value; nil for an unknown name. Compares
    /// the four names directly: `init(rawValue:)` goes through the generic
    /// string-switch lookup, which cost 0.2 s per million rate events in replay.
    public init?(ledgerValue value: String) {
        if value == "fsrs" {
            self = .fsrs
        } else if value == "sm2" {
            self = .sm2
        } else if value == "tiers" {
            self = .tiers
        } else if value == "ladder" {
            self = .ladder
        } else if value == "osr" {
            self = .osr
        } else {
            return nil
        }
    }
}
