import Foundation

/// One ledger line: the text form of a ``LedgerEvent`` (format v1, see docs/FORMAT.md).
///
/// `TIME<TAB>DEVICE<TAB>SEQ<TAB>KIND<TAB>key=value…`, TIME as
/// `2026-11-18T10:00:00.000+01:00`; values percent-encode only `%`, tab, CR
/// and LF. Parsing works on UTF-8 bytes, without regular expressions or
/// formatters, because replay reads millions of lines.
public enum LedgerLine {
    /// The header line every ledger file starts with.
    public static let header = "# vault-ledger v1"
    /// The format version this build reads and writes.
    public static let version = 1

    /// Why a line is not an event.
    public enum Failure: Error, Equatable, Sendable {
        case tooFewFields
        case badTime
        case badDevice
        case badSequence
        case badKind
        case badField(Int)

        /// A sentence for `vault check`.
        public var reason: String {
            switch self {
            case .tooFewFields: "the line has fewer than the four fields TIME, DEVICE, SEQ and KIND"
            case .badTime: "the time is not written as 2026-11-18T10:00:00.000+01:00"
            case .badDevice: "the device id is empty or holds spaces"
            case .badSequence: "the sequence number is not a positive whole number"
            case .badKind: "the kind is empty or holds characters other than letters, digits, '-' and '_'"
            case .badField(let n): "field \(n) is not written as key=value"
            }
        }
    }

    /// The line for `event`, without the trailing newline.
    public static func format(_ event: LedgerEvent) -> String {
        var line = formatTime(event.time, utcOffset: event.utcOffset)
        line += "\t" + event.device + "\t" + String(event.sequence) + "\t" + event.kind
        for field in event.fields {
            line += "\t" + field.key + "=" + encode(field.value)
        }
        return line
    }

    /// `2026-11-18T10:00:00.000+01:00`: `time` on a clock `utcOffset` seconds from UTC.
    public static func formatTime(_ time: Date, utcOffset: Int) -> String {
        let millis = Int((time.timeIntervalSince1970 * 1000).rounded()) + utcOffset * 1000
        let days = millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000
        let rest = millis - days * 86_400_000
        let d = VaultDate.civil(fromDays: days)
        let seconds = rest / 1000
        // Zero-padded by hand, not String(format:): an import of 500,000 Anki reviews spent a fifth of its
        // time casting these numbers to CVarArg.
        var out = d.year.zeroPadded(4)
        out.reserveCapacity(29)
        out += "-" + d.month.zeroPadded(2) + "-" + d.day.zeroPadded(2) + "T" + (seconds / 3600).zeroPadded(2) + ":"
        out += (seconds % 3600 / 60).zeroPadded(2) + ":" + (seconds % 60).zeroPadded(2) + "." + (rest % 1000).zeroPadded(3)
        if utcOffset == 0 {
            out += "Z"
        } else {
            out += (utcOffset < 0 ? "-" : "+") + (abs(utcOffset) / 3600).zeroPadded(2) + ":"
            out += (abs(utcOffset) % 3600 / 60).zeroPadded(2)
        }
        return out
    }

    /// Percent-encodes `%`, tab, CR and LF, the only bytes a value cannot hold.
    public static func encode(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x25 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) else {
            return value
        }
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\t": out += "%09"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Parses one line (without its newline; a trailing CR is tolerated).
    public static func parse(_ line: String) -> Result<LedgerEvent, Failure> {
        var copy = line
        return copy.withUTF8 { parse($0) }
    }

