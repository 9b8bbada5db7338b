import Foundation
import VaultCore

/// The JSON shape of a card in `vault cards --json` (and `study --list`).
/// Fields a scheduler does not have are `null`: `stability` and
/// `difficulty` (fsrs), `ease_factor` (sm2; osr: the stored ease / 100), `tier` and
/// `promotion_suggested` (tiers), `deck` (the Spaced Repetition plugin's cards).
/// `interval` is in days: a whole number, or a decimal for an osr card whose plugin
/// wrote one (`2.5` when its load balancing is off).
struct CardJSON: Encodable {
    var id: String
    var notePath: String
    var note: String
    var line: Int
    var kind: String
    var question: String
    var answer: String
    /// The card's `%%hint: …%%`, null when it has none.
    var hint: String?
    var scheduler: String
    var state: String
    var tier: String?
    var isNew: Bool
    var due: String?
    var lastReview: String?
    var reviews: Int
    var accuracy: Double?
    var stability: Double?
    var difficulty: Double?
    var easeFactor: Double?
    var interval: Days?
    var promotionSuggested: Bool?
    var deck: String?

    /// Days as the plugin writes them: `3`, `2.5`.
    struct Days: Encodable {
        var value: Double
        func encode(to encoder: Encoder) throws {
            var c = encoder.singleValueContainer()
            if value == value.rounded(), abs(value) < 1e15 { try c.encode(Int(value)) } else { try c.encode(value) }
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, note, line, kind, question, answer, hint, scheduler, state, tier, due, reviews, accuracy, stability
        case difficulty, interval, deck
        case notePath = "note_path", isNew = "is_new", lastReview = "last_review", easeFactor = "ease_factor"
        case promotionSuggested = "promotion_suggested"
    }

    /// - Parameter hold: a held card's `state` is `suspended` or `buried` (out of study until released or the next day).
    init(_ card: Card, _ schedule: CardSchedule, timeZone: TimeZone, hold: CardHold? = nil) {
        id = card.id
        notePath = card.notePath
        note = card.noteKey
        line = card.line
        kind = card.kind.rawValue
        question = card.question
        answer = card.answer
        hint = card.hint
        deck = card.deck
        scheduler = schedule.settings.name.rawValue
        state = hold?.rawValue ?? (schedule.isNew ? "new" : schedule.state.name)
        let tiers = schedule.settings.name == .tiers
        tier = tiers ? schedule.tier.rawValue : nil
        isNew = schedule.isNew
        due = schedule.due.map { VaultDate.isoString($0, in: timeZone) }
        // An adopted card's last review is the one its stored schedule implies, unless the ledger has a later one.
        let last = [schedule.lastReview, schedule.storedReview].compactMap { $0 }.max()
        lastReview = last.map { VaultDate.isoString($0, in: timeZone) }
        reviews = schedule.reviews
        accuracy = schedule.accuracy
        promotionSuggested = tiers ? schedule.promotionSuggested : nil
        switch schedule.state {
        case .fsrs(let s):
            stability = s.stability
            difficulty = s.difficulty
        case .sm2(let s):
            easeFactor = s.easeFactor
            interval = Days(value: Double(s.interval))
        case .tiers, .ladder:
            interval = schedule.isNew ? nil : Days(value: Double(schedule.intervalDays))
        case .osr(let s):
            easeFactor = s.ease / 100
            interval = schedule.isNew ? nil : Days(value: s.interval)
        }
    }
}
