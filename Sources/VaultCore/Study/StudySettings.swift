import Foundation

/// The `study:` section of `.vault/config.yml` (docs/FORMAT.md, Flashcards):
/// what `vault study` uses when the command line says nothing, so an exam
/// term need not be retyped each day, and how sessions treat overdue cards,
/// leeches and the timer.
///
/// ```yaml
/// study:
///   daily_limit: 40         # cards a day, answered ones included
///   preset: exam            # normal (30 a day) | intensive (50) | exam (50, long-overdue cards all back)
///   limits_by_day:          # a weekday's own limit; 0 is a day off
///     saturday: 5
///     sunday: 0
///   overdue_per_day: 20     # long-overdue cards that rejoin the queue a day
///   leech_lapses: 8         # lapses that make a card a leech
///   leech_action: flag      # flag | suspend
///   timer: [5, 15]          # seconds: green below the first, amber below the second, red after
/// ```
///
/// What decides the day's limit, first match wins: `--exam` (the exam
/// preset's 50); today's weekday in `study.limits_by_day`;
/// `study.daily_limit`; the preset `study.preset` names. `--limit N` is a
/// batch (N cards now) within that limit. A day whose limit is 0 is a day
/// off: no card is studied (new or due: reviews wait for the next day) and
/// `vault remind` offers none.
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
    /// Each weekday's own limit (0 Monday … 6 Sunday, as ``RemindSettings/weekdayNames``); 0 is a day off.
    public var limitsByDay: [Int: Int]

    public init(
        dailyLimit: Int? = nil, preset: StudyPreset = .normal, overduePerDay: Int = 20, leechLapses: Int = 8,
        leechAction: LeechAction = .flag, timerAmber: Int = 5, timerRed: Int = 15, limitsByDay: [Int: Int] = [:]
    ) {
        self.limitsByDay = limitsByDay
        self.dailyLimit = dailyLimit
        self.preset = preset
        self.overduePerDay = overduePerDay
        self.leechLapses = leechLapses
        self.leechAction = leechAction
        self.timerAmber = timerAmber
        self.timerRed = timerRed
    }

    /// The study options for what the command line gave (`limit`, the batch;
    /// `exam`; `focus`) on `weekday` (0 Monday … 6 Sunday; nil: no
    /// weekday's own limit), these settings filling the rest.
    public func options(
        mode: StudyMode = .all, folder: String? = nil, limit: Int? = nil, exam: Bool = false,
        focus: StudyFocus = .today, weekday: Int? = nil
    ) -> StudyOptions {
        StudyOptions(
            mode: mode, folder: folder, preset: exam ? .exam : preset, limit: limit,
            daily: exam ? nil : dailyLimit(onWeekday: weekday), overduePerDay: overduePerDay, focus: focus)
    }

    /// The limit these settings give on `weekday` before the preset's:
    /// the weekday's own (`limits_by_day`), else `daily_limit`; nil for the preset's.
    public func dailyLimit(onWeekday weekday: Int?) -> Int? {
        weekday.flatMap { limitsByDay[$0] } ?? dailyLimit
    }

    /// The day's limit on `weekday` (without `--exam`): the weekday's own, `daily_limit`, or the preset's.
    public func limit(onWeekday weekday: Int?) -> Int {
        dailyLimit(onWeekday: weekday) ?? preset.dailyLimit
    }

    /// True when `weekday` is a day off from study (`limits_by_day` gives it 0).
    public func isDayOff(_ weekday: Int) -> Bool { limitsByDay[weekday] == 0 }

    /// The largest daily limit a config may save.
    public static let limitRange = 1...10_000

    /// What a weekday's limit may be: 0 (a day off) to the largest daily limit.
    public static let dayLimitRange = 0...10_000

    /// The group names `limits_by_day` takes beside the weekdays' own:
    /// `weekdays` (Monday to Friday) and `weekend` (Saturday and Sunday); a day named itself wins.
    public static let dayGroups: [String: [Int]] = ["weekdays": [0, 1, 2, 3, 4], "weekend": [5, 6]]

    /// Learning cards answered today come back after this long while the folder studied holds fewer than
    /// ``learningAgainBelow`` learning cards.
    public static let learningStep: TimeInterval = 10 * 60

    /// The number of learning cards (new ones included) under which learning cards come back the same day.
    public static let learningAgainBelow = 20

    /// How long after its answer a learning card answered today comes back
    /// today: ``learningStep`` while fewer than ``learningAgainBelow`` of
    /// `cards` under `folder` (the whole deck when nil) are in the learning
    /// tier, new ones included; nil (they wait for their day) from then on.
    public static func learningAgainAfter(
        cards: [Card], schedules: [String: CardSchedule], folder: String?
    ) -> TimeInterval? {
        let prefix = folder.map(SchedulerConfig.folderPrefix) ?? ""
        var count = 0
        for i in cards.indices where prefix.isEmpty || cards[i].notePath.hasPrefix(prefix) {
            if (schedules[cards[i].id]?.tier ?? .learning) == .learning {
                count += 1
                if count >= learningAgainBelow { return nil }
            }
        }
        return learningStep
    }

    /// The setting names of the `study:` section.
    public static let keys = [
        "daily_limit", "preset", "overdue_per_day", "leech_lapses", "leech_action", "timer", "limits_by_day",
    ]
}
