import Foundation
import VaultCore

/// ``VaultFiles`` over the vault's folder: notes through ``NoteFiles``,
/// folders through ``ItineraryFiles``, attachments by a walk that honours
/// `.vault/ignore`. Every path goes through the one path rule first
/// (``contained(_:)``): what leads out of the vault is refused, named.
public struct VaultFileStore: VaultFiles, Sendable {
    public let layout: VaultLayout
    /// The vault's folder with its own links resolved, worked out once (an
    /// export reads 100,000 notes through the rule).
    let realRoot: String

    public init(layout: VaultLayout) {
        self.layout = layout
        realRoot = Self.realPath(layout.root.path) ?? layout.root.path
    }

    /// The one path rule: `path` (vault-relative) as a URL inside the vault,
    /// refused when it leaves the vault through `..` (``VaultPath``), an
    /// absolute path, or a symbolic link on the way whose target is outside
    /// (or that leads nowhere: dangling, or a loop). Parts that do not exist
    /// yet are plain names and stay inside.
    /// - Throws: ``VaultStoreError/outsideVault(path:reason:)``.
    public func contained(_ path: String) throws -> URL { layout.url(of: try inside(path)) }

    /// `path` normalized (no `.`, `..` or empty part), once ``contained(_:)``
    /// has checked it: the form every file operation uses, so the kernel never
    /// reads a `..` after a link (which would climb from the link's target).
    /// - Throws: ``VaultStoreError/outsideVault(path:reason:)``.
    public func inside(_ path: String) throws -> String {
        let relative = try lexical(path)
        var current = realRoot
        var walked = ""
        // Split at "/" bytes: a combining mark after a slash makes one Swift Character of both.
        for bytes in relative.utf8.split(separator: UInt8(ascii: "/")) {
            let part = String(decoding: bytes, as: UTF8.self)
            walked += walked.isEmpty ? part : "/" + part
            let next = current + "/" + part
            var info = stat()
            guard lstat(next, &info) == 0 else { break }
            guard info.st_mode & S_IFMT == S_IFLNK else {
                current = next
                continue
            }
            guard let real = Self.realPath(next) else {
                throw VaultStoreError.outsideVault(
                    path: path, reason: "\(walked) is a symbolic link that leads nowhere (\(errnoDescription()))")
            }
            guard real == realRoot || real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/") else {
                throw VaultStoreError.outsideVault(path: path, reason: "\(walked) is a symbolic link to \(real), outside the vault")
            }
            current = real
        }
        return relative
    }

    /// The lexical half of the rule alone (``VaultPath``), for the writers
    /// that refuse every symbolic link on the way themselves (``NoteFiles``).
    /// - Throws: ``VaultStoreError/outsideVault(path:reason:)``.
    func lexical(_ path: String) throws -> String {
        switch VaultPath.normalized(path) {
        case .success(let normal): return normal
        case .failure(let refusal): throw VaultStoreError.outsideVault(path: path, reason: refusal.description)
        }
    }

    /// `realpath(3)`: the path with every link resolved, or nil when it cannot be.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public func read(_ path: String) throws -> Data {
        let relative = try inside(path)
        do {
            // Uncached: one open, fstat and read (Foundation's default read adds an lseek and an xattr look-up).
            return try Data(contentsOf: layout.url(of: relative), options: .uncached)
        } catch {
            throw VaultStoreError.unreadable(path: relative, reason: VaultStoreError.reason(of: error))
        }
    }

    /// False too for a path that leads out of the vault.
    public func exists(_ path: String) -> Bool {
        guard let url = try? contained(path) else { return false }
        return FileManager.default.fileExists(atPath: url.path)
    }

    @discardableResult
    public func rewrite(_ path: String, _ edit: (Data) throws -> Data) throws -> Bool {
        // NoteFiles refuses any link on the way (stricter than the rule), with its own words.
        try NoteFiles(layout: layout).rewrite(try lexical(path), edit)
    }

    public func create(_ data: Data, preferredPath path: String) throws -> String {
        try NoteFiles(layout: layout).create(data, preferredPath: try lexical(path))
    }

    public func createFile(_ data: Data, at path: String) throws {
        let path = try inside(path)
        // As NoteFiles: a folder on the way that is a symbolic link could lead out of the vault.
        var folder = ""
        for part in path.split(separator: "/").dropLast() {
            folder += folder.isEmpty ? String(part) : "/" + part
            var info = stat()
            if lstat(layout.url(of: folder).path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw VaultStoreError.linkedFolder(folder)
            }
        }
        try AtomicFile.create(data, at: layout.url(of: path))
    }

    public func writeFolder(_ files: [VaultFile], at folder: String, replacing: Bool) throws {
        let folder = try inside(folder)
        for file in files { _ = try inside(folder + "/" + file.name) }
        try ItineraryFiles.write(files, folder: folder, in: layout, replacing: replacing)
    }

    /// Every regular file that is not a note, not hidden, not inside a
    /// hidden folder, not ignored by `.vault/ignore` and not reached through
    /// a link out of the vault, sorted.
    public func attachments() -> [String] {
        let ignore = IgnoreRules.read(layout.ignoreFile)
        guard let walker = FileManager.default.enumerator(at: layout.root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        else { return [] }
        var found: [String] = []
        for case let url as URL in walker {
            guard let path = layout.relativePath(of: url) else { continue }
            // lstat, not resourceValues: Foundation's look-up reads /etc/passwd and the
            // extended attributes of every file (an export of 10,000 notes: 20,000 opens).
            var info = stat()
            guard lstat(url.path, &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR {
                if ignore.ignores(path, isDirectory: true) { walker.skipDescendants() }
                continue
            }
            // A link to a file is followed when it stays inside the vault (the rule below).
            var target = info
            guard kind == S_IFREG || (kind == S_IFLNK && stat(url.path, &target) == 0 && target.st_mode & S_IFMT == S_IFREG),
                !path.hasSuffix(".md"), !ignore.ignores(path, isDirectory: false), (try? contained(path)) != nil
            else { continue }
            found.append(path)
        }
        return found.sorted()
    }

    /// Opens `path` with `openat` one part at a time from the vault's folder,
    /// each with `O_NOFOLLOW` (a link anywhere on the way is refused, so no
    /// check is raced by a swapped folder), after the lexical rule, the
    /// hidden parts, the note extension and `.vault/ignore` (the file and
    /// every folder above it) are asked.
    public func openAttachment(_ path: String) -> (any FileReading)? {
        guard case .success(let relative) = VaultPath.normalized(path), !relative.isEmpty else { return nil }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !parts.contains(where: { $0.hasPrefix(".") }), !relative.lowercased().hasSuffix(".md") else { return nil }
        let ignore = IgnoreRules.read(layout.ignoreFile)
        var folder = ""
        for part in parts.dropLast() {
            folder += folder.isEmpty ? part : "/" + part
            if ignore.ignores(folder, isDirectory: true) { return nil }
        }
        if ignore.ignores(relative, isDirectory: false) { return nil }
        var fd = open(realRoot, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        for (i, part) in parts.enumerated() {
            let last = i == parts.count - 1
            let next = openat(fd, part, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | (last ? 0 : O_DIRECTORY))
            close(fd)
            guard next >= 0 else { return nil }
            fd = next
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        return OpenedFile(descriptor: fd, size: Int(info.st_size))
    }

    public func line(of text: String, in path: String) -> Int? { NoteFiles(layout: layout).line(of: text, in: path) }

    public func location(of path: String) -> URL { layout.url(of: path) }
}
