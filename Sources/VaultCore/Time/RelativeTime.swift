import Foundation

/// Moments and spans as a person says them: "in 10 min", "tomorrow",
/// "in 6 days", "3 days ago"; and the short spans of rating keys ("10m",
/// "3d", "2mo"). Human output uses these; JSON keeps ISO 8601.
public enum RelativeTime {
    /// `date` seen from `now`, days counted in `timeZone`: "now", "in 10 min",
    /// "in 3 h" (the same day), "tomorrow", "in 6 days", "in 5 weeks",
    /// "on 2027-03-01" (beyond a year); and the same words for the past.
    public static func describe(_ date: Date, from now: Date, in timeZone: TimeZone) -> String {
        let seconds = date.timeIntervalSince(now)
        let future = seconds >= 0
        let magnitude = abs(seconds)
        let days = dayNumber(date, timeZone) - dayNumber(now, timeZone)
        if magnitude < 1 { return "now" }
        if days == 0 || magnitude < 3_600 {
            let amount =
                magnitude < 3_600 ? "\(max(1, Int((magnitude / 60).rounded()))) min" : "\(Int(magnitude / 3_600)) h"
            return future ? "in \(amount)" : "\(amount) ago"
        }
        if days == 1 { return "tomorrow" }
        if days == -1 { return "yesterday" }
        let count = abs(days)
        let amount: String
        if count < 14 {
            amount = "\(count) days"
        } else if count < 70 {
            amount = "\(count / 7) weeks"
        } else if count <= 365 {
            amount = "\(Int((Double(count) / 30.4).rounded())) months"
        } else {
            return "on " + VaultDate.dayString(date, in: timeZone)
        }
        return future ? "in \(amount)" : "\(amount) ago"
    }

    /// A span in a few characters: `1m`, `10m`, `3h`, `1d`, `12d`, `2mo`, `1.5y`.
    public static func short(_ seconds: TimeInterval) -> String {
        let s = max(0, seconds)
        if s < 3_600 { return "\(max(1, Int((s / 60).rounded())))m" }
        if s < 86_400 { return "\(Int((s / 3_600).rounded()))h" }
        let days = s / 86_400
        if days < 30 { return "\(Int(days.rounded()))d" }
        if days < 365 { return "\(Int((days / 30.4).rounded()))mo" }
        let years = days / 365
        return years < 10 ? String(format: "%.1fy", years) : "\(Int(years))y"
    }

    private static func dayNumber(_ date: Date, _ timeZone: TimeZone) -> Int {
        let day = VaultDate.day(of: date, in: timeZone)
        return VaultDate.daysFromCivil(day.year, day.month, day.day)
    }
}
