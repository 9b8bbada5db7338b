import Foundation
import Testing

@Suite("Two machines syncing through git", .serialized)
struct SyncTests {
    let focus = "0c000000-0000-4000-8000-000000000006"
    let walk = "0c000000-0000-4000-8000-000000000007"

    /// A bare remote and two clones of the fixture vault, laptop and phone.
    struct Machines {
        let base: URL
        let laptop: VaultSandbox
        let phone: VaultSandbox

        init(union: Bool, fixture: String = "curation") throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("vault-sync-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            var laptop = try VaultSandbox(fixture: fixture)
            let laptopRoot = base.appendingPathComponent("laptop")
            try FileManager.default.moveItem(at: laptop.root, to: laptopRoot)
            laptop = VaultSandbox(root: laptopRoot)
            if !union {
                try "".write(to: laptopRoot.appendingPathComponent(".gitattributes"), atomically: true, encoding: .utf8)
            }
            try laptop.sh("git init -q --bare -b main ../remote.git")
            try laptop.sh(
                "git init -q -b main && git add -A && git commit -qm start && git remote add origin ../remote.git && git push -q -u origin main"
            )
            try laptop.sh("git clone -q remote.git phone", in: base)
            self.laptop = laptop
            self.phone = VaultSandbox(root: base.appendingPathComponent("phone"))
        }

        func cleanUp() { try? FileManager.default.removeItem(at: base) }
    }

    /// Both machines review week 46 an hour apart: both keep `focus`, the
    /// laptop keeps `walk` and the phone archives it.
    func decideDifferently(_ m: Machines) throws -> (laptop: VaultSandbox, phone: VaultSandbox) {
        var laptop = m.laptop
        var phone = m.phone
        laptop.now = "2026-11-15T18:00:00Z"
        phone.now = "2026-11-15T19:00:00Z"
        #expect(try laptop.run(["review", "weekly", "--keep", focus, walk]).status == 0)
        #expect(try phone.run(["review", "weekly", "--keep", focus, "--archive", walk]).status == 0)
        return (laptop, phone)
    }

    @Test("a vault inside a larger repository commits only its own paths")
    func vaultInsideRepository() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("vault-nested-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        var vault = try VaultSandbox(fixture: "curation")
        let root = base.appendingPathComponent("project/notes")
        try FileManager.default.createDirectory(at: root.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: vault.root, to: root)
        vault = VaultSandbox(root: root)
        let project = root.deletingLastPathComponent()
        try vault.sh("git init -q --bare -b main remote.git", in: base)
        try vault.sh(
            "git init -q -b main && git add -A && git commit -qm start && git remote add origin ../remote.git && git push -q -u origin main",
            in: project)
        // Something staged outside the vault stays staged, uncommitted.
        try "draft\n".write(to: project.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try vault.sh("git add README.md", in: project)
        #expect(try vault.run(["review", "weekly", "--keep", focus]).status == 0)
        let synced = try vault.run(["sync"])
        #expect(synced.status == 0, "\(synced.stderr)")
        let committed = try vault.sh("git show --name-only --format= HEAD", in: project)
        #expect(committed.contains("notes/.vault/ledger/"))
        #expect(!committed.contains("README.md"))
        #expect(try vault.sh("git diff --cached --name-only", in: project) == "README.md\n")
    }

    @Test(
        "both review the same week differently and sync in either order: same state, conflict reported",
        arguments: [true, false])
    func unionMerge(laptopFirst: Bool) throws {
        let m = try Machines(union: true)
        defer { m.cleanUp() }
        var (laptop, phone) = try decideDifferently(m)
        let (first, second) = laptopFirst ? (laptop, phone) : (phone, laptop)
        var r = try first.run(["sync"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout
                == "Committing:\n  2 new ledger lines\nCommitted local changes.\nPulled and pushed; no new events came in.\n"
        )
        r = try second.run(["sync"])
        #expect(r.status == 0, "\(r.stderr)")
        let device = { (machine: VaultSandbox) in
            try! String(contentsOf: machine.root.appendingPathComponent(".vault/local/device"), encoding: .utf8)
                .split(separator: "\n").first.map(String.init) ?? ""
        }
        // The conflict that came in, said out loud: the note, both decisions with machine and time, which stands.
        let conflict =
            "1 conflict between machines came in:\n  2026/11/walk.md in 2026-W46: \(device(laptop)) chose keep at 2026-11-15T18:00:00Z, \(device(phone)) chose archive at 2026-11-15T19:00:00Z; archive stands, the later decision. vault review weekly 2026-W46 decides again.\n"
        #expect(
            r.stdout
                == "Committing:\n  2 new ledger lines\nCommitted local changes.\nPulled and pushed; 2 new events came in: 2 curate.\n"
                + conflict
        )
        r = try first.run(["sync"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("2 new events came in: 2 curate.\n" + conflict))
        // A sync that brings nothing new says nothing of the conflict again.
        r = try second.run(["sync"])
        #expect(r.stdout.hasSuffix("no new events came in.\n"), "\(r.stdout)")
        laptop.now = "2026-11-18T09:00:00Z"
        phone.now = "2026-11-18T09:00:00Z"
        let a = try laptop.run(["status", "--json"]).stdout
        #expect(a == (try phone.run(["status", "--json"]).stdout))
        #expect(a.contains("\"status\" : \"in progress\""))
        // Status shows a line while the conflict's week is still open.
        for machine in [laptop, phone] {
            #expect(
                try machine.run(["status"]).stdout.contains(
                    "1 note decided differently on two machines in 2026-W46: the later decision stands; `vault check` names both\n"))
        }
        let weeklyA = try laptop.run(["list", "weekly", "--json"]).stdout
        #expect(weeklyA == (try phone.run(["list", "weekly", "--json"]).stdout))
        #expect(weeklyA.contains("focus.md") && !weeklyA.contains("walk.md"), "the phone's later archive wins")
        for machine in [laptop, phone] {
            let check = try machine.run(["check"])
            let conflict = check.stdout.split(separator: "\n").filter { $0.contains("conflicting decisions") }
            #expect(conflict.count == 1)
            let devices = [laptop, phone].map {
                try! String(contentsOf: $0.root.appendingPathComponent(".vault/local/device"), encoding: .utf8)
                    .split(separator: "\n").first.map(String.init) ?? ""
            }
            #expect(
                conflict.first.map {
                    $0.contains("\(devices[0]) chose keep") && $0.contains("\(devices[1]) chose archive")
                } == true)
            #expect(conflict.first?.contains(walk) == true)
            #expect(conflict.first?.hasPrefix(".vault/ledger/2026.log:") == true)
        }
    }

