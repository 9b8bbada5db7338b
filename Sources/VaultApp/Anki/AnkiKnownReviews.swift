import Foundation
import VaultCore

/// The reviews the ledger holds already, as an import of Anki's review log
/// asks: a row is known when its id (its moment in milliseconds) is the
/// sequence of an event an earlier import wrote (any `anki…` device: the
/// same row exported twice, from any deck of any collection), or when the
/// card it lands on has an event at that moment (up to 999 ms before it: a
/// row `vault export anki` wrote from the vault's own event, its id made
/// unique by a few milliseconds). Never the collection's creation time, which
/// Anki copies into every export.
public struct AnkiKnownReviews: Sendable {
    /// Sequences of `rate`, `card-reset` and `cram` events under an `anki…` device.
    var importedRows: Set<Int64> = []
    /// Per card id, the moments (ms) of its `rate`, `card-reset` and `cram` events, sorted.
    var moments: [String: [Int64]] = [:]

    public init() {}

    /// What `history` holds (every event of the ledger).
    public init(_ history: [LedgerEvent]) {
        for event in history where Self.kinds.contains(event.kind) {
            if event.device.hasPrefix("anki") { importedRows.insert(Int64(event.sequence)) }
            if let card = event["card"] { moments[card, default: []].append(AnkiHistory.milliseconds(event.time)) }
        }
        for key in moments.keys { moments[key]!.sort() }
    }

    /// What the ledger holds, read from its replay rather than from every
    /// line (500,000 events parsed whole cost minutes and most of a
    /// gigabyte): every moment of `log`'s events, on any card (an import
    /// writes a row's event at its id's exact millisecond, so a row imported
    /// before is one of them, wherever it landed), the sequences of the
    /// `card-reset` and `cram` events under `anki…` devices among
    /// `featureEvents` (the replay's), and the moments of `cards` (the cards
    /// rows may come home to, with those they continue).
    public init(log: CardEventLog, featureEvents: [LedgerEvent], cards: [String]) {
        importedRows.reserveCapacity(log.count)
        for history in log.histories {
            for event in history { importedRows.insert(AnkiHistory.milliseconds(event.time)) }
        }
        for event in featureEvents where event.device.hasPrefix("anki") && Self.kinds.contains(event.kind) {
            importedRows.insert(Int64(event.sequence))
        }
        let wanted = Array(Set(cards))
        for (card, slot) in zip(wanted, log.slots(of: wanted)) {
            guard let slot else { continue }
            moments[card] = log.histories[slot].map { AnkiHistory.milliseconds($0.time) }.sorted()
        }
    }

    static let kinds: Set<String> = [RatingEvent.kind, CardResetEvent.kind, CramAnswer.kind]

    /// True when the row `id` of a card that is `cards` in the vault (its id
    /// and the ids it continues) is in the ledger already.
    public func knows(_ id: Int64, cards: [String]) -> Bool {
        if importedRows.contains(id) { return true }
        for card in cards {
            guard let times = moments[card] else { continue }
            // The last moment at or before `id`.
            var low = 0
            var high = times.count
            while low < high {
                let mid = (low + high) / 2
                if times[mid] <= id { low = mid + 1 } else { high = mid }
            }
            if low > 0, id - times[low - 1] < 1000 { return true }
        }
        return false
    }

    /// Records rows about to be written, so one import never writes a row twice.
    mutating func insert(_ id: Int64) { importedRows.insert(id) }
}

