import Foundation

/// One ledger event said in a few words, as `vault history` prints it:
/// "kept in 2026-W46 (weekly review)", "rated good → due in 6 days",
/// "card 3f2a9c forgotten: it starts over as new, its history kept". Every field is still
/// there with `--verbose` and `--json`.
///
/// One table, ``words``, holds the words of every event kind the ledger
/// knows (docs/FORMAT.md), so a new kind is added in one place; a kind it
/// does not know (a newer vault's) is said by its fields, never by its kind
/// again (the history's own column names the kind).
public enum EventSummary {
    /// Says what one event did; nil when the event cannot be read as its kind.
    public typealias Words = @Sendable (_ event: LedgerEvent, _ timeZone: TimeZone) -> String?

    /// What `event` did, in words; days counted in `timeZone`.
    public static func describe(_ event: LedgerEvent, in timeZone: TimeZone) -> String {
        if let words = words[event.kind], let text = words(event, timeZone) { return text }
        let fields = event.fields.filter { $0.key != "note" }.prefix(3).map { "\($0.key) \($0.value.prefix(40))" }
        return fields.isEmpty ? "no details" : fields.joined(separator: ", ")
    }

    /// The words of every event kind, by kind.
    public static let words: [String: Words] = [
        CurationEvent.kind: { event, _ in
            guard let curate = try? CurationEvent(event) else { return nil }
            let review = "\(curate.period.level.rawValue) review"
            switch curate.decision {
            case .keep: return "kept in \(curate.period.id) (\(review))"
            case .archive: return "archived in \(curate.period.id) (\(review))"
            case .undo: return "decision in \(curate.period.id) withdrawn (\(review))"
            }
        },
        FinishEvent.kind: { event, _ in
            guard let finish = try? FinishEvent(event) else { return nil }
            return "\(finish.period.level.rawValue) review of \(finish.period.id) finished early"
        },
        BaselineEvent.kind: { event, _ in
            guard let before = event["before"] else { return nil }
            return "fresh start: reviews of periods ended before \(before) count as done"
        },
        RatingEvent.kind: { event, timeZone in
            guard let rating = try? RatingEvent(event) else { return nil }
            var text = "card \(rating.card.prefix(6)) rated \(rating.answer.ledgerValue)"
            if let due = rating.after.first(where: { $0.key == "due" }).flatMap({
                VaultDate.parse($0.value, in: timeZone)
            }) {
                text += " → due \(RelativeTime.describe(due, from: rating.time, in: timeZone))"
            }
            return text
        },
        CramAnswer.kind: { event, _ in
            guard let cram = try? CramAnswer(event) else { return nil }
            return "card \(cram.card.prefix(6)) crammed, answered \(cram.answer.ledgerValue) (its schedule unchanged)"
        },
        CardLink.kind: { event, _ in
            guard let link = try? CardLink(event) else { return nil }
            return "card \(link.to.prefix(6)) continues edited card \(link.from.prefix(6))"
        },
        TierChange.kind: { event, _ in
            guard let change = try? TierChange(event) else { return nil }
            return "card \(change.card.prefix(6)) moved to \(change.tier.rawValue)"
        },
        CardResetEvent.kind: { event, timeZone in
            guard let reset = try? CardResetEvent(event) else { return nil }
            switch reset.reset {
            case .forget: return "card \(reset.card.prefix(6)) forgotten: it starts over as new, its history kept"
            case .reschedule:
                let due = reset.due.map { " → due \(RelativeTime.describe($0, from: reset.time, in: timeZone))" } ?? ""
                return "card \(reset.card.prefix(6)) given a due date by hand" + due
            }
        },
        CardHoldEvent.kind: { event, _ in
            guard let hold = try? CardHoldEvent(event) else { return nil }
            switch hold.action {
            case .suspend: return "card \(hold.card.prefix(6)) suspended: out of study until released"
            case .bury: return "card \(hold.card.prefix(6)) buried until the next day"
            case .release: return "card \(hold.card.prefix(6)) released: back in study"
            }
        },
        CardUnsuspension.kind: { event, _ in
            guard let card = event["card"] else { return nil }
            return "card \(card.prefix(6)) back in study"
        },
        LociRating.kind: { event, timeZone in
            guard let rating = try? LociRating(event) else { return nil }
            let place =
                rating.itinerary.isEmpty
                ? "location \(rating.sequence)" : "location \(rating.sequence) of \(rating.itinerary)"
            var text = "\(place) rated \(rating.quality)/5 (\(rating.mode.rawValue))"
            if let due = event["due"].flatMap({ VaultDate.parse($0, in: timeZone) }) {
                text += " → due \(RelativeTime.describe(due, from: rating.time, in: timeZone))"
            }
            return text
        },
        SessionStart.kind: { event, _ in
            guard let start = try? SessionStart(event) else { return nil }
            return "study session on \(start.subject) started"
        },
        SessionStop.kind: { event, timeZone in
            guard let stop = try? SessionStop(event) else { return nil }
            var text = "study session stopped"
            if let end = stop.end { text += " at \(VaultDate.isoString(end, in: timeZone).dropFirst(11).prefix(5))" }
            if let questions = stop.questions { text += ", \(questions) questions" }
            if let correct = stop.correct { text += ", \(correct) right" }
            return text
        },
        SessionCancel.kind: { _, _ in "running study session cancelled" },
        SessionEntry.kind: { event, _ in
            guard let session = try? SessionEntry(event) else { return nil }
            return "study session on \(session.subject) entered by hand: \(session.minutes) minutes"
        },
        SessionReviewDone.kind: { event, _ in
            guard let review = try? SessionReviewDone(event) else { return nil }
            return "follow-up review of a session done: \(review.result.rawValue)"
        },
        SessionWithdrawal.kind: { _, _ in "study session withdrawn" },
        SubjectRename.kind: { event, _ in
            guard let from = event["from"], let to = event["to"] else { return nil }
            return "subject \(from) renamed \(to)"
        },
        GoalSet.kind: { event, _ in
            guard let goal = try? GoalSet(event) else { return nil }
            return "\(goal.hours.formatted()) hours of \(goal.subject ?? "every subject") to study by \(goal.by)"
        },
        GoalWithdrawal.kind: { _, _ in "goal withdrawn" },
    ]
}

extension Double {
    /// `2` for 2.0, `1.5` for 1.5: hours as people write them.
    fileprivate func formatted() -> String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
