import Foundation

/// The note catalog a long-running process (a watcher) last read or wrote,
/// kept in memory: its next load takes it instead of decoding `notes.bin`
/// again (100,000 notes: 80-100 ms), as long as the file is still the one it
/// came from. Every write makes a new file (a temporary file renamed), so
/// another process's write shows as another inode, size or time.
public final class KeptCatalog: @unchecked Sendable {
    private var contents: CatalogFile.Contents?
    private var file: FileIdentity?
    /// `vault serve` loads from several threads at once: one takes, the others read the file.
    private let lock = NSLock()
    /// Whether the entries as last written are kept too, chunk by chunk, so
    /// that the next write encodes only the chunks that changed (a watcher);
    /// `vault serve` keeps none: 26 MB at 100,000 notes, against encoding
    /// every note again after an edit.
    public let keepsEncoded: Bool

    public init(keepsEncoded: Bool = true) { self.keepsEncoded = keepsEncoded }

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
    /// the file at `url` is still the one they came from.
    func take(for url: URL) -> CatalogFile.Contents? {
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
        }
    }

    /// Keeps `contents`, which the file at `url` now holds.
    func keep(_ contents: CatalogFile.Contents, of url: URL) {
        let identity = FileIdentity(url)
        lock.withLock {
            self.contents = contents
            file = identity
        }
    }
}
