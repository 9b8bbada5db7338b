import Foundation
import VaultCore

/// `vault backup`: a dated archive of the vault (its notes, attachments,
/// `.vault/config.yml`, the ignore rules and the ledger; no cache, no
/// `.vault/local/`, no trash) in the vault's backup folder, keeping the
/// newest `backup.keep`; the list of archives; the daily timer.
public struct VaultBackup {
    let context: AppContext
    let records: any VaultRecords
    let archives: any BackupArchives
    /// The systemd units (or cron line) that run `vault backup` once a day.
    public let timer: any ReminderTimer

    public init(
        _ context: AppContext, records: any VaultRecords, archives: any BackupArchives, timer: any ReminderTimer
    ) {
        self.context = context
        self.records = records
        self.archives = archives
        self.timer = timer
    }

    /// What a new archive holds, in path order: every note, every attachment and the vault's own files.
    public func files() -> [String] {
        let notes = context.notes.summaries().notes.map(\.path)
        return Array(Set(notes + context.files.attachments() + records.recordFiles())).sorted()
    }

    /// The vault's part of its archives' names.
    public var prefix: String { BackupName.prefix(vault: context.files.location(of: "").lastPathComponent) }

    /// The folder `folder` names, else the default one.
    public func folder(_ folder: String?) -> String { folder ?? archives.defaultFolder }

    /// One backup made.
    public struct Made: Sendable {
        public var archive: BackupArchive
        /// Files in it.
        public var files: Int
        /// Older archives removed to keep `backup.keep`.
        public var removed: [BackupArchive]
    }

    /// Writes a new archive into `folder` (the default one when nil), then
    /// removes the oldest of this vault's archives there beyond `backup.keep`.
    /// - Throws: the archives' error; nothing is removed when the new archive failed.
    public func make(in folder: String?) throws -> Made {
        let folder = self.folder(folder)
        let files = files()
        let name = BackupName.name(vault: prefix, at: context.now, in: context.timeZone)
        let archive = try archives.create(named: name, files: files, in: folder)
        let stale = BackupName.stale(archives.archives(in: folder, prefix: prefix), keep: context.config.backup.keep)
        for old in stale where old.path != archive.path { try archives.remove(old) }
        return Made(archive: archive, files: files.count, removed: stale.filter { $0.path != archive.path })
    }

    /// This vault's archives in `folder` (the default one when nil), oldest first.
    public func list(in folder: String?) -> [BackupArchive] {
        archives.archives(in: self.folder(folder), prefix: prefix)
    }

    /// The archive `reference` names: a path (it holds a `/`), else the name
    /// of one of ``list(in:)``, or a unique beginning of it or of the part after
    /// the vault's prefix (a day: `2026-11-18`).
    /// - Throws: ``AppError/noSuchBackup(_:)`` when none or several match.
    public func find(_ reference: String, in folder: String?) throws -> String {
        if reference.contains("/") { return reference }
        let listed = list(in: folder)
        if let exact = listed.first(where: { $0.name == reference }) { return exact.path }
        let matches = listed.filter {
            $0.name.hasPrefix(reference) || $0.name.dropFirst(prefix.count + 1).hasPrefix(reference)
        }
        guard matches.count == 1 else { throw AppError.noSuchBackup(reference) }
        return matches[0].path
    }
}
