import VaultCore

/// The one wording of "cards today" that `vault status`, `vault cards --due`
/// and `vault study --list` share, so their numbers read the same: the cards
/// to study (due and new), then what is left out and why.
package enum DueTodayText {
    /// `2 due, 9 new`.
    package static func split(due: Int, new: Int) -> String {
        "\(due) due, \(new) new"
    }

    /// `; 1 set aside (overdue by more than 3 days); 1 sibling waits for tomorrow`, or "".
    package static func leftOut(setAside: Int, buried: Int, graceDays: Int = 3) -> String {
        var text = ""
        if setAside > 0 { text += "; \(setAside) set aside (overdue by more than \(plural(graceDays, "day")))" }
        if buried > 0 {
            text += "; " + (buried == 1 ? "1 sibling waits" : "\(buried) siblings wait") + " for tomorrow"
        }
        return text
    }
}
