import Foundation

/// The review log: what Anki's statistics screen shows of it, and accuracy
/// per folder, which Anki does not.
public struct ReviewStats: Sendable, Encodable {
    public var total: Int
    /// Each day of the span: reviews by kind and the running total.
    public var perDay: [ReviewDay]
    /// How often each answer button was used, per kind.
    public var buttons: [ButtonCount]
    /// Each hour of the day (vault's zone): reviews and pass rate.
    public var hours: [HourCount]
    /// True retention (Anki): the first review of a card each day, Again a
    /// fail, learning and relearning reviews left out; young and mature apart.
    public var retention: [RetentionSpan]
    /// Seconds a review took: per day of the span (mean), and the median over the span.
    public var answerSeconds: [Tally]
    public var medianAnswerSeconds: Double?
    /// Per folder of the cards' notes: reviews and pass rate over the span, and per week.
    public var folders: [FolderAccuracy]

    public struct ReviewDay: Sendable, Encodable {
        public var day: String
        public var learn: Int
        public var young: Int
        public var mature: Int
        public var relearn: Int
        public var cumulative: Int
    }

    public struct ButtonCount: Sendable, Encodable {
        public var kind: String
        public var again: Int
        public var hard: Int
        public var good: Int
        public var easy: Int
    }

    public struct HourCount: Sendable, Encodable {
        public var hour: Int
        public var reviews: Int
        public var passRate: Double?
    }

    public struct RetentionSpan: Sendable, Encodable {
        public var span: String
        public var young: Double?
        public var youngReviews: Int
        public var mature: Double?
        public var matureReviews: Int
        public var total: Double?
    }

    public struct FolderAccuracy: Sendable, Encodable {
        public var folder: String
        public var reviews: Int
        public var passRate: Double?
        /// Pass rate per ISO week, the last weeks of the span (nil: no review that week).
        public var weekly: [Double?]
    }

    init(_ input: StatsInput, reviews: [ClassifiedReview]) {
        let zone = input.timeZone
        let today = VaultDate.dayNumber(of: input.now, in: zone)
        let first = today - input.days + 1
        let inSpan = reviews.filter { $0.time <= input.now && $0.day >= first }
        total = inSpan.count
        var days = Array(repeating: [0, 0, 0, 0], count: input.days)
        var seconds = Array(repeating: (sum: 0.0, n: 0), count: input.days)
        // Again, hard, good, easy per kind (other buttons, sm2's and the tiers', are not shown):
        // counted in place, no string hashed per review.
        var buttons = Array(repeating: [0, 0, 0, 0], count: ReviewKind.allCases.count)
        var hours = Array(repeating: (n: 0, passed: 0), count: 24)
        var allSeconds: [Double] = []
        for review in inSpan {
            let day = review.day
            let k = ReviewKind.allCases.firstIndex(of: review.kind)!
            days[day - first][k] += 1
            if let b = Self.shownButtons.firstIndex(of: review.button) { buttons[k][b] += 1 }
            hours[review.hour].n += 1
            if review.passed { hours[review.hour].passed += 1 }
            if let ms = review.responseMilliseconds, ms > 0, ms < 3_600_000 {
                seconds[day - first].sum += Double(ms) / 1000
                seconds[day - first].n += 1
                allSeconds.append(Double(ms) / 1000)
            }
        }
        var running = 0
        perDay = days.enumerated().map { i, c in
            running += c.reduce(0, +)
            return ReviewDay(
                day: VaultDate.dayString(dayNumber: first + i), learn: c[0], young: c[1], mature: c[2], relearn: c[3],
                cumulative: running)
        }
        self.buttons = ReviewKind.allCases.enumerated().map { k, kind in
            let b = buttons[k]
            return ButtonCount(kind: kind.rawValue, again: b[0], hard: b[1], good: b[2], easy: b[3])
        }
        self.hours = hours.enumerated().map { h, c in
            HourCount(hour: h, reviews: c.n, passRate: c.n > 0 ? Double(c.passed) / Double(c.n) : nil)
        }
        answerSeconds = seconds.enumerated().map { i, s in
            Tally(VaultDate.dayString(dayNumber: first + i), s.n > 0 ? (s.sum / Double(s.n) * 10).rounded() / 10 : 0)
        }
        allSeconds.sort()
        medianAnswerSeconds = allSeconds.isEmpty ? nil : allSeconds[allSeconds.count / 2]
        retention = Self.retention(reviews, today: today, now: input.now)
        var folderOfCard: [String: String] = [:]
        for card in input.cards {
            folderOfCard[card.id] = card.notePath.contains("/") ? String(card.notePath[..<card.notePath.lastIndex(of: "/")!]) : "/"
        }
        let folderOfSlot = input.cardLog.ids.map { folderOfCard[$0] }
        folders = Self.folders(inSpan, folderOf: folderOfSlot, today: today, weeks: max(4, (input.days + 6) / 7))
    }

    /// The buttons counted per review kind, in ``ButtonCount``'s order.
    static let shownButtons = ["again", "hard", "good", "easy"]

    /// Anki's true retention over today, yesterday, the last 7, 30 and 365 days.
    static func retention(_ reviews: [ClassifiedReview], today: Int, now: Date) -> [RetentionSpan] {
        // The first review of each card each day, review kinds only, in the last year.
        var firsts: [(day: Int, mature: Bool, passed: Bool)] = []
        for review in reviews where review.firstOfDay && review.time <= now && review.day > today - 365 {
            guard review.kind == .young || review.kind == .mature else { continue }
            firsts.append((review.day, review.kind == .mature, review.passed))
        }
        let spans: [(String, ClosedRange<Int>)] = [
            ("today", today...today), ("yesterday", (today - 1)...(today - 1)), ("week", (today - 6)...today),
            ("month", (today - 29)...today), ("year", (today - 364)...today),
        ]
        return spans.map { name, range in
            let inSpan = firsts.filter { range.contains($0.day) }
            let young = inSpan.filter { !$0.mature }
            let mature = inSpan.filter(\.mature)
            func rate(_ xs: [(day: Int, mature: Bool, passed: Bool)]) -> Double? {
                xs.isEmpty ? nil : Double(xs.filter(\.passed).count) / Double(xs.count)
            }
            return RetentionSpan(
                span: name, young: rate(young), youngReviews: young.count, mature: rate(mature),
                matureReviews: mature.count, total: rate(inSpan))
        }
    }

    /// Pass rate per folder of the note (its path without the file name), overall and per week.
    static func folders(_ reviews: [ClassifiedReview], folderOf: [String?], today: Int, weeks: Int) -> [FolderAccuracy] {
        let monday = today - (today + 3) % 7
        var byFolder: [String: (n: Int, passed: Int, weekly: [(n: Int, passed: Int)])] = [:]
        for review in reviews {
            guard let folder = folderOf[review.card] else { continue }
            var entry = byFolder[folder] ?? (0, 0, Array(repeating: (0, 0), count: weeks))
            entry.n += 1
            if review.passed { entry.passed += 1 }
            let week = (monday - review.day + 6) / 7
            if week >= 0, week < weeks {
                entry.weekly[weeks - 1 - week].n += 1
                if review.passed { entry.weekly[weeks - 1 - week].passed += 1 }
            }
            byFolder[folder] = entry
        }
        return byFolder.sorted { $0.key < $1.key }.map { folder, e in
            FolderAccuracy(
                folder: folder, reviews: e.n, passRate: e.n > 0 ? Double(e.passed) / Double(e.n) : nil,
                weekly: e.weekly.map { $0.n > 0 ? Double($0.passed) / Double($0.n) : nil })
        }
    }
}
