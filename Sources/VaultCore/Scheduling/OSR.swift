import Foundation

/// The `osr` scheduler's settings: the Spaced Repetition plugin's algorithm settings
/// (`schedulers: osr:` in `.vault/config.yml`, taken from its `data.json`), and the zone its
/// days are counted in (the vault's).
public struct OSRSettings: Hashable, Sendable {
    /// A new card's ease (×100).
    public var baseEase: Double
    /// A Hard answer's interval factor.
    public var lapsesIntervalChange: Double
    /// An Easy answer's extra factor.
    public var easyBonus: Double
    /// The longest interval, in days.
    public var maximumInterval: Double
    /// The plugin's load balancing: intervals are whole days. The plugin also moves an
    /// interval of 8 days or more to the least busy day near it; `vault` does not (it would
    /// make a card's schedule depend on every other card's), see docs/FORMAT.md.
    public var loadBalance: Bool
    /// The vault's zone, where a due date's day begins.
    public var timeZoneIdentifier: String

    /// The plugin's defaults (v1.15.4).
    public init(
        baseEase: Double = 250, lapsesIntervalChange: Double = 0.5, easyBonus: Double = 1.3,
        maximumInterval: Double = 36525, loadBalance: Bool = true, timeZoneIdentifier: String = "UTC"
    ) {
        self.baseEase = baseEase
        self.lapsesIntervalChange = lapsesIntervalChange
        self.easyBonus = easyBonus
        self.maximumInterval = maximumInterval
        self.loadBalance = loadBalance
        self.timeZoneIdentifier = timeZoneIdentifier
    }

    /// Every setting as `schedulers: osr:` writes it.
    public var configEntries: [(key: String, value: String)] {
        [
            ("base_ease", OSR.jsNumber(baseEase)), ("lapses_interval_change", OSR.jsNumber(lapsesIntervalChange)),
            ("easy_bonus", OSR.jsNumber(easyBonus)), ("maximum_interval", OSR.jsNumber(maximumInterval)),
            ("load_balance", String(loadBalance)),
        ]
    }

    /// The settings as `schedulers: osr:` writes them (`base_ease: 250`…), those equal in `base` left out.
    public func configEntries(changedFrom base: OSRSettings) -> [(key: String, value: String)] {
        var entries: [(String, String)] = []
        if baseEase != base.baseEase { entries.append(("base_ease", OSR.jsNumber(baseEase))) }
        if lapsesIntervalChange != base.lapsesIntervalChange {
            entries.append(("lapses_interval_change", OSR.jsNumber(lapsesIntervalChange)))
        }
        if easyBonus != base.easyBonus { entries.append(("easy_bonus", OSR.jsNumber(easyBonus))) }
        if maximumInterval != base.maximumInterval { entries.append(("maximum_interval", OSR.jsNumber(maximumInterval))) }
        if loadBalance != base.loadBalance { entries.append(("load_balance", String(loadBalance))) }
        return entries
    }

    /// The zone (UTC when the identifier is unknown here).
    public var timeZone: TimeZone { TimeZone(identifier: timeZoneIdentifier) ?? VaultDate.utc }
}

/// A card's state under the `osr` scheduler: what the plugin's schedule comment holds.
public struct OSRCardState: Hashable, Sendable {
    /// The day the card is due (a day number); nil for a card never reviewed.
    public var dueDay: Int?
    // Beside the due day, in its padding; the dates packed (``PackedDate``): 48 bytes, not 58.
    /// True for a state taken from an `!fsrs` group: as in the plugin, the days the card is
    /// overdue then count in the next interval (for the plugin's own groups they never do).
    public var countsOverdueDays: Bool
    /// The start of ``dueDay`` in the vault's zone.
    @PackedDate public var due: Date?
    /// The interval in days (1 before the first review, 0 after Again).
    public var interval: Double
    /// The ease, ×100 (250 is an ease factor of 2.5).
    public var ease: Double
    @PackedDate public var lastReview: Date?

    public init(
        dueDay: Int?, due: Date?, interval: Double, ease: Double, lastReview: Date? = nil,
        countsOverdueDays: Bool = false
    ) {
        self.dueDay = dueDay
        self.due = due
        self.interval = interval
        self.ease = ease
        self.lastReview = lastReview
        self.countsOverdueDays = countsOverdueDays
    }

    /// A card never reviewed, whose first answer starts from `ease`.
    public static func new(ease: Double) -> OSRCardState {
        OSRCardState(dueDay: nil, due: nil, interval: 1, ease: ease)
    }
}

