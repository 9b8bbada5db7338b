import Foundation

/// The note catalog a long-running process (a watcher, `vault serve`) last
/// read or wrote, kept in memory: its next load takes it instead of decoding
/// `notes.bin` again (100,000 notes: 80-100 ms), as long as the file is
/// still the one it came from. Every write makes a new file (a temporary
/// file renamed), so another process's write shows as another inode, size
/// or time.
public final class KeptCatalog: @unchecked Sendable {
    private var contents: CatalogFile.Contents?
    private var file: FileIdentity?
    /// Counts what was kept: a write that ends after the contents it wrote
    /// were replaced or forgotten vouches for nothing.
    private var generation = 0
    /// `vault serve` loads from several threads at once: one takes, the others read the file.
    private let lock = NSLock()
    /// Whether the entries as last written are kept too, chunk by chunk, so
    /// that the next write encodes only the chunks that changed (a watcher);
    /// `vault serve` keeps none: 26 MB at 100,000 notes, against encoding
    /// every note again after an edit.
    public let keepsEncoded: Bool
    /// Where the catalog is written after the load that changed it has
    /// returned (nil: within the load). `vault serve` answers first: encoding
    /// and writing 100,000 notes took 19% of a page's time after an edit.
    private let writer: DispatchQueue?
    /// The writes not yet ended; ``take(for:)`` waits for them.
    private let writing = DispatchGroup()

    /// - Parameters:
    ///   - keepsEncoded: keep the encoded chunks too (see ``keepsEncoded``).
    ///   - writesAfterLoad: write a changed catalog on a queue of its own,
    ///     after the load returns, in the order of the loads.
    public init(keepsEncoded: Bool = true, writesAfterLoad: Bool = false) {
        self.keepsEncoded = keepsEncoded
        writer = writesAfterLoad ? DispatchQueue(label: "vault.catalog-writer", qos: .utility) : nil
    }

    /// The file's identity: what changes whenever it is written again.
    struct FileIdentity: Equatable {
        var inode: UInt64
        var size: Int64
        var modified: Int64

        init?(_ url: URL) {
            var info = stat()
            guard stat(url.path, &info) == 0 else { return nil }
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = info.modifiedNanoseconds
        }
    }

    /// The kept contents, taken out (the caller changes them in place), when
    /// the file at `url` is still the one they came from. Waits for the
    /// writes still under way, whose file is the one they vouch for.
    func take(for url: URL) -> CatalogFile.Contents? {
        writing.wait()
        let identity = FileIdentity(url)
        return lock.withLock {
            defer { contents = nil }
            guard let file, file == identity else { return nil }
            return contents
        }
    }

    /// Lets the kept contents go (the next load reads the file).
    public func forget() {
        lock.withLock {
            contents = nil
            file = nil
            generation += 1
        }
    }

    /// Keeps `contents`, which the file at `url` now holds.
    func keep(_ contents: CatalogFile.Contents, of url: URL) {
        let identity = FileIdentity(url)
        lock.withLock {
            self.contents = contents
            file = identity
            generation += 1
        }
    }

    /// When this catalog writes after the load: keeps `contents` and runs
    /// `write` (which writes them to `url`, returning false when it cannot)
    /// on the writer queue, and returns true; the kept contents serve the
    /// next load once the file they were written to is there, and nothing
    /// is kept when `write` fails. False (nothing done) for a catalog that
    /// leaves the write to the load.
    func keep(_ contents: CatalogFile.Contents, writingLaterTo url: URL, with write: @escaping @Sendable () -> Bool)
        -> Bool
    {
        guard let writer else { return false }
        let written = lock.withLock {
            self.contents = contents
            file = nil
            generation += 1
            return generation
        }
        writing.enter()
        writer.async { [self] in
            defer { writing.leave() }
            let identity = write() ? FileIdentity(url) : nil
            lock.withLock {
                guard generation == written else { return }
                if let identity { file = identity } else { self.contents = nil }
            }
        }
        return true
    }

    /// Waits for the writes under way to end.
    public func waitForWrites() { writing.wait() }
}
