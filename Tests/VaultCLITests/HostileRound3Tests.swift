import Foundation
import Testing

/// Issue 34 (points 5 and 7) end to end: numbers out of range never crash a
/// later command, year 0 is an error, bidirectional controls never reach the terminal raw.
@Suite("Hostile input, round 3, end to end", .serialized)
struct HostileRound3Tests {
    /// Appends `lines` (tab-separated ledger events) to the vault's newest ledger file; returns its path in the vault.
    func appendLedger(_ vault: VaultSandbox, _ lines: [String]) throws -> String {
        let folder = vault.root.appendingPathComponent(".vault/ledger")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".log") }.max())
        let handle = try FileHandle(forWritingTo: folder.appendingPathComponent(name))
        defer { try? handle.close() }
        handle.seekToEndOfFile()
        handle.write(Data(lines.map { $0 + "\n" }.joined().utf8))
        return ".vault/ledger/" + name
    }

    @Test("Int.max questions, 5,256,000 minutes and 1e300 hours: refused on the command line, reported from the ledger, no crash")
    func studyNumbers() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        #expect(try vault.run(["subject", "add", "Physics"]).status == 0)
        let max = String(Int.max)
        for _ in 0..<2 {
            let added = try vault.run(["session", "add", "Physics", "--minutes", "30", "--questions", max])
            #expect(added.status == 1)
            #expect(added.stderr.contains("--questions must be at most 100000"))
        }
        let goal = try vault.run(["goal", "add", "--all", "--hours", "1e19", "--by", "2026-12-31"])
        #expect(goal.status == 1)
        #expect(goal.stderr.contains("at most 100000"))
        #expect(try vault.run(["session", "add", "Physics", "--minutes", "30", "--questions", "10"]).status == 0)
        let file = try appendLedger(vault, [
            "2026-11-18T08:00:00.000Z\tc0f72c9fda75\t9001\tsession\tsession=6d2f0000-0000-4000-8000-000000000001\tsubject=Physics\tstart=2026-11-17T08:00:00Z\tminutes=30\tquestions=\(max)",
            "2026-11-18T08:00:01.000Z\tc0f72c9fda75\t9002\tsession\tsession=6d2f0000-0000-4000-8000-000000000002\tsubject=Physics\tstart=2026-11-17T09:00:00Z\tminutes=30\tquestions=\(max)",
            "2026-11-18T08:00:02.000Z\tc0f72c9fda75\t9003\tgoal\tgoal=6d2f0000-0000-4000-8000-000000000003\tsubject=*\thours=1e300\tby=2026-12-31",
            "2026-11-18T08:00:03.000Z\tc0f72c9fda75\t9004\tsession\tsession=6d2f0000-0000-4000-8000-000000000004\tsubject=Physics\tstart=2016-11-17T09:00:00Z\tminutes=5256000",
        ])
        for command in [["stats"], ["session", "report"], ["goal", "list"], ["status"], ["session", "list"]] {
            let result = try vault.run(command)
            #expect(result.status == 0, "\(command): \(result.status) \(result.stderr)")
        }
        let report = try vault.run(["session", "report"])
        #expect(report.stdout.contains("30m"))
        #expect(!report.stdout.contains(max))
        let check = try vault.run(["check"])
        let lines = try vault.read(file).split(separator: "\n", omittingEmptySubsequences: false)
        for sequence in 9001...9004 {
            let index = try #require(lines.firstIndex { $0.contains("\t\(sequence)\t") })
            #expect(check.stdout.contains("\(file):\(index + 1): error:"), "event \(sequence): \(check.stdout)")
        }
    }

    @Test("created: 0000-01-01 is an error for that note; status lists no week of year -1")
    func yearZero() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        try vault.write("zero.md", "---\ncreated: 0000-01-01\n---\n# Zero\n\nText.\n")
        let status = try vault.run(["status"])
        #expect(status.status == 0)
        #expect(!status.stdout.contains("-001"))
        let check = try vault.run(["check"])
        #expect(check.stdout.contains("zero.md:2: error: 'created: 0000-01-01' is not a date"))
    }

    @Test("a right-to-left override in a title and an isolate in a file name are shown escaped by list and search")
    func bidiEscaped() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        try vault.write("odd\u{2066}name.md", "# evil\u{202E}txt.sh\n\nwalrus text\n")
        for command in [["list"], ["search", "walrus"], ["show", "odd\u{2066}name.md"]] {
            let result = try vault.run(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(!result.stdout.unicodeScalars.contains { $0.properties.isBidiControl }, "\(command)")
            #expect(result.stdout.contains("evil\\u{202e}txt.sh"), "\(command): \(result.stdout)")
        }
        let json = try vault.run(["search", "walrus", "--json"])
        #expect(json.stdout.contains("evil\\u202etxt.sh"))
        #expect((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil)
    }
}
