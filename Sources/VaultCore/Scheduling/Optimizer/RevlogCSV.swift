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
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).makeIterator()
        var lineNumber = 1
        guard let header = lines.next() else { throw BadRow(line: 1, reason: "the file is empty; it needs a header.") }
        let names = header.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"\u{FEFF}"))
        }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let cardColumn = column("card_id"), let timeColumn = column("review_time"),
            let ratingColumn = column("review_rating")
        else {
            throw BadRow(
                line: 1,
                reason:
                    "the header must name the columns card_id, review_time and review_rating (and may name review_state and review_duration); it is '\(header)'."
            )
        }
        let stateColumn = column("review_state")
        let durationColumn = column("review_duration")
        let needed = [cardColumn, timeColumn, ratingColumn, stateColumn ?? 0, durationColumn ?? 0].max()! + 1
        var entries: [RevlogEntry] = []
        var seen: Set<String> = []
        while let raw = lines.next() {
            lineNumber += 1
            if raw.allSatisfy(\.isWhitespace) { continue }
            let fields = raw.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard fields.count >= needed else {
                throw BadRow(line: lineNumber, reason: "has \(fields.count) fields; the header names \(names.count).")
            }
            let card = fields[cardColumn].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            guard !card.isEmpty else { throw BadRow(line: lineNumber, reason: "has no card_id.") }
            guard let ms = Int64(fields[timeColumn]), ms >= 0 else {
                throw BadRow(
                    line: lineNumber,
                    reason: "review_time '\(fields[timeColumn])' is not a number of milliseconds since 1970.")
            }
            var kind: RevlogEntry.Kind
            if let stateColumn {
                guard let n = Int(fields[stateColumn]), let k = RevlogEntry.Kind(rawValue: n) else {
                    throw BadRow(
                        line: lineNumber,
                        reason:
                            "review_state '\(fields[stateColumn])' is not 0 (learning), 1 (review), 2 (relearning), 3 (filtered) or 4 (manual)."
                    )
                }
                kind = k
            } else {
                kind = seen.contains(card) ? .review : .learning
            }
            guard let rating = Int(fields[ratingColumn]), (1...4).contains(rating) || (kind == .manual && rating == 0)
            else {
                throw BadRow(
                    line: lineNumber,
                    reason: "review_rating '\(fields[ratingColumn])' is not 1-4 (0 is allowed only on a manual row).")
            }
            if let durationColumn, !fields[durationColumn].isEmpty, Double(fields[durationColumn]) == nil {
                throw BadRow(
                    line: lineNumber, reason: "review_duration '\(fields[durationColumn])' is not a number of milliseconds.")
            }
            seen.insert(card)
            entries.append(
                RevlogEntry(card: card, time: Date(timeIntervalSince1970: Double(ms) / 1000), rating: rating, kind: kind))
        }
        return entries
    }
}
