import Foundation

/// The Spaced Repetition plugin's schedule comment, `<!--SR:!2025-05-01,51,255!2000-01-01,1,250-->`:
/// one `!` group per card of a question, in the order of its cards, read and written as the
/// plugin's notes data store does (v1.15.4).
public enum OSRScheduleComment {
    /// The due date the plugin writes for a card of the question not reviewed yet.
    public static let newCardDate = "2000-01-01"

    /// One group as read.
    public enum Group: Hashable, Sendable {
        /// A schedule.
        case scheduled(StoredSchedule)
        /// `2000-01-01` (the plugin's new card), a group with no date, or one past the question's cards.
        case new
        /// A group the plugin could read but `vault` cannot: kept as new, with the reason.
        case unreadable(String, reason: String)
    }

    /// The groups of the first schedule comment in `text` (a comment on one line), as the
    /// plugin's `createSchedule` reads them; without a comment, the legacy `!date,interval,ease`
    /// groups anywhere in `text`. Empty when there is neither.
    public static func groups(in text: String) -> [Group] {
        if let comment = firstComment(in: text) {
            return comment.split(separator: "!", omittingEmptySubsequences: false)
                .map { OSRText.trim($0) }.filter { !$0.isEmpty }.map(group)
        }
        return legacyGroups(in: text)
    }

