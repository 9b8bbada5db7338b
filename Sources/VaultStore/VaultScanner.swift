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
public struct VaultScanner: Sendable {
    public struct Result: Sendable {
        /// Note files, sorted by path.
        public var files: [ScannedFile]
        /// Problems met on the way (loops, unreadable folders).
        public var problems: [Diagnostic]

        public init(files: [ScannedFile], problems: [Diagnostic]) {
            self.files = files
            self.problems = problems
        }
    }

    let layout: VaultLayout
    let ignore: IgnoreRules
    /// The vault folder with every link resolved, and a slash: a symbolic
    /// link is followed only when it leads below it.
    let realRoot: String

    public init(layout: VaultLayout) {
        self.layout = layout
        self.ignore = IgnoreRules.read(layout.ignoreFile)
        self.realRoot = (Self.realPath(layout.root.path) ?? layout.root.standardizedFileURL.path) + "/"
    }

    /// `path` with every symbolic link resolved; nil when it leads nowhere.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Walks the vault on one thread.
    public func scan() -> Result {
        var result = Result(files: [], problems: ignore.problems)
        walk(Folder(absolute: layout.root.path, relative: "", ancestors: []), into: &result)
        result.files.sort { $0.path < $1.path }
        return result
    }

    /// Walks one folder of the vault (vault-relative path) and everything below it.
    public func scan(folder: String) -> Result {
        var result = Result(files: [], problems: [])
        guard walksInto(folder) else { return result }
        walk(Folder(absolute: layout.root.path + "/" + folder, relative: folder, ancestors: []), into: &result)
        result.files.sort { $0.path < $1.path }
        return result
    }

