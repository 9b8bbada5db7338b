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
        let old: Data
        do { old = try Data(contentsOf: url) } catch {
            throw VaultStoreError.unreadable(path: path, reason: (error as NSError).localizedDescription)
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
        let stem = path.hasSuffix(".md") ? String(path.dropLast(3)) : path
        for n in 1...1000 {
            let candidate = n == 1 ? stem + ".md" : "\(stem)-\(n).md"
            do {
                try AtomicFile.create(data, at: layout.url(of: candidate))
                return candidate
            } catch VaultStoreError.noteExists {
                continue
            }
        }
        throw VaultStoreError.noteExists(path)
    }

    /// Deletes the note at `path`.
    public func remove(_ path: String) throws {
        do { try FileManager.default.removeItem(at: layout.url(of: path)) } catch {
            throw VaultStoreError.unwritable(path: path, reason: (error as NSError).localizedDescription)
        }
    }
}
