import Foundation
import VaultCore

/// An opened vault: where it is, its config, and its notes on demand.
public struct Vault: Sendable {
    public let layout: VaultLayout
    public let config: VaultConfig

    /// Opens the vault at `layout`, reading its config.
    /// - Throws: ``VaultStoreError`` when the config is missing or malformed.
    public init(layout: VaultLayout) throws {
        self.layout = layout
        self.config = try ConfigFile.read(layout)
    }

    public init(layout: VaultLayout, config: VaultConfig) {
        self.layout = layout
        self.config = config
    }

    /// All notes and the problems met while walking the vault.
    public func loadNotes() -> (notes: [Note], problems: [Diagnostic]) {
        let scan = VaultScanner(layout: layout).scan()
        let notes = NoteLoader(layout: layout, timeZone: config.timeZone).load(scan.files)
        return (notes, scan.problems)
    }

    /// All notes as the catalog keeps them (no body text, front matter or
    /// links), their cards and the problems met while walking the vault,
    /// from `.vault/cache/notes.bin` as far as it is still fresh: much faster
    /// than ``loadNotes()`` and ``CardLoader/cards(of:)`` when few notes changed.
    /// A scan checks the catalog unless a running watcher `vouched` for it;
    /// each step is reported to `tracer`.
    public func loadCatalog(
        vouched: NoteCatalog.VouchedScan? = nil, kept: KeptCatalog? = nil, tracer: any Tracer = NoTracer()
    ) -> NoteCatalog.Loaded {
        var catalog = NoteCatalog(layout: layout, timeZone: config.timeZone, tracer: tracer)
        catalog.kept = kept
        catalog.cardSyntax = config.cardSyntax
        catalog.decks = config.decks
        return catalog.load(vouched: vouched)
    }

    /// A command-line note argument with a path relative to the shell's
    /// folder turned into a vault-relative one (other references unchanged).
    public func noteReference(_ reference: String) -> String {
        if let relative = layout.relativePath(of: URL(fileURLWithPath: reference)),
            FileManager.default.fileExists(atPath: layout.url(of: relative).path)
        {
            return relative
        }
        return reference
    }
}
