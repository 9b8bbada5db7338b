import Foundation

extension CardScheduleReplay {
    /// `earlier`, the replay of `cards` under `config` from a card log (with its `lineage`),
    /// brought up to date after events naming the card ids `changed` were
    /// applied to that log, which is now `log`: what ``replayKeepingLineage(_:cards:config:mapCards:)``
    /// of `log` gives, folding again only the cards those events can reach.
    ///
    /// A card's schedule is a fold of its own events and those of the ids it
    /// continues (its lineage), under its settings and stored schedule. The
    /// lineage is worked out again from `log` (a `rate` can make a re-link, a
    /// `card-link` records one); a card is folded again when its lineage
    /// changed, or when it or an id it continues is in `changed` (an answer,
    /// a tier move, a reset, an undo of one of them); the others keep their
    /// schedules from `earlier` (a card it lacks is folded).
    ///
    /// - Parameters:
    ///   - earlier: a replay of exactly `cards` under `config` (``replayKeepingLineage(_:cards:config:mapCards:)``
    ///     or this function's result), and `lineage` the lineage that gave it.
    ///   - changed: every card id (`card`, and a link's `from` and `to`) the applied events name.
    public static func updating(
        _ earlier: CardReplay, lineage before: [String: [String]], changed: Set<String>, log: CardEventLog,
        cards: [Card], config: SchedulerConfig, mapCards: CardMapper = sequential
    ) -> (replay: CardReplay, lineage: [String: [String]]) {
        let (knownLists, relinkings, historyOf) = lineage(log, cards: cards)
        let reached = cards.filter { card in
            let lineage = historyOf[card.id]
            return earlier.schedules[card.id] == nil || before[card.id] != lineage || changed.contains(card.id)
                || (lineage?.contains(where: changed.contains) ?? false)
        }
        var schedules = earlier.schedules
        let folded = fold(log, cards: reached, inherited: historyOf, config: config, mapCards: mapCards)
        for (card, schedule) in zip(reached, folded) { schedules[card.id] = schedule }
        let replay = CardReplay(
            schedules: schedules, known: knownLists, relinkings: relinkings, problems: log.problems.map(\.error))
        return (replay, historyOf)
    }
}
