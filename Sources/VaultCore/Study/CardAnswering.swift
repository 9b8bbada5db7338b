import Foundation

/// An event an answer asks the ledger to append.
public enum PendingCardEvent: Hashable, Sendable {
    case link(CardLink)
    case rate(RatingEvent)
    case tier(TierChange)
    /// A cram answer: recorded, never scheduled.
    case cram(CramAnswer)

    /// The typed event to append.
    public var typed: any TypedEvent {
        switch self {
        case .link(let link): return link
        case .rate(let rating): return rating
        case .tier(let change): return change
        case .cram(let answer): return answer
        }
    }

    /// The event's time.
    public var time: Date {
        switch self {
        case .link(let link): return link.time
        case .rate(let rating): return rating.time
        case .tier(let change): return change.time
        case .cram(let answer): return answer.time
        }
    }

    /// The ledger event, for the given writer identity.
    public func ledgerEvent(device: String, sequence: Int, utcOffset: Int = 0) -> LedgerEvent {
        typed.ledgerEvent(device: device, sequence: sequence, utcOffset: utcOffset)
    }
}

/// What answering a card records: a pure function from the replayed state
/// to the events to append, so the study command only writes them.
public enum CardAnswering {
    /// The events for `answer` to `card` at `time`: a `card-link` first when
    /// the card continues an edited card's history (found by re-linking and
    /// not yet recorded), then the `rate` event; and the card's new schedule.
    /// With `cram`, one `cram` event and the schedule as it was.
    public static func answer(
        _ card: Card, with answer: ReviewAnswer, at time: Date, responseMilliseconds: Int?, replay: CardReplay,
        config: SchedulerConfig, cram: Bool = false
    ) -> (events: [PendingCardEvent], schedule: CardSchedule) {
        if cram {
            let schedule =
                replay.schedules[card.id] ?? CardSchedule(settings: config.settings(forNotePath: card.notePath))
            let event = CramAnswer(
                time: time, card: card.id, note: card.noteKey, scheduler: schedule.settings.name, answer: answer,
                responseMilliseconds: responseMilliseconds)
            return ([.cram(event)], schedule)
        }
        var events: [PendingCardEvent] = []
        if let link = replay.relinkings[card.noteKey]?.relinked.first(where: { $0.to == card.id }) {
            events.append(
                .link(
                    CardLink(time: time, note: card.noteKey, from: link.from, to: link.to, similarity: link.similarity))
            )
        }
        let schedule = replay.schedules[card.id] ?? CardSchedule(settings: config.settings(forNotePath: card.notePath))
        let rated = RatingEvent.answering(
            card, with: answer, at: time, responseMilliseconds: responseMilliseconds, schedule: schedule)
        events.append(.rate(rated.event))
        return (events, rated.schedule)
    }
}
