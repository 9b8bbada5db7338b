import Foundation
import VaultCore

/// One note file found by a scan, with what a freshness check needs.
public struct ScannedFile: Hashable, Sendable {
    /// Vault-relative path.
    public var path: String
    public var size: Int64
    /// Modification and status-change times in nanoseconds since 1970.
    public var modified: Int64
    public var changed: Int64
    public var inode: UInt64

    public init(path: String, size: Int64, modified: Int64, changed: Int64, inode: UInt64) {
        self.path = path
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
    }
}

/// Walks a vault and lists its notes: every `*.md` file, except names that
/// start with `.` (at any depth) and paths matched by `.vault/ignore`.
///
/// Symbolic links are followed; a link that leads back into a folder being
/// walked (a loop) or nowhere is reported, not followed. The walk uses
/// readdir and fstatat directly: it runs before every search, so it must cost
/// little more than the kernel's own work.
public struct VaultScanner {
    public struct Result: Sendable {
        /// Note files, sorted by path.
        public var files: [ScannedFile]
        /// Problems met on the way (loops, unreadable folders).
        public var problems: [Diagnostic]
    }

    let layout: VaultLayout
    let ignore: IgnoreRules

    public init(layout: VaultLayout) {
        self.layout = layout
        let text = (try? String(contentsOf: layout.ignoreFile, encoding: .utf8)) ?? ""
        self.ignore = IgnoreRules(text)
    }

    /// Walks the vault.
    public func scan() -> Result {
        var result = Result(files: [], problems: [])
        var ancestors: [(dev: UInt64, ino: UInt64)] = []
        walk(absolute: layout.root.path, relative: "", ancestors: &ancestors, into: &result)
        result.files.sort { $0.path < $1.path }
        return result
    }

    private func walk(
        absolute: String, relative: String, ancestors: inout [(dev: UInt64, ino: UInt64)], into result: inout Result
    ) {
        let dirFD = open(absolute, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirFD >= 0 else {
            result.problems.append(
                Diagnostic(
                    code: "unreadable", severity: .error, path: relative.isEmpty ? "." : relative, line: nil,
                    message: "cannot read this folder: \(errnoDescription())."))
            return
        }
        var dirInfo = stat()
        fstat(dirFD, &dirInfo)
        ancestors.append((UInt64(dirInfo.st_dev), UInt64(dirInfo.st_ino)))
        defer { ancestors.removeLast() }
        guard let dir = fdopendir(dirFD) else {
            close(dirFD)
            return
        }
        defer { closedir(dir) }
        var subfolders: [(String, String)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            let type = entry.pointee.d_type
            let rel = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            if type == UInt8(DT_DIR) {
                if ignore.ignores(rel, isDirectory: true) { continue }
                subfolders.append((absolute + "/" + name, rel))
                continue
            }
            let isLink = type == UInt8(DT_LNK)
            guard isLink || type == UInt8(DT_UNKNOWN) || name.hasSuffix(".md") else { continue }
            // Follow links: stat, not lstat.
            if fstatat(dirFD, name, &info, 0) != 0 {
                if isLink {
                    let reason = errno == ELOOP ? "it is a symbolic link loop" : "it points to nothing (\(errnoDescription()))"
                    result.problems.append(
                        Diagnostic(
                            code: "broken-link", severity: .warning, path: rel, line: nil,
                            message: "skipped: \(reason)."))
                }
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                if ignore.ignores(rel, isDirectory: true) { continue }
                if ancestors.contains(where: { $0.dev == UInt64(info.st_dev) && $0.ino == UInt64(info.st_ino) }) {
                    result.problems.append(
                        Diagnostic(
                            code: "symlink-loop", severity: .warning, path: rel, line: nil,
                            message: "skipped: this link points back to a folder that contains it (a symbolic link loop)."))
                    continue
                }
                subfolders.append((absolute + "/" + name, rel))
                continue
            }
            guard info.st_mode & S_IFMT == S_IFREG, name.hasSuffix(".md"), !ignore.ignores(rel, isDirectory: false) else {
                continue
            }
            result.files.append(
                ScannedFile(
                    path: rel, size: Int64(info.st_size),
                    modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                    changed: Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec),
                    inode: UInt64(info.st_ino)))
        }
        for (abs, rel) in subfolders {
            walk(absolute: abs, relative: rel, ancestors: &ancestors, into: &result)
        }
    }
}
