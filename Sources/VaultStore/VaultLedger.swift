import Foundation
import VaultCore

/// The ledger port over `.vault/ledger/`: the replay comes from the replay
/// cache (`ledger.bin`, extended by appends), card schedules from the
/// schedule memo (`cards.bin`), appends go through ``LedgerAppender``. The
/// caches are this adapter's private business.
///
/// ``prefetch()`` starts loading the replay on another thread, so that a
/// command's note scan (kernel time) and the replay's decoding (user time)
/// overlap; a command that never asks for the replay (a search) reads no
/// ledger at all.
public final class VaultLedger: LedgerSource, @unchecked Sendable {
    public let layout: VaultLayout
    public let timeZone: TimeZone
    /// The replay being loaded, once asked for (commands use the adapter from one thread).
    private var loading: Background<ReplayedLedger>?
    private var appender: LedgerAppender?

    /// The ledger of the vault at `layout`; nothing is read yet.
    public init(layout: VaultLayout, timeZone: TimeZone) {
        self.layout = layout
        self.timeZone = timeZone
    }

    public func prefetch() {
        guard loading == nil else { return }
        let (layout, timeZone) = (layout, timeZone)
        loading = Background { ReplayCache(layout: layout, timeZone: timeZone).load() }
    }

    /// The replay, with where it came from (waits for the loading thread).
    public var replayed: ReplayedLedger {
        prefetch()
        let ledger = loading!.value()
        KeptUntilExit.keep(ledger)  // a million events are not freed one by one at exit
        return ledger
    }

    public func replay() -> LedgerReplay { replayed.replay }

    public func diagnostics() -> [Diagnostic] { replayed.diagnostics }

    public func history() -> LedgerHistory {
        let history = LedgerStore(layout: layout).history().history
        KeptUntilExit.keep(history)
        return history
    }

    public func cardSchedules(cards: [Card], config: SchedulerConfig) -> [String: CardSchedule] {
        replayed.cardSchedules(cards: cards, config: config)
    }

    public func cardReplay(cards: [Card], config: SchedulerConfig) -> CardReplay {
        replayed.cardReplay(cards: cards, config: config)
    }

    /// Appends `event` under the ledger lock, with this clone's device id
    /// and a sequence above every one it has used.
    /// - Throws: ``VaultStoreError`` when the device id cannot be made or the ledger cannot be written.
    @discardableResult
    public func append(_ event: some TypedEvent) throws -> LedgerEvent {
        if appender == nil {
            appender = try LedgerAppender(store: LedgerStore(layout: layout), timeZone: timeZone, replay: replay())
        }
        return try appender!.append(event)
    }
}
