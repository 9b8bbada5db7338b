import Foundation

/// The counts behind `vault status --line`, one short line for a shell
/// prompt or a status bar ("9 reviews · 12 cards · 2 palaces · streak 48"),
/// and the `--format` text that places them.
public struct StatusLine: Hashable, Sendable {
    /// Notes to review now (due and missed periods).
    public var reviews: Int
    /// Flashcards to study today (due and new, within the daily limit).
    public var cards: Int
    /// Memory palaces with a location due.
    public var palaces: Int
    /// Locations due, in all palaces.
    public var locations: Int
    /// Consecutive days studied, up to today (or yesterday).
    public var streak: Int
    /// Reminders raised and not yet acted on (``PendingReminders``), still open.
    public var pending: Int

    public init(reviews: Int, cards: Int, palaces: Int, locations: Int, streak: Int, pending: Int = 0) {
        (self.reviews, self.cards, self.palaces, self.locations, self.streak, self.pending) =
            (reviews, cards, palaces, locations, streak, pending)
    }

    /// The placeholders `--format` knows, each with what it stands for (for help and errors).
    public static let placeholders: [(name: String, meaning: String)] = [
        ("reviews", "notes to review now"), ("cards", "flashcards to study today"),
        ("palaces", "memory palaces with a location due"), ("locations", "locations due"),
        ("streak", "days studied in a row"), ("pending", "reminders not acted on yet"),
        ("line", "the default line"),
    ]

    /// The default line: each non-zero count in words, joined by " · "
    /// ("3 reminders waiting · 9 reviews · 12 cards · 2 palaces · streak 48");
    /// an empty string when nothing is due and there is no streak, so a
    /// prompt stays clean and a bar hides its module.
    public var text: String {
        var parts: [String] = []
        if pending > 0 { parts.append(pending == 1 ? "1 reminder waiting" : "\(pending) reminders waiting") }
        if reviews > 0 { parts.append(Self.count(reviews, "review")) }
        if cards > 0 { parts.append(Self.count(cards, "card")) }
        if palaces > 0 { parts.append(Self.count(palaces, "palace")) }
        if streak > 0 { parts.append("streak \(streak)") }
        return parts.joined(separator: " · ")
    }

    /// `format` with each `{name}` replaced by its count (``placeholders``);
    /// `{{` and `}}` stand for braces.
    /// - Throws: ``StatusLineFormatError`` naming an unknown or unclosed placeholder.
    public func render(_ format: String) throws -> String {
        var out = ""
        var rest = Substring(format)
        while let first = rest.first {
            if rest.hasPrefix("{{") || rest.hasPrefix("}}") {
                out.append(first)
                rest = rest.dropFirst(2)
            } else if first == "{" {
                guard let close = rest.firstIndex(of: "}") else { throw StatusLineFormatError.unclosed(format) }
                let name = String(rest[rest.index(after: rest.startIndex)..<close])
                guard let value = value(of: name) else { throw StatusLineFormatError.unknown(name) }
                out += value
                rest = rest[rest.index(after: close)...]
            } else {
                out.append(first)
                rest = rest.dropFirst()
            }
        }
        return out
    }

    /// The text of placeholder `name`, nil for a name it does not know.
    public func value(of name: String) -> String? {
        switch name {
        case "reviews": return "\(reviews)"
        case "cards": return "\(cards)"
        case "palaces": return "\(palaces)"
        case "locations": return "\(locations)"
        case "streak": return "\(streak)"
        case "pending": return "\(pending)"
        case "line": return text
        default: return nil
        }
    }

    private static func count(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
}

/// A `--format` text that `vault status --line` cannot fill in.
public enum StatusLineFormatError: Error, Equatable, LocalizedError {
    /// `{name}` names no count.
    case unknown(String)
    /// A `{` with no `}` after it.
    case unclosed(String)

    public var errorDescription: String? {
        let known = StatusLine.placeholders.map { "{\($0.name)}" }.joined(separator: ", ")
        switch self {
        case .unknown(let name):
            return "--format names {\(name)}, which is no count; use \(known) (and {{ or }} for a brace)."
        case .unclosed(let format):
            return "--format '\(format)' opens a { it does not close; write {{ for a brace."
        }
    }
}
