import Foundation

/// Which cards a study session takes (`vault study --mode`).
public enum StudyMode: String, Hashable, Sendable, CaseIterable, Codable {
    /// Due cards of every tier and new cards.
    case all
    /// Cards in the learning tier (new ones included).
    case learning
    /// Cards in the reviewing tier.
    case reviewing
    /// Cards with a due date today or earlier; no new cards.
    case due
}

/// StudyFlow's intensity presets: how many cards a day, and, for an exam,
/// whether long-overdue cards wait their turn.
public enum StudyPreset: String, Hashable, Sendable, CaseIterable, Codable {
    /// 30 cards a day.
    case normal
    /// 50 cards a day: a heavier term, with the usual spread of long-overdue cards.
    case intensive
    /// 50 cards a day before an exam, and every long-overdue card back in
    /// today's queue at once (oldest first, within the limit) instead of
    /// `overdue_per_day` a day: nothing learnt waits for after the exam.
    case exam

    public var dailyLimit: Int { self == .normal ? 30 : 50 }

    /// Whether long-overdue cards come back all at once rather than a few a day.
    public var liftsOverdueSpread: Bool { self == .exam }
}

/// Which cards a session is about, beside ``StudyMode``.
public enum StudyFocus: String, Hashable, Sendable, CaseIterable, Codable {
    /// Today's queue: due cards, new cards, and long-overdue cards coming back a few a day.
    case today
    /// Every overdue card now, oldest first (`--overdue`), whatever the spread and the daily limit.
    case overdue
    /// Answered cards, due or not, weakest first (`--weak`): lowest retrievability
    /// now, then most lapses, then lowest accuracy.
    case weak
    /// Every card, due or not, hardest first (`--cram`); answers are `cram`
    /// events that change no schedule.
    case cram
}

/// How to build a study queue.
public struct StudyOptions: Hashable, Sendable {
    public var mode: StudyMode
    /// Only cards of notes under this vault-relative folder.
    public var folder: String?
    public var preset: StudyPreset
    /// The batch: at most this many cards now (`--limit`), whatever was
    /// answered earlier today; the daily limit still caps the day.
    public var limit: Int?
    /// Overrides the preset's daily limit (`Int.max`: none).
    public var daily: Int?
    /// Cards overdue by more than this many days are set aside: out of the
    /// overdue group, coming back at most ``overduePerDay`` a day.
    public var overdueGraceDays: Int
    /// Set-aside cards that rejoin the queue a day, oldest first (`study.overdue_per_day`).
    public var overduePerDay: Int
    public var focus: StudyFocus
    /// Cards left out of study (suspended leeches).
    public var suspended: Set<String>
    /// Learning cards answered today come back today this long after their
    /// last answer, though their schedule says a later day (StudyFlow: a
    /// learning card "several times a day while there are few"); nil: they wait for their day.
    public var learningAgainAfter: TimeInterval? = nil

    public init(
        mode: StudyMode = .all, folder: String? = nil, preset: StudyPreset = .normal, limit: Int? = nil,
        daily: Int? = nil, overdueGraceDays: Int = 3, overduePerDay: Int = 20, focus: StudyFocus = .today,
        suspended: Set<String> = []
    ) {
        self.mode = mode
        self.folder = folder
        self.preset = preset
        self.limit = limit
        self.daily = daily
        self.overdueGraceDays = overdueGraceDays
        self.overduePerDay = overduePerDay
        self.focus = focus
        self.suspended = suspended
    }

    /// Options for counting what waits today: no batch, no daily limit.
    public static func unlimited(overduePerDay: Int = 20, suspended: Set<String> = []) -> StudyOptions {
        StudyOptions(mode: .all, limit: Int.max, daily: Int.max, overduePerDay: overduePerDay, suspended: suspended)
    }

    /// Cards a day, studied ones included.
    public var dailyLimit: Int { daily ?? preset.dailyLimit }

    /// Whether the card `id` with `schedule` is one this session's mode takes
    /// (suspended and inactive cards never are), whether due or not.
    func admits(_ id: String, _ schedule: CardSchedule) -> Bool {
        if !suspended.isEmpty, suspended.contains(id) { return false }
        let tier = schedule.tier
        guard tier != .inactive else { return false }
        switch mode {
        case .all: return true
        case .learning: return tier == .learning
        case .reviewing: return tier == .reviewing
        case .due: return !schedule.isNew
        }
    }
}
