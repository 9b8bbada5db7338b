import Foundation
import VaultCore
import VaultIndex
import VaultStore

/// A throwaway vault in a temporary folder, with helpers to write, move and
/// delete notes and to search it the way `vault search` does.
final class FixtureVault {
    let root: URL
    let layout: VaultLayout

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".vault"), withIntermediateDirectories: true)
        layout = VaultLayout(root: root)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func note(
        _ path: String, title: String, body: String, created: String = "2026-11-01T09:00:00Z",
        extra: String = ""
    ) throws {
        try write(path, "---\ncreated: \(created)\n\(extra)---\n# \(title)\n\n\(body)\n")
    }

    func move(_ from: String, _ to: String) throws {
        try FileManager.default.moveItem(at: root.appendingPathComponent(from), to: root.appendingPathComponent(to))
    }

    func delete(_ path: String) throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(path))
    }

    var cacheFile: URL { layout.cacheFolder.appendingPathComponent(SearchIndex.fileName) }

    func index() throws -> SearchIndex { try SearchIndex(layout: layout, timeZone: TimeZone(identifier: "UTC")!) }

    /// Refreshes a freshly opened cache and returns the paths `query` finds, best first.
    func paths(_ query: String) throws -> [String] {
        try hits(query).map(\.path)
    }

    func hits(_ query: String) throws -> [SearchHit] {
        let index = try index()
        try index.refresh()
        return try index.search(SearchQueryParser.parse(query), limit: nil)
    }
}