    /// Parses one line given as UTF-8 bytes (without its newline).
    /// A UTF-8 byte order mark before the line (an editor's) and trailing
    /// white space (a CR, a stray tab or space) are not part of the event.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<LedgerEvent, Failure> {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x0D || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x20 { end -= 1 }
        // Find the tab-separated fields.
        var i = 0
        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        func nextField() -> Range<Int> {
            let start = i
            while i < end, bytes[i] != 0x09 { i += 1 }
            let range = start..<i
            i += 1
            return range
        }
        let timeRange = nextField()
        guard i <= end else { return .failure(.tooFewFields) }
        let deviceRange = nextField()
        guard i <= end else { return .failure(.tooFewFields) }
        let seqRange = nextField()
        guard i <= end else { return .failure(.tooFewFields) }
        let kindRange = nextField()
        guard let parsed = parseTime(bytes, timeRange) else { return .failure(.badTime) }
        guard !deviceRange.isEmpty, !deviceRange.contains(where: { bytes[$0] == 0x20 }) else {
            return .failure(.badDevice)
        }
        var sequence = 0
        guard !seqRange.isEmpty, seqRange.count <= 18 else { return .failure(.badSequence) }
        for k in seqRange {
            let b = bytes[k]
            guard b >= 48, b <= 57 else { return .failure(.badSequence) }
            sequence = sequence * 10 + Int(b - 48)
        }
        guard sequence > 0 else { return .failure(.badSequence) }
        guard !kindRange.isEmpty,
            kindRange.allSatisfy({ k in
                let b = bytes[k] | 0x20
                return (b >= 97 && b <= 122) || (bytes[k] >= 48 && bytes[k] <= 57) || bytes[k] == 45 || bytes[k] == 95
            })
        else { return .failure(.badKind) }
        var fields: [(key: String, value: String)] = []
        if i <= end {
            // One allocation for all fields, not one per doubling.
            var tabs = 1
            for k in i..<end where bytes[k] == 0x09 { tabs += 1 }
            fields.reserveCapacity(tabs)
        }
        var n = 0
        while i <= end {
            n += 1
            let range = nextField()
            guard let eq = range.first(where: { bytes[$0] == 0x3D }), eq > range.lowerBound else {
                return .failure(.badField(n))
            }
            let key = string(bytes, range.lowerBound..<eq)
            guard let value = decode(bytes, (eq + 1)..<range.upperBound) else { return .failure(.badField(n)) }
            fields.append((key, value))
        }
        return .success(
            LedgerEvent(
                time: parsed.time, utcOffset: parsed.offset, device: string(bytes, deviceRange), sequence: sequence,
                kind: string(bytes, kindRange), fields: fields))
    }

    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        guard range.contains(where: { bytes[$0] == 0x25 }) else { return string(bytes, range) }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var k = range.lowerBound
        while k < range.upperBound {
            if bytes[k] == 0x25 {
                guard k + 2 < range.upperBound, let h = hex(bytes[k + 1]), let l = hex(bytes[k + 2]) else { return nil }
                out.append(h << 4 | l)
                k += 3
            } else {
                out.append(bytes[k])
                k += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: b - 48
        case 65...70: b - 55
        case 97...102: b - 87
        default: nil
        }
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fff]` then `Z` or `±HH:MM`.
    static func parseTime(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (time: Date, offset: Int)? {
        let s = range.lowerBound
        let count = range.count
        guard count >= 20 else { return nil }
        @inline(__always) func num(_ at: Int, _ len: Int) -> Int? {
            var v = 0
            for k in (s + at)..<(s + at + len) {
                let b = bytes[k]
                guard b >= 48, b <= 57 else { return nil }
                v = v * 10 + Int(b - 48)
            }
            return v
        }
        guard bytes[s + 4] == 45, bytes[s + 7] == 45, bytes[s + 10] == 84, bytes[s + 13] == 58, bytes[s + 16] == 58,
            let year = num(0, 4), let month = num(5, 2), let day = num(8, 2), let hour = num(11, 2),
            let minute = num(14, 2), let second = num(17, 2), (1...12).contains(month),
            day >= 1, day <= VaultDate.daysInMonth(year, month), hour < 24, minute < 60, second < 61
        else { return nil }
        var i = 19
        var millis = 0
        if bytes[s + i] == 46 {
            i += 1
            var digits = 0
            var scale = 100
            while i < count, bytes[s + i] >= 48, bytes[s + i] <= 57 {
                millis += Int(bytes[s + i] - 48) * scale
                scale /= 10
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
        }
        guard i < count else { return nil }
        var offset = 0
        if bytes[s + i] == 90 {
            guard i + 1 == count else { return nil }
        } else if bytes[s + i] == 43 || bytes[s + i] == 45 {
            guard i + 6 == count, bytes[s + i + 3] == 58, let oh = num(i + 1, 2), let om = num(i + 4, 2), oh < 24,
                om < 60
            else { return nil }
            offset = (oh * 3600 + om * 60) * (bytes[s + i] == 45 ? -1 : 1)
        } else {
            return nil
        }
        let local = VaultDate.daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
        let utcMillis = (local - offset) * 1000 + millis
        return (Date(timeIntervalSince1970: Double(utcMillis) / 1000), offset)
    }
}
