import Foundation

/// A fresh start for an adopted vault (`baseline` events): every review
/// period that ended before `day` counts as done, so only notes written from
/// then on come up for review. Field `before`: the first day not covered,
/// `YYYY-MM-DD` in the vault's zone. Old periods stay reviewable by id.
public struct BaselineEvent: TypedEvent, Hashable {
    public static let kind = "baseline"

    public var time: Date
    /// The first day (a day number in the vault's zone) that the baseline does not cover.
    public var day: Int

    public init(time: Date, day: Int) {
        self.time = time
        self.day = day
    }

    public var fields: [(key: String, value: String)] { [("before", Self.dayString(day))] }

    /// Reads a `baseline` event.
    /// - Throws: ``VaultCoreError/badEvent(kind:device:sequence:reason:)`` when `before` is missing or not a date.
    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        let text = try Self.required("before", in: event)
        guard let day = Self.day(text) else {
            throw Self.unreadable(event, "has a 'before' that is not a date ('\(text)')")
        }
        self.init(time: event.time, day: day)
    }

    /// `YYYY-MM-DD` as a day number, nil when it is not a date.
    public static func day(_ text: String) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
            let year = Int(parts[0]), VaultDate.years.contains(year), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month),
            (1...31).contains(day)
        else { return nil }
        let number = VaultDate.daysFromCivil(year, month, day)
        let back = VaultDate.civil(fromDays: number)
        return back.month == month && back.day == day ? number : nil
    }

    static func dayString(_ day: Int) -> String {
        let civil = VaultDate.civil(fromDays: day)
        return "\(civil.year.zeroPadded(4))-\(civil.month.zeroPadded(2))-\(civil.day.zeroPadded(2))"
    }
}

/// The baseline in force: the last `baseline` event in replay order.
public struct Baseline: Hashable, Sendable {
    /// The first day not covered (periods ending on or before it are done).
    public var day: Int
    /// When it was recorded.
    public var time: Date

    public init(day: Int, time: Date) {
        self.day = day
        self.time = time
    }

    /// The baseline of `events` (in replay order), nil when there is none.
    public init?(_ events: [BaselineEvent]) {
        guard let last = events.last else { return nil }
        self.init(day: last.day, time: last.time)
    }

    /// True when `period` ended before the baseline day.
    public func covers(_ period: ReviewPeriod) -> Bool { period.endDay <= day }

    /// The day as `YYYY-MM-DD`.
    public var dayString: String { BaselineEvent.dayString(day) }
}
