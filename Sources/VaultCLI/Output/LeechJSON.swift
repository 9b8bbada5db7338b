import Foundation
import VaultCore

/// The JSON shape of a leech in `vault cards --leeches --json`: the card as
/// `vault cards --json` gives it, plus `lapses`, `last_lapse` and `suspended`
/// (`accuracy` is the card's own).
struct LeechJSON: Encodable {
    /// What a leech adds to a card.
    struct Leech: Encodable {
        var lapses: Int
        var lastLapse: String?
        var suspended: Bool

        enum CodingKeys: String, CodingKey {
            case lapses, suspended
            case lastLapse = "last_lapse"
        }
    }

    var flat: FlatJSON<CardJSON, Leech>

    init(_ leech: Leeches.Leech, timeZone: TimeZone) {
        flat = FlatJSON(
            CardJSON(leech.card, leech.schedule, timeZone: timeZone),
            Leech(
                lapses: leech.schedule.lapses,
                lastLapse: leech.schedule.lastLapse.map { VaultDate.isoString($0, in: timeZone) },
                suspended: leech.suspended))
    }

    func encode(to encoder: Encoder) throws { try flat.encode(to: encoder) }
}
