import Foundation
import VaultCore

/// Writes an itinerary's folder all at once: every file goes into a hidden
/// temporary folder beside the target, fsynced, and the folder is renamed
/// into place, so a refusal, a crash or a kill leaves either no itinerary or
/// the whole of it (and `--update` either the old folder or the new).
public enum ItineraryFiles {
    /// Writes `files` as the vault-relative folder `folder`.
    /// - Parameter replacing: swap out the folder that is there (it must be);
    ///   otherwise the folder must not exist.
    /// - Throws: ``VaultStoreError/unwritable(path:reason:)``; nothing is left half-written.
    public static func write(_ files: [VaultFile], folder: String, in layout: VaultLayout, replacing: Bool) throws {
        let target = layout.url(of: folder)
        let parent = target.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw VaultStoreError.unwritable(path: folder, reason: VaultStoreError.reason(of: error))
        }
        let stamp = "\(AtomicFile.temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let temp = parent.appendingPathComponent(".\(target.lastPathComponent)\(stamp)")
        guard mkdir(temp.path, 0o755) == 0 else {
            throw VaultStoreError.unwritable(path: folder, reason: errnoDescription())
        }
        do {
            for file in files {
                // Names with `/` go into subfolders (an Anki import's deck folders).
                if file.name.contains("/") {
                    try FileManager.default.createDirectory(
                        at: temp.appendingPathComponent(file.name).deletingLastPathComponent(), withIntermediateDirectories: true)
                }
                let fd = open(temp.appendingPathComponent(file.name).path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                guard fd >= 0 else {
                    throw VaultStoreError.unwritable(path: "\(folder)/\(file.name)", reason: errnoDescription())
                }
                var failure = file.bytes.withUnsafeBytes { FileIO.writeAll(fd, $0) }
                #if !os(Linux)
                    if failure == nil, fsync(fd) != 0 { failure = errnoDescription() }
                #endif
                close(fd)
                if let failure { throw VaultStoreError.unwritable(path: "\(folder)/\(file.name)", reason: failure) }
            }
            #if os(Linux)
                // One syncfs for the lot before the rename: an Anki import's 20,000
                // notes took a journal commit each with an fsync per file (70 s).
                let folderFD = open(temp.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                if folderFD >= 0 {
                    let synced = linuxSyncfs(folderFD)
                    close(folderFD)
                    if synced != 0 { throw VaultStoreError.unwritable(path: folder, reason: errnoDescription()) }
                }
            #endif
            AtomicFile.syncFolder(temp)
            if replacing {
                let old = parent.appendingPathComponent(".\(target.lastPathComponent)\(stamp)-old")
                guard rename(target.path, old.path) == 0 else {
                    throw VaultStoreError.unwritable(path: folder, reason: errnoDescription())
                }
                guard rename(temp.path, target.path) == 0 else {
                    let reason = errnoDescription()
                    rename(old.path, target.path)
                    throw VaultStoreError.unwritable(path: folder, reason: reason)
                }
                try? FileManager.default.removeItem(at: old)
            } else {
                // renameat2's RENAME_NOREPLACE is not everywhere; the folder was checked just before.
                guard !FileManager.default.fileExists(atPath: target.path), rename(temp.path, target.path) == 0 else {
                    throw VaultStoreError.unwritable(path: folder, reason: "it exists already")
                }
            }
            AtomicFile.syncFolder(parent)
            // The hidden folders of imports killed midway (each up to a copy of every picture) go with the next one.
            AtomicFile.removeStaleTemporaries(in: parent)
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw error
        }
    }

    /// The bytes of a vault file (a picture, for export).
    public static func read(_ relativePath: String, in layout: VaultLayout) throws -> Data {
        do {
            return try Data(contentsOf: layout.url(of: relativePath))
        } catch {
            throw VaultStoreError.unreadable(path: relativePath, reason: VaultStoreError.reason(of: error))
        }
    }
}

#if os(Linux)
    /// glibc's syncfs(2), which the Glibc module leaves out (it needs _GNU_SOURCE).
    @_silgen_name("syncfs")
    private func linuxSyncfs(_ fd: Int32) -> Int32
#endif
