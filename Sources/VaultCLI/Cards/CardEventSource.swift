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

/// The ledger of the vault at `layout`.
///
/// TODO(ledger branch): once branch `ledger` is merged, return
/// `LedgerStore(layout: layout).history().history.events` (its diagnostics
/// belong to `vault check`), and let `vault study --rate` append
/// `CardAnswering.answer(…).events` through `LedgerAppender.append(kind:fields:at:)`.
/// Until then there is no ledger to read and every card is new.
struct VaultLedgerEvents: CardEventSource {
    let layout: VaultLayout

    func events() throws -> [LedgerEvent] { [] }
}