/// Anki's review-log rows of one card as ledger events, read as Anki reads
/// them (rslib's `RevlogEntry`): a row with a rating is an answer (`rate`),
/// unless it is cramming (a filtered row with no factor: `cram`); a manual
/// row with no factor is a reset (Anki's "Forget": `card-reset forget`);
/// another manual row ("Set due date") or a rescheduled one keeps the
/// history and moves the due date (`card-reset reschedule`, with `due` on
/// the card's last such row when Anki's card is due on a day).
public enum AnkiReviewEvents {
    /// The events of `rows` (one Anki card's, in id order) on `card`, under
    /// `device`, each row's id as its sequence; `due` is the day the card is
    /// due in Anki (for the last manual row), `known` the rows to skip,
    /// `lineage` the card's id and those it continues. Answers are handed to
    /// `rate` (an import of 500,000 keeps them small); the rest is returned.
    public static func events(
        _ rows: [AnkiReview], card: Card, device: String, due: Date?, known: AnkiKnownReviews, lineage: [String],
        timeZone: TimeZone, rate: (AnkiReview, FSRSRating) -> Void
    ) -> [LedgerEvent] {
        var out: [LedgerEvent] = []
        let lastAnswer = rows.last { $0.ease > 0 && !$0.isCramming }?.id ?? Int64.min
        let lastManual = rows.last { !$0.isReset && ($0.kind == 4 || $0.kind == 5) && $0.ease == 0 }?.id
        for row in rows where !known.knows(row.id, cards: lineage) {
            let time = Date(timeIntervalSince1970: Double(row.id) / 1000)
            let offset = timeZone.secondsFromGMT(for: time)
            if row.ease == 0 || row.kind == 4 || row.kind == 5 {
                guard row.kind == 4 || row.kind == 5 else { continue }
                let reset: CardResetEvent
                if row.isReset {
                    reset = CardResetEvent(time: time, card: card.id, note: card.noteKey, reset: .forget)
                } else {
                    // The day it set is known for the card's last one (Anki's card row says it), if no answer came after.
                    let setDue = row.id == lastManual && row.id > lastAnswer ? due : nil
                    reset = CardResetEvent(
                        time: time, card: card.id, note: card.noteKey, reset: .reschedule, due: setDue)
                }
                out.append(reset.ledgerEvent(device: device, sequence: Int(row.id), utcOffset: offset))
                continue
            }
            guard (1...4).contains(row.ease), let rating = FSRSRating(rawValue: row.ease) else { continue }
            let milliseconds =
                row.milliseconds > 0 ? min(row.milliseconds, StudyRanges.responseMilliseconds.upperBound) : nil
            if row.isCramming {
                let cram = CramAnswer(
                    time: time, card: card.id, note: card.noteKey, scheduler: .fsrs, answer: .fsrs(rating),
                    responseMilliseconds: milliseconds)
                out.append(cram.ledgerEvent(device: device, sequence: Int(row.id), utcOffset: offset))
            } else {
                rate(row, rating)
            }
        }
        return out
    }

    /// Every event of `rows`, answers included (the reviews of a few cards).
    public static func events(
        _ rows: [AnkiReview], card: Card, device: String, due: Date?, known: AnkiKnownReviews, lineage: [String],
        timeZone: TimeZone
    ) -> [LedgerEvent] {
        var rates: [LedgerEvent] = []
        var out = events(rows, card: card, device: device, due: due, known: known, lineage: lineage, timeZone: timeZone)
        {
            row, rating in
            let time = Date(timeIntervalSince1970: Double(row.id) / 1000)
            let milliseconds =
                row.milliseconds > 0 ? min(row.milliseconds, StudyRanges.responseMilliseconds.upperBound) : nil
            let event = RatingEvent(
                time: time, card: card.id, note: card.noteKey, scheduler: .fsrs, answer: .fsrs(rating),
                responseMilliseconds: milliseconds, position: card.position, text: card.identityText,
                cardKind: card.kind)
            rates.append(
                event.ledgerEvent(device: device, sequence: Int(row.id), utcOffset: timeZone.secondsFromGMT(for: time)))
        }
        out += rates
        return out.sorted(by: LedgerEvent.replayOrder)
    }

    /// The day an Anki card is due, when it is a review card (a day number) of `collection`.
    public static func dueDay(of card: AnkiCard, in collection: AnkiCollection, zone: TimeZone) -> Date? {
        guard card.type == 2 || card.queue == 2 || card.queue == 3, card.due > 0, card.due < 1_000_000 else {
            return nil
        }
        return collection.start(ofDay: Int(card.due), zone: zone)
    }
}
