import Foundation

/// What a flashcard review was, as Anki's statistics count it: the first
/// answer to a card is learning; an answer after a failed one relearning;
/// otherwise young (interval under 21 days) or mature (21 days or more).
public enum ReviewKind: String, Sendable, CaseIterable, Encodable {
    case learn, young, mature, relearn

    /// Days from which a card is mature.
    public static let matureDays = 21.0
}

/// One rating with its kind and what the stats need of it.
public struct ClassifiedReview: Sendable {
    public var time: Date
    public var card: String
    public var kind: ReviewKind
    /// Again (fsrs), quality below 3 (sm2) or wrong (tiers, ladder) fails.
    public var passed: Bool
    /// The button: again, hard, good, easy (sm2 qualities and right/wrong mapped to these).
    public var button: String
    public var responseMilliseconds: Int?
    /// The interval before the answer, in days (nil for a first answer).
    public var intervalDays: Double?
    public var notePath: String?
}

extension ReviewKind {
    /// `ratings` (in time order) classified; `paths` maps a card id to its note's path where known.
    public static func classify(_ ratings: [RatingEvent], paths: [String: String]) -> [ClassifiedReview] {
        var last: [String: (time: Date, passed: Bool)] = [:]
        var out: [ClassifiedReview] = []
        out.reserveCapacity(ratings.count)
        for rating in ratings {
            let passed = Self.passes(rating.answer)
            let previous = last[rating.card]
            var interval: Double?
            if let previous, let due = rating.before.first(where: { $0.key == "due" }).flatMap({ VaultDate.parse($0.value, in: VaultDate.utc) }) {
                interval = max(0, due.timeIntervalSince(previous.time) / 86_400)
            } else if let previous {
                interval = rating.time.timeIntervalSince(previous.time) / 86_400
            }
            let kind: ReviewKind
            if previous == nil {
                kind = .learn
            } else if previous?.passed == false {
                kind = .relearn
            } else {
                kind = (interval ?? 0) >= matureDays ? .mature : .young
            }
            out.append(
                ClassifiedReview(
                    time: rating.time, card: rating.card, kind: kind, passed: passed,
                    button: button(rating.answer), responseMilliseconds: rating.responseMilliseconds,
                    intervalDays: interval, notePath: paths[rating.card]))
            last[rating.card] = (rating.time, passed)
        }
        return out
    }

    static func passes(_ answer: ReviewAnswer) -> Bool {
        switch answer {
        case .fsrs(let r): return r != .again
        case .quality(let q): return q >= 3
        case .correct: return true
        case .wrong: return false
        }
    }

    static func button(_ answer: ReviewAnswer) -> String {
        switch answer {
        case .correct: return "good"
        case .wrong: return "again"
        default: return answer.fsrsRating.name
        }
    }
}
