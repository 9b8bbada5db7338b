import Foundation
import VaultCore

/// The JSON shape of a card in `vault cards --json` (and `study --list`).
/// Fields a scheduler does not have are `null`: `stability` and
/// `difficulty` (fsrs), `ease_factor` (sm2), `tier` and
/// `promotion_suggested` (tiers).
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
    var interval: Int?
    var promotionSuggested: Bool?

    enum CodingKeys: String, CodingKey {
        case id, note, line, kind, question, answer, hint, scheduler, state, tier, due, reviews, accuracy, stability
        case difficulty, interval
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
        scheduler = schedule.settings.name.rawValue
        state = hold?.rawValue ?? (schedule.isNew ? "new" : schedule.state.name)
        let tiers = schedule.settings.name == .tiers
        tier = tiers ? schedule.tier.rawValue : nil
        isNew = schedule.isNew
        due = schedule.due.map { VaultDate.isoString($0, in: timeZone) }
        lastReview = schedule.lastReview.map { VaultDate.isoString($0, in: timeZone) }
        reviews = schedule.reviews
        accuracy = schedule.accuracy
        promotionSuggested = tiers ? schedule.promotionSuggested : nil
        switch schedule.state {
        case .fsrs(let s):
            stability = s.stability
            difficulty = s.difficulty
        case .sm2(let s):
            easeFactor = s.easeFactor
            interval = s.interval
        case .tiers, .ladder:
            interval = schedule.isNew ? nil : schedule.intervalDays
        }
    }
}
