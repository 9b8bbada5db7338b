import Foundation
import Testing

/// `vault subject`, `vault session` and `vault goal` end to end on the built binary.
@Suite("Study sessions end to end", .serialized)
struct SessionCommandTests {
    /// The curation fixture with two subjects (Berlin time).
    func makeVault() throws -> VaultSandbox {
        let vault = try VaultSandbox(fixture: "curation")
        #expect(try vault.run(["subject", "add", "Chemistry", "--category", "Learning", "--color", "#10b981"]).status == 0)
        #expect(try vault.run(["subject", "add", "Physics"]).status == 0)
        return vault
    }

    func at(_ vault: VaultSandbox, _ moment: String, _ arguments: [String]) throws -> VaultSandbox.Result {
        try vault.run(arguments, env: ["VAULT_NOW": moment])
    }

    func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test("start, status from another process, a refused second start, stop with counts; --switch")
    func startStop() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        let started = try at(vault, "2026-11-18T09:00:00Z", ["session", "start", "Chemistry", "--note", "chapter 4"])
        #expect(started.status == 0)
        #expect(started.stdout.hasPrefix("Started Chemistry at 2026-11-18 10:00 (session "))
        let status = try at(vault, "2026-11-18T09:40:00Z", ["session", "status"])
        #expect(status.stdout.hasPrefix("Chemistry since 2026-11-18 10:00: 40m"))
        let ledger = vault.ledgerText()
        let again = try at(vault, "2026-11-18T09:41:00Z", ["session", "start", "Physics"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("a session of Chemistry is running since 2026-11-18 10:00"))
        #expect(again.stderr.contains("--switch"))
        #expect(vault.ledgerText() == ledger, "a refused start writes nothing")
        let stopped = try at(vault, "2026-11-18T10:15:00Z", ["session", "stop", "--questions", "20", "--correct", "17"])
        #expect(stopped.stdout.hasPrefix("Stopped Chemistry after 1h 15m, 85% (17 of 20) correct."))
        #expect(try at(vault, "2026-11-18T11:00:00Z", ["session", "start", "Physics"]).status == 0)
        let switched = try at(vault, "2026-11-18T11:30:00Z", ["session", "start", "Chemistry", "--switch"])
        #expect(switched.stdout.hasPrefix("Stopped Physics after 30m.\nStarted Chemistry"))
        let list = try json(try at(vault, "2026-11-18T12:00:00Z", ["session", "list", "--json"]).stdout) as? [[String: Any]]
        #expect(list?.map { $0["subject"] as? String } == ["Chemistry", "Physics"])
        #expect(list?.first?["minutes"] as? Int == 75)
        #expect(list?.first?["note"] as? String == "chapter 4")
        // Switched the moment it began (the wrong subject): the first is cancelled, not refused.
        #expect(try at(vault, "2026-11-18T12:00:00Z", ["session", "stop"]).status == 0)
        #expect(try at(vault, "2026-11-18T13:00:00Z", ["session", "start", "Chemistry"]).status == 0)
        let same = try at(vault, "2026-11-18T13:00:00Z", ["session", "start", "Physics", "--switch"])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(try at(vault, "2026-11-18T13:00:00Z", ["session", "status"]).stdout.hasPrefix("Physics since"))
        #expect(vault.ledgerText().contains("\tsession-cancel\t"))
    }

