import Foundation
import VaultCore

@testable import VaultApp

// In-memory fakes of the ports beyond notes and the ledger, and the
// context tests make over them (every port in memory unless given).

extension AppContext {
    /// A context over in-memory ports: the notes, ledger and ids given, the
    /// others fresh fakes unless given too.
    init(
        notes: any NoteSource, ledger: any LedgerSource, ids: any NoteIDWriter, config: VaultConfig, now: Date,
        configStore: any ConfigStore = MemoryConfigStore(), files: any VaultFiles = MemoryFiles(),
        trash: any NoteBin = MemoryTrash(), search: any SearchEngine = MemorySearch(), clock: (any Clock)? = nil,
        newIDs: any IDGenerator = CountingIDs(), inspection: any VaultInspection = MemoryInspection(),
        sync: any VaultSyncing = MemorySync(), reminderLog: any ReminderLog = MemoryReminderLog(),
        notifier: any DesktopNotifier = MemoryNotifier(), reminderTimer: any ReminderTimer = MemoryTimer(),
        namedFiles: any NamedFiles = MemoryNamedFiles(), ankiPackages: any AnkiPackageReading = MemoryAnkiPackages(),
        importedLog: any ImportedEventLog = MemoryImportedLog(), drafts: any NoteDrafts = MemoryDrafts(),
        retention: any Retention = FreeingRetention(), tracer: any Tracer = NoTracer()
    ) {
        self.init(
            notes: notes, ledger: ledger, ids: ids, config: config, now: now, configStore: configStore, files: files,
            trash: trash, search: search, clock: clock ?? FixedClock(now), newIDs: newIDs, inspection: inspection,
            sync: sync, reminderLog: reminderLog, notifier: notifier, reminderTimer: reminderTimer,
            namedFiles: namedFiles, ankiPackages: ankiPackages, importedLog: importedLog, drafts: drafts,
            retention: retention, tracer: tracer)
    }
}

/// The config file: remembers every save.
final class MemoryConfigStore: ConfigStore {
    private(set) var saved: [VaultConfig] = []
    /// Fails the next save when set (a crash between two writes).
    var failure: Error?

    func save(_ config: VaultConfig, replacing old: VaultConfig) throws {
        if let failure { throw failure }
        saved.append(config)
    }
}

/// The vault's files as a dictionary of paths to bytes.
final class MemoryFiles: VaultFiles, @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String: Data]

    init(_ files: [String: Data] = [:]) { storage = files }

    var all: [String: Data] { lock.withLock { storage } }

    /// The lexical half of the path rule, as the adapter has it (``VaultPath``): `..` out of the vault is refused.
    func read(_ path: String) throws -> Data {
        let normal = try VaultPath.normalized(path).get()
        guard let data = lock.withLock({ storage[normal] }) else { throw CocoaError(.fileReadNoSuchFile) }
        return data
    }

    func exists(_ path: String) -> Bool {
        lock.withLock { storage[path] != nil || storage.keys.contains { $0.hasPrefix(path + "/") } }
    }

    func rewrite(_ path: String, _ edit: (Data) throws -> Data) throws -> Bool {
        let old = try read(path)
        let new = try edit(old)
        guard new != old else { return false }
        lock.withLock { storage[path] = new }
        return true
    }

    func create(_ data: Data, preferredPath path: String) throws -> String {
        let stem = path.hasSuffix(".md") ? String(path.dropLast(3)) : path
        return lock.withLock {
            var n = 1
            while storage[n == 1 ? stem + ".md" : "\(stem)-\(n).md"] != nil { n += 1 }
            let chosen = n == 1 ? stem + ".md" : "\(stem)-\(n).md"
            storage[chosen] = data
            return chosen
        }
    }

    /// Removes the file at `path` (what a move out of the vault leaves).
    func remove(_ path: String) { lock.withLock { storage[path] = nil } }

    func createFile(_ data: Data, at path: String) throws {
        let normal = try VaultPath.normalized(path).get()
        try lock.withLock {
            guard storage[normal] == nil else { throw CocoaError(.fileWriteFileExists) }
            storage[normal] = data
        }
    }

    func writeFolder(_ files: [VaultFile], at folder: String, replacing: Bool) throws {
        if !replacing, exists(folder) { throw CocoaError(.fileWriteFileExists) }
        lock.withLock {
            for key in storage.keys where key.hasPrefix(folder + "/") { storage[key] = nil }
            for file in files { storage[folder + "/" + file.name] = file.bytes }
        }
    }

    /// Every file that is not a note, hidden ones (`.vault/…`) left out as the adapter leaves them.
    func attachments() -> [String] {
        lock.withLock {
            storage.keys.filter { !$0.hasSuffix(".md") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
                .sorted()
        }
    }

    func openAttachment(_ path: String) -> (any FileReading)? {
        guard attachments().contains(path), let data = try? read(path) else { return nil }
        return MemoryFileReading(data)
    }

    func line(of text: String, in path: String) -> Int? {
        guard let data = try? read(path) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.firstIndex { $0.contains(text) }.map { $0 + 1 }
    }

    func location(of path: String) -> URL { URL(fileURLWithPath: "/memory-vault").appendingPathComponent(path) }
}

