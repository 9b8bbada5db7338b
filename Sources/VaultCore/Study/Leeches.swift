import Foundation

/// Leeches, as Anki flags them: cards failed `leech_lapses` times (8 by
/// default) after reaching review, which eat study time. With
/// `leech_action: suspend` a leech leaves study until it is unsuspended
/// (`unsuspend` events), and is suspended again at its next lapse.
public enum Leeches {
    /// A leech with what `vault cards --leeches` shows of it.
    public struct Leech: Hashable, Sendable {
        public var card: Card
        public var schedule: CardSchedule
        /// True when it is out of study now.
        public var suspended: Bool
    }

    /// The ids of the cards out of study now: none under `flag`; under
    /// `suspend`, every leech not unsuspended since its last lapse.
    public static func suspended(
        _ schedules: [String: CardSchedule], habits: StudySettings, unsuspensions: [CardUnsuspension]
    ) -> Set<String> {
        guard habits.leechAction == .suspend else { return [] }
        var latest: [String: Date] = [:]
        for event in unsuspensions where event.time > latest[event.card] ?? .distantPast {
            latest[event.card] = event.time
        }
        var out: Set<String> = []
        for (id, schedule) in schedules where schedule.isLeech(threshold: habits.leechLapses) {
            if let back = latest[id], let lapse = schedule.lastLapse, back >= lapse { continue }
            out.insert(id)
        }
        return out
    }

    /// The leeches among `cards`, most lapses first, then lowest accuracy, then reading order.
    public static func list(
        cards: [Card], schedules: [String: CardSchedule], habits: StudySettings, unsuspensions: [CardUnsuspension]
    ) -> [Leech] {
        let out = suspended(schedules, habits: habits, unsuspensions: unsuspensions)
        var leeches: [Leech] = []
        for card in cards {
            guard let schedule = schedules[card.id], schedule.isLeech(threshold: habits.leechLapses) else { continue }
            leeches.append(Leech(card: card, schedule: schedule, suspended: out.contains(card.id)))
        }
        // A stable sort keeps reading order among equals.
        return leeches.enumerated().sorted { a, b in
            if a.element.schedule.lapses != b.element.schedule.lapses {
                return a.element.schedule.lapses > b.element.schedule.lapses
            }
            let (x, y) = (a.element.schedule.accuracy ?? 0, b.element.schedule.accuracy ?? 0)
            if x != y { return x < y }
            return a.offset < b.offset
        }.map(\.element)
    }
}