    @Test("every bad input is refused with a sentence, exit 1 and the ledger unchanged")
    func refusals() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        let ledger = vault.ledgerText()
        let cases: [([String], String)] = [
            (["session", "add", "Chemistry", "--minutes", "30", "--questions", "3", "--correct", "5"], "--correct 5 is more than --questions 3"),
            (["session", "add", "Chemistry", "--minutes", "0"], "--minutes must be at least 1"),
            (["session", "add", "Chemistry", "--minutes=-5"], "--minutes must be at least 1"),
            (["session", "add", "Chemistry", "--minutes", "-5"], "--minutes must be at least 1"),
            (["goal", "add", "Chemistry", "--hours", "-1", "--by", "2026-12-31"], "--hours must be more than 0"),
            (["session", "add", "Chemistry", "--minutes", "2000"], "more than a day"),
            (["session", "add", "Chemistry", "--minutes", "30", "--at", "2026-11-19T10:00"], "in the future"),
            (["session", "add", "Chemistry", "--minutes", "30", "--at", "tomorrow"], "is not a moment"),
            (["session", "stop"], "no session is running"),
            (["session", "start", "Biology"], "there is no subject 'Biology' (the subjects are Chemistry, Physics); add it with `vault subject add \"Biology\"`"),
            (["goal", "add", "Chemistry", "--hours", "30", "--by", "2026-01-01"], "has passed"),
            (["session", "rm", "zzzz"], "no session has the id 'zzzz'"),
        ]
        for (arguments, message) in cases {
            let result = try vault.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(vault.ledgerText() == ledger, "\(arguments) wrote to the ledger")
        }
    }

    @Test("a session left running over a day: stop is refused until --at gives its end; --at in the future or before the start is refused")
    func leftRunning() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        #expect(try at(vault, "2026-11-18T09:00:00Z", ["session", "start", "Chemistry"]).status == 0)
        let status = try at(vault, "2026-11-21T09:00:00Z", ["session", "status"])
        #expect(status.stdout.contains("72h 00m") && status.stdout.contains("more than a day: `vault session stop --at TIME`"))
        let ledger = vault.ledgerText()
        let cases: [(String, [String], String)] = [
            ("2026-11-21T09:00:00Z", ["session", "stop"],
             "error: the session of Chemistry has run since 2026-11-18 10:00 (3 days ago), more than a day; give the moment it ended with `vault session stop --at 2026-11-18T11:00`, or drop it with `vault session cancel`.\n"),
            ("2026-11-21T09:00:00Z", ["session", "stop", "--at", "2026-11-21T11:00"], "is in the future"),
            ("2026-11-21T09:00:00Z", ["session", "stop", "--at", "2026-11-18T09:30"], "after the moment it would stop"),
            ("2026-11-21T09:00:00Z", ["session", "stop", "--at", "noon"], "is not a moment"),
            ("2026-11-21T09:00:00Z", ["session", "start", "Physics", "--switch"], "more than a day"),
        ]
        for (moment, arguments, message) in cases {
            let result = try at(vault, moment, arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(message.hasPrefix("error:") ? result.stderr == message : result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(vault.ledgerText() == ledger, "\(arguments) wrote to the ledger")
        }
        let stopped = try at(vault, "2026-11-21T09:00:00Z", ["session", "stop", "--at", "2026-11-18T11:45", "--questions", "8", "--correct", "6"])
        #expect(stopped.stdout.hasPrefix("Stopped Chemistry after 1h 45m, 75% (6 of 8) correct."), "\(stopped.stderr)")
        let list = try json(try at(vault, "2026-11-21T09:00:00Z", ["session", "list", "--json"]).stdout) as? [[String: Any]]
        #expect(list?.first?["minutes"] as? Int == 105)
        #expect(list?.first?["end"] as? String == "2026-11-18T11:45:00+01:00")
        let reviews = try json(try at(vault, "2026-11-21T09:00:00Z", ["session", "reviews", "--json"]).stdout) as? [[String: Any]]
        #expect(reviews?.first?["due"] as? String == "2026-11-19T11:45:00+01:00", "the follow-up counts from the end given")
    }

    @Test("a session event that cannot be read is skipped by the replay and reported by vault check at its line")
    func unreadableEventChecked() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        #expect(try at(vault, "2026-11-18T09:00:00Z", ["session", "add", "Chemistry", "--minutes", "30"]).status == 0)
        #expect(try at(vault, "2026-11-18T09:01:00Z", ["session", "add", "Physics", "--minutes", "20"]).status == 0)
        let clean = try vault.run(["check"])
        #expect(!clean.stdout.contains("ledger-study-event") && !clean.stderr.contains("'session' event"))
        let path = ".vault/ledger/2026.log"
        let text = try vault.read(path)
        #expect(text.contains("\tminutes=30"))
        try vault.write(path, text.replacingOccurrences(of: "\tminutes=30", with: "\tminutes=half an hour"))
        let list = try json(try at(vault, "2026-11-18T10:00:00Z", ["session", "list", "--json"]).stdout) as? [[String: Any]]
        #expect(list?.map { $0["subject"] as? String } == ["Physics"])
        let check = try vault.run(["check"])
        #expect(check.status == 1)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("minutes=30") }! + 1
        #expect(
            check.stdout.contains("\(path):\(line): error: the 'session' event ")
                && check.stdout.contains("has a 'minutes' that is not a count; it is ignored."), "\(check.stdout)")
    }

    @Test("manual entries, list filters, the report by subject, day and weekday, and klog records")
    func reports() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        let now = "2026-11-18T20:00:00Z"
        for (subject, minutes, start, counts) in [
            ("Chemistry", "90", "2026-11-16T18:00", ["--questions", "10", "--correct", "8"]),
            ("Physics", "45", "2026-11-17T23:30", []), ("Chemistry", "30", "2026-11-18T07:00", []),
            ("Physics", "60", "2026-11-09T10:00", []),
        ] {
            let added = try at(vault, now, ["session", "add", subject, "--minutes", minutes, "--at", start] + counts)
            #expect(added.status == 0, "\(added.stderr)")
        }
        let bySubject = try json(try at(vault, now, ["session", "report", "--json"]).stdout) as? [String: Any]
        let rows = bySubject?["rows"] as? [[String: Any]]
        #expect(rows?.map { $0["key"] as? String } == ["Chemistry", "Physics"])
        #expect(rows?.map { $0["minutes"] as? Int } == [120, 45], "this week only: the 9 November session is out")
        #expect((bySubject?["total"] as? [String: Any])?["accuracy"] as? Double == 0.8)
        let byDay = try json(try at(vault, now, ["session", "report", "--by", "day", "--json"]).stdout) as? [String: Any]
        #expect(
            (byDay?["rows"] as? [[String: Any]])?.map { "\($0["key"]!)=\($0["minutes"]!)" }
                == ["2026-11-16=90", "2026-11-17=30", "2026-11-18=45"], "the session past midnight is split")
        let byWeekday = try at(vault, now, ["session", "report", "--all", "--by", "weekday"])
        #expect(byWeekday.stdout.contains("Monday     2"))
        let klog = try at(vault, now, ["session", "report", "--all", "--klog"])
        #expect(
            klog.stdout
                == "2026-11-09\n    10:00 - 11:00 #physics\n\n2026-11-16\n    18:00 - 19:30 #chemistry\n\n2026-11-17\n    23:30 - 0:15> #physics\n\n2026-11-18\n    7:00 - 7:30 #chemistry\n"
        )
        let physics = try at(vault, now, ["session", "list", "--subject", "physics", "--since", "2026-11-10"])
        #expect(physics.stdout.contains("2026-11-17 23:30") && !physics.stdout.contains("2026-11-09"))
        let sorted = try json(try at(vault, now, ["session", "list", "--sort", "duration", "--json"]).stdout) as? [[String: Any]]
        #expect(sorted?.map { $0["minutes"] as? Int } == [90, 60, 45, 30])
    }

    @Test("a goal's progress: hours done, left, pace, standing; status shows it")
    func goal() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        #expect(try at(vault, "2026-11-01T08:00:00Z", ["goal", "add", "Chemistry", "--hours", "10", "--by", "2026-11-30"]).status == 0)
        #expect(try at(vault, "2026-11-10T20:00:00Z", ["session", "add", "Chemistry", "--minutes", "300", "--at", "2026-11-10T10:00"]).status == 0)
        let goals = try json(try at(vault, "2026-11-16T00:00:00Z", ["goal", "list", "--json"]).stdout) as? [[String: Any]]
        let goal = try #require(goals?.first)
        #expect(goal["hours_done"] as? Double == 5)
        #expect(goal["hours_left"] as? Double == 5)
        #expect(goal["percent"] as? Int == 50)
        #expect(goal["days_left"] as? Int == 15)
        #expect(goal["hours_per_day_needed"] as? Double == 0.33)
        #expect(goal["standing"] as? String == "on track")
        let later = try at(vault, "2026-11-25T00:00:00Z", ["status"])
        #expect(later.stdout.contains("Goal Chemistry: 5 of 10 h (50%), 0.8 h a day to 2026-11-30 — behind"))
        let id = try #require(goal["id"] as? String)
        #expect(try vault.run(["goal", "rm", String(id.prefix(8))]).status == 0)
        #expect(try vault.run(["goal", "list", "--json"]).stdout == "[]\n")
    }

    @Test("a stop in the first minute cancels the session, with a message; nothing recorded, no points")
    func stopInFirstMinute() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        for (start, stop) in [("2026-11-18T10:00:00Z", "2026-11-18T10:00:00Z"), ("2026-11-18T11:00:00Z", "2026-11-18T11:00:40Z")] {
            #expect(try at(vault, start, ["session", "start", "Chemistry"]).status == 0)
            let stopped = try at(vault, stop, ["session", "stop"])
            #expect(stopped.status == 0, "\(stopped.stderr)")
            #expect(
                stopped.stdout
                    == "Cancelled the session of Chemistry: it ran under a minute, too short to record (`vault session add` records one by hand).\n"
            )
        }
        let status = try #require(try json(try at(vault, "2026-11-18T12:00:00Z", ["status", "--json"]).stdout) as? [String: Any])
        #expect((status["running_sessions"] as? [Any])?.isEmpty == true)
        #expect(status["points_total"] as? Int == 0)
    }

    @Test("a goal needing more than 16 h a day is not reachable, not on track")
    func unreachableGoal() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        #expect(try at(vault, "2026-11-18T08:00:00Z", ["goal", "add", "--all", "--hours", "100", "--by", "2026-11-20"]).status == 0)
        let goals = try json(try at(vault, "2026-11-18T09:00:00Z", ["goal", "list", "--json"]).stdout) as? [[String: Any]]
        #expect(goals?.first?["standing"] as? String == "not reachable")
        #expect(goals?.first?["hours_per_day_needed"] as? Double == 33.33)
        #expect(try at(vault, "2026-11-18T09:00:00Z", ["status"]).stdout.contains("— not reachable"))
        // 40 h in 3 days is a pace, not a wish: on track.
        #expect(try at(vault, "2026-11-18T08:00:00Z", ["goal", "add", "Physics", "--hours", "40", "--by", "2026-11-20"]).status == 0)
        let both = try json(try at(vault, "2026-11-18T09:00:00Z", ["goal", "list", "--json"]).stdout) as? [[String: Any]]
        #expect(both?.compactMap { $0["standing"] as? String }.sorted() == ["not reachable", "on track"])
    }

    @Test("a follow-up review of a session earns 5 points on the day it is done")
    func followUpPoints() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        #expect(try at(vault, "2026-11-18T10:00:00Z", ["session", "add", "Chemistry", "--minutes", "60"]).status == 0)
        #expect(try at(vault, "2026-11-19T10:00:00Z", ["session", "review", "--done", "ok"]).status == 0)
        let status = try #require(try json(try at(vault, "2026-11-19T12:00:00Z", ["status", "--json"]).stdout) as? [String: Any])
        #expect(status["points_today"] as? Int == 5)
        #expect(status["points_total"] as? Int == 22 + 5, "10 + 60/5 for the session, 5 for its review")
    }

    @Test("follow-up reviews over 90 days of VAULT_NOW moments: 1, 7, 30, 90 days; hard repeats, easy skips")
    func ladder() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        #expect(try at(vault, "2026-11-18T10:00:00Z", ["session", "add", "Chemistry", "--minutes", "60"]).status == 0)
        #expect(try at(vault, "2026-11-18T20:00:00Z", ["session", "review", "--done", "ok"]).status == 1, "not due yet")
        let status = try at(vault, "2026-11-19T10:00:00Z", ["status"])
        #expect(status.stdout.contains("1 session review due"))
        let sessionID = try #require(
            (try json(try at(vault, "2026-11-19T10:00:00Z", ["session", "reviews", "--json"]).stdout) as? [[String: Any]])?
                .first?["session"] as? String)
        let first = try at(vault, "2026-11-19T10:00:00Z", ["session", "review", "--done", "ok"])
        #expect(first.stdout.contains("next review in 7 days (2026-11-26)"))
        let again = try at(vault, "2026-11-19T10:05:00Z", ["session", "review", String(sessionID.prefix(8)), "--done", "easy"])
        #expect(again.status == 1, "a review by id before its day does not climb the ladder")
        #expect(again.stderr.contains("is not due until 2026-11-26"), "\(again.stderr)")
        let hard = try at(vault, "2026-11-26T10:00:00Z", ["session", "review", "--done", "hard"])
        #expect(hard.stdout.contains("next review in 7 days (2026-12-03)"))
        let easy = try at(vault, "2026-12-03T10:00:00Z", ["session", "review", "--done", "easy"])
        #expect(easy.stdout.contains("(2027-03-03)"), "easy skips the 30-day step: 90 days")
        let pending = try json(try at(vault, "2027-03-03T10:00:00Z", ["session", "reviews", "--json"]).stdout) as? [[String: Any]]
        #expect(pending?.first?["step_days"] as? Int == 90)
        #expect(pending?.first?["is_due"] as? Bool == true)
        let last = try at(vault, "2027-03-03T10:00:00Z", ["session", "review", "--done", "ok"])
        #expect(last.stdout.contains("the ladder is done"))
        #expect(try at(vault, "2027-03-04T10:00:00Z", ["session", "reviews", "--json"]).stdout == "[]\n")
    }

    @Test("status lists the session reviews due, the earliest three by name, and how many more; --json has them all")
    func statusListsReviews() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        for (subject, day) in [("Chemistry", "14"), ("Physics", "15"), ("Chemistry", "16"), ("Physics", "17"), ("Physics", "18")] {
            let added = try at(vault, "2026-11-\(day)T19:00:00Z", ["session", "add", subject, "--minutes", "60"])
            #expect(added.status == 0, "\(added.stderr)")
        }
        let status = try at(vault, "2026-11-18T20:00:00Z", ["status"])
        let lines = status.stdout.split(separator: "\n").map(String.init)
        let first = try #require(lines.firstIndex(of: "4 session reviews due  vault session review --done ok"), "\(status.stdout)")
        #expect(lines[first + 1].hasPrefix("  Chemistry: 1-day review of session ") && lines[first + 1].hasSuffix(", due 3 days ago"))
        #expect(lines[first + 2].hasPrefix("  Physics: 1-day review of session ") && lines[first + 2].hasSuffix(", due 2 days ago"))
        #expect(lines[first + 3].hasPrefix("  Chemistry: 1-day review of session ") && lines[first + 3].hasSuffix(", due yesterday"))
        #expect(lines[first + 4] == "  and 1 more: vault session reviews")
        let report = try json(try at(vault, "2026-11-18T20:00:00Z", ["status", "--json"]).stdout) as? [String: Any]
        #expect(report?["session_reviews_due"] as? Int == 4)
        let reviews = report?["session_reviews"] as? [[String: Any]]
        #expect(reviews?.map { $0["subject"] as? String } == ["Chemistry", "Physics", "Chemistry", "Physics"])
        #expect(reviews?.last?["due"] as? String == "2026-11-18T20:00:00+01:00")
        let none = try json(try at(vault, "2026-11-14T20:30:00Z", ["status", "--json"]).stdout) as? [String: Any]
        #expect((none?["session_reviews"] as? [Any])?.isEmpty == true, "an empty list, not null")
    }

    @Test("the help of session, goal and subject reads as prose: no line ends in a stray backslash")
    func helpText() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        for command in [["session"], ["session", "report"], ["session", "review"], ["goal"], ["subject"]] {
            let help = try vault.run(command + ["--help"])
            #expect(help.status == 0)
            #expect(!help.stdout.contains("\\\n"), "\(command): \(help.stdout)")
        }
        let goal = try vault.run(["goal", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(goal.contains("from when it is set to the end of its last day"))
    }

    @Test("subject edits change only their lines; a rename carries recorded sessions along")
    func subjects() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        let before = try vault.read(".vault/config.yml")
        #expect(before.hasSuffix("subjects:\n  - name: Chemistry\n    category: Learning\n    color: \"#10b981\"\n  - name: Physics\n    color: \"#888888\"\n"))
        #expect(try vault.run(["session", "add", "Chemistry", "--minutes", "20"]).status == 0)
        #expect(try vault.run(["subject", "rename", "Chemistry", "Organic Chemistry"]).status == 0)
        #expect(try vault.run(["subject", "color", "Physics", "#123456"]).status == 0)
        let after = try vault.read(".vault/config.yml")
        #expect(after == before.replacingOccurrences(of: "name: Chemistry", with: "name: Organic Chemistry").replacingOccurrences(of: "#888888", with: "#123456"))
        let list = try json(try vault.run(["subject", "list", "--json"]).stdout) as? [[String: Any]]
        #expect(list?.first?["name"] as? String == "Organic Chemistry")
        #expect(list?.first?["minutes"] as? Int == 20, "the session recorded under the old name counts")
        #expect(try vault.run(["subject", "rm", "Physics"]).status == 0)
        #expect(!(try vault.read(".vault/config.yml")).contains("Physics"))
        let removed = try vault.run(["subject", "rm", "Organic Chemistry"])
        #expect(removed.stdout.contains("1 session and 0 goals keep the name Organic Chemistry in the ledger"), "\(removed.stdout)")
    }

    @Test("subject edits keep comments, quoting and flow-map entries written by hand (the file diffed before and after)")
    func handWrittenSubjects() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let config = try vault.read(".vault/config.yml")
        let block = """
            subjects:   # what I study
              # the hard one
              - name: "Chemistry"   # since 2025
                color: '#10b981'
              - {name: Physics, color: "#123456"}   # flow style
            # after subjects

            """
        try vault.write(".vault/config.yml", config + block)
        #expect(try vault.run(["subject", "add", "Maths"]).status == 0)
        #expect(try vault.run(["subject", "color", "physics", "#654321"]).status == 0)
        let renamed = try vault.run(["subject", "rename", "chemistry", "Organic Chemistry"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let expected = """
            subjects:   # what I study
              # the hard one
              - name: Organic Chemistry   # since 2025
                color: '#10b981'
              - {name: Physics, color: "#654321"}   # flow style
              - name: Maths
                color: "#888888"
            # after subjects

            """
        #expect(try vault.read(".vault/config.yml") == config + expected)
        let removed = try vault.run(["subject", "rm", "physics"])
        #expect(removed.stdout == "Removed subject Physics.\n")
        #expect(try vault.read(".vault/config.yml") == config + expected.replacingOccurrences(of: "  - {name: Physics, color: \"#654321\"}   # flow style\n", with: ""))
    }

    @Test("a session started on one clone and stopped on the other after sync: both agree")
    func twoClones() throws {
        let m = try SyncTests.Machines(union: true)
        defer { m.cleanUp() }
        var laptop = m.laptop
        var phone = m.phone
        laptop.now = "2026-11-18T09:00:00Z"
        #expect(try laptop.run(["subject", "add", "Chemistry"]).status == 0)
        #expect(try laptop.run(["session", "start", "Chemistry"]).status == 0)
        #expect(try laptop.run(["goal", "add", "Chemistry", "--hours", "2", "--by", "2026-11-30"]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)
        phone.now = "2026-11-18T10:30:00Z"
        #expect(try phone.run(["sync"]).status == 0)
        let stopped = try phone.run(["session", "stop", "--questions", "4", "--correct", "3"])
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(try phone.run(["session", "add", "Chemistry", "--minutes", "15"]).status == 0)
        #expect(try phone.run(["sync"]).status == 0)
        laptop.now = phone.now
        #expect(try laptop.run(["session", "add", "Chemistry", "--minutes", "10"]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try phone.run(["sync"]).status == 0)
        let laptopList = try laptop.run(["session", "list", "--json"]).stdout
        #expect(laptopList == (try phone.run(["session", "list", "--json"]).stdout))
        #expect((try json(laptopList) as? [[String: Any]])?.count == 3)
        #expect(try laptop.run(["goal", "list", "--json"]).stdout == (try phone.run(["goal", "list", "--json"]).stdout))
        #expect(try laptop.run(["session", "status"]).stdout == "No session is running.\n")
    }
}
