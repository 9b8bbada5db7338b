import Foundation
import VaultCore
import VaultProcess

extension VaultScanner {
    /// How many note names one thread lists before ``scanFiles(threads:)``
    /// starts the others: starting threads costs about as much as a few
    /// hundred stat calls, so a small vault is walked on one.
    static let namesBeforeThreads = 500

    /// How many of a folder's notes a thread stats at a time; a folder with
    /// more shares the rest out.
    static let shareSize = 256

    /// Walks the vault on `threads` threads. Folders and shares of large
    /// folders' notes go on one stack of work that every thread takes from,
    /// so a vault of one flat folder is walked on every core as well as one
    /// of many small folders. Same notes as ``scan()``, in no particular
    /// order.
    public func scanFiles(threads: Int = ProcessInfo.processInfo.activeProcessorCount) -> ScannedFiles {
        let work = WalkWork(Folder(absolute: layout.root.path, relative: "", ancestors: []))
        // One thread until the work is worth the others.
        var first = Result(files: [], problems: ignore.problems)
        while threads == 1 || first.files.count + work.sharedNames < Self.namesBeforeThreads, let task = work.next() {
            run(task, into: &first, work: work)
        }
        var parts = [first]
        var sums: [UInt64] = [Self.sum(first.files)]
        if work.hasTasks {
            let found = ParallelSlots<(Result, UInt64)>(count: threads)
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                var part = Result(files: [], problems: [])
                while let task = work.next() { run(task, into: &part, work: work) }
                found.store((part, Self.sum(part.files)), at: thread)
            }
            parts += found.values.map(\.0)
            sums += found.values.map(\.1)
        }
        let problems = parts.flatMap(\.problems).sorted { ($0.path, $0.code) < ($1.path, $1.code) }
        return ScannedFiles(parts: parts.map(\.files), sum: sums.reduce(0, &+), problems: problems)
    }

    /// The sum of the files' fingerprint hashes, taken on the thread that found them.
    private static func sum(_ files: [ScannedFile]) -> UInt64 {
        files.reduce(0) { $0 &+ ScanFingerprint.hash($1) }
    }

    private func run(_ task: WalkWork.Task, into result: inout Result, work: WalkWork) {
        switch task {
        case .folder(let folder):
            let subfolders = list(folder, into: &result, sharing: (Self.shareSize, { work.add($0) }))
            work.done(adding: subfolders)
        case .notes(let shared, let range):
            statNotes(shared.names, range, in: shared.folder, prefix: shared.prefix, into: &result)
            work.done(adding: [])
        }
    }
}

/// A folder's plain note names that other threads stat: the folder stays
/// open (a duplicate of the listing's descriptor) until the last share is done.
final class SharedNotes: @unchecked Sendable {
    let folder: Int32
    let prefix: [UInt8]
    let names: NoteNames

    init(folder: Int32, prefix: [UInt8], names: NoteNames) {
        self.folder = folder
        self.prefix = prefix
        self.names = names
    }

    deinit { close(folder) }
}

/// The parallel walk's work: folders to list and shares of notes to stat,
/// taken by every thread until none is left and no thread is still listing
/// (which may add more). Shares are taken first, so threads finish a
/// folder's notes before they list more folders, and few folders are open
/// at once.
final class WalkWork: @unchecked Sendable {
    enum Task {
        case folder(VaultScanner.Folder)
        case notes(SharedNotes, Range<Int>)
    }

    private let condition = NSCondition()
    private var shares: [Task] = []
    private var folders: [Task]
    private var running = 0
    /// How many note names were shared out so far. Read without the lock
    /// only before other threads start, by the one thread that writes it.
    private(set) var sharedNames = 0

    init(_ root: VaultScanner.Folder) { folders = [.folder(root)] }

    var hasTasks: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !shares.isEmpty || !folders.isEmpty
    }

    /// The next task, waiting while another thread may still add some; nil when the walk is done.
    func next() -> Task? {
        condition.lock()
        defer { condition.unlock() }
        while shares.isEmpty && folders.isEmpty {
            if running == 0 { return nil }
            condition.wait()
        }
        running += 1
        return shares.popLast() ?? folders.removeLast()
    }

    /// Shares out `shared`'s names beyond the first ``VaultScanner/shareSize``
    /// (the lister stats those itself).
    func add(_ shared: SharedNotes) {
        let size = VaultScanner.shareSize
        let added = stride(from: size, to: shared.names.count, by: size).map {
            Task.notes(shared, $0..<min($0 + size, shared.names.count))
        }
        condition.lock()
        shares += added
        sharedNames += shared.names.count - size
        condition.broadcast()
        condition.unlock()
    }

    /// Marks a task done, after adding the subfolders it found (to be listed first to last).
    func done(adding subfolders: [VaultScanner.Folder]) {
        condition.lock()
        folders += subfolders.reversed().map { .folder($0) }
        running -= 1
        if !subfolders.isEmpty || running == 0 { condition.broadcast() }
        condition.unlock()
    }
}
