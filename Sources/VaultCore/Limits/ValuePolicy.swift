import Foundation

/// The one date and number policy for values that enter from outside: an
/// HTTP form, a row of an Anki collection, a CSV review log, a ledger line
/// written elsewhere. Each such value is checked against these ranges where
/// it enters (nil or an error naming it, never a trap), so that what is
/// inside is safe to compute with: a moment in range is a whole number of
/// milliseconds that fits in an `Int` many times over, its ledger line
/// reads back in every UTC offset, and an interval is at most
/// ``maximumIntervalDays``.
///
/// The rules:
/// - a moment given as milliseconds since 1970 (Anki's ids, the CSV's
///   `review_time`, the web page's `answered_at`) lies in ``milliseconds``:
///   1970-01-01T00:00:00Z to 9999-12-30T00:00:00Z, so that its day, written
///   with any offset of up to 14 hours, still has a year of four digits;
/// - a ledger sequence lies in ``sequences`` (at most 18 digits, as the ledger
///   reads them);
/// - an interval is capped at ``maximumIntervalDays`` (36,500 days: Anki's
///   `maximum_interval` default and ceiling) by every scheduler;
/// - arithmetic on these values is done in ranges that cannot overflow, or
///   with the `…ReportingOverflow` operations (``difference(_:_:)``).
public enum ValuePolicy {
    /// The milliseconds since 1970 a moment from outside may name:
    /// 1970-01-01T00:00:00Z to 9999-12-30T00:00:00Z.
    public static let milliseconds: ClosedRange<Int64> = 0...253_402_214_400_000

    /// The sequences a ledger line can carry: positive, at most 18 digits.
    public static let sequences: ClosedRange<Int64> = 1...999_999_999_999_999_999

    /// The longest interval any scheduler gives, in days: Anki's
    /// `maximum_interval` (its default, and the most its settings allow).
    public static let maximumIntervalDays = 36_500

    /// The largest UTC offset a ledger line is written with, in seconds (UTC+14:00, Kiribati).
    public static let maximumUTCOffset = 14 * 3600

    /// The moment `milliseconds` after 1970, nil outside ``milliseconds``.
    public static func moment(milliseconds value: Int64) -> Date? {
        guard milliseconds.contains(value) else { return nil }
        return Date(timeIntervalSince1970: Double(value) / 1000)
    }

    /// The moment `milliseconds` after 1970, nil outside ``milliseconds``.
    public static func moment(milliseconds value: Int) -> Date? { moment(milliseconds: Int64(value)) }

    /// True when `date` lies in ``milliseconds`` (a NaN or infinite time does not).
    public static func contains(_ date: Date) -> Bool {
        let ms = date.timeIntervalSince1970 * 1000
        return ms.isFinite && ms >= Double(milliseconds.lowerBound) && ms <= Double(milliseconds.upperBound)
    }

    /// `date` in whole milliseconds since 1970, nil outside ``milliseconds``.
    public static func wholeMilliseconds(of date: Date) -> Int64? {
        guard contains(date) else { return nil }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// `a - b`, nil when it would overflow.
    public static func difference(_ a: Int64, _ b: Int64) -> Int64? {
        let (value, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? nil : value
    }

    /// A number of days (a scheduler's raw interval) as whole days in
    /// `1...maximum` (at most ``maximumIntervalDays``), rounded by `rule`:
    /// never a trap, whatever the double (NaN and -∞ give 1, +∞ the maximum).
    public static func intervalDays(
        _ days: Double, maximum: Int = maximumIntervalDays, rounding rule: FloatingPointRoundingRule = .toNearestOrEven
    ) -> Int {
        let cap = max(1, min(maximum, maximumIntervalDays))
        guard !days.isNaN else { return 1 }
        let rounded = days.rounded(rule)
        if rounded <= 1 { return 1 }
        if rounded >= Double(cap) { return cap }
        return Int(rounded)
    }

    /// The whole number `text` spells (an optional `-`, then at most 18
    /// digits), when it lies in `range`; nil otherwise. Never traps.
    public static func integer(_ text: some StringProtocol, in range: ClosedRange<Int64>) -> Int64? {
        var digits = Substring(text)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in digits.utf8 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        if negative { value = -value }
        return range.contains(value) ? value : nil
    }

    /// Why `event` cannot be written as a ledger line that reads back the
    /// same; nil when it can. The ledger's writers ask before writing, so no
    /// value from outside ever leaves a line `vault check` cannot read.
    public static func ledgerProblem(_ event: LedgerEvent) -> String? {
        if !contains(event.time) {
            return "its time is not between 1970-01-01 and 9999-12-30"
        }
        if abs(event.utcOffset) > maximumUTCOffset || event.utcOffset % 60 != 0 {
            return "its UTC offset of \(event.utcOffset) seconds is not whole minutes within 14 hours"
        }
        if !sequences.contains(Int64(event.sequence)) {
            return "its sequence \(event.sequence) is not a positive number of at most 18 digits"
        }
        if event.device.isEmpty || event.device.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return "its device id is empty or holds white space"
        }
        let kindIsWord = event.kind.utf8.allSatisfy { b in
            let lower = b | 0x20
            return (lower >= 97 && lower <= 122) || (b >= 48 && b <= 57) || b == 45 || b == 95
        }
        if event.kind.isEmpty || !kindIsWord {
            return "its kind '\(event.kind)' holds characters other than letters, digits, '-' and '_'"
        }
        for field in event.fields
        where field.key.isEmpty || field.key.utf8.contains(where: { $0 == 0x3D || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return "its field name '\(field.key)' is empty or holds '=', a tab or a line break"
        }
        return nil
    }
}
