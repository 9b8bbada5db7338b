#if os(Linux)
    import Foundation
    import Testing
    import VaultStore

    @testable import VaultIndex

    /// The change count `vault serve` keys what it keeps on: every write to
    /// the notes, the ledger, the config or a new folder counts; reading
    /// (which writes the cache) does not.
    @Suite("vault changes: the count a server keeps its reads by")
    struct VaultChangesTests {
        @Test("nothing written, nothing counted; the cache is not watched")
        func quiet() throws {
            let vault = try FixtureVault()
            try vault.note("a.md", title: "A", body: "x")
            try vault.write(".vault/cache/notes.bin", "cache")
            let changes = try #require(VaultChanges(layout: vault.layout))
            let start = changes.counts()
            try vault.write(".vault/cache/notes.bin", "written by a read")
            try vault.write(".vault/cache/other.bin", "also")
            #expect(changes.counts() == start)
            #expect(changes.counts() == start)
        }

        @Test("a note counts for the notes, the ledger for the ledger, the config for both")
        func writes() throws {
            let vault = try FixtureVault()
            try vault.note("Inbox/a.md", title: "A", body: "x")
            try vault.write(".vault/ledger/2026.log", "")
            try vault.write(".vault/local/sequence", "1\n")
            try vault.write(".vault/config.yml", "version: 1\n")
            let changes = try #require(VaultChanges(layout: vault.layout))
            var last = changes.counts()
            let expected: [(String, notes: Bool, ledger: Bool)] = [
                ("Inbox/a.md", true, false), (".vault/ledger/2026.log", false, true),
                (".vault/local/sequence", false, true), (".vault/config.yml", true, true), ("b.md", true, false),
            ]
            for (path, notes, ledger) in expected {
                try vault.write(path, "changed \(path)\n")
                let now = changes.counts()
                #expect((now.notes > last.notes) == notes, "\(path)")
                #expect((now.ledger > last.ledger) == ledger, "\(path)")
                last = now
            }
            try vault.delete("b.md")
            #expect(changes.counts().notes > last.notes)
        }

        @Test("the first append makes .vault/local: a ledger change, not a notes change")
        func localFolderMade() throws {
            let vault = try FixtureVault()
            try vault.write(".vault/ledger/2026.log", "")
            let changes = try #require(VaultChanges(layout: vault.layout))
            let start = changes.counts()
            try vault.write(".vault/local/device", "abc\n")
            let now = changes.counts()
            #expect(now.notes == start.notes)
            #expect(now.ledger > start.ledger)
            try vault.write(".vault/local/sequence", "2\n")
            #expect(changes.counts().ledger > now.ledger)
        }

        @Test("a folder made later is watched, and the folders below it")
        func newFolders() throws {
            let vault = try FixtureVault()
            let changes = try #require(VaultChanges(layout: vault.layout))
            try FileManager.default.createDirectory(
                at: vault.root.appendingPathComponent("New/Deeper"), withIntermediateDirectories: true)
            var last = changes.counts()
            try vault.write("New/Deeper/note.md", "# Note\n")
            #expect(changes.counts().notes > last.notes)
            last = changes.counts()
            try vault.write("New/Deeper/note.md", "# Note, edited\n")
            #expect(changes.counts().notes > last.notes)
        }

        @Test("network and FUSE file systems are told apart from local ones")
        func remote() {
            let mounts = """
                /dev/sda1 / ext4 rw 0 0
                server:/export /home/me/nfs nfs4 rw 0 0
                me@host: /home/me/ssh\\040vault fuse.sshfs rw 0 0
                tmpfs /tmp tmpfs rw 0 0
                """
            #expect(!VaultChanges.isRemote("/home/me/notes", mounts: mounts))
            #expect(VaultChanges.isRemote("/home/me/nfs/notes", mounts: mounts))
            #expect(!VaultChanges.isRemote("/home/me/nfsx", mounts: mounts))
            #expect(VaultChanges.isRemote("/home/me/ssh vault/notes", mounts: mounts))
            #expect(!VaultChanges.isRemote("/tmp/vault", mounts: mounts))
        }
    }
#endif
