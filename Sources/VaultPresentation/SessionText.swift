import Foundation
import VaultCore

/// How sessions and goals read, in the terminal and on the web pages.
package enum SessionText {
    /// `45m`, `1h 05m`, `0m`.
    package static func duration(_ minutes: Int) -> String {
        minutes < 60 ? "\(minutes)m" : "\(minutes / 60)h \((minutes % 60).zeroPadded(2))m"
    }

    /// `2026-11-18 09:00` in `timeZone`.
    package static func clock(_ date: Date, _ timeZone: TimeZone) -> String {
        String(VaultDate.isoString(date, in: timeZone).prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    /// What a stop within a minute of the start says (`vault session stop`, the `/sessions`
    /// page): the session was cancelled, not recorded, and how to record one by hand.
    package static func cancelledAsTooShort(_ subject: String) -> String {
        "Cancelled the session of \(subject): it ran under a minute, too short to record (`vault session add` records one by hand)."
    }

    /// `80% (8 of 10)`, or "" without questions.
    package static func accuracy(questions: Int?, correct: Int?) -> String {
        guard let questions, questions > 0 else { return "" }
        let c = correct ?? 0
        return "\(Int((Double(c) / Double(questions) * 100).rounded()))% (\(c) of \(questions))"
    }

    /// `12.5`, `30`.
    package static func hours(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        guard abs(rounded) < 1e15 else { return "\(rounded)" }  // and not a number
        // Tenths by hand: `String(format:)`'s first use costs `vault status` about 0.3 ms.
        let tenths = Int((rounded * 10).rounded())
        guard tenths % 10 != 0 else { return String(tenths / 10) }
        return "\(tenths < 0 ? "-" : "")\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// `Chemistry: 12.5 of 30 h (41%), 1.2 h a day to 2026-12-31 — behind`.
    package static func goal(_ progress: GoalProgress) -> String {
        let name = progress.goal.subject ?? "All subjects"
        var text = "\(name): \(hours(progress.hoursDone)) of \(hours(progress.goal.hours)) h (\(progress.percent)%)"
        let by = VaultDate.dayString(dayNumber: progress.goal.lastDay)
        if let perDay = progress.hoursPerDayNeeded {
            text += ", \(hours(perDay)) h a day to \(by)"
        } else {
            text += " by \(by)"
        }
        return text + " — \(progress.standing.rawValue)"
    }
}
