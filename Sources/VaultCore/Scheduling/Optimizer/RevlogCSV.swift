import Foundation

/// A review log in the CSV of the FSRS optimizer tools: a header naming
/// `card_id`, `review_time` (milliseconds since 1970, UTC) and
/// `review_rating` (1-4), and optionally `review_state` (0 learning,
/// 1 review, 2 relearning, 3 filtered, 4 manual) and `review_duration` (ms),
/// in any order; other columns are ignored.
public enum RevlogCSV {
    /// A row (or the header) that cannot be read.
    public struct BadRow: LocalizedError, Equatable, Sendable {
        /// 1-based, the header being line 1.
        public var line: Int
        public var reason: String

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }

        public var errorDescription: String? { "line \(line): \(reason)" }
    }

    /// The entries of `text`, in file order. Without a `review_state`
    /// column, a card's first answer counts as its learning answer and the
    /// others as reviews.
    /// - Throws: ``BadRow`` for the first row that cannot be read; nothing is returned then.
    public static func parse(_ text: String) throws -> [RevlogEntry] {
        var text = text
        return try text.withUTF8 { try parse(bytes: $0) }
    }

    /// The bytes of a field, without surrounding spaces, tabs, carriage returns or double quotes.
    private static func trimmed(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var field = field
        while let first = field.first, first == 0x20 || first == 0x09 || first == 0x22 || first == 0x0D { field = field.dropFirst() }
        while let last = field.last, last == 0x20 || last == 0x09 || last == 0x22 || last == 0x0D { field = field.dropLast() }
        return field
    }

    /// A whole number, nil for anything else (or one too long).
    private static func integer(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
        guard !field.isEmpty, field.count <= 18 else { return nil }
        var value: Int64 = 0
        var negative = false
        var rest = field[...]
        if rest.first == 0x2D {
            negative = true
            rest = rest.dropFirst()
            guard !rest.isEmpty else { return nil }
        }
        for byte in rest {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        return negative ? -value : value
    }

    private static func string(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: field), as: UTF8.self)
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>) throws -> [RevlogEntry] {
        // Lines (without their newline), numbered from 1.
        var lines: [Range<Int>] = []
        var start = 0
        for i in 0..<bytes.count where bytes[i] == 0x0A {
            lines.append(start..<i)
            start = i + 1
        }
        if start < bytes.count { lines.append(start..<bytes.count) }
        guard let headerRange = lines.first else {
            throw BadRow(line: 1, reason: "the file is empty; it needs a header.")
        }
        var header = bytes[headerRange]
        if header.starts(with: [0xEF, 0xBB, 0xBF]) { header = header.dropFirst(3) }
        let names = header.split(separator: 0x2C, omittingEmptySubsequences: false).map { string(trimmed($0)) }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let cardColumn = column("card_id"), let timeColumn = column("review_time"),
            let ratingColumn = column("review_rating")
        else {
            throw BadRow(
                line: 1,
                reason:
                    "the header must name the columns card_id, review_time and review_rating (and may name review_state and review_duration); it is '\(string(header))'."
            )
        }
        let stateColumn = column("review_state")
        let durationColumn = column("review_duration")
        let needed = [cardColumn, timeColumn, ratingColumn, stateColumn ?? 0, durationColumn ?? 0].max()! + 1
        var entries: [RevlogEntry] = []
        entries.reserveCapacity(lines.count)
        var seen: Set<String> = []
        var fields: [Slice<UnsafeBufferPointer<UInt8>>] = []
        for (index, range) in lines.enumerated().dropFirst() {
            let lineNumber = index + 1
            let line = bytes[range]
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            fields.removeAll(keepingCapacity: true)
            var fieldStart = line.startIndex
            for i in line.indices where bytes[i] == 0x2C {
                fields.append(trimmed(bytes[fieldStart..<i]))
                fieldStart = i + 1
            }
            fields.append(trimmed(bytes[fieldStart..<line.endIndex]))
            guard fields.count >= needed else {
                throw BadRow(line: lineNumber, reason: "has \(fields.count) fields; the header names \(names.count).")
            }
            guard !fields[cardColumn].isEmpty else { throw BadRow(line: lineNumber, reason: "has no card_id.") }
            let card = string(fields[cardColumn])
            // The number policy: a moment from 1970 to 9999-12-30, or the row is refused.
            guard let ms = integer(fields[timeColumn]), let time = ValuePolicy.moment(milliseconds: ms) else {
                throw BadRow(
                    line: lineNumber,
                    reason:
                        "review_time '\(string(fields[timeColumn]))' is not a number of milliseconds since 1970 (up to 9999-12-30)."
                )
            }
            var kind: RevlogEntry.Kind
            if let stateColumn {
                guard let n = integer(fields[stateColumn]), let k = RevlogEntry.Kind(rawValue: Int(n)) else {
                    throw BadRow(
                        line: lineNumber,
                        reason:
                            "review_state '\(string(fields[stateColumn]))' is not 0 (learning), 1 (review), 2 (relearning), 3 (filtered) or 4 (manual)."
                    )
                }
                kind = k
            } else {
                kind = seen.insert(card).inserted ? .learning : .review
            }
            guard let rating = integer(fields[ratingColumn]), (1...4).contains(rating) || (kind == .manual && rating == 0)
            else {
                throw BadRow(
                    line: lineNumber,
                    reason: "review_rating '\(string(fields[ratingColumn]))' is not 1-4 (0 is allowed only on a manual row).")
            }
            if let durationColumn, !fields[durationColumn].isEmpty,
                integer(fields[durationColumn]) == nil && Double(string(fields[durationColumn])) == nil
            {
                throw BadRow(
                    line: lineNumber,
                    reason: "review_duration '\(string(fields[durationColumn]))' is not a number of milliseconds.")
            }
            entries.append(
                RevlogEntry(card: card, time: time, rating: Int(rating), kind: kind))
        }
        return entries
    }
}
