import Foundation
import Testing

/// `vault backup`: real tar and zstd (or gzip), the archive's members, the
/// newest `backup.keep` kept, a restore into an empty folder only, the timer.
@Suite("vault backup")
struct BackupCommandTests {
    /// ExampleVault with its backups and units in folders of the test's own.
    static func vault() throws -> (VaultSandbox, data: URL, env: [String: String]) {
        let vault = try exampleVaultCopy()
        let data = vault.root.deletingLastPathComponent().appendingPathComponent("xdg-\(UUID().uuidString)")
        return (
            vault, data,
            [
                "XDG_DATA_HOME": data.appendingPathComponent("data").path,
                "XDG_CONFIG_HOME": data.appendingPathComponent("config").path,
            ]
        )
    }

    @Test(
        "an archive holds the notes, attachments, config and ledger, not the caches or local state; restored, it is the vault byte for byte"
    )
    func archiveAndRestore() throws {
        let (vault, data, env) = try Self.vault()
        defer {
            vault.cleanUp()
            try? FileManager.default.removeItem(at: data)
        }
        #expect(try vault.run(["status"], env: env).status == 0)  // writes caches and a device file
        try vault.write(".vault/local/device", "abcdef123456\n")
        let made = try vault.run(["backup"], env: env)
        #expect(made.status == 0, "\(made.stderr)")
        let folder = data.appendingPathComponent("data/vault/backups")
        let vaultFolder = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        #expect(
            vaultFolder.hasPrefix(vault.root.lastPathComponent + "-")
                && vaultFolder.count == vault.root.lastPathComponent.count + 9)
        let archive = folder.appendingPathComponent(vaultFolder).appendingPathComponent(
            "\(vault.root.lastPathComponent)-2026-11-18-100000.tar.zst")
        // Every file of the vault but the caches, this machine's state and what .vault/ignore leaves out (README.md).
        var expected = filesByPath(vault.root)
        expected["README.md"] = nil
        #expect(made.stdout.hasPrefix("Wrote \(archive.path) (\(expected.count) files, "), "\(made.stdout)")
        let mode = try FileManager.default.attributesOfItem(atPath: archive.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let members = Set(try vault.sh("tar -tf '\(archive.path)'").split(separator: "\n").map(String.init))
        #expect(
            members.contains(".vault/config.yml") && members.contains(".vault/ledger/2026.log")
                && members.contains(".vault/ignore"))
        #expect(
            members.contains("loci/Home walk/01.png") && members.contains("2026/11/you-do-not-rise-to-your-goals.md"))
        #expect(!members.contains { $0.hasPrefix(".vault/cache") || $0.hasPrefix(".vault/local") || $0 == "README.md" })
        // Listed, then restored by its day into a new folder: every file as it was.
        let listing = try vault.run(["backup", "--list", "--json"], env: env)
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]])
        #expect(listed.map { $0["name"] as? String } == [archive.lastPathComponent])
        #expect(listed.first?["created"] as? String == "2026-11-18T10:00:00+01:00")
        let target = data.appendingPathComponent("restored")
        let restored = try vault.run(["backup", "--restore", "2026-11-18", "--into", target.path], env: env)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout == "Restored \(expected.count) files from \(archive.path) into \(target.path).\n")
        #expect(filesByPath(target) == expected)
        // A folder that holds anything is refused, and left as it was.
        let busy = data.appendingPathComponent("busy")
        try FileManager.default.createDirectory(at: busy, withIntermediateDirectories: true)
        try "mine".write(to: busy.appendingPathComponent("keep.txt"), atomically: true, encoding: .utf8)
        let refused = try vault.run(["backup", "--restore", archive.path, "--into", busy.path], env: env)
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "error: cannot write \(busy.path): the folder is not empty; give a new or empty folder (nothing is written over).\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: busy.path) == ["keep.txt"])
    }

    @Test("the newest backup.keep archives stay; --to writes elsewhere; without zstd the archive is tar.gz")
    func keepAndGzip() throws {
        let (vault, data, env) = try Self.vault()
        defer {
            vault.cleanUp()
            try? FileManager.default.removeItem(at: data)
        }
        try vault.write(".vault/config.yml", try vault.read(".vault/config.yml") + "backup:\n  keep: 2\n")
        let to = data.appendingPathComponent("usb")
        for minute in 0..<3 {
            let made = try vault.run(
                ["backup", "--to", to.path], env: env.merging(["VAULT_NOW": "2026-11-18T09:0\(minute):00Z"]) { $1 })
            #expect(made.status == 0, "\(made.stderr)")
            #expect(made.stdout.contains("Removed 1 older archive") == (minute == 2), "\(made.stdout)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: to.path).sorted()
        let prefix = vault.root.lastPathComponent
        #expect(names == ["\(prefix)-2026-11-18-100100.tar.zst", "\(prefix)-2026-11-18-100200.tar.zst"])
        // A PATH with tar and gzip but no zstd.
        let bin = data.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for tool in ["tar", "gzip"] {
            let real = try vault.sh("command -v \(tool)").trimmingCharacters(in: .whitespacesAndNewlines)
            try FileManager.default.createSymbolicLink(
                atPath: bin.appendingPathComponent(tool).path, withDestinationPath: real)
        }
        let gz = try vault.run(
            ["backup", "--to", to.path],
            env: env.merging(["PATH": bin.path, "VAULT_NOW": "2026-11-18T09:05:00Z"]) { $1 })
        #expect(gz.status == 0, "\(gz.stderr)")
        #expect(gz.stdout.contains("\(prefix)-2026-11-18-100500.tar.gz"))
        #expect(
            try vault.sh("tar -tzf '\(to.path)/\(prefix)-2026-11-18-100500.tar.gz' | grep -c '^.vault/config.yml$'")
                == "1\n")
    }

    @Test("an archive holding a link, a path that climbs out, or no config is refused, and nothing is written")
    func hostileArchives() throws {
        let (vault, data, env) = try Self.vault()
        defer {
            vault.cleanUp()
            try? FileManager.default.removeItem(at: data)
        }
        let work = data.appendingPathComponent("work")
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent(".vault"), withIntermediateDirectories: true)
        try "version: 1\n".write(
            to: work.appendingPathComponent(".vault/config.yml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("evil.md").path, withDestinationPath: "/etc/passwd")
        try vault.sh(
            "cd '\(work.path)' && tar -czf ../link.tar.gz .vault evil.md && tar -czf ../noconfig.tar.gz --transform 's/evil/x/' evil.md && tar -czf ../climb.tar.gz -P --transform 's|^|../../|' .vault/config.yml"
        )
        for (name, reason) in [
            ("link.tar.gz", "it holds something that is not a file or a folder"),
            ("climb.tar.gz", "which would land outside the folder"),
            ("noconfig.tar.gz", "not a file or a folder"),
        ] {
            let target = data.appendingPathComponent("into-\(name)")
            let result = try vault.run(
                ["backup", "--restore", data.appendingPathComponent(name).path, "--into", target.path], env: env)
            #expect(result.status == 1, "\(name)")
            #expect(result.stderr.contains(reason), "\(name): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: target.path), "\(name)")
        }
        let plain = data.appendingPathComponent("plain")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        try "# x\n".write(to: plain.appendingPathComponent("x.md"), atomically: true, encoding: .utf8)
        try vault.sh("cd '\(plain.path)' && tar -czf ../plain.tar.gz x.md")
        let noVault = try vault.run(
            [
                "backup", "--restore", data.appendingPathComponent("plain.tar.gz").path, "--into",
                data.appendingPathComponent("p").path,
            ], env: env)
        #expect(noVault.stderr.contains("it holds no .vault/config.yml, so it is no vault backup"))
    }

    @Test("--install prints a daily systemd timer (or a cron line) with --to kept; --write and --uninstall")
    func install() throws {
        let (vault, data, env) = try Self.vault()
        defer {
            vault.cleanUp()
            try? FileManager.default.removeItem(at: data)
        }
        let printed = try vault.run(["backup", "--install", "--to", "/media/usb 1"], env: env)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout.contains("ExecStart=\""))
        #expect(printed.stdout.contains("\" --vault \"\(vault.root.path)\" backup --to \"/media/usb 1\"\n"))
        #expect(printed.stdout.contains("OnCalendar=daily\nPersistent=true\n"))
        #expect(printed.stdout.contains("# ~/.config/systemd/user/vault-backup-"))
        let cron = try vault.run(["backup", "--install", "--cron"], env: env)
        #expect(
            cron.stdout.hasPrefix("30 12 * * * '")
                && cron.stdout.hasSuffix("' --vault '\(vault.root.path)' backup >/dev/null\n"), "\(cron.stdout)")
        let written = try vault.run(["backup", "--install", "--write"], env: env)
        #expect(written.status == 0, "\(written.stderr)")
        let units = data.appendingPathComponent("config/systemd/user")
        let names = try FileManager.default.contentsOfDirectory(atPath: units.path).sorted()
        #expect(names.count == 2 && names.allSatisfy { $0.hasPrefix("vault-backup-") })
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
            let verify = try VaultSandbox.exec(
                "/usr/bin/systemd-analyze", ["verify", "--user"] + names.map { units.appendingPathComponent($0).path },
                environment: vault.environment(env), in: vault.root)
            #expect(!verify.stderr.contains("vault-backup"), "\(verify.stderr)")
        }
        let removed = try vault.run(["backup", "--uninstall"], env: env)
        #expect(removed.stdout.hasPrefix("Removed "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: units.path).isEmpty)
    }
}
