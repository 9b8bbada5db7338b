import Foundation
import VaultCore
import VaultIndex
import VaultStore

/// What a use case works with: the two ports, the vault's config and the
/// moment it acts at (read once, at the edge).
///
/// Commands make one with ``open(_:now:)`` over the real adapters; tests
/// make one over in-memory ports.
public struct AppContext {
    public let notes: any NoteSource
    public let ledger: any LedgerSource
    /// Gives notes ids when the ledger must name them.
    public let ids: any NoteIDWriter
    public let config: VaultConfig
    /// The moment the use case acts at (the clock, or `VAULT_NOW` / `--now`).
    public let now: Date
    /// The vault on disk, when there is one (nil in tests over in-memory ports).
    public let vault: Vault?
    /// Where use cases and adapters report their phases' times (`VAULT_TRACE`).
    public let tracer: any Tracer

    public init(
        notes: any NoteSource, ledger: any LedgerSource, ids: any NoteIDWriter, config: VaultConfig, now: Date,
        vault: Vault? = nil, tracer: any Tracer = NoTracer()
    ) {
        self.notes = notes
        self.ledger = ledger
        self.ids = ids
        self.config = config
        self.now = now
        self.vault = vault
        self.tracer = tracer
    }

    /// The real adapters over `vault` (nothing is read until a use case asks),
    /// reporting their times to `tracer`.
    public static func open(_ vault: Vault, now: Date, tracer: any Tracer = NoTracer()) -> AppContext {
        AppContext(
            notes: VaultNotes(vault: vault, tracer: tracer),
            ledger: VaultLedger(layout: vault.layout, timeZone: vault.config.timeZone),
            ids: VaultNoteIDs(layout: vault.layout), config: vault.config, now: now, vault: vault, tracer: tracer)
    }

    /// The vault's zone: every day, week and period is counted in it.
    public var timeZone: TimeZone { config.timeZone }
    /// Today's day number in the vault's zone.
    public var today: Int { VaultDate.dayNumber(of: now, in: timeZone) }
}

extension AppContext {
    /// The note a command-line argument names (path, id, id prefix, title or
    /// alias), parsed in full.
    /// - Throws: ``VaultStoreError`` when no single note is named or it cannot be read.
    public func findNote(_ reference: String) throws -> Note {
        let summary = try NoteLookup.find(reference, in: notes.summaries().notes)
        return try notes.note(at: summary.path)
    }
}
