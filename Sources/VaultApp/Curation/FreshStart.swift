import Foundation
import VaultCore

/// `vault baseline [DATE]`: records that every review period that ended
/// before DATE is done, so an adopted vault starts clean.
public enum FreshStart {
    /// Appends the baseline event for `day` (today in the vault's zone when nil).
    /// - Throws: when the ledger cannot be written.
    @discardableResult
    public static func record(_ context: AppContext, day: Int? = nil) throws -> Baseline {
        let event = BaselineEvent(time: context.now, day: day ?? context.today)
        try context.ledger.append(event)
        return Baseline(day: event.day, time: event.time)
    }
}
