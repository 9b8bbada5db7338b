import Foundation
import VaultCore
import VaultProcess

/// ``BackupArchives`` with GNU tar: `.tar.zst` where the `zstd` program is
/// installed, `.tar.gz` otherwise. The file list goes to tar on standard
/// input (NUL-separated, no recursion, links followed), into a hidden file
/// beside the archive that is renamed once tar succeeded; a restore lists
/// the archive first, refuses anything but files and folders under its
/// root, unpacks into a hidden folder and moves it into place (``NewFolder``).
public struct TarArchives: BackupArchives, Sendable {
    /// The vault's folder: the files listed are read from it.
    public let vault: URL
    /// Where programs are looked for (`PATH`).
    public let searchPath: String

    public init(vault: URL, searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") {
        self.vault = vault
        self.searchPath = searchPath
    }

    public var defaultFolder: String {
        let environment = ProcessInfo.processInfo.environment
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share")
        return data.appendingPathComponent("vault/backups")
            .appendingPathComponent(BackupName.folder(vault: vault.lastPathComponent, path: vault.path)).path
    }

    /// The full path of `program` on ``searchPath``, or nil.
    func find(_ program: String) -> String? {
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let path = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The compressor tar is asked for, and the archive's extension.
    var compression: (flag: String, extension: String) {
        find("zstd") != nil ? ("--zstd", "tar.zst") : ("--gzip", "tar.gz")
    }

    public func create(named name: String, files: [String], in folder: String) throws -> BackupArchive {
        guard let tar = find("tar") else { throw VaultStoreError.missingProgram("tar", package: "tar") }
        let fm = FileManager.default
        let folderURL = URL(fileURLWithPath: folder).standardizedFileURL
        do {
            try fm.createDirectory(
                at: folderURL, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw VaultStoreError.unwritable(path: folderURL.path, reason: VaultStoreError.reason(of: error))
        }
        let (flag, ext) = compression
        var final = folderURL.appendingPathComponent("\(name).\(ext)")
        var n = 2
        while fm.fileExists(atPath: final.path) {
            final = folderURL.appendingPathComponent("\(name)-\(n).\(ext)")
            n += 1
        }
        let temp = folderURL.appendingPathComponent(
            ".\(final.lastPathComponent)\(AtomicFile.temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        var list = Data()
        for file in files {
            list.append(contentsOf: Array(file.utf8))
            list.append(0)
        }
        let result = try Self.run(
            tar,
            [
                "--create", "--file", temp.path, flag, "--format", "posix", "--directory", vault.path, "--no-recursion",
                "--dereference", "--ignore-failed-read", "--null", "--files-from", "-",
            ], input: list)
        guard result.status == 0 else {
            try? fm.removeItem(at: temp)
            throw VaultStoreError.archiveFailed(path: final.path, reason: Self.firstLine(result.error))
        }
        chmod(temp.path, 0o600)
        guard rename(temp.path, final.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? fm.removeItem(at: temp)
            throw VaultStoreError.unwritable(path: final.path, reason: reason)
        }
        AtomicFile.syncFolder(folderURL)
        return archive(at: final)
    }

    func archive(at url: URL) -> BackupArchive {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0
        return BackupArchive(path: url.path, name: url.lastPathComponent, bytes: size)
    }

    public func archives(in folder: String, prefix: String) -> [BackupArchive] {
        let url = URL(fileURLWithPath: folder).standardizedFileURL
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter {
            $0.hasPrefix(prefix + "-") && ($0.hasSuffix(".tar.zst") || $0.hasSuffix(".tar.gz"))
        }.sorted().map { archive(at: url.appendingPathComponent($0)) }
    }

    public func remove(_ archive: BackupArchive) throws {
        do {
            try FileManager.default.removeItem(atPath: archive.path)
        } catch {
            throw VaultStoreError.unwritable(path: archive.path, reason: VaultStoreError.reason(of: error))
        }
    }

    /// Entries a restore takes at most: a bound on what the listing is asked to hold.
    static let entryLimit = 5_000_000

    public func restore(_ path: String, into folder: String) throws -> Int {
        guard let tar = find("tar") else { throw VaultStoreError.missingProgram("tar", package: "tar") }
        let archive = URL(fileURLWithPath: path).standardizedFileURL
        guard FileManager.default.isReadableFile(atPath: archive.path) else {
            throw VaultStoreError.unreadable(path: path, reason: "no such archive (see `vault backup --list`)")
        }
        if path.hasSuffix(".zst"), find("zstd") == nil { throw VaultStoreError.missingProgram("zstd", package: "zstd") }
        let target = NewFolder(root: URL(fileURLWithPath: folder).standardizedFileURL)
        try target.checkEmpty()
        // GNU tar reads the compression from the file itself when listing and unpacking.
        let listing = try Self.run(
            tar, ["--list", "--verbose", "--file", archive.path, "--quoting-style=escape"], input: nil)
        guard listing.status == 0 else {
            throw VaultStoreError.archiveFailed(path: archive.path, reason: Self.firstLine(listing.error))
        }
        var files = 0
        var sawConfig = false
        for line in listing.output.split(separator: "\n") {
            files += 1
            guard files <= Self.entryLimit else {
                throw VaultStoreError.archiveFailed(path: archive.path, reason: "it holds more than 5,000,000 entries")
            }
            guard let type = line.first, type == "-" || type == "d" else {
                throw VaultStoreError.archiveFailed(
                    path: archive.path,
                    reason: "it holds something that is not a file or a folder (\(line.prefix(120)))")
            }
            // `-rw------- user/group 1234 2026-11-18 10:00 NAME`: the name is the sixth field on.
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else {
                throw VaultStoreError.archiveFailed(
                    path: archive.path, reason: "its listing does not read (\(line.prefix(120)))")
            }
            let name = String(fields[5])
            let parts = name.split(separator: "/")
            if name.hasPrefix("/") || parts.contains("..") {
                throw VaultStoreError.archiveFailed(
                    path: archive.path, reason: "it holds \(name.prefix(200)), which would land outside the folder")
            }
            if name == ".vault/config.yml" || name == "./.vault/config.yml" { sawConfig = true }
            if type == "d" { files -= 1 }
        }
        guard sawConfig else {
            throw VaultStoreError.archiveFailed(
                path: archive.path, reason: "it holds no .vault/config.yml, so it is no vault backup")
        }
        let temp = try target.makeTemporary()
        do {
            let unpacked = try Self.run(
                tar,
                [
                    "--extract", "--file", archive.path, "--directory", temp.path, "--no-same-owner",
                    "--no-same-permissions",
                ],
                input: nil)
            guard unpacked.status == 0 else {
                throw VaultStoreError.archiveFailed(path: archive.path, reason: Self.firstLine(unpacked.error))
            }
            try target.moveIntoPlace(temp)
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw error
        }
        return files
    }

    /// What a program printed and how it ended.
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs `program` with `arguments`, feeding it `input` (or nothing), and waits.
    /// - Throws: ``VaultStoreError/archiveFailed(path:reason:)`` when it cannot be started.
    static func run(_ program: String, _ arguments: [String], input: Data?) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            throw VaultStoreError.archiveFailed(
                path: program, reason: "it cannot be started (\(error.localizedDescription))")
        }
        // Read both pipes on their own threads while the input is written: a full pipe would stall tar.
        let output = Background { stdout.fileHandleForReading.readDataToEndOfFile() }
        let errors = Background { stderr.fileHandleForReading.readDataToEndOfFile() }
        if let input {
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: output.value(), as: UTF8.self),
            error: String(decoding: errors.value(), as: UTF8.self))
    }

    /// The archiver's first complaint, or a general word when it said nothing.
    static func firstLine(_ text: String) -> String {
        let line = text.split(separator: "\n").first.map { String($0.prefix(300)) } ?? "tar failed without a word"
        return line.hasSuffix(".") ? String(line.dropLast()) : line
    }
}
