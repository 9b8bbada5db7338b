import Foundation
import Testing

@Suite("Scripted reviews end to end")
struct ScriptedReviewTests {
    let habits = "0a000000-0000-4000-8000-000000000001"
    let sleep = "0a000000-0000-4000-8000-000000000002"
    let compound = "0b000000-0000-4000-8000-000000000003"
    let listen = "0b000000-0000-4000-8000-000000000004"

    func groups(_ value: Any) -> [[String: Any]] { (value as! [String: Any])["groups"] as! [[String: Any]] }
    func paths(_ group: [String: Any]) -> [String] {
        (group["notes"] as! [[String: Any]]).map { $0["path"] as! String }
    }

    @Test("a note goes daily → weekly → monthly → yearly through the scripted reviews")
    func fullCycle() throws {
        var vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let feedbackBefore = try vault.read("2026/11/feedback.md")

        // Sunday 8 November: week 45 is due.
        vault.now = "2026-11-08T18:00:00Z"
        var r = try vault.run(["review", "weekly", "--list"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("Week 45, 2026 (2026-W45): not started, 0 of 3 notes decided\n"))
        r = try vault.run([
            "review", "weekly", "--keep", compound, "2026/11/feedback.md", "--archive",
            "0b000000-0000-4000-8000-0000000000",
        ])
        #expect(r.status == 1)
        #expect(r.stderr.contains("matches 2 notes"))
        #expect(vault.ledgerText().isEmpty, "a failed argument writes nothing")
        r = try vault.run(["review", "weekly", "--keep", compound, "2026/11/feedback.md", "--archive", listen])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == "Kept 2026/11/compound.md in Week 45, 2026")
        #expect(lines[1].hasPrefix("Added id ") && lines[1].hasSuffix(" to 2026/11/feedback.md"))
        #expect(lines[3] == "Archived 2026/11/listen.md in Week 45, 2026")
        let feedbackID = String(lines[1].dropFirst("Added id ".count).prefix(36))
        #expect(
            try vault.read("2026/11/feedback.md")
                == feedbackBefore.replacingOccurrences(
                    of: "---\n", with: "---\nid: \(feedbackID)\n", options: [],
                    range: feedbackBefore.startIndex..<feedbackBefore.index(feedbackBefore.startIndex, offsetBy: 4)))
        r = try vault.run(["review", "weekly", "2026-W45", "--list"])
        #expect(r.stdout.hasPrefix("Week 45, 2026 (2026-W45): completed, 3 of 3 notes decided\n"))

