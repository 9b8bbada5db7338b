import Foundation
import VaultAnki
import VaultApp
import VaultCore
import VaultIndex
import VaultProcess
import VaultStore

/// The one place the adapters are made (zk's `container.go`): every front
/// end (the command line, the web app, the language server) sees the use
/// cases and their ports only.
///
/// A command asks for an ``OpenedVault`` (``open(_:warnings:tracer:search:verifyingStateFolders:startingWatcher:)``),
/// `vault serve` for a ``ServedVault``, `vault lsp` for an opener
/// (``languageServer(_:)``); `vault init`, completion and error messages
/// ask for the few things that come before a vault is open.
package enum CompositionRoot {
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
    /// With `startingWatcher` false (`vault status --line`, on every
    /// prompt), no watcher is started (``WatcherStarts``). The caches are
    /// read and written as by every command: what they lack is worked out
    /// and written back (best effort, so the next call finds it), so
    /// whatever ran before, a command pays for a missing cache once.
    ///
    /// - Parameters:
    ///   - warnings: where the search engine's notices go (a watcher that cannot start).
    ///   - tracer: where the adapters and use cases time their phases (`VAULT_TRACE`).
    /// - Throws: when no vault is found, its config does not read, or the moment does not read.
    package static func open(
        _ choice: VaultChoice, warnings: @escaping (String) -> Void, tracer: any Tracer, search: Bool = false,
        verifyingStateFolders: Bool = true, startingWatcher: Bool = true
    ) throws -> OpenedVault {
        try open(
            choice, warnings: warnings, tracer: tracer, search: search, verifyingStateFolders: verifyingStateFolders,
            startingWatcher: startingWatcher, serving: nil)
    }

    /// ``open(_:warnings:tracer:search:verifyingStateFolders:startingWatcher:)``;
    /// `serving` is given by a process that runs on (`vault serve`): the
    /// note catalog it keeps between requests; its ledger then reads the
    /// card log from the replay cache when asked rather than hold it.
    private static func open(
        _ options: VaultChoice, warnings: @escaping (String) -> Void, tracer: any Tracer, search: Bool,
        verifyingStateFolders: Bool, startingWatcher: Bool, serving keptCatalog: KeptCatalog?
    ) throws -> OpenedVault {
        if !startingWatcher { WatcherStarts.allowed = false }
        let environment = EnvironmentValue.of("VAULT_DIR")
        let named = [options.vaultPath, environment].compactMap { $0 }.first { !$0.isEmpty }
        // An absolute vault path needs no working folder; anything else does, and it must read.
        let current = named?.hasPrefix("/") == true ? workingFolder ?? URL(fileURLWithPath: "/") : try requireWorkingFolder()
        let layout = try VaultLocator.locate(explicit: options.vaultPath, environment: environment, current: current)
        if verifyingStateFolders { try layout.verifyStateFolders() }
        let engine = search ? VaultSearchEngine(starting: layout) : VaultSearchEngine(layout: layout)
        engine.notice = warnings
        let vault = try Vault(layout: layout)
        let now = try GlobalOptions.moment(options.now, in: vault.config.timeZone)
        return OpenedVault(
            app: context(
                vault, now: now, fixedMoment: GlobalOptions.momentIsGiven(options.now), engine: engine, tracer: tracer,
                serving: keptCatalog), now: now, noteReference: vault.noteReference)
    }

    /// What `vault export anki` writes packages with: VaultAnki's writer, relative paths from the shell's folder.
    package static func ankiWriter() -> any AnkiPackageWriting {
        AnkiPackageWriter(workingFolder: workingFolder)
    }

    /// The vault's own files beside its notes (`vault export json`, `vault backup`).
    package static func records(_ app: AppContext) -> any VaultRecords {
        VaultRecordFiles(layout: VaultLayout(root: app.files.location(of: "")))
    }

    /// `vault import json --merge`'s use case over `app`: the events it
    /// adds written by the vault's ledger with their own device and sequence.
    package static func jsonImporting(_ app: AppContext) -> JSONImporting {
        JSONImporting(app, log: app.importedLog)
    }

    /// `vault backup`'s use case over `app`: archives made with tar from
    /// the vault's folder, the daily timer (with `--to FOLDER` when given).
    package static func backup(_ app: AppContext, to folder: String?) -> VaultBackup {
        let root = app.files.location(of: "")
        return VaultBackup(
            app, records: VaultRecordFiles(layout: VaultLayout(root: root)), archives: TarArchives(vault: root),
            timer: ReminderUnits(vault: root, binary: ReminderUnits.currentBinary, job: .backup(folder: folder)))
    }

    /// Backup archives before any vault is open (a restore from an archive's path).
    package static func backupArchives() -> any BackupArchives {
        TarArchives(vault: workingFolder ?? URL(fileURLWithPath: "/"))
    }

    /// `vault export pdf`'s use case over `app`, printing through headless Chromium.
    package static func pdfExport(_ app: AppContext) -> PDFExport {
        PDFExport(app, printer: ChromiumPrinter())
    }

    /// `vault serve`'s vault: opened as a command opens it (so a missing
    /// vault is said at once), watched for changes so that requests that
    /// follow none share what the last one read (``ServedVault``). The
    /// process runs on from here (``ProcessLifetime/runOn()``).
    /// - Parameters:
    ///   - warnings: where the search engine's notices go.
    ///   - tracer: where the adapters and use cases time their phases.
    /// - Throws: when no vault is found or it cannot be opened.
    package static func servedVault(
        _ options: GlobalOptions, warnings: @escaping (String) -> Void, tracer: any Tracer
    ) throws -> ServedVault {
        ProcessLifetime.runOn()
        let root = try open(options.choice, warnings: warnings, tracer: tracer).app.files.location(of: "")
        let changes = VaultChanges(layout: VaultLayout(root: root))
        let kept = KeptCatalog(keepsEncoded: false, writesAfterLoad: true)
        return ServedVault(
            open: {
                try open(
                    options.choice, warnings: warnings, tracer: tracer, search: false, verifyingStateFolders: true,
                    startingWatcher: true, serving: kept
                ).app
            },
            changes: changes.map { changes in
                {
                    let counts = changes.counts()
                    return ServedVault.Version(notes: counts.notes, ledger: counts.ledger)
                }
            }, forget: kept.forget, waitForWrites: kept.waitForWrites)
    }

    /// `vault lsp`'s opener: given the editor's workspace folder, the
    /// context of the vault that holds it (`--vault` and `VAULT_DIR` first,
    /// as for every command; the working folder when the editor names
    /// none), acting at the moment of `initialize` (or `--now`/`VAULT_NOW`),
    /// its clock running on. The process runs on from here
    /// (``ProcessLifetime/runOn()``).
    package static func languageServer(_ options: VaultChoice) -> (_ folder: String?) throws -> AppContext {
        ProcessLifetime.runOn()
        return { folder in
            let environment = EnvironmentValue.of("VAULT_DIR")
            let current = try folder.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? requireWorkingFolder()
            let layout = try VaultLocator.locate(explicit: options.vaultPath, environment: environment, current: current)
            try layout.verifyStateFolders()
            let vault = try Vault(layout: layout)
            let now = try GlobalOptions.moment(options.now, in: vault.config.timeZone)
            return context(vault, now: now, fixedMoment: GlobalOptions.momentIsGiven(options.now), tracer: NoTracer())
        }
    }

    /// Every port over `vault`, acting at `now` (nothing is read until a use case asks).
    static func context(
        _ vault: Vault, now: Date, fixedMoment: Bool = false, engine: VaultSearchEngine? = nil, tracer: any Tracer,
        serving keptCatalog: KeptCatalog? = nil
    ) -> AppContext {
        let layout = vault.layout
        let engine = engine ?? VaultSearchEngine(layout: layout)
        engine.configure(timeZone: vault.config.timeZone, watcher: vault.config.watcher, tracer: tracer)
        // One ledger for reading and for an import's writes: an import's events are read back by the same port.
        let ledger = VaultLedger(layout: layout, timeZone: vault.config.timeZone, keepsCardLog: keptCatalog == nil)
        return AppContext(
            notes: VaultNotes(vault: vault, tracer: tracer, kept: keptCatalog), ledger: ledger,
            ids: VaultNoteIDs(layout: layout), config: vault.config, now: now,
            configStore: ConfigFileStore(layout: layout), files: VaultFileStore(layout: layout),
            trash: NoteTrash(layout: layout), search: engine, clock: RunningClock(startingAt: now, fixed: fixedMoment),
            newIDs: RandomIDs(), inspection: DiskInspection(vault: vault), sync: VaultSync(layout: layout),
            reminderLog: ReminderState(layout: layout),
            notifier: NotifySend(binary: ReminderUnits.currentBinary, vault: layout.root.path),
            reminderTimer: ReminderUnits(vault: layout.root, binary: ReminderUnits.currentBinary),
            namedFiles: UserFiles(vault: layout, workingFolder: workingFolder),
            ankiPackages: AnkiPackageFile(workingFolder: workingFolder), importedLog: ledger, drafts: DraftFiles(),
            retention: ExitRetention(), tracer: tracer)
    }

    /// Files the person names, for a command that also works outside a
    /// vault (`vault fsrs --revlog`): paths from the shell's folder.
    package static func namedFiles() -> any NamedFiles { UserFiles(vault: nil, workingFolder: workingFolder) }

    /// KaTeX's files, which typeset math in pages: Debian's `libjs-katex`
    /// folder, or `VAULT_KATEX_DIR` (a KaTeX laid out the same way).
    package static func mathFiles() -> any MathFiles {
        KaTeXFolder(folder: EnvironmentValue.of("VAULT_KATEX_DIR") ?? KaTeXFolder.debianFolder)
    }

    /// The shell's folder, which relative paths on the command line start
    /// from; nil when its path is not UTF-8: a Swift string cannot hold it,
    /// and Foundation's lossy copy (with U+FFFD) standardizes to the parent
    /// folder, where `vault init` would then write.
    package static var workingFolder: URL? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(validating: bytes, as: UTF8.self).map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// ``workingFolder``, or a sentence when its path is not UTF-8.
    /// - Throws: ``WiringError/notUTF8(_:)``.
    package static func requireWorkingFolder() throws -> URL {
        guard let folder = workingFolder else {
            throw WiringError.notUTF8("the current folder's path (\(FileManager.default.currentDirectoryPath))")
        }
        return folder
    }

    /// The first command-line argument whose bytes are not UTF-8 (shown with U+FFFD), or nil.
    package static var nonUTF8Argument: String? {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: argument, count: strlen(argument)).map { UInt8(bitPattern: $0) }
            if String(validating: bytes, as: UTF8.self) == nil { return String(decoding: bytes, as: UTF8.self) }
        }
        return nil
    }

    /// The vault the words typed so far name, for shell completion; nil when there is none.
    package static func completionContext(explicitVault: String?) -> AppContext? {
        guard let current = workingFolder,
            let layout = try? VaultLocator.locate(
                explicit: explicitVault, environment: EnvironmentValue.of("VAULT_DIR"),
                current: current),
            (try? layout.verifyStateFolders()) != nil,
            let vault = try? Vault(layout: layout)
        else { return nil }
        let now = (try? GlobalOptions.moment(nil, in: vault.config.timeZone)) ?? Date()
        return context(vault, now: now, tracer: NoTracer())
    }

    /// `vault init`: makes the vault's files in `folder` (made when missing).
    /// - Parameter tracer: handed to the new vault's adapters.
    /// - Returns: the files written, the notes already there, the new vault's context, and the Spaced Repetition plugin's data when its data.json is there.
    /// - Throws: ``WiringError/notAFolder(_:)`` when `folder` is a file; the store's errors when it cannot be made a vault.
    package static func initialize(_ folder: URL, timeZone: String, nesting: Bool, tracer: any Tracer) throws -> (
        written: [String], notes: Int, open: (Date?) throws -> AppContext,
        plugin: Result<ObsidianSRPluginData, VaultCoreError>?
    ) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw WiringError.notAFolder(folder.path)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw VaultStoreError.unwritable(path: folder.path, reason: VaultStoreError.reason(of: error))
        }
        // The Spaced Repetition plugin's data.json, when there is one: its settings go into the config.
        let plugin = VaultInitializer.pluginData(in: folder)
        let written = try VaultInitializer.initialize(
            folder, timeZoneIdentifier: timeZone, nesting: nesting, plugin: try? plugin?.get())
        let layout = VaultLayout(root: folder)
        let notes = VaultScanner(layout: layout).scan().files.count
        return (
            written, notes,
            { now in
                let vault = try Vault(layout: layout)
                return context(vault, now: try now ?? GlobalOptions.moment(nil, in: vault.config.timeZone), tracer: tracer)
            }, plugin
        )
    }
}
