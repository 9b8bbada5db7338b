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
            let start = changes.count()
            try vault.write(".vault/cache/notes.bin", "written by a read")
            try vault.write(".vault/cache/other.bin", "also")
            #expect(changes.count() == start)
            #expect(changes.count() == start)
        }

        @Test("a note, the ledger and the config each count")
        func writes() throws {
            let vault = try FixtureVault()
            try vault.note("Inbox/a.md", title: "A", body: "x")
            try vault.write(".vault/ledger/2026.log", "")
            try vault.write(".vault/config.yml", "version: 1\n")
            let changes = try #require(VaultChanges(layout: vault.layout))
            var last = changes.count()
            for path in ["Inbox/a.md", ".vault/ledger/2026.log", ".vault/config.yml", "b.md"] {
                try vault.write(path, "changed \(path)\n")
                let now = changes.count()
                #expect(now > last, "\(path)")
                last = now
            }
            try vault.delete("b.md")
            #expect(changes.count() > last)
        }

        @Test("a folder made later is watched, and the folders below it")
        func newFolders() throws {
            let vault = try FixtureVault()
            let changes = try #require(VaultChanges(layout: vault.layout))
            try FileManager.default.createDirectory(
                at: vault.root.appendingPathComponent("New/Deeper"), withIntermediateDirectories: true)
            var last = changes.count()
            try vault.write("New/Deeper/note.md", "# Note\n")
            #expect(changes.count() > last)
            last = changes.count()
            try vault.write("New/Deeper/note.md", "# Note, edited\n")
            #expect(changes.count() > last)
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
