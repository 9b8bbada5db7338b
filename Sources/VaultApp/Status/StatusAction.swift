import VaultCore

/// What a person can do about a line of the status: decided once, in the
/// status view; the terminal prints ``command``, the web links to the page
/// that does the same (or shows the command where no page does).
public enum StatusAction: Hashable, Sendable {
    /// Review a period: `vault review weekly 2026-W46`.
    case review(ReviewLevel, period: String)
    /// Start fresh past a run of missed reviews: `vault baseline`.
    case baseline
    /// Study today's cards, or a batch of them: `vault study`, `vault study --limit 5`.
    case study(batch: Int?)
    /// Let a reminder go: `vault remind --answer skip`.
    case skipReminder
    /// See the leeches: `vault cards --leeches`.
    case leeches
    /// Stop the session running: `vault session stop`.
    case stopSession
    /// Go over a finished session again: `vault session review --done ok`.
    case reviewSession
    /// List every follow-up review due: `vault session reviews`.
    case listSessionReviews
    /// Walk a memory palace's locations due: `vault loci review NAME`.
    case reviewPalace(String)
    /// Find out what the ledger's problems and conflicts are: `vault check`.
    case check

    /// The command line that does it.
    public var command: String {
        switch self {
        case .review(let level, let period): "vault review \(level.rawValue) \(period)"
        case .baseline: "vault baseline"
        case .study(let batch): batch.map { "vault study --limit \($0)" } ?? "vault study"
        case .skipReminder: "vault remind --answer skip"
        case .leeches: "vault cards --leeches"
        case .stopSession: "vault session stop"
        case .reviewSession: "vault session review --done ok"
        case .listSessionReviews: "vault session reviews"
        case .reviewPalace(let name): "vault loci review \(name.contains(" ") ? "\"\(name)\"" : name)"
        case .check: "vault check"
        }
    }
}
