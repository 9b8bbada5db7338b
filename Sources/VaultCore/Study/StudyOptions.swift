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

/// StudyFlow's daily limit presets.
public enum StudyPreset: String, Hashable, Sendable, CaseIterable, Codable {
    /// 30 cards a day.
    case normal
    /// 50 cards a day, before an exam.
    case exam

    public var dailyLimit: Int { self == .exam ? 50 : 30 }
}

/// How to build a study queue.
public struct StudyOptions: Hashable, Sendable {
    public var mode: StudyMode
    /// Only cards of notes under this vault-relative folder.
    public var folder: String?
    public var preset: StudyPreset
    /// Overrides the preset's daily limit (`--limit`).
    public var limit: Int?
    /// Cards overdue by more than this many days are set aside.
    public var overdueGraceDays: Int

    public init(
        mode: StudyMode = .all, folder: String? = nil, preset: StudyPreset = .normal, limit: Int? = nil,
        overdueGraceDays: Int = 3
    ) {
        self.mode = mode
        self.folder = folder
        self.preset = preset
        self.limit = limit
        self.overdueGraceDays = overdueGraceDays
    }

    /// Cards a day, studied ones included.
    public var dailyLimit: Int { limit ?? preset.dailyLimit }
}