/// A file read from memory a piece at a time.
final class MemoryFileReading: FileReading, @unchecked Sendable {
    private var rest: Data
    let size: Int

    init(_ data: Data) {
        rest = data
        size = data.count
    }

    func read(upTo count: Int) throws -> Data {
        let piece = rest.prefix(count)
        rest = rest.dropFirst(piece.count)
        return Data(piece)
    }
}

/// The trash as a list of moved notes.
final class MemoryTrash: NoteBin {
    private(set) var trashed: [String: Data] = [:]
    var files: MemoryFiles?

    func discard(_ path: String, at now: Date, timeZone: TimeZone) throws -> String {
        let name = String(path.dropLast(3)) + " (removed \(Int(now.timeIntervalSince1970))).md"
        trashed[name] = (try? files?.read(path)) ?? Data()
        files?.remove(path)  // moved, as the trash moves a note
        return name
    }

    func contents() -> [String] { trashed.keys.sorted().reversed() }

    func originalPath(of trashPath: String) -> String {
        guard let range = trashPath.range(of: " (removed ", options: .backwards) else { return trashPath }
        return String(trashPath[..<range.lowerBound]) + ".md"
    }

    func data(of trashPath: String) -> Data? { trashed[trashPath] }

    func restore(_ trashPath: String) throws -> String {
        guard let data = trashed.removeValue(forKey: trashPath) else { throw CocoaError(.fileNoSuchFile) }
        let path = originalPath(of: trashPath)
        try files?.createFile(data, at: path)
        return path
    }
}

/// A search engine that returns the hits it is given and remembers the marks.
final class MemorySearch: SearchEngine {
    var hits: [SearchHit] = []
    private(set) var marks: [SearchMark] = []
    private(set) var freshened = 0
    /// The limit and `pathsOnly` of each search asked.
    private(set) var asked: [(limit: Int?, pathsOnly: Bool)] = []

    /// Each note's link targets, as the cache's `links` column holds them;
    /// nil: ``linkSources(naming:)`` cannot say (the caller reads every note).
    var links: [String: [String]]?
    /// The names each ``linkSources(naming:)`` was asked.
    private(set) var linkNames: [[String]] = []

