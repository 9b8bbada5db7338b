import Foundation
import VaultCore

/// ``VaultFiles`` over the vault's folder: notes through ``NoteFiles``,
/// folders through ``ItineraryFiles``, attachments by a walk that honours
/// `.vault/ignore`.
public struct VaultFileStore: VaultFiles, Sendable {
    public let layout: VaultLayout

    public init(layout: VaultLayout) { self.layout = layout }

    public func read(_ path: String) throws -> Data { try ItineraryFiles.read(path, in: layout) }

    public func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: layout.url(of: path).path) }

    @discardableResult
    public func rewrite(_ path: String, _ edit: (Data) throws -> Data) throws -> Bool {
        try NoteFiles(layout: layout).rewrite(path, edit)
    }

    public func create(_ data: Data, preferredPath path: String) throws -> String {
        try NoteFiles(layout: layout).create(data, preferredPath: path)
    }

    public func writeFolder(_ files: [VaultFile], at folder: String, replacing: Bool) throws {
        try ItineraryFiles.write(files, folder: folder, in: layout, replacing: replacing)
    }

    /// Every regular file that is not a note, not hidden, not inside a
    /// hidden folder and not ignored by `.vault/ignore`, sorted.
    public func attachments() -> [String] {
        let ignore = IgnoreRules.read(layout.ignoreFile)
        guard
            let walker = FileManager.default.enumerator(
                at: layout.root, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey],
                options: [.skipsHiddenFiles])
        else { return [] }
        var found: [String] = []
        for case let url as URL in walker {
            guard let path = layout.relativePath(of: url) else { continue }
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey])
            if values?.isDirectory == true {
                if ignore.ignores(path, isDirectory: true) { walker.skipDescendants() }
                continue
            }
            guard values?.isRegularFile == true, !path.hasSuffix(".md"), !ignore.ignores(path, isDirectory: false)
            else { continue }
            found.append(path)
        }
        return found.sorted()
    }

    public func line(of text: String, in path: String) -> Int? { NoteFiles(layout: layout).line(of: text, in: path) }

    public func location(of path: String) -> URL { layout.url(of: path) }
}