    /// The note at the vault-relative `path`, with its stat fields, or nil
    /// when there is none there or the scan rules leave it out (a name
    /// starting with `.`, not `*.md`, ignored, not a regular file). Used to
    /// re-check single paths that a file watcher reports.
    public func file(at path: String) -> ScannedFile? {
        let components = path.split(separator: "/")
        guard let name = components.last, name.hasSuffix(".md"), !components.contains(where: { $0.hasPrefix(".") })
        else { return nil }
        var folder = ""
        for component in components.dropLast() {
            folder = folder.isEmpty ? String(component) : folder + "/" + component
            if ignore.ignores(folder, isDirectory: true) { return nil }
        }
        guard !ignore.ignores(path, isDirectory: false) else { return nil }
        var info = stat()
        guard stat(layout.root.path + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return ScannedFile(
            path: path, size: Int64(info.st_size),
            modified: info.modifiedNanoseconds,
            changed: info.changedNanoseconds,
            inode: UInt64(info.st_ino))
    }

    /// True when the scan would walk into the vault-relative folder `path`.
    public func walksInto(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        guard !components.contains(where: { $0.hasPrefix(".") }) else { return false }
        var folder = ""
        for component in components {
            folder = folder.isEmpty ? String(component) : folder + "/" + component
            if ignore.ignores(folder, isDirectory: true) { return false }
        }
        return true
    }

    /// A folder to walk, with the folders above it (to detect link loops).
    struct Folder: Sendable {
        var absolute: String
        var relative: String
        var ancestors: [Device]
    }

    struct Device: Sendable, Equatable {
        var dev: UInt64
        var ino: UInt64
    }

    /// Walks `folder` and everything below it, with an explicit stack (no
    /// recursion per level: a vault nested thousands of folders deep must
    /// not overflow the thread's stack).
    private func walk(_ folder: Folder, into result: inout Result) {
        var stack = [folder]
        while let next = stack.popLast() {
            stack += list(next, into: &result).reversed()
        }
    }

    /// The vault-relative folders the scan walks, from `folder` ("" for the
    /// root) down, `folder` first: what a file watcher must watch. Notes are
    /// not looked at, so this costs the folders' readdir calls and little else.
    public func folders(from folder: String = "") -> [String] {
        guard folder.isEmpty || walksInto(folder) else { return [] }
        let start = folder.isEmpty ? layout.root.path : layout.root.path + "/" + folder
        var found: [String] = []
        var ignored = Result(files: [], problems: [])
        var stack = [Folder(absolute: start, relative: folder, ancestors: [])]
        while let next = stack.popLast() {
            found.append(next.relative)
            stack += list(next, into: &ignored, collectingNotes: false).reversed()
        }
        return found
    }

    /// Adds the notes directly inside `folder` to `result` (unless not
    /// `collectingNotes`) and returns its subfolders.
    ///
    /// The folder's plain note names (regular `*.md` files, the most of a
    /// vault) are listed first and stat'ed after the listing. When there are
    /// more than `sharing.above` of them, all but the first `above` are
    /// handed to `sharing.share` before those are stat'ed, so that other
    /// threads stat them meanwhile (``scanFiles(threads:)``).
    func list(
        _ folder: Folder, into result: inout Result, collectingNotes: Bool = true,
        sharing: (above: Int, share: (SharedNotes) -> Void)? = nil
    ) -> [Folder] {
        let absolute = folder.absolute
        let relative = folder.relative
        let dirFD = open(absolute, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirFD >= 0 else {
            result.problems.append(
                Diagnostic(
                    code: "unreadable", severity: .error, path: relative.isEmpty ? "." : relative, line: nil,
                    message: "cannot read this folder: \(errnoDescription())."))
            return []
        }
        var dirInfo = stat()
        fstat(dirFD, &dirInfo)
        let ancestors = folder.ancestors + [Device(dev: UInt64(dirInfo.st_dev), ino: UInt64(dirInfo.st_ino))]
        guard let dir = fdopendir(dirFD) else {
            close(dirFD)
            return []
        }
        defer { closedir(dir) }
        var subfolders: [Folder] = []
        let filesBefore = result.files.count
        var holdsAnotherVault = false
        var names = NoteNames()
        // `d_name` is read in place (`&`), up to its NUL: a copy of the whole
        // 256-byte field reads past a short entry, off the end of readdir's
        // buffer when the entry is its last (seen: `vault serve` killed by
        // SIGSEGV at start, one run in twenty).
        while let entry = readdir(dir) {
            let type = entry.pointee.d_type
            if type == UInt8(DT_REG), collectingNotes {
                let kind = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                    let name = UnsafeRawBufferPointer(rebasing: raw[..<(raw.firstIndex(of: 0) ?? raw.endIndex)])
                    let kind = Self.kind(ofName: name)
                    if kind == .note { names.append(name) }
                    return kind
                }
                if kind != .unusual { continue }
            }
            // Most entries are decided by their bytes alone: no text is made
            // for a hidden name or a regular file that is not `*.md`.
            let (name, valid, control) = withUnsafeBytes(of: &entry.pointee.d_name) {
                raw -> (String?, Bool, Bool) in
                let bytes = raw.prefix(while: { $0 != 0 })
                if bytes.first == UInt8(ascii: ".") {
                    let isVault = bytes.elementsEqual(".vault".utf8)
                    return (isVault ? ".vault" : nil, true, false)
                }
                if type == UInt8(DT_REG), !collectingNotes || !bytes.reversed().starts(with: "dm.".utf8) {
                    return (nil, true, false)
                }
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    return (Self.escapedName(bytes), false, false)
                }
                return (text, true, bytes.contains { $0 < 0x20 || $0 == 0x7F })
            }
            guard let name else { continue }
            if name == ".vault", !relative.isEmpty { holdsAnotherVault = true }
            if name.hasPrefix(".") { continue }
            if !valid {
                // The name cannot be written back as a path: skipped, and said so.
                if collectingNotes {
                    result.problems.append(
                        Diagnostic(
                            code: "file-name", severity: .warning,
                            path: relative.isEmpty ? name : relative + "/" + name,
                            line: nil,
                            message:
                                "skipped: the file name is not valid UTF-8 (its other bytes shown as \\xHH); rename it."
                        ))
                }
                continue
            }
            if collectingNotes, control, name.hasSuffix(".md") {
                result.problems.append(
                    Diagnostic(
                        code: "file-name", severity: .warning, path: relative.isEmpty ? name : relative + "/" + name,
                        line: nil,
                        message:
                            "the file name holds a line break or another control character; rename it, as many tools misread such names."
                    ))
            }
            let rel = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            if type == UInt8(DT_DIR) {
                if ignore.ignores(rel, isDirectory: true) { continue }
                subfolders.append(Folder(absolute: absolute + "/" + name, relative: rel, ancestors: ancestors))
                continue
            }
            let isLink = type == UInt8(DT_LNK)
            guard isLink || type == UInt8(DT_UNKNOWN) || (collectingNotes && name.hasSuffix(".md")) else { continue }
            // A link is followed only inside the vault: never to a secret
            // outside it, never up to a folder that holds the vault.
            if isLink, let target = Self.realPath(absolute + "/" + name), !target.hasPrefix(realRoot),
                target + "/" != realRoot
            {
                if collectingNotes {
                    result.problems.append(
                        Diagnostic(
                            code: "link-outside", severity: .warning, path: rel, line: nil,
                            message: "skipped: a symbolic link that leads outside the vault (to \(target))."))
                }
                continue
            }
            // Follow links: stat, not lstat.
            if fstatat(dirFD, name, &info, 0) != 0 {
                if isLink {
                    // Not `broken-link`, which is a note's [[link]] to no note (and counted as one).
                    let loop = errno == ELOOP
                    let reason = loop ? "it is a symbolic link loop" : "it points to nothing (\(errnoDescription()))"
                    result.problems.append(
                        Diagnostic(
                            code: loop ? "symlink-loop" : "broken-symlink", severity: .warning, path: rel, line: nil,
                            message: "skipped: \(reason)."))
                }
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                if ignore.ignores(rel, isDirectory: true) { continue }
                if ancestors.contains(Device(dev: UInt64(info.st_dev), ino: UInt64(info.st_ino))) {
                    result.problems.append(
                        Diagnostic(
                            code: "symlink-loop", severity: .warning, path: rel, line: nil,
                            message:
                                "skipped: this link points back to a folder that contains it (a symbolic link loop)."))
                    continue
                }
                subfolders.append(Folder(absolute: absolute + "/" + name, relative: rel, ancestors: ancestors))
                continue
            }
            guard info.st_mode & S_IFMT == S_IFREG, name.hasSuffix(".md"), !ignore.ignores(rel, isDirectory: false)
            else {
                if collectingNotes, name.hasSuffix(".md"), info.st_mode & S_IFMT != S_IFREG,
                    !ignore.ignores(rel, isDirectory: false)
                {
                    result.problems.append(
                        Diagnostic(
                            code: "not-a-file", severity: .warning, path: rel, line: nil,
                            message: "skipped: not a regular file (a FIFO, a socket or a device)."))
                }
                continue
            }
            result.files.append(
                ScannedFile(
                    path: rel, size: Int64(info.st_size),
                    modified: info.modifiedNanoseconds,
                    changed: info.changedNanoseconds,
                    inode: UInt64(info.st_ino)))
        }
        // A folder holding `.vault/` is a vault of its own (made with `vault init --force`): not ours.
        if holdsAnotherVault {
            result.files.removeSubrange(filesBefore...)
            return []
        }
        let prefix = Array((relative.isEmpty ? "" : relative + "/").utf8)
        var own = 0..<names.count
        if let sharing, names.count > sharing.above {
            let copy = dup(dirFD)
            if copy >= 0 {
                own = 0..<sharing.above
                sharing.share(SharedNotes(folder: copy, prefix: prefix, names: names))
            }
        }
        statNotes(names, own, in: dirFD, prefix: prefix, into: &result)
        return subfolders
    }
}