    func freshen(progress: (any IndexProgress)?) throws { freshened += 1 }
    /// The notes of ``links`` holding a name's words in a row, case aside.
    func linkSources(naming names: [String]) throws -> Set<String>? {
        linkNames.append(names)
        guard let links else { return nil }
        let words = { (text: String) in text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init) }
        let phrases = names.map(words)
        return Set(
            links.filter { _, targets in
                let written = targets.flatMap(words)
                return phrases.contains { phrase in
                    !phrase.isEmpty && written.indices.contains { start in
                        written[start...].starts(with: phrase)
                    }
                }
            }.keys)
    }
    func refresh(rebuild: Bool, progress: (any IndexProgress)?) throws -> RefreshReport {
        RefreshReport(scanned: 0, added: 0, changed: 0, removed: 0, scanSeconds: 0, totalSeconds: 0)
    }
    func mark(_ marks: [SearchMark]) throws { self.marks = marks }
    func search(_ query: SearchQuery, limit: Int?, pathsOnly: Bool) throws -> [SearchHit] {
        asked.append((limit, pathsOnly))
        return Array(hits.prefix(limit ?? hits.count))
    }
    func count(_ query: SearchQuery) throws -> Int { hits.count }
    func statistics() throws -> IndexStatistics {
        IndexStatistics(file: ".vault/cache/index.sqlite", notes: 0, bytes: 0, lastRefresh: nil, lastRefreshAt: nil)
    }
    func watch(idleExitSeconds: Int?, log: @escaping (String) -> Void) throws {}
}

/// A clock that stands still, or moves when told.
final class FixedClock: Clock, @unchecked Sendable {
    private let lock = NSLock()
    private var moment: Date
    init(_ moment: Date) { self.moment = moment }
    func now() -> Date { lock.withLock { moment } }
    func advance(_ seconds: TimeInterval) { lock.withLock { moment += seconds } }
}

/// Ids `00000000-0000-4000-8000-000000000001`, `…002`, …
final class CountingIDs: IDGenerator {
    private(set) var count = 0
    func newID() -> String {
        count += 1
        let digits = String(count)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
    }
}

/// What `vault check` reads, given by the test.
final class MemoryInspection: VaultInspection {
    var notes: [Note] = []
    var cards: [Card] = []
    var ledger = LocatedLedger(events: [], diagnostics: [], places: [])
    var copies: [(copy: String, original: String)] = []
    var temporaries: [String] = []
    /// Problems met while reading the notes.
    var noteProblems: [Diagnostic] = []
    /// What ``repairLedger()`` answers.
    var repairs: [LedgerFileRepair] = []
    private(set) var repaired = 0

    func notesOnDisk() -> (notes: [Note], problems: [Diagnostic]) { (notes, noteProblems) }
    func cards(of notes: [Note], config: VaultConfig) -> [Card] { cards }
    func ledgerOnDisk() -> LocatedLedger { ledger }
    func ledgerConflictCopies() -> [(copy: String, original: String)] { copies }
    func leftoverTemporaries() -> [String] { temporaries }
    /// `.vault/` folders that are links, as the test sets them; `--fix` empties the list but for the ledger.
    var misplaced: [(path: String, reason: String)] = []
    func misplacedStateFolders() -> [(path: String, reason: String)] { misplaced }
    func repairStateFolders() throws -> [String] {
        let fixed = misplaced.map(\.path).filter { $0 != ".vault/ledger" }
        misplaced.removeAll { $0.path != ".vault/ledger" }
        return fixed
    }
    func repairLedger() throws -> [LedgerFileRepair] {
        repaired += 1
        return repairs
    }
}

/// git: a plan and an outcome given by the test; a pull that brings `incoming` into `ledger`.
final class MemorySync: VaultSyncing {
    var plan = SyncPlan()
    var ledger: MemoryLedger?
    var incoming: [LedgerEvent] = []
    private(set) var messages: [String] = []
    /// The vault's note count and the mass-deletion permission of each run.
    private(set) var runs: [(totalNotes: Int, allowMassDeletion: Bool)] = []

    func plan(fetch: Bool) throws -> SyncPlan { plan }
    func run(message: String, totalNotes: Int, allowMassDeletion: Bool) throws -> SyncOutcome {
        messages.append(message)
        runs.append((totalNotes, allowMassDeletion))
        ledger?.receive(incoming)
        return SyncOutcome(committed: true, pushed: true)
    }
    func deviceID() throws -> String { "testdevice" }
}

