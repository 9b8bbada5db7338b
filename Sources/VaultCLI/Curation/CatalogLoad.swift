import VaultIndex
import VaultStore

extension CommandContext {
    /// Vaults with at least this many notes get a watcher started by a
    /// command that had to scan them: below it a scan costs a few
    /// milliseconds, not worth a background process.
    static let watchedVaultSize = 10_000

    /// The vault's notes and cards from the note catalog. A running watcher
    /// (`vault index --watch`) vouches for it, so no scan is made; without
    /// one the vault is scanned, and a scan of a large vault starts a
    /// watcher for the next command (unless `VAULT_NO_WATCHER` is set).
    func loadCatalog() -> NoteCatalog.Loaded {
        let layout = vault.layout
        let loaded = vault.loadCatalog(vouched: WatchSocket.catalog(layout, timeZone: timeZone))
        if !loaded.report.vouched, loaded.notes.count >= Self.watchedVaultSize { WatchSocket.startWatcher(layout) }
        return loaded
    }
}
