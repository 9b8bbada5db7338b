import Foundation
import VaultApp
import VaultCore
import VaultIndex
import VaultStore

/// The one place the terminal's adapters are made (zk's `container.go`):
/// every other file of VaultCLI sees the use cases and their ports only.
///
/// A command asks for a ``CommandContext`` (``open(_:search:)``); `vault
/// init`, completion and error messages ask for the few things that come
/// before a vault is open.
enum CompositionRoot {
    /// Finds and opens the vault the options name, reads the clock once and
    /// builds every port over it.
    ///
    /// With `search`, the search engine is made before the config is read:
    /// it asks the watcher or starts scanning the notes at once, so the scan
    /// overlaps reading the config.
    ///
    /// A vault whose `.vault/` folders are symbolic links (or files) is
    /// refused before anything is read or written, unless
    /// `verifyingStateFolders` is false (`vault check`, which names them).
    static func open(
        _ options: GlobalOptions, search: Bool = false, output: Output = .standard, verifyingStateFolders: Bool = true
    ) throws -> CommandContext {
        let layout = try VaultLocator.locate(
            explicit: options.vaultPath, environment: ProcessInfo.processInfo.environment["VAULT_DIR"],
            current: workingFolder)
        if verifyingStateFolders { try layout.verifyStateFolders() }
        let engine = search ? VaultSearchEngine(starting: layout) : VaultSearchEngine(layout: layout)
        let vault = try Vault(layout: layout)
        let now = try GlobalOptions.moment(options.now, in: vault.config.timeZone)
        return CommandContext(
            app: context(vault, now: now, engine: engine), now: now, output: output,
            noteReference: vault.noteReference)
    }

    /// Every port over `vault`, acting at `now` (nothing is read until a use case asks).
    static func context(_ vault: Vault, now: Date, engine: VaultSearchEngine? = nil) -> AppContext {
        let layout = vault.layout
        let engine = engine ?? VaultSearchEngine(layout: layout)
        engine.configure(timeZone: vault.config.timeZone, watcher: vault.config.watcher)
        return AppContext(
            notes: VaultNotes(vault: vault), ledger: VaultLedger(layout: layout, timeZone: vault.config.timeZone),
            ids: VaultNoteIDs(layout: layout), config: vault.config, now: now,
            configStore: ConfigFileStore(layout: layout), files: VaultFileStore(layout: layout),
            trash: NoteTrash(layout: layout), search: engine, clock: RunningClock(startingAt: now),
            newIDs: RandomIDs(), inspection: DiskInspection(vault: vault), sync: VaultSync(layout: layout),
            reminderLog: ReminderState(layout: layout),
            notifier: NotifySend(binary: ReminderUnits.currentBinary, vault: layout.root.path),
            reminderTimer: ReminderUnits(vault: layout.root, binary: ReminderUnits.currentBinary),
            namedFiles: UserFiles(vault: layout, workingFolder: workingFolder))
    }

    /// The shell's folder, which relative paths on the command line start from.
    static var workingFolder: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }

    /// The vault the words typed so far name, for shell completion; nil when there is none.
    static func completionContext(explicitVault: String?) -> AppContext? {
        guard
            let layout = try? VaultLocator.locate(
                explicit: explicitVault, environment: ProcessInfo.processInfo.environment["VAULT_DIR"],
                current: workingFolder),
            (try? layout.verifyStateFolders()) != nil,
            let vault = try? Vault(layout: layout)
        else { return nil }
        let now = (try? GlobalOptions.moment(nil, in: vault.config.timeZone)) ?? Date()
        return context(vault, now: now)
    }

    /// Why a file operation failed, in the system's words (never Foundation's "error 512").
    static func reason(of error: Error) -> String { VaultStoreError.reason(of: error) }

    /// `vault init`: makes the vault's files in `folder` (made when missing).
    /// - Returns: the files written, the notes already there, and the new vault's context.
    static func initialize(_ folder: URL, timeZone: String, nesting: Bool) throws -> (
        written: [String], notes: Int, open: (Date?) throws -> AppContext
    ) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw VaultStoreError.unwritable(path: folder.path, reason: VaultStoreError.reason(of: error))
        }
        let written = try VaultInitializer.initialize(folder, timeZoneIdentifier: timeZone, nesting: nesting)
        let layout = VaultLayout(root: folder)
        let notes = VaultScanner(layout: layout).scan().files.count
        return (
            written, notes,
            { now in
                let vault = try Vault(layout: layout)
                return context(vault, now: try now ?? GlobalOptions.moment(nil, in: vault.config.timeZone))
            }
        )
    }
}
