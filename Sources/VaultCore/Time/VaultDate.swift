import Foundation

/// Reading and writing the dates that appear in notes and the ledger.
///
/// Hand-written rather than `DateFormatter`-based: it runs once per note on
/// vaults of 100,000 notes, and it must read a zone-less value in the
/// vault's zone, never the machine's.
public enum VaultDate {
    /// The years a date in a note, the ledger or a command line may have:
    /// 1 to 9999, so every day prints as `YYYY-MM-DD` and every ISO week as
    /// `YYYY-Www` that reads back.
    public static let years = 1...9999

    /// Parses `2026-11-18`, `2026-11-18T08:42`, `2026-11-18 08:42:00`,
    /// `2026-11-18T08:42:00Z`, `2026-11-18T08:42:00.5+01:00` and the like.
    /// Values without a zone (and plain dates, read as midnight) are in `timeZone`.
    /// Years outside ``years`` (`0000-01-01`) are not dates: nil.
    public static func parse(_ text: String, in timeZone: TimeZone) -> Date? {
        var s = Substring(text.trimmingSpaces())
        if s.count >= 2, let first = s.first, (first == "\"" || first == "'"), s.last == first {
            s = s.dropFirst().dropLast()
        }
        let bytes = Array(s.utf8)
        var i = 0
        func number(_ count: Int) -> Int? {
            guard i + count <= bytes.count else { return nil }
            var value = 0
            for k in i..<(i + count) {
                let b = bytes[k]
                guard b >= 48, b <= 57 else { return nil }
                value = value * 10 + Int(b - 48)
            }
            i += count
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4), years.contains(year), expect(45), let month = number(2), expect(45),
            let day = number(2), (1...12).contains(month), (1...daysInMonth(year, month)).contains(day)
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0.0
        var offset: Int?
        if i < bytes.count {
            guard bytes[i] == 84 || bytes[i] == 116 || bytes[i] == 32 else { return nil }  // T t space
            i += 1
            guard let h = number(2), expect(58), let m = number(2), h < 24, m < 60 else { return nil }
            hour = h
            minute = m
            if expect(58) {
                guard let sec = number(2), sec < 61 else { return nil }
                second = Double(sec)
                if expect(46) {
                    var scale = 0.1
                    var digits = 0
                    while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
                        second += Double(bytes[i] - 48) * scale
                        scale /= 10
                        i += 1
                        digits += 1
                    }
                    guard digits > 0 else { return nil }
                }
            }
            if i < bytes.count, bytes[i] == 32 { i += 1 }
            if i < bytes.count {
                if bytes[i] == 90 || bytes[i] == 122 {  // Z z
                    i += 1
                    offset = 0
                } else if bytes[i] == 43 || bytes[i] == 45 {  // + -
                    let sign = bytes[i] == 45 ? -1 : 1
                    i += 1
                    // UTC offsets run from -12:00 to +14:00, in whole minutes.
                    guard let oh = number(2), oh <= 14 else { return nil }
                    _ = expect(58)
                    let om = number(2) ?? 0
                    guard om < 60 else { return nil }
                    offset = sign * (oh * 3600 + om * 60)
                }
            }
            guard i == bytes.count else { return nil }
        }
        let local = Double(daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60) + second
        if let offset { return Date(timeIntervalSince1970: local - Double(offset)) }
        return date(localSeconds: local, in: timeZone)
    }

    /// The date at the start of a file name, `2026-11-18 Title.md` or
    /// `2026-11-18.md`, as midnight in `timeZone`.
    public static func fromFileName(_ path: String, in timeZone: TimeZone) -> Date? {
        let name = NotePath.stem(path)
        guard name.utf8.count >= 10 else { return nil }
        let prefix = String(name.prefix(10))
        let rest = name.dropFirst(10)
        if let next = rest.first, next.isLetter || next.isNumber { return nil }
        return parse(prefix, in: timeZone)
    }

    /// The instant whose wall-clock reading in `timeZone` is `local` seconds
    /// since 1970-01-01T00:00 (a local time that a zone change skips or
    /// repeats resolves to the earlier offset).
    static func date(localSeconds local: Double, in timeZone: TimeZone) -> Date {
        let guess = Date(timeIntervalSince1970: local)
        let first = timeZone.secondsFromGMT(for: guess)
        let candidate = Date(timeIntervalSince1970: local - Double(first))
        let second = timeZone.secondsFromGMT(for: candidate)
        return second == first ? candidate : Date(timeIntervalSince1970: local - Double(second))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    public static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The calendar date of a day number from ``daysFromCivil(_:_:_:)``.
    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The days of `month` (1-12) in `year`.
    public static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The calendar day (year, month, day) of `date` in `timeZone`.
    public static func day(of date: Date, in timeZone: TimeZone) -> (year: Int, month: Int, day: Int) {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        return civil(fromDays: Int((local / 86_400).rounded(.down)))
    }

    /// `2026-11-18` for `date` in `timeZone`.
    public static func dayString(_ date: Date, in timeZone: TimeZone) -> String {
        let d = day(of: date, in: timeZone)
        return "\(d.year.zeroPadded(4))-\(d.month.zeroPadded(2))-\(d.day.zeroPadded(2))"
    }

    /// `2026-11-18T08:42:00Z`: the canonical form `vault` writes.
    public static func isoString(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let rest = seconds - days * 86_400
        let d = civil(fromDays: days)
        return "\(d.year.zeroPadded(4))-\(d.month.zeroPadded(2))-\(d.day.zeroPadded(2))T"
            + "\((rest / 3600).zeroPadded(2)):\((rest % 3600 / 60).zeroPadded(2)):\((rest % 60).zeroPadded(2))Z"
    }

    /// `2026-11-18T09:42:00+01:00`: a moment as the wall clock in `timeZone` reads it.
    public static func isoString(_ date: Date, in timeZone: TimeZone) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let rest = seconds - days * 86_400
        let d = civil(fromDays: days)
        let sign = offset < 0 ? "-" : "+"
        let (hours, minutes) = (abs(offset) / 3600, abs(offset) % 3600 / 60)
        let zone = offset == 0 ? "Z" : sign + "\(hours.zeroPadded(2)):\(minutes.zeroPadded(2))"
        return "\(d.year.zeroPadded(4))-\(d.month.zeroPadded(2))-\(d.day.zeroPadded(2))T"
            + "\((rest / 3600).zeroPadded(2)):\((rest % 3600 / 60).zeroPadded(2)):\((rest % 60).zeroPadded(2))" + zone
    }
}

extension VaultDate {
    /// UTC, made once: `TimeZone(identifier:)` costs microseconds on Linux, per call.
    public static let utc = TimeZone(identifier: "UTC")!

    /// The day number of `YYYY-MM-DD`, nil for anything else.
    public static func parseDay(_ text: String) -> Int? { BaselineEvent.day(text) }

    /// `YYYY-MM-DD` of a day number.
    public static func dayString(dayNumber day: Int) -> String { BaselineEvent.dayString(day) }
}
