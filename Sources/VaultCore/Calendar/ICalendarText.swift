import Foundation

/// RFC 5545 text: content lines ending in CRLF, folded at 75 octets (a
/// continuation starts with a space, never inside a UTF-8 sequence), TEXT
/// values with `\`, `;`, `,` and newlines escaped and other control characters left out.
public struct ICalendarText {
    private(set) var lines: [String] = []

    public init() {}

    /// Adds `NAME[;PARAMS]:VALUE` as is (the value already in its type's form).
    public mutating func add(_ name: String, _ value: String) { lines.append("\(name):\(value)") }

    /// Adds a TEXT property, escaped.
    public mutating func text(_ name: String, _ value: String) { add(name, Self.escape(value)) }

    /// `text` as a TEXT value: `\`, `;`, `,` escaped, a line break as `\n`, and
    /// every other control character (C0 but the tab, DEL, C1), which RFC 5545's
    /// TEXT does not allow, left out.
    public static func escape(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\t": out.unicodeScalars.append(c)
            default:
                if c.value < 0x20 || (0x7F...0x9F).contains(c.value) { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// One content line folded at 75 octets.
    static func fold(_ line: String) -> String {
        var out = ""
        var count = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if count + size > 75 {
                out += "\r\n "
                count = 1
            }
            out.unicodeScalars.append(scalar)
            count += size
        }
        return out
    }

    /// The text, every line folded and ended with CRLF.
    public var text: String { lines.map { Self.fold($0) + "\r\n" }.joined() }

    /// `20261118T090000Z`.
    public static func utc(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let day = Int((Double(seconds) / 86_400).rounded(.down))
        let civil = VaultDate.civil(fromDays: day)
        let rest = seconds - day * 86_400
        let time = (rest / 3600).zeroPadded(2) + (rest % 3600 / 60).zeroPadded(2) + (rest % 60).zeroPadded(2)
        return compactDate(civil) + "T" + time + "Z"
    }

    /// `20261118T090000`: day number and minutes after midnight, a local (floating) time.
    public static func local(day: Int, minutes: Int) -> String {
        let civil = VaultDate.civil(fromDays: day)
        return compactDate(civil) + "T\((minutes / 60).zeroPadded(2))\((minutes % 60).zeroPadded(2))00"
    }

    /// `20261118`.
    public static func date(day: Int) -> String { compactDate(VaultDate.civil(fromDays: day)) }

    private static func compactDate(_ civil: (year: Int, month: Int, day: Int)) -> String {
        civil.year.zeroPadded(4) + civil.month.zeroPadded(2) + civil.day.zeroPadded(2)
    }

    /// A VTIMEZONE for `zone` from its transitions between `from` and `to`
    /// (one STANDARD component at its fixed offset when it has none).
    public mutating func timeZone(_ zone: TimeZone, from: Date, to: Date) {
        add("BEGIN", "VTIMEZONE")
        add("TZID", zone.identifier)
        func offset(_ seconds: Int) -> String {
            let sign = seconds < 0 ? "-" : "+"
            let a = abs(seconds)
            return sign + (a / 3600).zeroPadded(2) + (a % 3600 / 60).zeroPadded(2)
        }
        var cursor = from
        var transitions: [(Date, Int, Int)] = []
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < to, transitions.count < 20 {
            transitions.append((next, zone.secondsFromGMT(for: next.addingTimeInterval(-1)), zone.secondsFromGMT(for: next)))
            cursor = next
        }
        if transitions.isEmpty {
            let fixed = zone.secondsFromGMT(for: from)
            add("BEGIN", "STANDARD")
            add("DTSTART", "19700101T000000")
            add("TZOFFSETFROM", offset(fixed))
            add("TZOFFSETTO", offset(fixed))
            add("END", "STANDARD")
        }
        for (instant, before, after) in transitions {
            let kind = zone.isDaylightSavingTime(for: instant) ? "DAYLIGHT" : "STANDARD"
            // DTSTART is the wall time the transition happens at, in the offset before it.
            let local = Int(instant.timeIntervalSince1970) + before
            let day = Int((Double(local) / 86_400).rounded(.down))
            let rest = local - day * 86_400
            add("BEGIN", kind)
            add("DTSTART", Self.local(day: day, minutes: rest / 60))
            add("TZOFFSETFROM", offset(before))
            add("TZOFFSETTO", offset(after))
            add("END", kind)
        }
        add("END", "VTIMEZONE")
    }
}
