import Foundation
import VaultCore

/// The ledger port over `.vault/ledger/`: the replay comes from the replay
/// cache (`ledger.bin`, extended by appends), card schedules from the
/// schedule memo (`cards.bin`), appends go through ``LedgerAppender``. The
/// caches are this adapter's private business.
///
/// The replay starts loading on another thread when the adapter is made,
/// so a command's note scan (kernel time) and the replay's decoding (user
/// time) overlap.
public final class VaultLedger: LedgerSource, @unchecked Sendable {
    public let layout: VaultLayout
    public let timeZone: TimeZone
    private let loading: Background<ReplayedLedger>
    private var appender: LedgerAppender?

    /// Starts loading the replay of the vault at `layout`.
    public init(layout: VaultLayout, timeZone: TimeZone) {
        self.layout = layout
        self.timeZone = timeZone
        loading = Background { ReplayCache(layout: layout, timeZone: timeZone).load() }
    }

    /// The replay, with where it came from (waits for the loading thread).
    public var replayed: ReplayedLedger {
        let ledger = loading.value()
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