extension VaultScanner {
    /// What a regular file's name alone says about it.
    enum NameKind {
        /// A plain note name: `*.md`, not hidden, valid UTF-8 without control characters.
        case note
        /// Not a note: another kind of file.
        case skipped
        /// A name the general path must look at and perhaps report (hidden,
        /// `.vault`, not UTF-8, a control character).
        case unusual
    }

    /// The kind of the regular file called `name`, decided on its bytes
    /// (no text is made for it).
    static func kind(ofName name: UnsafeRawBufferPointer) -> NameKind {
        let end = name.count
        guard end > 0, name[0] != UInt8(ascii: ".") else { return .unusual }
        guard end > 3, name[end - 3] == UInt8(ascii: "."), name[end - 2] == UInt8(ascii: "m"),
            name[end - 1] == UInt8(ascii: "d")
        else { return .skipped }
        var ascii = true
        for byte in name {
            if byte < 0x20 || byte == 0x7F { return .unusual }
            if byte >= 0x80 { ascii = false }
        }
        return ascii || isValidUTF8(name) ? .note : .unusual
    }

    private static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .error: return false
            case .emptyInput: return true
            }
        }
    }

    /// Stats the plain note names `names[range]` of the folder open as
    /// `dirFD` (following links, as the general path does: stat, not
    /// lstat) and adds the regular files the ignore file keeps, each path
    /// made in one allocation. Most of a vault is such files, and the walk
    /// runs before every search without a watcher: this costs about what
    /// the kernel's own work does (benchmarks/STARTUP.md).
    func statNotes(_ names: NoteNames, _ range: Range<Int>, in dirFD: Int32, prefix: [UInt8], into result: inout Result)
    {
        names.bytes.withUnsafeBytes { bytes in
            for index in range {
                let start = Int(names.starts[index])
                let end = index + 1 < names.count ? Int(names.starts[index + 1]) - 1 : bytes.count - 1
                var info = stat()
                let cName = bytes.baseAddress!.advanced(by: start).assumingMemoryBound(to: CChar.self)
                // Gone, or no longer a regular file, since it was listed: not a note now.
                guard fstatat(dirFD, cName, &info, 0) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                let name = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
                let path = String(unsafeUninitializedCapacity: prefix.count + name.count) { buffer in
                    let afterPrefix = buffer.initialize(fromContentsOf: prefix)
                    let rest = UnsafeMutableBufferPointer(rebasing: buffer[afterPrefix...])
                    return afterPrefix + rest.initialize(fromContentsOf: name)
                }
                if ignore.ignores(path, isDirectory: false) { continue }
                result.files.append(
                    ScannedFile(
                        path: path, size: Int64(info.st_size), modified: info.modifiedNanoseconds,
                        changed: info.changedNanoseconds, inode: UInt64(info.st_ino)))
            }
        }
    }
}

/// The plain note names of one folder, listed and not yet stat'ed: each
/// name's bytes followed by a NUL, in one buffer.
struct NoteNames {
    var bytes: [UInt8] = []
    var starts: [Int32] = []

    var count: Int { starts.count }

    mutating func append(_ name: UnsafeRawBufferPointer) {
        starts.append(Int32(bytes.count))
        bytes.append(contentsOf: name)
        bytes.append(0)
    }
}

extension VaultScanner {
    /// A file name's bytes as text: valid UTF-8 as it is, every other byte as `\xHH`.
    static func escapedName(_ bytes: some Collection<UInt8>) -> String {
        let array = Array(bytes)
        var out = ""
        var index = 0
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = array.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                out.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                index += encoded.count
            case .error(let length):
                for byte in array[index..<min(array.count, index + length)] {
                    out += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded
                }
                index += length
            case .emptyInput:
                return out
            }
        }
    }
}

extension String {
    /// Two hex digits: `0` before one.
    fileprivate var leftPadded: String { count < 2 ? "0" + self : self }
}
