import Foundation
import VaultCore
import VaultMarkdown

/// ``VaultInspection`` over the files themselves, for `vault check`.
public struct DiskInspection: VaultInspection {
    public let vault: Vault

    public init(vault: Vault) { self.vault = vault }

    public func notesOnDisk() -> (notes: [Note], problems: [Diagnostic]) { vault.loadNotes() }

    /// From the note catalog, which the load checks against a stat of every
    /// file (new and changed notes are parsed, and the catalog written back).
    /// When a `.vault/` folder is a link or a file, the catalog is neither
    /// read nor written (it would be outside the vault): every note is parsed.
    public func checkedNotes(config: VaultConfig) -> CheckedNotes {
        guard misplacedStateFolders().isEmpty else {
            let loaded = notesOnDisk()
            return CheckedNotes(
                notes: loaded.notes.map(\.summary), facts: loaded.notes.map(NoteCheckFacts.init),
                cards: cards(of: loaded.notes, config: config), problems: loaded.problems)
        }
        let loaded = vault.loadCatalog()
        let decks = config.decks
        let inDeck = Set(loaded.notes.lazy.filter { decks.contains($0) }.map(\.path))
        let cards =
            inDeck.count == loaded.notes.count ? loaded.cards : loaded.cards.filter { inDeck.contains($0.notePath) }
        return CheckedNotes(
            notes: loaded.notes, facts: loaded.facts.decoded(), cards: cards, problems: loaded.problems)
    }

    public func cards(of notes: [Note], config: VaultConfig) -> [Card] {
        CardLoader(layout: vault.layout).cards(of: notes, in: config.decks, syntax: config.cardSyntax)
    }

    public func ledgerOnDisk() -> LocatedLedger {
        let read = LedgerStore(layout: vault.layout).read(locate: true)
        return LocatedLedger(events: read.events, diagnostics: read.diagnostics, places: read.places)
    }

    public func ledgerConflictCopies() -> [(copy: String, original: String)] {
        LedgerStore(layout: vault.layout).fileNames().compactMap { name in
            LedgerStore.conflictCopyOriginal(name).map { (".vault/ledger/" + name, $0) }
        }
    }

    public func leftoverTemporaries() -> [String] {
        let layout = vault.layout
        let folders =
            VaultScanner(layout: layout).folders().map { $0.isEmpty ? layout.root : layout.url(of: $0) }
            + [layout.dotVault, layout.dotVault.appendingPathComponent("ledger")]
        return folders.flatMap { AtomicFile.staleTemporaries(in: $0) }.compactMap { url in
            var info = stat()
            let folder = lstat(url.path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
            return layout.relativePath(of: url).map { folder ? $0 + "/" : $0 }
        }
    }

    public func misplacedStateFolders() -> [(path: String, reason: String)] { vault.layout.misplacedStateFolders() }

    public func repairStateFolders() throws -> [String] {
        let layout = vault.layout
        // Only the link (or file) goes, never what it points to; `.vault` and the ledger stay as they are.
        if layout.misplacedStateFolders().contains(where: { $0.path == ".vault" }) { return [] }
        var replaced: [String] = []
        for (path, _) in layout.misplacedStateFolders() where path != ".vault/ledger" {
            let url = layout.url(of: path)
            guard unlink(url.path) == 0, mkdir(url.path, 0o755) == 0 else {
                throw VaultStoreError.unwritable(path: path, reason: errnoDescription())
            }
            replaced.append(path)
        }
        return replaced
    }

    public func repairLedger() throws -> [LedgerFileRepair] {
        try LedgerRepair(store: LedgerStore(layout: vault.layout)).run().map {
            LedgerFileRepair(
                path: $0.path, removedLines: $0.removedLines, duplicates: $0.duplicates, mergedCopies: $0.mergedCopies)
        }
    }
}
