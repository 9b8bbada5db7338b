import Foundation
import VaultCore

/// The JSON shape of a card in `vault cards --json`.
struct CardJSON: Encodable {
    var id: String
    var notePath: String
    var note: String
    var line: Int
    var kind: String
    var question: String
    var answer: String
    var scheduler: String
    var state: String
    var tier: String
    var isNew: Bool
    var due: String?
    var lastReview: String?
    var reviews: Int
    var accuracy: Double?
    var stability: Double?
    var difficulty: Double?
    var easeFactor: Double?
    var interval: Int?
    var promotionSuggested: Bool

    init(_ card: Card, _ schedule: CardSchedule, timeZone: TimeZone) {
        id = card.id
        notePath = card.notePath
        note = card.noteKey
        line = card.line
        kind = card.kind.rawValue
        question = card.question
        answer = card.answer
        scheduler = schedule.settings.name.rawValue
        state = schedule.isNew ? "new" : schedule.state.name
        tier = schedule.tier.rawValue
        isNew = schedule.isNew
        due = schedule.due.map { VaultDate.isoString($0, in: timeZone) }
        lastReview = schedule.lastReview.map { VaultDate.isoString($0, in: timeZone) }
        reviews = schedule.reviews
        accuracy = schedule.accuracy
        promotionSuggested = schedule.promotionSuggested
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
