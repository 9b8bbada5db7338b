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
    /// - Throws: when the ledger cannot be written; events already written stay.
    func append(_ events: [PendingCardEvent]) throws
}

/// The ledger of the vault at `layout`, read through ``LedgerStore``.
struct VaultLedgerEvents: CardEventSource {
    let layout: VaultLayout

    func events() throws -> [LedgerEvent] {
        LedgerStore(layout: layout).history().history.events
    }
}

/// The sink for one study command: built from the ledger the command already
/// read, so one appender (device id, sequence) serves every answer and each
/// rating costs one locked, fsynced write (exclusive lock, whole line, fsync)
/// however long the ledger is.
struct LedgerSessionSink: CardEventSink {
    let appender: LedgerAppender

    /// - Throws: ``VaultStoreError`` when the device id cannot be made.
    init(layout: VaultLayout, timeZone: TimeZone, replay: LedgerReplay) throws {
        appender = try LedgerAppender(store: LedgerStore(layout: layout), timeZone: timeZone, replay: replay)
    }

    func append(_ events: [PendingCardEvent]) throws {
        for event in events { try appender.append(event.typed) }
    }
}
