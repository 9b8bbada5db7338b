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

/// The ledger of the vault at `layout`: read through ``LedgerStore``,
/// appended through ``LedgerAppender`` (exclusive lock, whole lines, fsync).
struct VaultLedgerEvents: CardEventSource, CardEventSink {
    let layout: VaultLayout
    /// The vault's zone, which the ledger appender writes each line's offset in.
    let timeZone: TimeZone

    func events() throws -> [LedgerEvent] {
        LedgerStore(layout: layout).history().history.events
    }

    func append(_ events: [PendingCardEvent]) throws {
        guard !events.isEmpty else { return }
        let store = LedgerStore(layout: layout)
        let appender = try LedgerAppender(store: store, timeZone: timeZone, history: store.history().history)
        for event in events {
            let (kind, fields) = event.kindAndFields
            try appender.append(kind: kind, fields: fields, at: event.time)
        }
    }
}

/// A sink for one study session: the ledger is read once and one appender
/// (device id, sequence) serves every answer, so each rating costs one
/// locked, fsynced write however long the ledger is.
struct LedgerSessionSink: CardEventSink {
    let appender: LedgerAppender

    /// - Throws: ``VaultStoreError`` when the device id cannot be made.
    init(layout: VaultLayout, timeZone: TimeZone, history: LedgerHistory) throws {
        appender = try LedgerAppender(store: LedgerStore(layout: layout), timeZone: timeZone, history: history)
    }

    func append(_ events: [PendingCardEvent]) throws {
        for event in events {
            let (kind, fields) = event.kindAndFields
            try appender.append(kind: kind, fields: fields, at: event.time)
        }
    }
}
