import Foundation

/// One ledger event said in a few words, as `vault history` prints it:
/// "kept in 2026-W46 (weekly review)", "rated good → due in 6 days".
/// Every field is still there with `--verbose` and `--json`.
public enum EventSummary {
    /// What `event` did, in words; days counted in `timeZone`.
    public static func describe(_ event: LedgerEvent, in timeZone: TimeZone) -> String {
        switch event.kind {
        case CurationEvent.kind:
            guard let curate = try? CurationEvent(event) else { break }
            let review = "\(curate.period.level.rawValue) review"
            switch curate.decision {
            case .keep: return "kept in \(curate.period.id) (\(review))"
            case .archive: return "archived in \(curate.period.id) (\(review))"
            case .undo: return "decision in \(curate.period.id) withdrawn (\(review))"
            }
        case RatingEvent.kind:
            guard let rating = try? RatingEvent(event) else { break }
            var text = "card \(rating.card.prefix(6)) rated \(rating.answer.ledgerValue)"
            if let due = rating.after.first(where: { $0.key == "due" }).flatMap({ VaultDate.parse($0.value, in: timeZone) }) {
                text += " → due \(RelativeTime.describe(due, from: rating.time, in: timeZone))"
            }
            return text
        case CardResetEvent.kind:
            guard let reset = try? CardResetEvent(event) else { break }
            switch (reset.reset, reset.due) {
            case (.forget, _): return "card \(reset.card.prefix(6)) reset to new (its history kept)"
            case (.reschedule, let due?):
                return
                    "card \(reset.card.prefix(6)) due date set by hand → due \(RelativeTime.describe(due, from: reset.time, in: timeZone))"
            case (.reschedule, nil): return "card \(reset.card.prefix(6)) rescheduled by hand"
            }
        case CardHoldEvent.kind:
            guard let hold = try? CardHoldEvent(event) else { break }
            switch hold.action {
            case .suspend: return "card \(hold.card.prefix(6)) suspended"
            case .bury: return "card \(hold.card.prefix(6)) buried until the next day"
            case .release: return "card \(hold.card.prefix(6)) back in study"
            }
        case CramAnswer.kind:
            guard let cram = try? CramAnswer(event) else { break }
            return "card \(cram.card.prefix(6)) crammed: \(cram.answer.ledgerValue) (no schedule change)"
        case CardUnsuspension.kind:
            guard let unsuspension = try? CardUnsuspension(event) else { break }
            return "card \(unsuspension.card.prefix(6)) unsuspended"
        case CardLink.kind:
            guard let link = try? CardLink(event) else { break }
            return "card \(link.to.prefix(6)) continues edited card \(link.from.prefix(6))"
        case TierChange.kind:
            guard let change = try? TierChange(event) else { break }
            return "card \(change.card.prefix(6)) moved to \(change.tier.rawValue)"
        case LociRating.kind:
            guard let rating = try? LociRating(event) else { break }
            let place = rating.itinerary.isEmpty ? "location \(rating.sequence)" : "location \(rating.sequence) of \(rating.itinerary)"
            var text = "\(place) rated \(rating.quality)/5 (\(rating.mode.rawValue))"
            if let due = event["due"].flatMap({ VaultDate.parse($0, in: timeZone) }) {
                text += " → due \(RelativeTime.describe(due, from: rating.time, in: timeZone))"
            }
            return text
        default:
            break
        }
        let fields = event.fields.filter { $0.key != "note" }.prefix(3).map { "\($0.key)=\($0.value.prefix(40))" }
        return ([event.kind] + fields).joined(separator: " ")
    }
}
