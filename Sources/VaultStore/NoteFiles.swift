import Foundation
import VaultCore

/// Changes to note files, each written atomically.
public struct NoteFiles: Sendable {
    let layout: VaultLayout

    public init(layout: VaultLayout) { self.layout = layout }

    /// Reads the note at `path`, applies `transform`, and writes the result
    /// atomically when it differs. Returns true when the file changed.
    /// - Throws: what reading, `transform` or writing throws.
    @discardableResult
    public func rewrite(_ path: String, _ transform: (Data) throws -> Data) throws -> Bool {
        let url = layout.url(of: path)
        // Never through a link: the atomic rename would replace the link by a
        // file holding what it points to (perhaps a file outside the vault).
        var info = stat()
        if lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw VaultStoreError.linkedNote(path)
        }
        let old: Data
        do { old = try Data(contentsOf: url) } catch {
            throw VaultStoreError.unreadable(path: path, reason: VaultStoreError.reason(of: error))
        }
        let new = try transform(old)
        guard new != old else { return false }
        try AtomicFile.write(new, to: url)
        return true
    }

    /// Creates a note at the first free path among `path`, `path-2`, `path-3`…
    /// Returns the path used.
    /// - Throws: ``VaultStoreError`` when it cannot be written.
    public func create(_ data: Data, preferredPath path: String) throws -> String {
        // A folder on the way that is a symbolic link could lead out of the vault: never write through it.
        var folder = ""
        for part in path.split(separator: "/").dropLast() {
            folder += folder.isEmpty ? String(part) : "/" + part
            var info = stat()
            if lstat(layout.url(of: folder).path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw VaultStoreError.linkedFolder(folder)
            }
        }
        let stem = path.hasSuffix(".md") ? String(path.dropLast(3)) : path
        for n in 1...1000 {
            let candidate = n == 1 ? stem + ".md" : "\(stem)-\(n).md"
            // A path a trashed note goes back to stays free: taking it would block `vault restore`.
            if inTrash(candidate) { continue }
            do {
                try AtomicFile.create(data, at: layout.url(of: candidate))
                return candidate
            } catch VaultStoreError.noteExists {
                continue
            }
        }
        throw VaultStoreError.noteExists(path)
    }

    /// Whether a note in `.vault/trash/` goes back to `path` when restored.
    func inTrash(_ path: String) -> Bool {
        let trash = NoteTrash(layout: layout)
        let entry = trash.folder.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: entry.path) { return true }
        let folder = entry.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let directory = (path as NSString).deletingLastPathComponent
        return names.contains { NoteTrash.originalPath(of: directory.isEmpty ? $0 : directory + "/" + $0) == path }
    }

    /// The 1-based line of the note at `path` on which `text` first appears; nil when it does not or cannot be read.
    public func line(of text: String, in path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: layout.url(of: path).path) else { return nil }
        let needle = Array(text.utf8)
        guard !needle.isEmpty, data.count >= needle.count else { return nil }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
            var line = 1
            var i = 0
            while i + needle.count <= bytes.count {
                if bytes[i] == 0x0A {
                    line += 1
                } else if bytes[i] == needle[0], needle.indices.allSatisfy({ bytes[i + $0] == needle[$0] }) {
                    return line
                }
                i += 1
            }
            return nil
        }
    }

    /// Deletes the note at `path`.
    public func remove(_ path: String) throws {
        do { try FileManager.default.removeItem(at: layout.url(of: path)) } catch {
            throw VaultStoreError.unwritable(path: path, reason: VaultStoreError.reason(of: error))
        }
    }
}
