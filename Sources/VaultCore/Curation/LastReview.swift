import Foundation

/// A note's last review: the latest keep or archive still in force among
/// its `curate` events (an undo withdraws its period's decision, so the
/// review before it is the last again), as `vault show` prints it.
public enum LastReview {
    /// The latest decision in force among `events` (one note's, in ledger order); nil when none is.
    public static func of(_ events: [CurationEvent]) -> CurationEvent? {
        var inForce: [ReviewPeriod: CurationEvent] = [:]
        for event in events {
            if event.decision == .undo { inForce[event.period] = nil } else { inForce[event.period] = event }
        }
        return inForce.values.max { ($0.time, $0.period.id) < ($1.time, $1.period.id) }
    }
}
