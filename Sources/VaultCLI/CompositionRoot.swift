import Foundation
import VaultAnki
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
    ///
    /// With `writingCaches` false (`vault status --line`), no cache is
    /// written and no watcher started (``CacheWrites``): the caches are
    /// read, and what they lack is worked out in memory.
    ///
    /// `serving` is given by a process that runs on (`vault serve`): the
    /// note catalog it keeps between requests; its ledger then reads the
    /// card log from the replay cache when asked rather than hold it.
    static func open(
        _ options: GlobalOptions, search: Bool = false, output: Output = .standard, verifyingStateFolders: Bool = true,
        writingCaches: Bool = true, serving keptCatalog: KeptCatalog? = nil
    ) throws -> CommandContext {
        if !writingCaches { CacheWrites.allowed = false }
        let environment = ProcessInfo.processInfo.environment["VAULT_DIR"]
        let named = [options.vaultPath, environment].compactMap { $0 }.first { !$0.isEmpty }
        // An absolute vault path needs no working folder; anything else does, and it must read.
        let current = named?.hasPrefix("/") == true ? workingFolder ?? URL(fileURLWithPath: "/") : try requireWorkingFolder()
        let layout = try VaultLocator.locate(explicit: options.vaultPath, environment: environment, current: current)
        if verifyingStateFolders { try layout.verifyStateFolders() }
        let engine = search ? VaultSearchEngine(starting: layout) : VaultSearchEngine(layout: layout)
        engine.notice = { output.warning($0) }
        let vault = try Vault(layout: layout)
        let now = try GlobalOptions.moment(options.now, in: vault.config.timeZone)
        return CommandContext(
            app: context(
                vault, now: now, fixedMoment: GlobalOptions.momentIsGiven(options.now), engine: engine,
                tracer: output.tracer, serving: keptCatalog), now: now, output: output,
            noteReference: vault.noteReference)
    }

    /// `vault import anki`'s use case over `context`: Anki's packages read
    /// from the shell's folder, the imported events written by the vault's ledger.
    static func ankiImporting(_ context: CommandContext) -> AnkiImporting {
        let app = context.app()
        let log = app.ledger as? any ImportedEventLog ?? VaultLedger(layout: VaultLayout(root: app.files.location(of: "")), timeZone: app.timeZone)
        return AnkiImporting(app, packages: AnkiPackageFile(workingFolder: workingFolder), log: log)
    }

    /// The vault's own files beside its notes (`vault export json`, `vault backup`).
    static func records(_ context: CommandContext) -> any VaultRecords {
        VaultRecordFiles(layout: VaultLayout(root: context.app().files.location(of: "")))
    }

    /// `vault import json --merge`'s use case over `context`: the events it
    /// adds written by the vault's ledger with their own device and sequence.
    static func jsonImporting(_ context: CommandContext) -> JSONImporting {
        let app = context.app()
        let log = app.ledger as? any ImportedEventLog ?? VaultLedger(layout: VaultLayout(root: app.files.location(of: "")), timeZone: app.timeZone)
        return JSONImporting(app, log: log)
    }

    /// Files the person names, before any vault is open (`vault import json FILE DIR`, a backup restored).
    static func namedFiles() -> any NamedFiles {
        UserFiles(vault: VaultLayout(root: workingFolder ?? URL(fileURLWithPath: "/")), workingFolder: workingFolder)
    }

    /// `vault backup`'s use case over `context`: archives made with tar from
    /// the vault's folder, the daily timer (with `--to FOLDER` when given).
    static func backup(_ context: CommandContext, to folder: String?) -> VaultBackup {
        let app = context.app()
        let root = app.files.location(of: "")
        return VaultBackup(
            app, records: VaultRecordFiles(layout: VaultLayout(root: root)), archives: TarArchives(vault: root),
            timer: ReminderUnits(vault: root, binary: ReminderUnits.currentBinary, job: .backup(folder: folder)))
    }

    /// Backup archives before any vault is open (a restore from an archive's path).
    static func backupArchives() -> any BackupArchives {
        TarArchives(vault: workingFolder ?? URL(fileURLWithPath: "/"))
    }

    /// `vault export pdf`'s use case over `context`, printing through headless Chromium.
    static func pdfExport(_ context: CommandContext) -> PDFExport {
        PDFExport(context.app(), printer: ChromiumPrinter())
    }

    /// `vault serve`'s vault: opened as a command opens it (so a missing
    /// vault is said at once), watched for changes so that requests that
    /// follow none share what the last one read (``ServedVault``).
    static func servedVault(_ options: GlobalOptions) throws -> ServedVault {
        let root = try open(options).app().files.location(of: "")
        let changes = VaultChanges(layout: VaultLayout(root: root))
        let kept = KeptCatalog(keepsEncoded: false)
        return ServedVault(
            open: { try open(options, serving: kept).app() },
            changes: changes.map { changes in
                {
                    let counts = changes.counts()
                    return ServedVault.Version(notes: counts.notes, ledger: counts.ledger)
                }
            }, forget: kept.forget)
    }

    /// `vault lsp`'s context: the vault that holds the editor's workspace
    /// `folder` (`--vault` and `VAULT_DIR` first, as for every command; the
    /// working folder when the editor names none), acting at the moment of
    /// `initialize` (or `--now`/`VAULT_NOW`), its clock running on.
    static func languageServer(_ options: GlobalOptions, folder: String?) throws -> AppContext {
        let environment = ProcessInfo.processInfo.environment["VAULT_DIR"]
        let current = try folder.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? requireWorkingFolder()
        let layout = try VaultLocator.locate(explicit: options.vaultPath, environment: environment, current: current)
        try layout.verifyStateFolders()
        let vault = try Vault(layout: layout)
        let now = try GlobalOptions.moment(options.now, in: vault.config.timeZone)
        return context(vault, now: now, fixedMoment: GlobalOptions.momentIsGiven(options.now), tracer: NoTracer())
    }

    /// Every port over `vault`, acting at `now` (nothing is read until a use case asks).
    static func context(
        _ vault: Vault, now: Date, fixedMoment: Bool = false, engine: VaultSearchEngine? = nil,
        tracer: any Tracer = Output.standard.tracer, serving keptCatalog: KeptCatalog? = nil
    ) -> AppContext {
        let layout = vault.layout
        let engine = engine ?? VaultSearchEngine(layout: layout)
        engine.configure(timeZone: vault.config.timeZone, watcher: vault.config.watcher, tracer: tracer)
        return AppContext(
            notes: VaultNotes(vault: vault, tracer: tracer, kept: keptCatalog),
            ledger: VaultLedger(layout: layout, timeZone: vault.config.timeZone, keepsCardLog: keptCatalog == nil),
            ids: VaultNoteIDs(layout: layout), config: vault.config, now: now,
            configStore: ConfigFileStore(layout: layout), files: VaultFileStore(layout: layout),
            trash: NoteTrash(layout: layout), search: engine, clock: RunningClock(startingAt: now, fixed: fixedMoment),
            newIDs: RandomIDs(), inspection: DiskInspection(vault: vault), sync: VaultSync(layout: layout),
            reminderLog: ReminderState(layout: layout),
            notifier: NotifySend(binary: ReminderUnits.currentBinary, vault: layout.root.path),
            reminderTimer: ReminderUnits(vault: layout.root, binary: ReminderUnits.currentBinary),
            namedFiles: UserFiles(vault: layout, workingFolder: workingFolder), retention: ExitRetention(), tracer: tracer)
    }

    /// The shell's folder, which relative paths on the command line start
    /// from; nil when its path is not UTF-8: a Swift string cannot hold it,
    /// and Foundation's lossy copy (with U+FFFD) standardizes to the parent
    /// folder, where `vault init` would then write.
    static var workingFolder: URL? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(validating: bytes, as: UTF8.self).map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// ``workingFolder``, or a sentence when its path is not UTF-8.
    /// - Throws: ``CLIError/notUTF8(_:)``.
    static func requireWorkingFolder() throws -> URL {
        guard let folder = workingFolder else {
            throw CLIError.notUTF8("the current folder's path (\(FileManager.default.currentDirectoryPath))")
        }
        return folder
    }

    /// The first command-line argument whose bytes are not UTF-8 (shown with U+FFFD), or nil.
    static var nonUTF8Argument: String? {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: argument, count: strlen(argument)).map { UInt8(bitPattern: $0) }
            if String(validating: bytes, as: UTF8.self) == nil { return String(decoding: bytes, as: UTF8.self) }
        }
        return nil
    }

    /// The vault the words typed so far name, for shell completion; nil when there is none.
    static func completionContext(explicitVault: String?) -> AppContext? {
        guard let current = workingFolder,
            let layout = try? VaultLocator.locate(
                explicit: explicitVault, environment: ProcessInfo.processInfo.environment["VAULT_DIR"],
                current: current),
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
