import Foundation
import VaultCore

/// What a use case works with: the ports, the vault's config and the moment
/// it acts at (read once, at the edge). It is the only way a use case
/// reaches the outside world.
///
/// The front ends get one from the composition root
/// (`VaultWiring/CompositionRoot.swift`); tests make one over in-memory ports.
public struct AppContext {
    public let notes: any NoteSource
    public let ledger: any LedgerSource
    /// Gives notes ids when the ledger must name them.
    public let ids: any NoteIDWriter
    public let config: VaultConfig
    /// The moment the use case acts at (the clock, or `VAULT_NOW` / `--now`).
    public let now: Date
    /// Writes `.vault/config.yml` back, keeping its comments.
    public let configStore: any ConfigStore
    /// The vault's files by vault-relative path: notes, pictures, attachments.
    public let files: any VaultFiles
    /// `.vault/trash/`.
    public let trash: any NoteBin
    /// The search cache.
    public let search: any SearchEngine
    /// The time as it runs on (a screen stamps each answer with it); starts at ``now``.
    public let clock: any Clock
    /// New note ids.
    public let newIDs: any IDGenerator
    /// The files themselves, for `vault check`.
    public let inspection: any VaultInspection
    /// git, for `vault sync`.
    public let sync: any VaultSyncing
    /// The reminders' log of this machine, its notifier and its timer.
    public let reminderLog: any ReminderLog
    public let notifier: any DesktopNotifier
    public let reminderTimer: any ReminderTimer
    /// Files the person names: imports read, outputs written.
    public let namedFiles: any NamedFiles
    /// Anki's packages, read for `vault import anki`.
    public let ankiPackages: any AnkiPackageReading
    /// The ledger as an import writes it: events under the identity they
    /// carry (the same files ``ledger`` reads).
    public let importedLog: any ImportedEventLog
    /// The files a new note is written in by the person's editor.
    public let drafts: any NoteDrafts
    /// Whether large values are freed or kept until the process exits.
    public let retention: any Retention
    /// Where use cases report their phases' times (`VAULT_TRACE`).
    public let tracer: any Tracer

    public init(
        notes: any NoteSource, ledger: any LedgerSource, ids: any NoteIDWriter, config: VaultConfig, now: Date,
        configStore: any ConfigStore, files: any VaultFiles, trash: any NoteBin, search: any SearchEngine,
        clock: any Clock, newIDs: any IDGenerator, inspection: any VaultInspection, sync: any VaultSyncing,
        reminderLog: any ReminderLog, notifier: any DesktopNotifier, reminderTimer: any ReminderTimer,
        namedFiles: any NamedFiles, ankiPackages: any AnkiPackageReading, importedLog: any ImportedEventLog,
        drafts: any NoteDrafts, retention: any Retention, tracer: any Tracer
    ) {
        self.notes = notes
        self.ledger = ledger
        self.ids = ids
        self.config = config
        self.now = now
        self.configStore = configStore
        self.files = files
        self.trash = trash
        self.search = search
        self.clock = clock
        self.newIDs = newIDs
        self.inspection = inspection
        self.sync = sync
        self.reminderLog = reminderLog
        self.notifier = notifier
        self.reminderTimer = reminderTimer
        self.namedFiles = namedFiles
        self.ankiPackages = ankiPackages
        self.importedLog = importedLog
        self.drafts = drafts
        self.retention = retention
        self.tracer = tracer
    }

    /// The vault's zone: every day, week and period is counted in it.
    public var timeZone: TimeZone { config.timeZone }
    /// Today's day number in the vault's zone.
    public var today: Int { VaultDate.dayNumber(of: now, in: timeZone) }

    /// The same ports with some put in place of their own: a long-running
    /// front end's notes, ledger and search cache kept between requests, its
    /// open buffers' files, the moment of one request.
    public func replacing(
        notes: (any NoteSource)? = nil, ledger: (any LedgerSource)? = nil, files: (any VaultFiles)? = nil,
        now: Date? = nil, search: (any SearchEngine)? = nil
    ) -> AppContext {
        AppContext(
            notes: notes ?? self.notes, ledger: ledger ?? self.ledger, ids: ids, config: config, now: now ?? self.now,
            configStore: configStore, files: files ?? self.files, trash: trash, search: search ?? self.search,
            clock: clock,
            newIDs: newIDs, inspection: inspection, sync: sync, reminderLog: reminderLog, notifier: notifier,
            reminderTimer: reminderTimer, namedFiles: namedFiles, ankiPackages: ankiPackages, importedLog: importedLog,
            drafts: drafts, retention: retention, tracer: tracer)
    }
}

extension AppContext {
    /// The note a command-line argument names (path, id, id prefix, title or
    /// alias), parsed in full.
    /// - Throws: ``AppError`` when no single note is named, or the note's read error.
    public func findNote(_ reference: String) throws -> Note {
        let summary = try NoteLookup.find(reference, in: notes.summaries().notes)
        return try notes.note(at: summary.path)
    }
}
