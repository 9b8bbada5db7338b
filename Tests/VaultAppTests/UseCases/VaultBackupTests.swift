import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// `vault backup`: what an archive holds, its name, and the newest
/// `backup.keep` kept.
@Suite("Vault backup")
struct VaultBackupTests {
    static func backup(keep: Int = 14, now: Date = Fixture.now) -> (VaultBackup, MemoryArchives, MemoryFiles) {
        let files = Fixture.files(
            Fixture.weekTexts,
            [
                ".vault/config.yml": Data("version: 1\n".utf8),
                ".vault/ledger/2026.log": Data("# vault-ledger v1\n".utf8),
                ".vault/cache/notes.bin": Data([1]), ".vault/local/device": Data("abc".utf8),
                ".vault/trash/old.md": Data("# Old\n".utf8), "pics/door.png": Data([0x89]),
            ])
        var config = Fixture.config
        config.backup.keep = keep
        let archives = MemoryArchives(files: files)
        let context = Fixture.context(Fixture.weekNotes, config: config, now: now, files: files)
        return (
            VaultBackup(context, records: MemoryRecords(files: files), archives: archives, timer: MemoryTimer()),
            archives, files
        )
    }

    @Test("an archive holds the notes, the attachments, the config and the ledger; no cache, no local state, no trash")
    func contents() throws {
        let (backup, archives, files) = Self.backup()
        #expect(
            backup.files() == [
                ".vault/config.yml", ".vault/ledger/2026.log", "a.md", "b.md", "d.md", "pics/door.png", "plain.md",
            ])
        let made = try backup.make(in: nil)
        #expect(
            made.archive.name == "memory-vault-2026-11-18-100000.tar.zst", "the vault's name and the moment in its zone"
        )
        #expect(made.archive.path.hasPrefix("/backups/vault/"), "the default folder")
        #expect(made.files == 7 && made.removed.isEmpty)
        #expect(archives.stored[made.archive.path]?["a.md"] == files.all["a.md"])
        #expect(backup.list(in: nil).map(\.name) == [made.archive.name])
        #expect(try backup.make(in: "/media/usb").archive.path == "/media/usb/memory-vault-2026-11-18-100000.tar.zst")
    }

    @Test("the newest backup.keep archives stay; the oldest beyond them are removed after a new one is written")
    func keep() throws {
        let (first, archives, _) = Self.backup(keep: 2)
        _ = try first.make(in: nil)
        for hour in 1...3 {
            let (next, _, _) = Self.backup(keep: 2, now: Fixture.now.addingTimeInterval(Double(hour) * 3600))
            let later = VaultBackup(
                next.context, records: next.records, archives: archives, timer: MemoryTimer())
            let made = try later.make(in: nil)
            #expect(made.removed.count == (hour == 1 ? 0 : 1), "hour \(hour)")
        }
        #expect(
            archives.archives(in: "/backups/vault", prefix: "memory-vault").map(\.name) == [
                "memory-vault-2026-11-18-120000.tar.zst", "memory-vault-2026-11-18-130000.tar.zst",
            ])
        let (backup, _, _) = Self.backup()
        let named = VaultBackup(backup.context, records: backup.records, archives: archives, timer: MemoryTimer())
        #expect(try named.find("2026-11-18-12", in: nil) == "/backups/vault/memory-vault-2026-11-18-120000.tar.zst")
        #expect(try named.find("memory-vault-2026-11-18-130000.tar.zst", in: nil).hasSuffix("130000.tar.zst"))
        #expect(try named.find("/some/where.tar.zst", in: nil) == "/some/where.tar.zst", "a path is taken as it is")
        #expect(throws: AppError.noSuchBackup("2026-11-18")) { try named.find("2026-11-18", in: nil) }
        #expect(throws: AppError.noSuchBackup("2025")) { try named.find("2025", in: nil) }
    }

    @Test("archive names: the vault's name made one word, the moment; stale is the oldest beyond keep")
    func names() {
        #expect(BackupName.prefix(vault: "My notes/..") == "My_notes_..")
        #expect(BackupName.prefix(vault: "...") == "vault")
        #expect(BackupName.prefix(vault: "Notizen über") == "Notizen_über")
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        #expect(BackupName.name(vault: "v", at: Fixture.now, in: berlin) == "v-2026-11-18-100000")
        let moment = BackupName.moment(of: "v-x-2026-11-18-100000.tar.zst", in: berlin)
        #expect(moment == Fixture.now)
        #expect(BackupName.moment(of: "v.tar.zst", in: berlin) == nil)
        let archives = (1...5).map {
            BackupArchive(path: "/b/v-2026-11-1\($0)-000000.tar.gz", name: "v-2026-11-1\($0)-000000.tar.gz", bytes: 1)
        }
        #expect(
            BackupName.stale(archives.reversed(), keep: 3).map(\.name) == [
                "v-2026-11-11-000000.tar.gz", "v-2026-11-12-000000.tar.gz",
            ])
        #expect(BackupName.stale(archives, keep: 9).isEmpty)
        #expect(
            BackupName.folder(vault: "notes", path: "/a/notes") != BackupName.folder(vault: "notes", path: "/b/notes"))
    }
}
