import Foundation
import VaultCore

/// `.vault/trash/`: where `vault rm` puts notes, a local safety net beside
/// git's history. A note keeps its vault-relative path inside it
/// (`.vault/trash/2026/11/x.md`), so `vault restore` knows where it goes
/// back; a second note of the same path is kept as `x (removed 2026-11-24 0912).md`.
/// The folder ignores itself in git (a `.gitignore` of `*`), in vaults made
/// before it existed too. Nothing in it is scanned, listed or searched.
public struct NoteTrash: Sendable {
    let layout: VaultLayout

    public init(layout: VaultLayout) { self.layout = layout }

    public var folder: URL { layout.trashFolder }

    /// Moves the note at `path` into the trash (a rename: the bytes are not copied).
    /// Returns the path inside the trash.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)`` when it cannot be moved.
    @discardableResult
    public func discard(_ path: String, at now: Date, timeZone: TimeZone) throws -> String {
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            let ignore = folder.appendingPathComponent(".gitignore")
            if !fm.fileExists(atPath: ignore.path) { try AtomicFile.write(Data("*\n".utf8), to: ignore) }
        } catch {
            throw VaultStoreError.unwritable(path: ".vault/trash", reason: VaultStoreError.reason(of: error))
        }
        var target = path
        if fm.fileExists(atPath: folder.appendingPathComponent(target).path) {
            let stamp = VaultDate.isoString(now, in: timeZone).prefix(16).replacingOccurrences(of: "T", with: " ")
                .replacingOccurrences(of: ":", with: "")
            let stem = path.hasSuffix(".md") ? String(path.dropLast(3)) : path
            target = "\(stem) (removed \(stamp)).md"
        }
        let destination = folder.appendingPathComponent(target)
        do {
            try fm.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw VaultStoreError.unwritable(path: target, reason: VaultStoreError.reason(of: error))
        }
        guard rename(layout.url(of: path).path, destination.path) == 0 else {
            throw VaultStoreError.unwritable(path: path, reason: String(cString: strerror(errno)))
        }
        return target
    }

    /// The notes in the trash: their paths inside it, sorted.
    public func contents() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var paths: [String] = []
        while let path = walker.nextObject() as? String, paths.count < 100_000 {
            if path.hasSuffix(".md") { paths.append(path) }
        }
        return paths.sorted()
    }

    /// Where the trashed note `trashPath` goes back to: its path without the `(removed …)` mark.
    public static func originalPath(of trashPath: String) -> String {
        guard let range = trashPath.range(of: " (removed ", options: .backwards), trashPath.hasSuffix(").md") else {
            return trashPath
        }
        return String(trashPath[..<range.lowerBound]) + ".md"
    }

    /// The bytes of the trashed note `trashPath`.
    public func data(of trashPath: String) -> Data? {
        FileManager.default.contents(atPath: folder.appendingPathComponent(trashPath).path)
    }

    /// Moves the trashed note `trashPath` back to its place in the vault; returns that path.
    /// - Throws: ``VaultStoreError/noteExists(_:)`` when a note is there now (nothing moves).
    @discardableResult
    public func restore(_ trashPath: String) throws -> String {
        let original = Self.originalPath(of: trashPath)
        let destination = layout.url(of: original)
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw VaultStoreError.unwritable(path: original, reason: VaultStoreError.reason(of: error))
        }
        // link + unlink: never replaces a note that appeared at the path meanwhile.
        let source = folder.appendingPathComponent(trashPath).path
        guard link(source, destination.path) == 0 else {
            if errno == EEXIST { throw VaultStoreError.noteExists(original) }
            throw VaultStoreError.unwritable(path: original, reason: String(cString: strerror(errno)))
        }
        unlink(source)
        return original
    }
}