    /// The inside of the first `<!--SR:…-->` on one line (the plugin's `/<!--SR:(.+?)-->/`).
    static func firstComment(in text: String) -> Substring? {
        var rest = text[...]
        while let open = OSRText.firstRange(of: OSRParser.commentStart, in: rest) {
            let after = rest[open.upperBound...]
            let scalars = after.unicodeScalars
            let lineEnd = scalars.firstIndex { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" } ?? scalars.endIndex
            let line = Substring(scalars[..<lineEnd])
            // At least one character before the `-->` (the plugin's `.+?`).
            if !line.isEmpty,
                let close = OSRText.firstRange(of: "-->", in: Substring(line.unicodeScalars.dropFirst()))
            {
                return line[..<close.lowerBound]
            }
            rest = after
        }
        return nil
    }

    /// `!2023-01-01,3,250` groups written without a comment (the plugin's legacy reading).
    static func legacyGroups(in text: String) -> [Group] {
        var groups: [Group] = []
        var rest = text[...]
        while let bang = rest.firstIndex(of: "!") {
            var i = rest.index(after: bang)
            let dateStart = i
            while i < rest.endIndex, rest[i].isASCII, rest[i].isNumber || rest[i] == "-" { i = rest.index(after: i) }
            let date = rest[dateStart..<i]
            var numbers: [Substring] = []
            var j = i
            while numbers.count < 2, j < rest.endIndex, rest[j] == "," {
                let start = rest.index(after: j)
                var k = start
                while k < rest.endIndex, rest[k].isASCII, rest[k].isNumber { k = rest.index(after: k) }
                guard k > start else { break }
                numbers.append(rest[start..<k])
                j = k
            }
            if !date.isEmpty, numbers.count == 2 {
                groups.append(group(Substring(String(date) + "," + String(numbers[0]) + "," + String(numbers[1]))))
                rest = rest[j...]
            } else {
                rest = rest[rest.index(after: bang)...]
            }
        }
        return groups
    }

    /// One group's text, without its `!`.
    static func group(_ text: Substring) -> Group {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if fields.first == "fsrs" { return fsrsGroup(fields, text: String(text)) }
        guard let dueText = fields.first, let day = OSRDates.day(dueText) else {
            return fields.first.map { $0.isEmpty ? .new : .unreadable(String(text), reason: "its date '\($0)' is not a date") } ?? .new
        }
        if day == OSRDates.day(newCardDate) { return .new }
        guard fields.count >= 3, let interval = OSR.parseInt(fields[1]), let ease = OSR.parseInt(fields[2]) else {
            return .unreadable(String(text), reason: "it needs a date, an interval and an ease")
        }
        return .scheduled(.osr(dueDay: day, interval: Double(interval), ease: Double(ease)))
    }

    static func fsrsGroup(_ f: [String], text: String) -> Group {
        guard f.count >= 2, let due = OSRDates.moment(f[1]) else {
            return .unreadable(text, reason: "its due moment is not an ISO 8601 time")
        }
        func double(_ i: Int) -> Double? { i < f.count ? OSR.parseFloat(f[i]) : nil }
        func int(_ i: Int) -> Int? { i < f.count ? OSR.parseInt(f[i]) : nil }
        guard let interval = double(2), let stability = double(3), let difficulty = double(4), let state = int(5),
            let reps = int(6), let lapses = int(7), let steps = int(8)
        else {
            return .unreadable(text, reason: "an FSRS group needs due, interval, stability, difficulty, state, reps, lapses and steps")
        }
        let last = f.count > 9 ? OSRDates.moment(f[9]) : nil
        return .scheduled(
            .fsrs(
                OSRFSRSGroup(
                    due: due, interval: interval, stability: stability, difficulty: difficulty, state: state, reps: reps,
                    lapses: lapses, learningSteps: steps, lastReview: last)))
    }

    /// `text` without its schedule comments: each `<!--SR:` up to the last `-->` of its line
    /// removed (the plugin's `removeScheduleInfo`).
    public static func removing(from text: String) -> String {
        var out = ""
        var first = true
        for line in OSRText.lines(text) {
            if !first { out += "\n" }
            first = false
            guard let open = OSRText.firstRange(of: OSRParser.commentStart, in: line) else {
                out += line
                continue
            }
            // The last `-->` after at least one character.
            let body = line[open.upperBound...]
            var close: Range<Substring.Index>?
            var search = body.isEmpty ? body : body[body.index(after: body.startIndex)...]
            while let found = OSRText.firstRange(of: "-->", in: search) {
                close = found
                search = search[found.upperBound...]
                if search.isEmpty { break }
            }
            if let close {
                out += line[..<open.lowerBound] + line[close.upperBound...]
            } else {
                out += line
            }
        }
        return out
    }

    /// The comment for `groups` (each `!date,interval,ease`), as the plugin writes it.
    public static func format(_ groups: [String]) -> String {
        OSRParser.commentStart + groups.joined() + "-->"
    }

    /// One card's group: `!2025-05-01,51,255`.
    public static func group(dueDay: Int, interval: Double, ease: Double) -> String {
        "!\(VaultDate.dayString(dayNumber: dueDay)),\(OSR.jsNumber(interval)),\(OSR.jsNumber(ease))"
    }

    /// The group the plugin writes for a card of the question not reviewed yet: `!2000-01-01,1,250`.
    public static func newGroup(baseEase: Double) -> String {
        "!\(newCardDate),1,\(OSR.jsNumber(baseEase))"
    }
}

/// Dates as the plugin reads them (moment.js with `YYYY-MM-DD`, `DD-MM-YYYY` or `ddd MMM DD YYYY`).
enum OSRDates {
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The day number of a date the plugin reads, nil for anything else.
    static func day(_ text: String) -> Int? {
        let t = text.trimmingCharacters(in: .whitespaces)
        let parts = t.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) {
            let numbers = parts.compactMap { Int($0) }
            guard numbers.count == 3 else { return nil }
            let (y, m, d) = parts[0].count == 4 ? (numbers[0], numbers[1], numbers[2]) : (numbers[2], numbers[1], numbers[0])
            return valid(y, m, d)
        }
        let words = t.split(separator: " ")
        if words.count == 4, let m = months.firstIndex(of: words[1].lowercased().prefix(3).description),
            let d = Int(words[2]), let y = Int(words[3])
        {
            return valid(y, m + 1, d)
        }
        return nil
    }

    static func valid(_ y: Int, _ m: Int, _ d: Int) -> Int? {
        guard (1...9999).contains(y), (1...12).contains(m), d >= 1, d <= VaultDate.daysInMonth(y, m) else { return nil }
        return VaultDate.daysFromCivil(y, m, d)
    }

    /// An ISO 8601 moment (`2025-05-01T08:00:00.000Z`), nil for `-` and anything unreadable.
    static func moment(_ text: String) -> Date? {
        guard text != "-", !text.isEmpty else { return nil }
        return VaultDate.parse(text, in: VaultDate.utc)
    }
}