/// The Spaced Repetition plugin's default algorithm, SM-2-OSR (its `osrSchedule`, v1.15.4),
/// on `vault`'s answers: Again, Hard, Good and Easy (docs/FORMAT.md, The schedulers).
///
/// From the interval `i` (at least 1; 1 for a new card) and the ease `e` (the base ease for a
/// new card):
/// - Easy: e += 20; i = i × e / 100 × easy bonus;
/// - Good: i = i × e / 100;
/// - Hard: e = max(130, e − 20); i = max(1, i × lapses interval change);
/// - Again: e = max(130, e − 20); i = 0 (due again today).
///
/// With load balancing the interval is rounded to whole days (half up); it is at most the
/// maximum interval and rounded to a tenth of a day. The card is due that many days (rounded
/// half up) after the day of the answer, at the start of the day in the vault's zone.
public struct OSR: Sendable {
    public let settings: OSRSettings

    public init(settings: OSRSettings) { self.settings = settings }

    /// The state after `rating` at `time`.
    public func review(_ card: OSRCardState, rating: FSRSRating, at time: Date) -> OSRCardState {
        let zone = settings.timeZone
        let today = StoredSchedule.dayNumber(time, zone)
        var delay = 0
        if card.countsOverdueDays, let due = card.due {
            delay = max(0, Int((time.timeIntervalSince(due) / 86_400).rounded(.down)))
        }
        let next = schedule(
            rating: rating, interval: card.dueDay == nil ? 1 : card.interval, ease: card.ease, delayDays: delay)
        let dueDay = today + Int(Self.jsRound(next.interval))
        return OSRCardState(
            dueDay: dueDay, due: VaultDate.startOfDay(dueDay, in: zone), interval: next.interval, ease: next.ease,
            lastReview: time)
    }

    /// The plugin's `osrSchedule`: the interval and ease after `rating`, from `interval`,
    /// `ease` and the days the card was overdue.
    public func schedule(rating: FSRSRating, interval original: Double, ease start: Double, delayDays: Int)
        -> (interval: Double, ease: Double)
    {
        let delay = Double(delayDays)
        var interval = max(1, original)
        var ease = start
        switch rating {
        case .easy:
            ease += 20
            interval = ((interval + delay) * ease) / 100
            interval *= settings.easyBonus
        case .good:
            interval = ((interval + delay / 2) * ease) / 100
        case .hard:
            ease = max(130, ease - 20)
            interval = max(1, (interval + delay / 4) * settings.lapsesIntervalChange)
        case .again:
            ease = max(130, ease - 20)
            interval = 0
        }
        if settings.loadBalance { interval = Self.jsRound(interval) }
        interval = min(interval, settings.maximumInterval)
        interval = Self.jsRound(interval * 10) / 10
        return (interval, ease)
    }

    /// An interval as the plugin's buttons show it (its `textInterval`, mobile form), in
    /// `vault`'s units: `3d`, `2.5d`; months (`1.2mo`) from about 30 days; years (`1.5y`) from
    /// about 365; `1m` for Again (due again now).
    public static func intervalText(_ interval: Double) -> String {
        if interval < 1 { return "1m" }
        let months = jsRound(interval / 3.04375) / 10
        let years = jsRound(interval / 36.525) / 10
        if months < 1 { return jsNumber(interval) + "d" }
        if years < 1 { return jsNumber(months) + "mo" }
        return jsNumber(years) + "y"
    }

    /// JavaScript's `Math.round`: halves up (`2.5` → 3, `-2.5` → -2).
    public static func jsRound(_ x: Double) -> Double { (x + 0.5).rounded(.down) }

    /// A number as JavaScript writes it (`3`, `2.5`, `36525`).
    public static func jsNumber(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return String(x)
    }

    /// JavaScript's `parseInt(text)` (base 10): the leading whole number, nil when there is none.
    public static func parseInt(_ text: String) -> Int? {
        var s = Substring(text).drop { OSRText.isWhitespace($0.unicodeScalars.first!) }
        var sign = 1
        if let c = s.first, c == "-" || c == "+" {
            if c == "-" { sign = -1 }
            s = s.dropFirst()
        }
        let digits = s.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 15, let value = Int(digits) else { return nil }
        return sign * value
    }

    /// JavaScript's `parseFloat(text)` for plain decimals (`2.5`, `-0.1`, `1e3`), nil when there is none.
    public static func parseFloat(_ text: String) -> Double? {
        let s = text.drop { OSRText.isWhitespace($0.unicodeScalars.first!) }
        var end = s.startIndex
        var best: Double?
        while end < s.endIndex {
            end = s.index(after: end)
            if let value = Double(s[s.startIndex..<end]), value.isFinite { best = value }
            if s.distance(from: s.startIndex, to: end) > 40 { break }
        }
        return best
    }

    /// The plugin's `difficultyToEase`: FSRS difficulty 1…10 as an ease 370…130.
    public static func ease(ofDifficulty difficulty: Double) -> Double {
        let clamped = min(10, max(1, difficulty))
        return jsRound(130 + (10 - clamped) / 9 * (370 - 130))
    }

    /// The plugin's `easeToDifficulty`: an ease 130…370 as an FSRS difficulty 10…1.
    public static func difficulty(ofEase ease: Double) -> Double {
        let clamped = min(370, max(130, ease))
        return min(10, max(1, 10 - (clamped - 130) / (370 - 130) * 9))
    }
}