/// The last reminder, in memory.
final class MemoryReminderLog: ReminderLog {
    var recorded: [Date] = []
    var entries: [ReminderEntry] = []
    func last() -> Date? { recorded.last }
    func record(_ time: Date) throws { recorded.append(time) }
    func reminders() -> [ReminderEntry] { entries }
    func update(_ change: ([ReminderEntry]) throws -> [ReminderEntry]) throws { entries = try change(entries) }
}

/// A notifier that remembers what it raised; `available: false` is a desktop without one.
final class MemoryNotifier: DesktopNotifier {
    var available = true
    private(set) var raised: [(title: String, body: String, batch: Int?)] = []
    /// The reminder ids the notifications' actions answer.
    private(set) var reminderIDs: [String] = []
    /// A click that comes before `raise` returns (notify-send answers in a process of its own).
    var click: ((String) -> Void)?
    func raise(title: String, body: String, studyBatch: Int?, reminder id: String) -> String? {
        guard available else { return nil }
        raised.append((title, body, studyBatch))
        reminderIDs.append(id)
        click?(id)
        return "Raised a notification."
    }
}

/// Timer units that install nowhere.
struct MemoryTimer: ReminderTimer {
    var name = "vault-remind-test"
    var service = "[Service]\n"
    var timer = "[Timer]\n"
    var crontabLine = "*/10 * * * * vault remind"
    func install() throws -> [String] { ["test.service", "test.timer"] }
    func uninstall() throws -> [String] { [] }
}

/// Files the person names, in memory.
final class MemoryNamedFiles: NamedFiles {
    var files: [String: Data] = [:]
    private(set) var sites: [String: [(path: String, html: String)]] = [:]

    func read(_ path: String) throws -> Data {
        guard let data = files[path] else { throw CocoaError(.fileReadNoSuchFile) }
        return data
    }
    func write(_ data: Data, to path: String) throws { files[path] = data }
    func writeSite(_ pages: [(path: String, html: String)], attachments: [String], to folder: String) throws {
        sites[folder] = pages
    }
    func createPrivate(_ data: Data, at path: String) throws {
        guard files[path] == nil else { throw CocoaError(.fileWriteFileExists) }
        files[path] = data
    }

    func writeNewFolder(_ files: [VaultFile], to folder: String) throws {
        guard !self.files.keys.contains(where: { $0.hasPrefix(folder + "/") }) else {
            throw CocoaError(.fileWriteFileExists)
        }
        for file in files { self.files[folder + "/" + file.name] = file.bytes }
    }

    func removePrivate(at path: String) throws {
        guard files.removeValue(forKey: path) != nil else { throw CocoaError(.fileNoSuchFile) }
    }
}

/// A ledger with problems in its lines: an in-memory ledger, and the
/// diagnostics `vault check` would report.
final class ProblemLedger: LedgerSource {
    let base: MemoryLedger
    let problems: [Diagnostic]

    init(_ base: MemoryLedger, problems: [Diagnostic]) {
        self.base = base
        self.problems = problems
    }

    func prefetch() {}
    func replay() -> LedgerReplay { base.replay() }
    func diagnostics() -> [Diagnostic] { problems }
    func history() -> LedgerHistory { base.history() }
    func cardSchedules(cards: [Card], config: SchedulerConfig) -> [String: CardSchedule] {
        base.cardSchedules(cards: cards, config: config)
    }
    func cardReplay(cards: [Card], config: SchedulerConfig) -> CardReplay { base.cardReplay(cards: cards, config: config) }
    func cardLog() -> CardEventLog { base.cardLog() }
    @discardableResult
    func append(_ event: some TypedEvent, given: String?) throws -> LedgerEvent { try base.append(event, given: given) }
}

/// Frees as usual (a test process runs many use cases).
struct FreeingRetention: Retention {
    func keepUntilExit(_ value: Any) {}
}

/// A package reader that hands over a collection made in memory (or refuses;
/// without a collection, it finds no package).
struct MemoryAnkiPackages: AnkiPackageReading {
    var collection: AnkiCollection?
    var refusal: AnkiImportError?

