import VaultCore

/// The one wording of "cards today" that `vault status`, `vault cards --due`
/// and `vault study --list` share, so their numbers read the same: the cards
/// to study (due and new), then what is left out and why.
package enum DueTodayText {
    /// `2 due, 9 new`.
    package static func split(due: Int, new: Int) -> String {
        "\(due) due, \(new) new"
    }

    /// `; 1 overdue card waits its turn (vault study --overdue takes it now); 1 sibling waits for tomorrow`, or "".
    package static func leftOut(setAside: Int, buried: Int) -> String {
        var text = ""
        if setAside > 0 {
            text +=
                "; \(setAside == 1 ? "1 long-overdue card waits its turn" : "\(setAside) long-overdue cards wait their turn") (vault study --overdue takes \(setAside == 1 ? "it" : "them") now)"
        }
        if buried > 0 {
            text += "; " + (buried == 1 ? "1 sibling waits" : "\(buried) siblings wait") + " for tomorrow"
        }
        return text
    }

    /// `; 2 leeches (vault cards --leeches)`, or "".
    package static func leeches(_ count: Int) -> String {
        count == 0 ? "" : "; \(count == 1 ? "1 leech" : "\(count) leeches") (vault cards --leeches)"
    }

    /// What holds cards back besides: `; the daily limit of 30 is reached (4 more wait for tomorrow)`,
    /// `; 4 more over the daily limit`, `; 4 more after this batch`, or "".
    package static func limits(_ queue: StudyQueue) -> String {
        if queue.isDayOff {
            let more = queue.deferred > 0 ? " (\(queue.deferred) wait for another day)" : ""
            return "; today is a day off from study (study.limits_by_day)\(more)"
        }
        if queue.dailyLimitReached {
            let more = queue.deferred > 0 ? " (\(queue.deferred) more wait for tomorrow)" : ""
            return "; the daily limit of \(queue.dailyLimit) is reached\(more)"
        }
        guard queue.deferred > 0 else { return "" }
        let byDay = queue.dailyLimit != Int.max && queue.entries.count >= queue.dayLeft
        return byDay ? "; \(queue.deferred) more over the daily limit" : "; \(queue.deferred) more after this batch"
    }
}
