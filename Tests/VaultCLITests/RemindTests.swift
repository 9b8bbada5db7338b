import Foundation
import Testing

/// `vault remind` end to end: quiet hours, the interval, a recording
/// notify-send, the real one under a session bus, and the timer units.
@Suite("vault remind", .serialized)
struct RemindTests {
    func exampleVault() throws -> VaultSandbox {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-remind-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault"), to: root)
        return VaultSandbox(root: root)
    }

    var lastReminder: String { ".vault/local/last-reminder" }

    @Test("--dry-run outside and inside quiet hours: what is due, or why nothing is raised; nothing recorded")
    func dryRun() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let day = try vault.run(["remind", "--dry-run"], env: ["VAULT_NOW": "2026-11-18T09:00:00Z"])
        #expect(day.status == 0)
        #expect(day.stdout.hasPrefix("vault: 2 cards now?\n9 cards to study · 9 notes to review (2026-W44, 2026-W46) · 4 session reviews\n• "))
        #expect(day.stdout.hasSuffix("(dry run: nothing raised)\n"))
        let night = try vault.run(["remind", "--dry-run"], env: ["VAULT_NOW": "2026-11-18T23:30:00Z"])
        #expect(night.status == 0)
        #expect(night.stdout.hasPrefix("Quiet hours until 09:00; no reminder."))
        #expect(!FileManager.default.fileExists(atPath: vault.root.appendingPathComponent(lastReminder).path))
    }

    @Test("a notification goes through notify-send once; the next run within 30 minutes says when the next may come")
    func recordingNotifier() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let bin = vault.root.appendingPathComponent(".bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let calls = vault.root.appendingPathComponent(".calls.txt")
        // Written by a shell of its own: a file this process had open for writing could be
        // inherited by a test forking beside it, and exec would then fail with ETXTBSY.
        let script = bin.appendingPathComponent("notify-send").path
        _ = try VaultSandbox.exec(
            "/bin/sh",
            ["-c", "printf '#!/bin/sh\\nprintf \"%%s\\\\n\" \"$@\" >> \"%s\"\\n' \"$1\" > \"$2\" && chmod 755 \"$2\"", "sh", calls.path, script],
            in: vault.root)
        // No terminal on this PATH: the notification is a plain one and vault waits for notify-send.
        let env = ["PATH": bin.path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent", "VAULT_NOW": "2026-11-18T09:00:00Z"]
        let first = try vault.run(["remind"], env: env)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("Raised a notification.\n"))
        let recorded = try String(contentsOf: calls, encoding: .utf8).split(separator: "\n")
        #expect(recorded.first == "--app-name=vault")
        #expect(recorded.dropFirst().first == "vault: 2 cards now?")
        #expect(try vault.read(lastReminder) == "2026-11-18T09:00:00Z\n")
        var later = env
        later["VAULT_NOW"] = "2026-11-18T09:20:00Z"
        let second = try vault.run(["remind"], env: later)
        #expect(second.stdout.hasPrefix("The last reminder was less than 30 minutes ago; the next one from 2026-11-18 10:30."))
        #expect(try String(contentsOf: calls, encoding: .utf8).split(separator: "\n").count == recorded.count)
        // remind: settings in the config change the rules.
        let config = try vault.read(".vault/config.yml") + "remind:\n  quiet_hours: \"09:00-12:00\"\n  min_interval: 5\n"
        try vault.write(".vault/config.yml", config)
        #expect(try vault.run(["remind"], env: later).stdout.hasPrefix("Quiet hours until 12:00"))
    }

    @Test("the real notify-send, under a session bus with a notification daemon")
    func realNotifier() throws {
        let daemon = "/usr/lib/notification-daemon/notification-daemon"
        let tools = ["/usr/bin/notify-send", "/usr/bin/dbus-run-session", "/usr/bin/xvfb-run", daemon]
        guard tools.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) }) else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("missing in CI: \(tools)") }
            print("skipped: notify-send, dbus-run-session, xvfb-run or notification-daemon is not installed")
            return
        }
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let bin = vault.root.appendingPathComponent(".bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("notify-send").path, withDestinationPath: "/usr/bin/notify-send")
        let script = "\(daemon) & sleep 1; PATH='\(bin.path)' VAULT_DIR='\(vault.root.path)' VAULT_NOW=2026-11-18T09:00:00Z '\(VaultSandbox.binary.path)' remind; echo EXIT=$?; kill $! 2>/dev/null"
        let result = try VaultSandbox.exec("/usr/bin/timeout", ["60", "xvfb-run", "-a", "dbus-run-session", "--", "sh", "-c", script], in: vault.root)
        #expect(result.stdout.contains("Raised a notification.\nEXIT=0"), "\(result.stdout)\n\(result.stderr)")
        #expect(try vault.read(lastReminder) == "2026-11-18T09:00:00Z\n")
    }

    @Test("--install prints a service and a timer that systemd-analyze verify accepts; --write and --uninstall; --cron")
    func units() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let home = vault.root.appendingPathComponent(".config-home")
        let printed = try vault.run(["remind", "--install"], env: ["XDG_CONFIG_HOME": home.path])
        #expect(printed.stdout.contains("OnCalendar=*:0/10\nPersistent=true"))
        #expect(printed.stdout.contains("Environment=DBUS_SESSION_BUS_ADDRESS=unix:path=%t/bus"))
        let written = try vault.run(["remind", "--install", "--write"], env: ["XDG_CONFIG_HOME": home.path])
        #expect(written.status == 0)
        #expect(written.stdout.contains("systemctl --user enable --now vault-remind-"))
        let folder = home.appendingPathComponent("systemd/user")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count == 2 && files[0].hasSuffix(".service") && files[1].hasSuffix(".timer"))
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") {
            let verify = try VaultSandbox.exec(
                "/usr/bin/systemd-analyze", ["verify"] + files.map { folder.appendingPathComponent($0).path }, in: vault.root)
            #expect(verify.status == 0, "\(verify.stderr)")
            #expect(!verify.stderr.contains(files[0]), "\(verify.stderr)")
        } else {
            print("skipped systemd-analyze verify: not installed")
        }
        let removed = try vault.run(["remind", "--uninstall"], env: ["XDG_CONFIG_HOME": home.path])
        #expect(removed.stdout.hasPrefix("Removed "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        let cron = try vault.run(["remind", "--install", "--cron"])
        #expect(cron.stdout.hasPrefix("*/10 * * * * DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/$(id -u)/bus '"))
        #expect(cron.stdout.hasSuffix(" remind >/dev/null 2>&1\n"))
    }
}
