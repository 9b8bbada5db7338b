import Foundation

/// The ledger as use cases see them: the replayed state, the raw history on
/// demand, and appending typed events (``LedgerSink``). VaultStore
/// implements it over `.vault/ledger/` with its replay caches as private
/// details; tests implement it in memory.
public protocol LedgerSource: LedgerSink {
    /// Starts reading the replay where the adapter can do so in the
    /// background (the next ``replay()`` waits for it); does nothing where it cannot.
    func prefetch()
    /// The ledger replayed: curation state, study days, device sequences and
    /// the feature events (``LedgerReplay/featureEvents``).
    func replay() -> LedgerReplay
    /// Problems met in the ledger's lines (conflict markers, cut-short or
    /// malformed lines), as `vault check` reports them.
    func diagnostics() -> [Diagnostic]
    /// Every event, deduplicated and in replay order (for history and export: costly on big ledgers).
    func history() -> LedgerHistory
    /// Every card's schedule under `config` (memoised by the adapter).
    func cardSchedules(cards: [Card], config: SchedulerConfig) -> [String: CardSchedule]
    /// The full card replay: schedules, re-links and problems.
    func cardReplay(cards: [Card], config: SchedulerConfig) -> CardReplay
    /// Every card's answers and tier moves, per card id, in replay order
    /// (what card replay folds; statistics read it too).
    func cardLog() -> CardEventLog
}
