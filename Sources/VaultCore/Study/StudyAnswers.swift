import Foundation

/// The answers and tier moves given in one scripted `vault study` call
/// (`--rate CARD=good --tier CARD=reviewing`), turned into the events to
/// append: a pure function of the arguments, the cards and the replayed ledger.
public enum StudyAnswers {
    /// One card's outcome.
    public struct Outcome: Hashable, Sendable {
        public var card: Card
        /// The answer's ledger word (`good`, `q4`…), or `tier=…` for a tier move.
        public var given: String
        public var schedule: CardSchedule
    }

    /// Plans `rates` (`CARD=ANSWER`) then `tiers` (`CARD=TIER`), in the order
    /// given, all at `time` cut to whole milliseconds (as the ledger writes
    /// times, so the recorded states are the ones replay recomputes); later
    /// answers to one card build on earlier ones.
    /// With `cram`, the answers are `cram` events that change no schedule.
    /// - Throws: ``VaultCoreError`` for an unknown card or an unreadable answer, before anything is planned.
    public static func plan(
        rates: [String], tiers: [String], cards: [Card], replay: CardReplay, config: SchedulerConfig, at time: Date,
        cram: Bool = false
    ) throws -> (events: [PendingCardEvent], outcomes: [Outcome]) {
        let time = Date(timeIntervalSince1970: (time.timeIntervalSince1970 * 1000).rounded() / 1000)
        var replay = replay
        var events: [PendingCardEvent] = []
        var outcomes: [Outcome] = []
        for argument in rates {
            let (card, value) = try split(argument, cards: cards)
            let settings = replay.schedules[card.id]?.settings ?? config.settings(forNotePath: card.notePath)
            guard let answer = ReviewAnswer(value, scheduler: settings.name) else {
                throw VaultCoreError.badAnswer(
                    argument: argument,
                    reason:
                        "has an answer \(settings.name.rawValue) cannot read; use again, hard, good, easy, q0…q5, correct or wrong."
                )
            }
            let answered = CardAnswering.answer(
                card, with: answer, at: time, responseMilliseconds: nil, replay: replay, config: config, cram: cram)
            events += answered.events
            if cram {
                outcomes.append(Outcome(card: card, given: answer.ledgerValue, schedule: answered.schedule))
                continue
            }
            replay.schedules[card.id] = answered.schedule
            if var relinking = replay.relinkings[card.noteKey] {
                relinking.relinked.removeAll { $0.to == card.id }  // now recorded
                replay.relinkings[card.noteKey] = relinking
            }
            outcomes.append(Outcome(card: card, given: answer.ledgerValue, schedule: answered.schedule))
        }
        for argument in tiers {
            let (card, value) = try split(argument, cards: cards)
            guard let tier = StudyTier(rawValue: value.lowercased()) else {
                throw VaultCoreError.badAnswer(
                    argument: argument, reason: "names no tier; use learning, reviewing, mastered or inactive.")
            }
            let schedule =
                replay.schedules[card.id] ?? CardSchedule(settings: config.settings(forNotePath: card.notePath))
            guard case .tiers = schedule.settings else {
                throw VaultCoreError.badAnswer(
                    argument: argument,
                    reason:
                        "moves a card that the \(schedule.settings.name.rawValue) scheduler places by itself; tiers are set by hand only under the tiers scheduler."
                )
            }
            let moved = schedule.moving(to: tier, at: time)
            events.append(.tier(TierChange(time: time, card: card.id, note: card.noteKey, tier: tier)))
            replay.schedules[card.id] = moved
            outcomes.append(Outcome(card: card, given: "tier=\(tier.rawValue)", schedule: moved))
        }
        return (events, outcomes)
    }

    private static func split(_ argument: String, cards: [Card]) throws -> (Card, String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex,
            argument.index(after: equals) != argument.endIndex
        else {
            throw VaultCoreError.badAnswer(
                argument: argument, reason: "is not written as CARD=ANSWER, e.g. 3f9a2c=good.")
        }
        let card = try CardReference.resolve(String(argument[..<equals]), in: cards)
        return (card, String(argument[argument.index(after: equals)...]))
    }
}
