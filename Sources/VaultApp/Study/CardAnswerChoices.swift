import Foundation
import VaultCore

/// The answers offered for one card outside a study session: what the language server's code
/// actions on a card's lines show. The choices are the study screens' (``StudyFlow/Rating``:
/// the rating choices of the card's scheduler, ``RatingChoice``, each with the interval it would
/// give), offered only while the card is up for study as the study queue counts it: new, or due
/// before the end of today in the vault's zone, and neither suspended, buried nor inactive. An
/// answer given to a card that is not due would be an early review the scheduler did not plan
/// (and an editor's menu offers it on every visit to the line), so the editor offers none then;
/// `vault study --rate` still answers any card on purpose.
public struct CardAnswerChoices: Sendable {
    /// The card.
    public var card: Card
    /// Its schedule now.
    public var schedule: CardSchedule
    /// The answers offered, in key order, with the interval each would give.
    public var ratings: [StudyFlow.Rating]

    /// The choices for each card of `cards` (the cards of one note, all of them: a card's
    /// history may continue an edited sibling's) that is up for study at the context's moment,
    /// in the order given; a card that is not up for study gets none (it is left out). Only
    /// these cards are replayed, so an editor can ask on every visit to a line.
    public static func offered(for cards: [Card], context: AppContext) -> [CardAnswerChoices] {
        guard !cards.isEmpty else { return [] }
        let studying = Studying(context, cards: cards)
        let replay = studying.replay()
        let held = studying.holds()
        let suspended = studying.suspended(replay.schedules)
        let now = context.now
        let endOfToday = Self.endOfToday(now, in: context.timeZone)
        return cards.compactMap { card in
            let schedule =
                replay.schedules[card.id]
                ?? CardSchedule(settings: context.config.schedulers.settings(forNotePath: card.notePath))
            guard held[card.id] == nil, !suspended.contains(card.id), schedule.tier != .inactive else { return nil }
            if !schedule.isNew {
                guard let due = schedule.due, due < endOfToday else { return nil }
            }
            let ratings = RatingChoice.choices(for: schedule.settings.name).map { choice in
                let outcome = CardAnswering.answer(
                    card, with: choice.answer, at: now, responseMilliseconds: nil, replay: replay,
                    config: context.config.schedulers
                ).schedule
                return StudyFlow.Rating(choice, giving: outcome, at: now)
            }
            return CardAnswerChoices(card: card, schedule: schedule, ratings: ratings)
        }
    }

    /// The start of the day after `now`'s in `timeZone`: a card due before it is due today.
    static func endOfToday(_ now: Date, in timeZone: TimeZone) -> Date {
        VaultDate.startOfDay(VaultDate.dayNumber(of: now, in: timeZone) + 1, in: timeZone)
    }
}
