import Foundation
import Testing

@Suite("Crash safety")
struct CrashSafetyTests {
    /// The note's text without the `id:` line vault may have added.
    func withoutAddedID(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // A note without front matter gets a whole new block holding only the id.
        if lines.count > 3, lines[0] == "---", lines[1].hasPrefix("id: "), lines[2] == "---" {
            lines.removeFirst(3)
            return lines.joined(separator: "\n")
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("id: ") }
            .joined(separator: "\n")
    }

    @Test("SIGKILL during a long scripted review never loses a reported decision, breaks the ledger or damages a note")
    func killedReviews() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let folder = vault.root.appendingPathComponent("crash")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var originals: [String: String] = [:]
        for i in 0..<60 {
            let path = "crash/note-\(i).md"
            let text =
                i % 3 == 0
                ? "# Crash note \(i)\n\nNo front matter.\n"
                : "---\ncreated: 2026-11-10T1\(i % 10):00:00\ntags: [crash]\n---\n# Crash note \(i)\n\nBody \(i).\n"
            originals[path] = text
            try text.write(to: vault.root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        // Notes without front matter take their date from the file name: give them one in W46.
        for i in stride(from: 0, to: 60, by: 3) {
            let old = vault.root.appendingPathComponent("crash/note-\(i).md")
            let path = "crash/2026-11-11 note-\(i).md"
            try FileManager.default.moveItem(at: old, to: vault.root.appendingPathComponent(path))
            originals[path] = originals.removeValue(forKey: "crash/note-\(i).md")
        }
        let paths = originals.keys.sorted()
        var reported = Set<String>()
        for round in 0..<12 {
            let out = vault.root.appendingPathComponent(".vault/out-\(round)")
            let command =
                "exec '\(VaultSandbox.binary.path)' review weekly 2026-W46 --keep "
                + paths.map { "'\($0)'" }.joined(separator: " ") + " > '\(out.path)' 2>&1"
            let words: [String] = ["/bin/sh", "-c", command]
            let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
            let envp: [UnsafeMutablePointer<CChar>?] =
                vault.environment().map { strdup("\($0.key)=\($0.value)") } + [nil]
            let pid = try VaultRunner.spawn(argv, envp, actions: nil)
            argv.forEach { free($0) }
            envp.forEach { free($0) }
            usleep(useconds_t(20_000 + (round * 37_000) % 250_000))
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            let printed = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
            for line in printed.split(separator: "\n") where line.hasPrefix("Kept ") {
                reported.insert(String(line.dropFirst("Kept ".count).dropLast(" in Week 46, 2026".count)))
            }
            // The ledger replays, every reported decision is in it, and every note is intact.
            let listing = try vault.json(["review", "weekly", "2026-W46", "--list", "--json"]) as! [String: Any]
            let kept = Set(
                (listing["notes"] as! [[String: Any]]).filter { $0["decision"] as? String == "keep" }.map {
                    $0["path"] as! String
                })
            #expect(
                reported.isSubset(of: kept),
                "round \(round): reported but not in the ledger: \(reported.subtracting(kept))")
            let check = try vault.run(["check", "--json"])
            #expect(
                !check.stdout.contains("ledger-malformed") && !check.stdout.contains("ledger-clash"),
                "round \(round): \(check.stdout)")
            for path in paths {
                let now = try vault.read(path)
                #expect(withoutAddedID(now) == originals[path], "round \(round): \(path) changed")
            }
        }
        let finish = try vault.run(["review", "weekly", "2026-W46", "--keep"] + paths)
        #expect(finish.status == 0, "\(finish.stderr)")
        let listing = try vault.json(["review", "weekly", "2026-W46", "--list", "--json"]) as! [String: Any]
        let pending = (listing["notes"] as! [[String: Any]]).filter {
            $0["decision"] is NSNull || $0["decision"] == nil
        }
        #expect(
            pending.map { $0["path"] as! String }.sorted() == [
                "2026/11/2026-11-13 plain.md", "2026/11/focus.md", "2026/11/walk.md",
            ])
        #expect(reported.count > 0, "some rounds got far enough to report decisions")
    }

    /// Runs `vault ARGS` and kills it with SIGKILL after `micros` microseconds (or lets it finish first).
    func killed(_ vault: VaultSandbox, _ arguments: [String], after micros: Int) throws {
        let words = [VaultSandbox.binary.path] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = vault.environment().map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in [STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
        }
        let pid = try VaultRunner.spawn(argv, envp, actions: &actions)
        usleep(useconds_t(micros))
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    @Test("300 SIGKILLs during vault new leave no empty or partial note")
    func killedNew() throws {
        var vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        vault.now = "2026-11-20T10:00:00Z"
        // Kills spread over a whole run's length as this machine takes it now: on a loaded one
        // a run can take longer than 40 ms, and then no kill would come after the write.
        let started = ContinuousClock.now
        let calibration = try vault.run(["new", "Calibration", "--category", "Health"])
        let whole = ContinuousClock.now - started
        #expect(calibration.status == 0, "\(calibration.stderr)")
        let span = max(40_000, Int(Double(whole.components.attoseconds) / 1e12 + Double(whole.components.seconds) * 1e6))
        var random = SystemRandomNumberGenerator()
        for i in 0..<300 {
            try killed(
                vault, ["new", "Crash note \(i)", "--category", "Health"],
                after: Int.random(in: 0...span, using: &random))
        }
        let folder = vault.root.appendingPathComponent("2026/11")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("crash-note-") && $0.hasSuffix(".md")
        }
        #expect(names.count > 0, "some runs got far enough to write their note")
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(
                text.hasPrefix("---\nid: ") && text.hasSuffix("\n") && text.contains("# Crash note "),
                "\(name): \(text)")
        }
        #expect(try vault.run(["check"]).stdout.contains("ledger") == false)
    }

    @Test("300 SIGKILLs during category renames leave every note whole, under one name or the other")
    func killedCategoryRename() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let notes = try FileManager.default.subpathsOfDirectory(atPath: vault.root.path).filter {
            $0.hasSuffix(".md") && !$0.hasPrefix(".")
        }
        var originals: [String: String] = [:]
        for path in notes { originals[path] = try vault.read(path) }
        var random = SystemRandomNumberGenerator()
        for i in 0..<300 {
            let (from, to) = i % 2 == 0 ? ("Health", "Wellbeing") : ("Wellbeing", "Health")
            try killed(vault, ["category", "rename", from, to], after: Int.random(in: 0...40_000, using: &random))
            // A killed rename may have left either name in the config: put it back in order for the next round.
            _ = try vault.run(["category", "rename", to, from])
            _ = try vault.run(["category", "rename", from, to])
        }
        for path in notes {
            let now = try vault.read(path)
            let normalised = now.replacingOccurrences(of: "category: Wellbeing", with: "category: Health")
            #expect(normalised == originals[path], "\(path) was damaged: \(now)")
        }
    }

    @Test(
        "300 SIGKILLs during reviews that adopt ids leave every note whole with at most one id, and the ledger readable"
    )
    func killedAdoptions() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        var originals: [String: String] = [:]
        for i in 0..<30 {
            let path = "crash/2026-11-11 idless-\(i).md"
            originals[path] = "# Idless \(i)\n\nNo front matter.\n"
            try FileManager.default.createDirectory(
                at: vault.root.appendingPathComponent("crash"), withIntermediateDirectories: true)
            try originals[path]!.write(to: vault.root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        let paths = originals.keys.sorted()
        var random = SystemRandomNumberGenerator()
        for i in 0..<300 {
            let path = paths[i % paths.count]
            let decision = i % 3 == 0 ? "--archive" : "--keep"
            try killed(
                vault, ["review", "weekly", "2026-W46", decision, path],
                after: Int.random(in: 0...40_000, using: &random))
        }
        for path in paths {
            let now = try vault.read(path)
            #expect(now.components(separatedBy: "id: ").count - 1 <= 1, "\(path): \(now)")
            #expect(withoutAddedID(now) == originals[path], "\(path) was damaged: \(now)")
        }
        let check = try vault.run(["check", "--json"])
        #expect(!check.stdout.contains("ledger-malformed") && !check.stdout.contains("ledger-clash"), "\(check.stdout)")
    }
}