    @Test("without the union attribute git leaves conflict markers: replay still works and check --fix cleans them")
    func withoutUnion() throws {
        let m = try Machines(union: false)
        defer { m.cleanUp() }
        var (laptop, phone) = try decideDifferently(m)
        #expect(try laptop.run(["sync"]).status == 0)
        let failed = try phone.run(["sync"])
        #expect(failed.status == 1)
        #expect(failed.stderr.hasPrefix("error: the pull stopped in a conflict in .vault/ledger/2026.log"))
        #expect(failed.stderr.contains("`git merge --abort`"))
        // An unfinished merge: the next sync refuses to start instead of committing conflict markers.
        let again = try phone.run(["sync"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("in the middle of a merge or rebase"), "\(again.stderr)")
        #expect(try phone.read(".vault/ledger/2026.log").contains("<<<<<<<"))
        phone.now = "2026-11-18T09:00:00Z"
        let status = try phone.json(["status", "--json"]) as! [String: Any]
        #expect(status["notes_to_review"] as? Int == 6)
        let check = try phone.run(["check"])
        #expect(check.status == 1)
        #expect(check.stdout.components(separatedBy: "ledger should merge by union").count - 1 == 3)
        let fix = try phone.run(["check", "--fix"])
        #expect(fix.stdout.hasPrefix("Fixed .vault/ledger/2026.log: removed 3 bad lines and 0 duplicate events.\n"))
        let ledger = try phone.read(".vault/ledger/2026.log")
        #expect(!ledger.contains("<<<<<<<") && !ledger.contains("=======") && !ledger.contains(">>>>>>>"))
        #expect(ledger.split(separator: "\n").count == 5, "header and all four events")
        #expect(fix.stdout.contains("conflicting decisions"))
        try phone.sh("git add -A && git commit -qm merge --no-edit")
        #expect(try phone.run(["sync"]).status == 0)
        #expect(try laptop.run(["sync"]).status == 0)
        laptop.now = "2026-11-18T09:00:00Z"
        #expect(try laptop.run(["status", "--json"]).stdout == (try phone.run(["status", "--json"]).stdout))
    }

    @Test("two clones study the same deck, sync, and end with one merged history and the same schedule")
    func studyOnTwoClones() throws {
        let m = try Machines(union: true, fixture: "cards")
        defer { m.cleanUp() }
        var laptop = m.laptop
        var phone = m.phone
        let cards = try #require(try laptop.json(["cards", "--json"]) as? [[String: Any]])
        let ids = cards.compactMap { $0["id"] as? String }
        #expect(ids.count == 4)
        // The laptop studies the first two cards in the morning, the phone the first and the last at noon.
        laptop.now = "2026-11-16T08:00:00Z"
        phone.now = "2026-11-16T12:00:00Z"
        #expect(try laptop.run(["study", "--rate", "\(ids[0])=good", "--rate", "\(ids[1])=easy"]).status == 0)
        #expect(try phone.run(["study", "--rate", "\(ids[0])=again", "--rate", "\(ids[3])=q4"]).status == 0)
        laptop.now = "2026-11-17T08:00:00Z"
        #expect(try laptop.run(["study", "--rate", "\(ids[0])=good"]).status == 0)
        for machine in [laptop, phone, laptop] {
            let r = try machine.run(["sync"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        laptop.now = "2026-11-18T09:00:00Z"
        phone.now = "2026-11-18T09:00:00Z"
        let onLaptop = try laptop.run(["cards", "--json"]).stdout
        #expect(onLaptop == (try phone.run(["cards", "--json"]).stdout))
        let merged = laptop.ledgerText().split(separator: "\n").filter { $0.contains("\trate\t") }
        #expect(merged.count == 5)
        #expect(phone.ledgerText().split(separator: "\n").filter { $0.contains("\trate\t") }.count == 5)
        // Card 0's history interleaves both machines: good (laptop 08:00), again (phone 12:00), good (laptop next day).
        let first = try #require((try laptop.json(["cards", "--json"]) as? [[String: Any]])?.first)
        #expect(first["reviews"] as? Int == 3)
        let status = try laptop.run(["status", "--json"]).stdout
        #expect(status == (try phone.run(["status", "--json"]).stdout))
        #expect(status.contains("\"best_streak\" : 2"))
    }

    @Test("sync explains a vault outside git and a repository without a remote")
    func clearErrors() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        var r = try vault.run(["sync"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("is not in a git repository; run `git init` there"))
        try vault.sh("git init -q -b main")
        r = try vault.run(["sync"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("has no remote; add one with `git remote add origin URL`"))
        #expect(try vault.sh("git log --oneline 2>/dev/null || true") == "", "nothing committed")
        try vault.sh("git add -A && git commit -qm start")
        r = try vault.run(["sync"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("has no remote; add one with `git remote add origin URL`"))
        try vault.sh("git checkout -q --detach")
        r = try vault.run(["sync"])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: git's HEAD in \(vault.root.path) is detached (on no branch); check out a branch (`git switch main`) before `vault sync`.\n"
        )
    }

    @Test("the first sync of a clone of an empty remote commits everything, listed, and pushes with upstream")
    func firstSyncOfEmptyRemote() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("vault-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let fixture = try VaultSandbox(fixture: "curation")
        try fixture.sh("git init -q --bare -b main remote.git && git clone -q remote.git laptop 2>/dev/null", in: base)
        let root = base.appendingPathComponent("laptop")
        try fixture.sh("cp -a . '\(root.path)/' && rm -rf '\(fixture.root.path)'")
        var laptop = VaultSandbox(root: root)
        laptop.now = "2026-11-15T18:00:00Z"
        #expect(try laptop.run(["review", "weekly", "--keep", focus]).status == 0)
        let dry = try laptop.run(["sync", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("  added    .vault/config.yml\n"), "\(dry.stdout)")
        let r = try laptop.run(["sync"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.hasPrefix(
                "Committing:\n  added    .gitattributes\n  added    .gitignore\n  added    .vault/config.yml\n"),
            "\(r.stdout)")
        #expect(r.stdout.contains("  added    2026/11/walk.md\n"))
        #expect(r.stdout.hasSuffix("Committed local changes.\nPulled and pushed; no new events came in.\n"))
        let committed = try laptop.sh("git ls-tree -r --name-only HEAD")
        #expect(committed.contains(".vault/config.yml\n") && committed.contains(".vault/ledger/2026.log\n"))
        #expect(!committed.contains(".vault/local/"))
        #expect(try laptop.sh("git rev-parse --abbrev-ref @{u}") == "origin/main\n", "pushed with upstream")
        // A second clone gets the whole vault, and its own first sync has nothing to do.
        try laptop.sh("git clone -q remote.git phone", in: base)
        let phone = VaultSandbox(root: base.appendingPathComponent("phone"))
        #expect(try phone.read(".vault/config.yml") == (try laptop.read(".vault/config.yml")))
        #expect(try phone.run(["sync"]).stdout == "No local changes to commit.\nPulled and pushed; no new events came in.\n")
    }

    @Test("sync --dry-run lists what goes out and comes in; a mass deletion is refused without --yes")
    func dryRunAndDeletionGuard() throws {
        let m = try Machines(union: true)
        defer { m.cleanUp() }
        var (laptop, phone) = try decideDifferently(m)
        #expect(try laptop.run(["sync"]).status == 0)
        try "# New\n".write(to: phone.root.appendingPathComponent("2026/11/new.md"), atomically: true, encoding: .utf8)
        let dry = try phone.run(["sync", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(
            dry.stdout.hasPrefix(
                "Would commit:\n  added    2026/11/new.md\n  2 new ledger lines\nComing in:\n  .vault/ledger/2026.log\n"
            ), "\(dry.stdout)")
        #expect(try phone.sh("git status --porcelain").contains("?? 2026/11/new.md"), "nothing committed")
        // A partial checkout: most notes gone.
        try phone.sh(
            "git rm -q --cached -r 2026/10 && rm -rf 2026/10 2026/11/focus.md 2026/11/late.md 2026/11/listen.md")
        let refused = try phone.run(["sync"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("looks like an accident"), "\(refused.stderr)")
        #expect(try phone.sh("git log --oneline | wc -l").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        let forced = try phone.run(["sync", "--yes"])
        #expect(forced.status == 0, "\(forced.stderr)")
    }

    @Test(
        "both decide the same note without an id, then sync in either order: one id, no conflict, the same state",
        arguments: [true, false])
    func idlessNoteOnBothMachines(laptopFirst: Bool) throws {
        let m = try Machines(union: true)
        defer { m.cleanUp() }
        var laptop = m.laptop
        var phone = m.phone
        let plain = "2026/11/2026-11-13 plain.md"
        laptop.now = "2026-11-15T18:00:00Z"
        phone.now = "2026-11-15T19:00:00Z"
        #expect(try laptop.run(["review", "weekly", "--keep", plain]).status == 0)
        #expect(try phone.run(["review", "weekly", "--archive", plain]).status == 0)
        let written = try String(contentsOf: laptop.root.appendingPathComponent(plain), encoding: .utf8)
        #expect(written == (try String(contentsOf: phone.root.appendingPathComponent(plain), encoding: .utf8)))
        let (first, second) = laptopFirst ? (laptop, phone) : (phone, laptop)
        for machine in [first, second, first] {
            let synced = try machine.run(["sync"])
            #expect(synced.status == 0, "\(synced.stderr)")
            #expect(!synced.stderr.contains("CONFLICT"))
        }
        laptop.now = "2026-11-18T09:00:00Z"
        phone.now = "2026-11-18T09:00:00Z"
        let a = try laptop.run(["status", "--json"]).stdout
        #expect(a == (try phone.run(["status", "--json"]).stdout))
        let weekly = try laptop.run(["list", "daily", "--json", "--archived"]).stdout
        #expect(weekly == (try phone.run(["list", "daily", "--json", "--archived"]).stdout))
        #expect(try laptop.sh("git status --porcelain") == "")
        // The phone's later archive wins on both.
        let history = try laptop.run(["history", plain, "--json"]).stdout
        #expect(history.components(separatedBy: "\"curate\"").count - 1 == 2, "both decisions name the one id")
    }

    @Test("16 parallel decisions on one note without an id give it one id and keep every decision")
    func parallelAdoption() throws {
        var vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        vault.now = "2026-11-15T18:00:00Z"
        let plain = "2026/11/2026-11-13 plain.md"
        let binary = VaultSandbox.binary.path
        let env = vault.environment()
        let exports = ["VAULT_DIR", "VAULT_NOW", "NO_COLOR"].map { "\($0)='\(env[$0]!)'" }.joined(separator: " ")
        try vault.sh(
            "for i in $(seq 16); do env \(exports) '\(binary)' review weekly --keep '\(plain)' >/dev/null & done; wait"
        )
        let text = try String(contentsOf: vault.root.appendingPathComponent(plain), encoding: .utf8)
        #expect(text.components(separatedBy: "id: ").count - 1 == 1, "\(text)")
        let history = try vault.run(["history", plain, "--json"]).stdout
        #expect(history.components(separatedBy: "\"curate\"").count - 1 == 16)
    }

    @Test("a vault copied with cp -a decides on both copies; once the ledgers meet, every decision is there, no clash")
    func copiedVault() throws {
        var a = try VaultSandbox(fixture: "curation")
        defer { a.cleanUp() }
        a.now = "2026-11-15T18:00:00Z"
        #expect(try a.run(["review", "weekly", "--keep", focus]).status == 0)  // the device id exists before the copy
        var b = VaultSandbox(
            root: a.root.deletingLastPathComponent().appendingPathComponent("copy-\(UUID().uuidString)"))
        defer { b.cleanUp() }
        try a.sh("cp -a '\(a.root.path)' '\(b.root.path)'")
        b.now = "2026-11-15T19:00:00Z"
        #expect(try a.run(["review", "weekly", "--keep", walk]).status == 0)
        #expect(try b.run(["review", "weekly", "--archive", walk]).status == 0)
        // The ledgers meet (a file-sync tool or a union merge): every line of both.
        let ledger = ".vault/ledger/2026.log"
        let both =
            try String(contentsOf: a.root.appendingPathComponent(ledger), encoding: .utf8)
            + String(contentsOf: b.root.appendingPathComponent(ledger), encoding: .utf8)
        try both.write(to: a.root.appendingPathComponent(ledger), atomically: true, encoding: .utf8)
        a.now = "2026-11-18T09:00:00Z"
        let history = try a.run(["history", walk, "--json"]).stdout
        #expect(history.components(separatedBy: "\"curate\"").count - 1 == 2, "both copies' decisions on walk")
        let check = try a.run(["check"]).stdout
        #expect(!check.contains("ledger-clash") && !check.contains("claim the identity"), "\(check)")
        #expect(check.contains("conflicting decisions"), "keep on one copy, archive on the other")
    }

    @Test(
        "Syncthing's and Dropbox's conflict copies of a ledger file are read, named by check, and merged by --fix",
        arguments: ["2026.sync-conflict-20261116-101010-ABCDEFG.log", "2026 (Lena's conflicted copy 2026-11-16).log"])
    func conflictCopies(copyName: String) throws {
        var vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        vault.now = "2026-11-15T18:00:00Z"
        #expect(try vault.run(["review", "weekly", "--keep", focus]).status == 0)
        let ledger = vault.root.appendingPathComponent(".vault/ledger")
        let main = ledger.appendingPathComponent("2026.log")
        let before = try String(contentsOf: main, encoding: .utf8)
        // The other machine's version of the file: the same start, one more decision.
        #expect(try vault.run(["review", "weekly", "--keep", walk]).status == 0)
        let withWalk = try String(contentsOf: main, encoding: .utf8)
        try withWalk.write(to: ledger.appendingPathComponent(copyName), atomically: true, encoding: .utf8)
        try before.write(to: main, atomically: true, encoding: .utf8)
        vault.now = "2026-11-18T09:00:00Z"
        let listed = try vault.run(["review", "weekly", "2026-W46", "--list", "--json"]).stdout
        #expect(listed.contains("walk.md") && listed.components(separatedBy: "\"keep\"").count - 1 == 2, "\(listed)")
        let check = try vault.run(["check"]).stdout
        #expect(check.contains(".vault/ledger/\(copyName): warning: a conflict copy"), "\(check)")
        let fixed = try vault.run(["check", "--fix"])
        #expect(fixed.stdout.contains("merged and removed \(copyName)"), "\(fixed.stdout)")
        #expect(!FileManager.default.fileExists(atPath: ledger.appendingPathComponent(copyName).path))
        #expect(try String(contentsOf: main, encoding: .utf8) == withWalk, "the main file holds both decisions, once")
        #expect(try vault.run(["review", "weekly", "2026-W46", "--list", "--json"]).stdout == listed)
    }

    @Test("a note renamed on one clone while the other decides it: after both sync, its history follows it")
    func renameWhileDeciding() throws {
        let m = try Machines(union: true)
        defer { m.cleanUp() }
        var laptop = m.laptop
        var phone = m.phone
        laptop.now = "2026-11-15T18:00:00Z"
        phone.now = "2026-11-15T19:00:00Z"
        try laptop.sh("git mv '2026/11/2026-11-13 plain.md' '2026/11/2026-11-13 renamed.md'")
        #expect(try laptop.run(["sync"]).status == 0)
        #expect(try phone.run(["review", "weekly", "--keep", "2026/11/2026-11-13 plain.md"]).status == 0)
        let synced = try phone.run(["sync"])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try laptop.run(["sync"]).status == 0)
        for machine in [laptop, phone] {
            let history = try machine.run(["history", "2026/11/2026-11-13 renamed.md", "--json"])
            #expect(history.status == 0, "\(history.stderr)")
            #expect(history.stdout.contains("\"decision\" : \"keep\""), "\(history.stdout)")
        }
    }
}
