import Foundation
import VaultCore

/// Finds the file (a picture, a sound, a PDF) a link in a note names, as
/// Obsidian does: the path from the note's folder (`01.png`, `../a.png`,
/// `<Home walk/01.png>`), else the path from the vault's root, else by file
/// name: the file of that name beside the note, else the one with the
/// shortest path.
///
/// Shared by the threads of an export: the table by name is made once under
/// a lock, and the closures only read (a list, or the files port).
public struct AttachmentLookup: @unchecked Sendable {
    private let exists: (String) -> Bool
    private let list: () -> [String]
    private let byName: Memo

    /// A lookup over the vault's files: `exists` answers for one path,
    /// `attachments` lists them all (asked only when a name must be searched, once).
    public init(exists: @escaping (String) -> Bool, attachments: @escaping () -> [String]) {
        self.exists = exists
        self.list = attachments
        self.byName = Memo()
    }

    /// A lookup over a known list of attachments.
    public init(attachments: [String]) {
        let set = Set(attachments)
        self.init(exists: { set.contains($0) }, attachments: { attachments })
    }

    /// The vault path of the file `target` names in the note at `source`, or nil.
    public func find(_ target: String, from source: String) -> String? {
        let name = target.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.hasSuffix("/") else { return nil }
        if let relative = LinkResolver.vaultPath(name, from: source), exists(relative) { return relative }
        if !name.hasPrefix("/"), let rooted = LinkResolver.vaultPath("/" + name, from: source), exists(rooted) {
            return rooted
        }
        let file = (name as NSString).lastPathComponent.lowercased()
        let candidates = byName.table(list)[file] ?? []
        guard !candidates.isEmpty else { return nil }
        let folder = (source as NSString).deletingLastPathComponent
        let lowered = name.lowercased()
        if let exact = candidates.first(where: { $0.lowercased() == lowered || $0.lowercased().hasSuffix("/" + lowered) }) {
            return exact
        }
        if let beside = candidates.first(where: { ($0 as NSString).deletingLastPathComponent == folder }) { return beside }
        return candidates.min { ($0.count, $0) < ($1.count, $1) }
    }

    /// The attachments by lowercased file name, made on first use.
    private final class Memo {
        private var table: [String: [String]]?
        private let lock = NSLock()

        func table(_ list: () -> [String]) -> [String: [String]] {
            lock.lock()
            defer { lock.unlock() }
            if let table { return table }
            var made: [String: [String]] = [:]
            for path in list() { made[(path as NSString).lastPathComponent.lowercased(), default: []].append(path) }
            table = made
            return made
        }
    }
}
