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
        #expect(
            day.stdout.hasPrefix(
                "vault: 2 cards now?\n10 cards to study · 9 notes to review (2026-W44, 2026-W46) · 4 session reviews · 2 locations to walk (Home walk)\n• "
            ))
        #expect(day.stdout.hasSuffix("(dry run: nothing raised)\n"))
        let night = try vault.run(["remind", "--dry-run"], env: ["VAULT_NOW": "2026-11-18T23:30:00Z"])
        #expect(night.status == 0)
        #expect(
            night.stdout == "Quiet hours until 09:00; no reminder. Due: 10 cards, 9 notes, 4 session reviews, 2 locations.\n",
            "a dry run counts")
        #expect(!FileManager.default.fileExists(atPath: vault.root.appendingPathComponent(lastReminder).path))
    }

    @Test("a question longer than 80 characters is cut with …, never silently")
    func longQuestionsEndInEllipsis() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let run = try vault.run(["remind", "--dry-run"], env: ["VAULT_NOW": "2026-11-18T09:00:00Z"])
        let questions = run.stdout.split(separator: "\n").filter { $0.hasPrefix("• ") }
        #expect(!questions.isEmpty)
        #expect(questions.allSatisfy { $0.count <= 82 }, "\(questions)")
        // ExampleVault's first question is longer than 80 characters.
        #expect(questions.first.map { $0.count == 82 && $0.hasSuffix("…") } == true, "\(questions)")
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
        // No terminal on this PATH: no Study now button, but Snooze 1 h and Skip; notify-send waits for the click
        // in a process of its own, so the calls are read once it has written them.
        let env = [
            "PATH": bin.path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent", "VAULT_NOW": "2026-11-18T09:00:00Z",
        ]
        let first = try vault.run(["remind"], env: env)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("Raised a notification.\n"))
        var recorded: [Substring] = []
        let deadline = Date().addingTimeInterval(20)
        while recorded.count < 5, Date() < deadline {
            recorded = ((try? String(contentsOf: calls, encoding: .utf8)) ?? "").split(separator: "\n")
            usleep(50_000)
        }
        #expect(recorded.first == "--app-name=vault")
        #expect(Array(recorded.dropFirst().prefix(3)) == ["--action=snooze=Snooze 1 h", "--action=skip=Skip", "vault: 2 cards now?"])
        #expect(try vault.read(lastReminder) == "2026-11-18T09:00:00Z\n")
        var later = env
        later["VAULT_NOW"] = "2026-11-18T09:20:00Z"
        let second = try vault.run(["remind"], env: later)
        #expect(
            second.stdout.hasPrefix(
                "The last reminder was less than 30 minutes ago; the next one from 2026-11-18 10:30."))
        #expect(try String(contentsOf: calls, encoding: .utf8).split(separator: "\n").count == recorded.count)
        // remind: settings in the config change the rules.
        let config =
            try vault.read(".vault/config.yml") + "remind:\n  quiet_hours: \"09:00-12:00\"\n  min_interval: 5\n"
        try vault.write(".vault/config.yml", config)
        #expect(try vault.run(["remind"], env: later).stdout.hasPrefix("Quiet hours until 12:00"))
    }

    /// Writes an executable shell script `name` into `bin`.
    func tool(_ name: String, in bin: URL, _ script: String) throws {
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let url = bin.appendingPathComponent(name)
        try ("#!/bin/sh\n" + script).write(to: url, atomically: false, encoding: .utf8)
        chmod(url.path, 0o755)
    }

    /// Waits (at most `seconds`) for a file a detached process writes; its text, or nil.
    func awaitFile(_ url: URL, seconds: Double = 20) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let text = try? String(contentsOf: url, encoding: .utf8), text.hasSuffix("--end--\n") { return text }
            usleep(50_000)
        }
        return nil
    }

    @Test(
        "Study now: a click on the action opens vault study --limit N in a terminal; under systemd through systemd-run")
    func studyNowAction() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let bin = vault.root.appendingPathComponent(".bin")
        let calls = vault.root.appendingPathComponent(".notify.txt")
        let terminal = vault.root.appendingPathComponent(".terminal.txt")
        // A notify-send whose user clicks "Study now" at once, and a terminal that records what it was asked to run.
        try tool("notify-send", in: bin, "printf '%s\\n' \"$@\" > '\(calls.path)'\necho study\n")
        try tool("x-terminal-emulator", in: bin, "printf '%s\\n' \"$@\" --end-- > '\(terminal.path)'\n")
        let env = [
            "PATH": bin.path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent", "INVOCATION_ID": "",
            "VAULT_NOW": "2026-11-18T09:00:00Z",
        ]
        let result = try vault.run(["remind"], env: env)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("Raised a notification (with a Study now button).\n"))
        let binary = VaultSandbox.binary.resolvingSymlinksInPath().path
        let opened = try #require(awaitFile(terminal), "the terminal was never opened")
        #expect(opened == "-e\n\(binary)\n--vault\n\(vault.root.path)\nstudy\n--limit\n2\n--end--\n")
        let notified = try String(contentsOf: calls, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(
            Array(notified.prefix(5)) == [
                "--app-name=vault", "--action=study=Study now", "--action=snooze=Snooze 1 h", "--action=skip=Skip",
                "vault: 2 cards now?",
            ])
        // The click answered the reminder before the terminal opened: it is no longer pending.
        #expect(try vault.read(".vault/local/reminders").contains("\tstudy\t-\tvault: 2 cards now?\n"))

        // Run by a systemd service (INVOCATION_ID set): the waiter goes through systemd-run, so it outlives the service.
        try FileManager.default.removeItem(at: terminal)
        let systemdRun = vault.root.appendingPathComponent(".systemd-run.txt")
        try tool(
            "systemd-run", in: bin,
            "printf '%s\\n' \"$@\" > '\(systemdRun.path)'\nwhile [ \"$1\" != -- ]; do shift; done\nshift\nexec \"$@\"\n"
        )
        var service = env
        service["INVOCATION_ID"] = "0123456789abcdef"
        let underSystemd = try vault.run(["remind", "--force"], env: service)
        #expect(
            underSystemd.stdout.hasSuffix("Raised a notification (with a Study now button).\n"),
            "\(underSystemd.stderr)")
        let asked = try String(contentsOf: systemdRun, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Array(asked.prefix(3)) == ["--user", "--quiet", "--collect"])
        #expect(asked.contains("--setenv=DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent"))
        #expect(asked.contains("--setenv=PATH=\(bin.path)"))
        #expect(awaitFile(terminal)?.hasPrefix("-e\n\(binary)\n") == true)
    }

    @Test("a run in quiet hours raises and records nothing and does not count the vault")
    func quietRun() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let bin = vault.root.appendingPathComponent(".bin")
        let calls = vault.root.appendingPathComponent(".calls.txt")
        try tool("notify-send", in: bin, "printf '%s\\n' \"$@\" >> '\(calls.path)'\n")
        let env = [
            "PATH": bin.path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent", "VAULT_NOW": "2026-11-18T23:30:00Z",
        ]
        let night = try vault.run(["remind"], env: env)
        #expect(night.status == 0)
        #expect(night.stdout == "Quiet hours until 09:00; no reminder.\n", "no count: the vault is not scanned")
        #expect(!FileManager.default.fileExists(atPath: calls.path))
        #expect(!FileManager.default.fileExists(atPath: vault.root.appendingPathComponent(lastReminder).path))
        // A day off, from the config.
        try vault.write(".vault/config.yml", try vault.read(".vault/config.yml") + "remind:\n  days_off: [wednesday]\n")
        let dayOff = try vault.run(["remind"], env: ["PATH": bin.path, "VAULT_NOW": "2026-11-18T12:00:00Z"])
        #expect(dayOff.stdout.hasPrefix("Wednesday is a day off; no reminder."))
        #expect(!FileManager.default.fileExists(atPath: calls.path))
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
        try FileManager.default.createSymbolicLink(
            atPath: bin.appendingPathComponent("notify-send").path, withDestinationPath: "/usr/bin/notify-send")
        let script =
            "\(daemon) & sleep 1; PATH='\(bin.path)' VAULT_DIR='\(vault.root.path)' VAULT_NOW=2026-11-18T09:00:00Z '\(VaultSandbox.binary.path)' remind; echo EXIT=$?; kill $! 2>/dev/null"
        let result = try VaultSandbox.exec(
            "/usr/bin/timeout", ["60", "xvfb-run", "-a", "dbus-run-session", "--", "sh", "-c", script], in: vault.root)
        #expect(result.stdout.contains("Raised a notification.\nEXIT=0"), "\(result.stdout)\n\(result.stderr)")
        #expect(try vault.read(lastReminder) == "2026-11-18T09:00:00Z\n")
        // Raised with its actions and not answered (no one clicks under Xvfb): pending.
        #expect(try vault.read(".vault/local/reminders") == "2026-11-18T09:00:00Z\t2\t-\t-\tvault: 2 cards now?\n")
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
                "/usr/bin/systemd-analyze", ["verify"] + files.map { folder.appendingPathComponent($0).path },
                in: vault.root)
            #expect(verify.status == 0, "\(verify.stderr)")
            #expect(!verify.stderr.contains(files[0]), "\(verify.stderr)")
        } else {
            print("skipped systemd-analyze verify: not installed")
        }
        // As `systemctl --user enable` would: a link in timers.target.wants/.
        let wants = folder.appendingPathComponent("timers.target.wants")
        try FileManager.default.createDirectory(at: wants, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: wants.appendingPathComponent(files[1]).path,
            withDestinationPath: folder.appendingPathComponent(files[1]).path)
        let removed = try vault.run(["remind", "--uninstall"], env: ["XDG_CONFIG_HOME": home.path])
        #expect(removed.stdout.hasPrefix("Removed "))
        #expect(removed.stdout.contains("timers.target.wants/\(files[1])"))
        #expect(removed.stdout.hasSuffix("Run: systemctl --user stop \(files[1]); systemctl --user daemon-reload\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: wants.path).isEmpty)
        let twice = try vault.run(["remind", "--uninstall"], env: ["XDG_CONFIG_HOME": home.path])
        #expect(twice.stdout == "No vault reminder units were installed for this vault.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["timers.target.wants"])
        let cron = try vault.run(["remind", "--install", "--cron"])
        #expect(cron.stdout.hasPrefix("*/10 * * * * DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/$(id -u)/bus '"))
        #expect(cron.stdout.hasSuffix(" remind >/dev/null 2>&1\n"))
    }

    @Test("Snooze 1 h and Skip through notify-send's actions; a reminder no action answered is pending, shown first, for 24 hours")
    func snoozeSkipAndPending() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let bin = vault.root.appendingPathComponent(".bin")
        let choice = vault.root.appendingPathComponent(".choice")
        // A notify-send whose user picks the action written in .choice (nothing: the notification is closed).
        try tool("notify-send", in: bin, "cat '\(choice.path)' 2>/dev/null\n")
        var env = ["PATH": bin.path + ":/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]
        func at(_ moment: String) -> [String: String] {
            env["VAULT_NOW"] = moment
            return env
        }
        func reminders() -> String { (try? vault.read(".vault/local/reminders")) ?? "" }
        func awaitLine(_ text: String) -> Bool {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                if reminders().contains(text) { return true }
                usleep(50_000)
            }
            return false
        }
        // Closed without an action: pending, and vault status shows it first; the status line counts it.
        #expect(try vault.run(["remind"], env: at("2026-11-18T09:00:00Z")).stdout.contains("Raised a notification"))
        let status = try vault.run(["status"], env: at("2026-11-18T09:05:00Z"))
        #expect(status.stdout.hasPrefix("1 reminder waiting since 2026-11-18 10:00: vault: 2 cards now?  vault study --limit 2\n"), "\(status.stdout)")
        #expect(try vault.run(["status", "--line"], env: at("2026-11-18T09:05:00Z")).stdout.hasPrefix("1 reminder waiting · "))
        let json = try #require(try vault.json(["status", "--json"]) as? [String: Any])
        #expect((json["pending_reminders"] as? [[String: Any]])?.first?["id"] as? String == "2026-11-18T09:00:00Z")
        // A day later it has expired.
        #expect(!(try vault.run(["status"], env: at("2026-11-19T09:00:00Z")).stdout.contains("reminder waiting")))
        // --answer skip by hand answers the latest pending one.
        #expect(try vault.run(["remind", "--answer", "skip"], env: at("2026-11-18T09:06:00Z")).stdout == "Skipped 'vault: 2 cards now?'.\n")
        #expect(!(try vault.run(["status"], env: at("2026-11-18T09:07:00Z")).stdout.contains("reminder waiting")))
        let none = try vault.run(["remind", "--answer", "skip"], env: at("2026-11-18T09:08:00Z"))
        #expect(none.status == 1)
        #expect(none.stderr.contains("none is pending"))
        // Snooze 1 h clicked: no reminder before 11:31 local (10:31Z), though the 30 minutes have passed.
        try "snooze\n".write(to: choice, atomically: true, encoding: .utf8)
        #expect(try vault.run(["remind"], env: at("2026-11-18T09:31:00Z")).status == 0)
        #expect(awaitLine("2026-11-18T09:31:00Z\t2\tsnooze\t2026-11-18T10:31:00Z\t"), "\(reminders())")
        try "".write(to: choice, atomically: true, encoding: .utf8)
        let held = try vault.run(["remind"], env: at("2026-11-18T10:10:00Z"))
        #expect(held.stdout.hasPrefix("Snoozed until 2026-11-18 11:31; no reminder."), "\(held.stdout)")
        #expect(try vault.run(["remind"], env: at("2026-11-18T10:31:00Z")).stdout.contains("Raised a notification"))
        // Skip clicked.
        try "skip\n".write(to: choice, atomically: true, encoding: .utf8)
        #expect(try vault.run(["remind", "--force"], env: at("2026-11-18T10:40:00Z")).status == 0)
        #expect(awaitLine("2026-11-18T10:40:00Z\t2\tskip\t-\t"), "\(reminders())")
    }

    @Test("remind.at: best holds reminders outside the hour of the best recall (ExampleVault's: 09:00)")
    func atBest() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        try vault.write(".vault/config.yml", try vault.read(".vault/config.yml") + "remind:\n  at: best\n")
        let outside = try vault.run(["remind", "--dry-run"], env: ["VAULT_NOW": "2026-11-18T09:00:00Z"])
        #expect(outside.stdout.hasPrefix("Reminders come in the hour from 09:00 (remind.at); no reminder now. Due: 10 cards"), "\(outside.stdout)")
        let inside = try vault.run(["remind", "--dry-run"], env: ["VAULT_NOW": "2026-11-18T08:30:00Z"])
        #expect(inside.stdout.hasPrefix("vault: 2 cards now?\n"), "\(inside.stdout)")
    }

    @Test("study.daily_limit: a batch is at most what the day leaves; once reached the reminder says so and has no batch")
    func dailyLimit() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        try vault.write(".vault/config.yml", try vault.read(".vault/config.yml") + "study:\n  daily_limit: 3\n")
        let early = ["VAULT_NOW": "2026-11-18T08:50:00Z"]
        #expect(try vault.run(["study", "--rate", "c2b62e50e29c=good", "--rate", "6c89cd310cff=good"], env: early).status == 0)
        let now = ["VAULT_NOW": "2026-11-18T09:00:00Z"]
        let one = try vault.run(["remind", "--dry-run"], env: now)
        #expect(one.stdout.hasPrefix("vault: 1 card now?\n8 cards to study · "), "\(one.stdout)")
        #expect(one.stdout.contains("\n• Wicked learning environment\n(dry run"), "\(one.stdout)")
        let listed = try vault.run(["study", "--limit", "1", "--list"], env: now)
        #expect(listed.stdout.contains("2 of 3 answered today"), "\(listed.stdout)")
        #expect(listed.stdout.split(separator: "\n").filter { $0.hasSuffix("Wicked learning environment") }.count == 1)
        #expect(try vault.run(["study", "--rate", "e3e19f7eb5f7=good"], env: early).status == 0)
        let reached = try vault.run(["remind", "--dry-run"], env: now)
        #expect(
            reached.stdout
                == "vault: time to review\nthe daily limit of 3 is reached (3 answered today) · 9 notes to review (2026-W44, 2026-W46) · 4 session reviews · 2 locations to walk (Home walk)\n(dry run: nothing raised)\n"
        )
    }

    @Test("the reminder names what vault study --limit N --list lists, a suspended leech left out")
    func namesTheStudyQueue() throws {
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        // The first card of the batch reaches review, then lapses: a leech at 1 lapse, suspended.
        for (moment, rate) in [
            ("2026-11-01T09:00:00Z", "good"), ("2026-11-01T09:15:00Z", "good"), ("2026-11-10T09:00:00Z", "again"),
        ] {
            #expect(try vault.run(["study", "--rate", "c2b62e50e29c=\(rate)"], env: ["VAULT_NOW": moment]).status == 0)
        }
        try vault.write(
            ".vault/config.yml",
            try vault.read(".vault/config.yml") + "study:\n  leech_lapses: 1\n  leech_action: suspend\n")
        let now = ["VAULT_NOW": "2026-11-18T09:00:00Z"]
        let reminder = try vault.run(["remind", "--dry-run"], env: now)
        #expect(reminder.stdout.hasPrefix("vault: 2 cards now?\n"), "\(reminder.stdout)")
        let named = reminder.stdout.split(separator: "\n").filter { $0.hasPrefix("• ") }.map { String($0.dropFirst(2)) }
        let listed = try vault.run(["study", "--limit", "2", "--list", "--json"], env: now)
        let queue = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let cards = try #require(queue["cards"] as? [[String: Any]])
        let questions = cards.compactMap { $0["question"] as? String }
        #expect(named.count == questions.count && questions.count == 2)
        for (name, question) in zip(named, questions) {
            #expect(question.hasPrefix(name.hasSuffix("…") ? String(name.dropLast()) : name), "\(name) / \(question)")
        }
        #expect(!cards.contains { $0["id"] as? String == "c2b62e50e29c" })
        #expect(!reminder.stdout.contains("• The […] is the finding"), "the suspended leech is not named")
    }

    /// A python with dbus-next (a pure-Python D-Bus library) in .build/notify-venv, made on first use.
    static func notifyServerPython() throws -> String {
        try VaultRunner.oraclePython(venv: "notify-venv", ["dbus_next=dbus-next==0.2.3"])
    }

    @Test(
        "the real notify-send's actions: a notification server clicks Snooze 1 h, then Skip, and vault records each answer",
        arguments: ["snooze", "skip"])
    func realNotifierActions(click: String) throws {
        let tools = ["/usr/bin/notify-send", "/usr/bin/dbus-run-session"]
        guard tools.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) }) else {
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("missing in CI: \(tools)") }
            print("skipped: notify-send or dbus-run-session is not installed")
            return
        }
        let python = try Self.notifyServerPython()
        let server = VaultSandbox.packageRoot.appendingPathComponent("Tests/oracles/notify_server.py").path
        let vault = try exampleVault()
        defer { vault.cleanUp() }
        let bin = vault.root.appendingPathComponent(".bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: bin.appendingPathComponent("notify-send").path, withDestinationPath: "/usr/bin/notify-send")
        let reminders = vault.root.appendingPathComponent(".vault/local/reminders").path
        // The server clicks `click`; the real notify-send prints it; vault's waiter answers the reminder.
        let script = """
            '\(python)' '\(server)' \(click) > server.log 2>&1 & sleep 1
            PATH='\(bin.path)' VAULT_DIR='\(vault.root.path)' VAULT_NOW=2026-11-18T09:00:00Z '\(VaultSandbox.binary.path)' remind; echo EXIT=$?
            for i in $(seq 1 100); do grep -q '\t\(click)\t' '\(reminders)' 2>/dev/null && break; sleep 0.1; done
            kill $! 2>/dev/null; cat server.log
            """
        let result = try VaultSandbox.exec("/usr/bin/timeout", ["60", "dbus-run-session", "--", "sh", "-c", script], in: vault.root)
        #expect(result.stdout.contains("Raised a notification.\nEXIT=0"), "\(result.stdout)\n\(result.stderr)")
        #expect(
            result.stdout.contains("notify app=vault summary=vault: 2 cards now? actions=snooze,Snooze 1 h,skip,Skip"),
            "no Study now button without a terminal: \(result.stdout)")
        let expected =
            click == "snooze"
            ? "2026-11-18T09:00:00Z\t2\tsnooze\t2026-11-18T10:00:00Z\tvault: 2 cards now?\n"
            : "2026-11-18T09:00:00Z\t2\tskip\t-\tvault: 2 cards now?\n"
        #expect(try vault.read(".vault/local/reminders") == expected, "\(result.stdout)\n\(result.stderr)")
    }
}
