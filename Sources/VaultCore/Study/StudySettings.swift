/// `study:` in `.vault/config.yml`: the daily limit and intensity preset
/// `vault study` uses when the command line names none, so an exam term
/// need not be retyped each day.
///
/// What decides a session's limit, first match wins: `--limit N`; `--exam`
/// (the exam preset's 50); `study.daily_limit`; the preset `study.preset`
/// names (normal 30, exam 50).
public struct StudySettings: Hashable, Sendable {
    /// Cards a day, answered ones included; nil for the preset's.
    public var dailyLimit: Int?
    /// The named intensity in force.
    public var preset: StudyPreset

    public init(dailyLimit: Int? = nil, preset: StudyPreset = .normal) {
        self.dailyLimit = dailyLimit
        self.preset = preset
    }

    /// The study options for what the command line gave (`limit`, `exam`), these settings filling the rest.
    public func options(mode: StudyMode = .all, folder: String? = nil, limit: Int? = nil, exam: Bool = false) -> StudyOptions {
        StudyOptions(
            mode: mode, folder: folder, preset: exam ? .exam : preset, limit: limit ?? (exam ? nil : dailyLimit))
    }

    /// The largest daily limit a config may save.
    public static let limitRange = 1...10_000
}
