import VaultCore

/// The ``LedgerSource`` the language server's use cases read: the vault's
/// ledger port, with its history read once per change of the ledger (a
/// hover on a title reads it, and the port keeps each read until the
/// process exits), and a new port taken from the composition root when the
/// ledger changed (an event recorded here, or `.vault/ledger/` written by
/// another command), so the server never answers from a stale replay.
final class FreshLedger: LedgerSource, @unchecked Sendable {
    private var base: any LedgerSource
    private let reopen: () -> (any LedgerSource)?
    private var historyCache: LedgerHistory?

    init(_ base: any LedgerSource, reopen: @escaping () -> (any LedgerSource)?) {
        self.base = base
        self.reopen = reopen
    }

    /// The ledger changed: the next answer reads it anew.
    func changed() {
        if let fresh = reopen() { base = fresh }
        historyCache = nil
    }

    func prefetch() { base.prefetch() }
    func replay() -> LedgerReplay { base.replay() }
    func diagnostics() -> [Diagnostic] { base.diagnostics() }

    func history() -> LedgerHistory {
        if let historyCache { return historyCache }
        let history = base.history()
        historyCache = history
        return history
    }

    func cardSchedules(cards: [Card], config: SchedulerConfig) -> [String: CardSchedule] {
        base.cardSchedules(cards: cards, config: config)
    }

    func cardReplay(cards: [Card], config: SchedulerConfig) -> CardReplay {
        base.cardReplay(cards: cards, config: config)
    }
    func cardLog() -> CardEventLog { base.cardLog() }

    @discardableResult
    func append(_ event: some TypedEvent, given: String?) throws -> LedgerEvent {
        let written = try base.append(event, given: given)
        changed()
        return written
    }
}
