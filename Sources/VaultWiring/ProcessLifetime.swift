import VaultProcess

/// Whether this process exits after one command or runs on: the one switch
/// that decides what becomes of the large values a use case or an adapter
/// is done with (the ``Retention`` port, and what the adapters hand
/// ``KeptUntilExit``).
///
/// A command keeps them until it exits, for the kernel to free at once
/// (freeing a million ledger events one by one costs most of a second). A
/// process that runs on (`vault serve`, `vault lsp`) frees them as usual,
/// or its memory would grow with every request. The composition root throws
/// the switch when it makes a server's vault (``CompositionRoot/servedVault(_:warnings:tracer:)``,
/// ``CompositionRoot/languageServer(_:)``); nothing else does.
package enum ProcessLifetime {
    /// From now on this process runs on: what was kept is let go, and what
    /// is handed over later is freed as usual.
    static func runOn() { KeptUntilExit.freeFromNowOn() }
}