    func collection(at path: String) throws -> AnkiCollection {
        if let refusal { throw refusal }
        guard let collection else { throw AnkiImportError.notZip(file: path) }
        return collection
    }
}

/// The ledger's import side: remembers what was appended.
final class MemoryImportedLog: ImportedEventLog {
    private(set) var events: [LedgerEvent] = []
    func appendImported(_ events: some Sequence<LedgerEvent>) throws { self.events += events }
}

/// Drafts as a dictionary of paths to text; what was kept and discarded is remembered.
final class MemoryDrafts: NoteDrafts, @unchecked Sendable {
    private(set) var drafts: [String: String] = [:]
    private(set) var kept: [String] = []
    /// Fails the next create when set (a temporary folder that cannot be written).
    var failure: Error?

    func create(named name: String, holding text: String) throws -> String {
        if let failure { throw failure }
        let path = "/drafts/\(drafts.count)/\(name)"
        drafts[path] = text
        return path
    }
    func text(of path: String) -> String { drafts[path] ?? "" }
    func keep(_ path: String) -> String {
        kept.append(path)
        return "/kept/" + (path as NSString).lastPathComponent
    }
    func discard(_ path: String) { drafts[path] = nil }
}

/// The vault's own files among a ``MemoryFiles``' (``VaultRecordPath``).
struct MemoryRecords: VaultRecords {
    let files: MemoryFiles
    func recordFiles() -> [String] { files.all.keys.filter(VaultRecordPath.isRecord).sorted() }
}

/// Backup archives in memory: each holds the files' bytes as the vault had them.
final class MemoryArchives: BackupArchives {
    let files: MemoryFiles
    var stored: [String: [String: Data]] = [:]
    var defaultFolder = "/backups/vault"

    init(files: MemoryFiles) { self.files = files }

    func create(named name: String, files paths: [String], in folder: String) throws -> BackupArchive {
        let path = folder + "/" + name + ".tar.zst"
        guard stored[path] == nil else { throw CocoaError(.fileWriteFileExists) }
        stored[path] = Dictionary(uniqueKeysWithValues: try paths.map { ($0, try files.read($0)) })
        return BackupArchive(path: path, name: name + ".tar.zst", bytes: Int64(stored[path]!.values.reduce(0) { $0 + $1.count }))
    }

    func archives(in folder: String, prefix: String) -> [BackupArchive] {
        stored.keys.filter { $0.hasPrefix(folder + "/" + prefix + "-") }.sorted().map {
            BackupArchive(path: $0, name: String($0.dropFirst(folder.count + 1)), bytes: 1)
        }
    }

    func remove(_ archive: BackupArchive) throws { stored[archive.path] = nil }

    func restore(_ path: String, into folder: String) throws -> Int {
        guard let archive = stored[path] else { throw CocoaError(.fileReadNoSuchFile) }
        return archive.count
    }
}

/// A PDF engine that keeps the documents it was handed and prints a stand-in:
/// each anchor a link leads to on a page of its own, after a first page.
final class MemoryPrinter: PDFPrinting {
    var documents: [String] = []
    var joined: [[Data]] = []
    var failure: Error?
    func pdf(of html: String) throws -> PrintedPDF {
        if let failure { throw failure }
        documents.append(html)
        var anchors: [String: Int] = [:]
        // Links of the body only: the style sheet names `a[href="#unresolved"]`.
        var rest = html[(html.range(of: "<body")?.lowerBound ?? html.startIndex)...]
        while let link = rest.range(of: "href=\"#") {
            rest = rest[link.upperBound...]
            let name = String(rest.prefix { $0 != "\"" })
            if anchors[name] == nil { anchors[name] = anchors.count + 1 }
        }
        return PrintedPDF(data: Data("%PDF part \(documents.count)".utf8), pages: max(1, anchors.count), anchors: anchors)
    }
    func join(_ documents: [Data]) throws -> Data {
        joined.append(documents)
        return documents.reduce(Data(), +)
    }
}
