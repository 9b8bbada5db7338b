import Foundation
import VaultCore
import VaultStore

/// Where card commands get the ledger's events from: the seam between the
/// card commands and the ledger files.
protocol CardEventSource {
    /// Every ledger event, deduplicated and in replay order (card replay
    /// skips the kinds it does not know).
    func events() throws -> [LedgerEvent]
}

/// Where card commands record answers: the other half of the seam.
protocol CardEventSink {
    /// Appends `events` to the ledger, in order, as one batch.
    /// - Throws: when the ledger cannot be written; then nothing is recorded.
    func append(_ events: [PendingCardEvent]) throws
}

/// The ledger of the vault at `layout`.
///
/// TODO(ledger branch): once branch `ledger` is merged, `events()` returns
/// `LedgerStore(layout: layout).history().history.events` (its diagnostics
/// belong to `vault check`, which should then pass the same events to
/// `CardChecks`), and `append` writes each event through
/// `LedgerAppender(store:timeZone:history:).append(kind:fields:at:)` with the
/// event's `kindAndFields` and `time`. Tried in a scratch merge: those few
/// lines are all it takes. Until then there is no ledger to read and every card is new.
struct VaultLedgerEvents: CardEventSource, CardEventSink {
    let layout: VaultLayout
    /// The vault's zone, which the ledger appender writes each line's offset in.
    let timeZone: TimeZone

    func events() throws -> [LedgerEvent] { [] }

    /// TODO(ledger branch): see above.
    /// - Throws: ``CLIError/ledgerUnavailable(events:)`` until then.
    func append(_ events: [PendingCardEvent]) throws {
        throw CLIError.ledgerUnavailable(events: events.count)
    }
}