        // Wednesday 18 November: October's weeks were missed; review one late, then October.
        vault.now = "2026-11-18T09:00:00Z"
        r = try vault.run(["review", "weekly", "2026-W41", "--keep", habits, sleep])
        #expect(r.status == 0, "\(r.stderr)")
        r = try vault.run(["review", "weekly", "2026-W46", "--keep", habits])
        #expect(r.status == 1)
        #expect(
            r.stderr == "error: 2026/10/habits.md is not up for review in Week 46, 2026: it was created in 2026-W41.\n")
        r = try vault.run(["review", "monthly", "--list"])
        #expect(r.stdout.hasPrefix("October 2026 (2026-10): not started, 0 of 2 notes decided\n"))
        #expect(r.stderr.isEmpty)
        r = try vault.run(["review", "monthly", "--keep", habits, "--archive", sleep])
        #expect(r.stdout == "Kept 2026/10/habits.md in October 2026\nArchived 2026/10/sleep.md in October 2026\n")

        // 1 December: November, with weeks 46 and 47 still open, gets a warning.
        vault.now = "2026-12-01T09:00:00Z"
        r = try vault.run(["review", "monthly", "--keep", compound, "--finish"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stderr.hasPrefix(
                "warning: reviewing November 2026 while these periods inside it are not completed: 2026-W46 (3 pending), 2026-W47 (2 pending). Their undecided notes are not in this review yet.\n"
            ))
        #expect(r.stdout.hasSuffix("Finished November 2026: 1 note decided, 1 left as they are.\n"))

        // New Year: the yearly review keeps habits as evergreen.
        vault.now = "2027-01-01T10:00:00Z"
        let yearly = try vault.json(["review", "yearly", "--list", "--json"]) as! [String: Any]
        #expect((yearly["period"] as! [String: Any])["period"] as? String == "2026")
        #expect((yearly["notes"] as! [[String: Any]]).map { $0["id"] as? String } == [habits, compound])
        r = try vault.run(["review", "yearly", "--keep", habits, "--archive", compound])
        #expect(r.status == 0, "\(r.stderr)")

        #expect(groups(try vault.json(["list", "yearly", "--json"])).flatMap(paths) == ["2026/10/habits.md"])
        let monthly = groups(try vault.json(["list", "monthly", "--json"]))
        #expect(monthly.map { $0["id"] as? String } == ["2026"])
        #expect(paths(monthly[0]) == ["2026/11/compound.md", "2026/10/habits.md"])
        let weekly = groups(try vault.json(["list", "weekly", "--json"]))
        #expect(weekly.map { $0["id"] as? String } == ["2026-11", "2026-10"])
        #expect(
            weekly.flatMap(paths) == [
                "2026/11/feedback.md", "2026/11/compound.md", "2026/10/sleep.md", "2026/10/habits.md",
            ])
        let daily = groups(try vault.json(["list", "daily", "--json"]))
        #expect(!daily.flatMap(paths).contains("2026/11/listen.md"), "archived notes are hidden")
        #expect(
            groups(try vault.json(["list", "daily", "--json", "--archived"])).flatMap(paths).contains(
                "2026/11/listen.md"))
        let w45 = daily.first { $0["id"] as? String == "2026-W45" }!
        #expect((w45["status"] as! [String: Any])["status"] as? String == "completed")

        let history = try vault.json(["history", habits, "--json"]) as! [[String: Any]]
        #expect(history.map { ($0["fields"] as! [String: String])["level"] } == ["weekly", "monthly", "yearly"])
        r = try vault.run(["check"])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(!r.stdout.contains("ledger"))
    }

    @Test("the interactive review refuses without a terminal and points to the scripted form")
    func refusesWithoutTerminal() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let r = try vault.run(["review", "weekly"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("needs a terminal") && r.stderr.contains("--list") && r.stderr.contains("--keep"))
    }

    @Test("a period of the wrong shape is a usage error naming the flag's form")
    func badPeriod() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let r = try vault.run(["review", "monthly", "2026-W47", "--list"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("'2026-W47' is not a monthly period; write it as 2026-11."))
    }

    @Test("bare vault prints the status: missed, due and current weeks with counts")
    func bareVaultIsStatus() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let r = try vault.run([])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(lines[0] == "10 notes, 8 to review now (2026-11-18, Europe/Berlin)")
        #expect(lines[1] == "missed weekly 2026-W41 not started 0/2 decided 2 pending vault review weekly 2026-W41")
        #expect(lines[3] == "due weekly 2026-W46 not started 0/3 decided 3 pending vault review weekly 2026-W46")
        #expect(lines[4] == "current weekly 2026-W47 not started 0/2 decided 2 pending")
        let json = try vault.json(["status", "--json"]) as! [String: Any]
        #expect(json["notes_to_review"] as? Int == 8)
        #expect(json.keys.contains("due_flashcards"))
    }

    @Test("two vault processes deciding at once lose no event")
    func concurrentProcesses() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let group = DispatchGroup()
        let ids = ["0c000000-0000-4000-8000-000000000006", "0c000000-0000-4000-8000-000000000007"]
        for round in 0..<10 {
            for (i, id) in ids.enumerated() {
                group.enter()
                DispatchQueue.global().async {
                    _ = try? vault.run(["review", "weekly", "2026-W46", round % 2 == i ? "--keep" : "--archive", id])
                    group.leave()
                }
            }
        }
        group.wait()
        let events = vault.ledgerText().split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(events.count == 20)
        let sequences = Set(events.map { $0.split(separator: "\t")[2] })
        #expect(sequences.count == 20)
        #expect(try vault.run(["check"]).status == 0)
    }

    @Test("check names ledger events about a deleted note with file and line; history lists a note's events")
    func deletedNoteAndHistory() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        #expect(try vault.run(["review", "weekly", "2026-W41", "--keep", habits, "--archive", sleep]).status == 0)
        let history = try vault.run(["history", "2026/10/habits.md"])
        #expect(
            history.stdout.hasPrefix(
                "Systems beat goals  2026/10/habits.md\n2026-11-18 10:00  curate  kept in 2026-W41 (weekly review)"
            ))
        #expect(try vault.run(["rm", sleep]).status == 0)
        let check = try vault.run(["check"])
        #expect(check.status == 0, "a missing note is a warning")
        #expect(
            check.stdout.contains(
                ".vault/ledger/2026.log:3: warning: the ledger names note \(sleep), which no longer exists"))
    }
}
