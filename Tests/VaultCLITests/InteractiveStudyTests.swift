import Foundation
import Testing

/// The full-screen study session driven through tmux (the review tests' session helper).
@Suite("Interactive study under tmux", .serialized)
struct InteractiveStudyTests {
    typealias Session = InteractiveReviewTests.Session

    /// The `rate` lines of the ledger.
    func ratings(_ vault: VaultSandbox) -> [String] {
        vault.ledgerText().split(separator: "\n").filter { $0.contains("\trate\t") }.map(String.init)
    }

    func field(_ name: String, of line: String) -> String? {
        line.split(separator: "\t").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }

    @Test("TERM=dumb: a terminal that cannot move the cursor gets the scripted forms named, not escape codes")
    func dumbTerminal() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        let session = Session(vault: vault)
        defer { session.stop() }
        let command =
            "env TERM=dumb VAULT_DIR='\(vault.root.path)' VAULT_NOW=\(vault.now) '\(VaultSandbox.binary.path)' study; echo EXIT=$?; sleep 60"
        try session.tmux(["new-session", "-d", "-x", "100", "-y", "30", "-s", "review", command])
        let screen = try session.waitFor("EXIT=")
        #expect(screen.contains("EXIT=1"))
        let text = screen.replacingOccurrences(of: "\n", with: "")  // the sentence wraps at the window's edge
        #expect(text.contains("TERM not dumb") && text.contains("vault study --list"), "\(screen)")
        #expect(!screen.contains("Card 1 of"))
    }

    @Test("reveal, rate two cards, quit halfway: the ledger holds exactly those ratings and the summary shows them")
    func rateTwoThenQuit() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        let session = Session(vault: vault)
        defer { session.stop() }
        try session.start("study")
        let first = try session.waitFor("Card 1 of 4")
        #expect(first.contains("Capital of France"))
        #expect(!first.contains("Paris"), "the answer stays hidden until revealed")
        #expect(first.contains("space/enter reveal"))
        try session.keys("Space")
        let revealed = try session.waitFor("Paris")
        // Each rating key shows the interval it would give a new fsrs card.
        #expect(revealed.contains("1 again 1m · 2 hard 6m · 3 good 10m · 4 easy "))
        usleep(300_000)
        try session.keys("3")
        let second = try session.waitFor("Card 2 of 4")
        #expect(second.contains("Capital of Japan"))
        try session.keys("Enter")
        try session.waitFor("Tokyo")
        try session.keys("1")
        try session.waitFor("Card 3 of 4")
        try session.keys("q")
        let end = try session.waitFor("EXIT=0")
        #expect(end.contains("Session stopped: 2 cards studied of 4."))
        #expect(end.contains("Accuracy: 50% (1 of 2 answers correct)."))
        #expect(end.contains("Next card due in 1 min (2026-11-18T09:01"), "the card answered Again")
        #expect(!end.contains("Card 3 of 4"), "the alternate screen is gone")

        let lines = ratings(vault)
        #expect(lines.count == 2)
        #expect(lines.map { field("rating", of: $0) } == ["good", "again"])
        let firstResponse = try #require(lines.first.flatMap { field("response_ms", of: $0) }.flatMap { Int($0) })
        #expect(firstResponse >= 300, "response time runs from the question shown to the rating key")

        let cards = try #require(try vault.json(["cards", "--json"]) as? [[String: Any]])
        let states = Dictionary(
            uniqueKeysWithValues: cards.map { ($0["question"] as? String ?? "", $0["state"] as? String ?? "") })
        #expect(states["Capital of France"] == "learning")
        #expect(states["Capital of Japan"] == "learning")
        #expect(states["Longest river of Africa"] == "new")
        let rated = Set(lines.compactMap { field("card", of: $0) })
        #expect(rated == Set(cards.filter { $0["state"] as? String != "new" }.compactMap { $0["id"] as? String }))
        // Under VAULT_NOW the answers are stamped at that moment, not after it: the next command there counts them.
        let listed = try vault.run(["study", "--list"]).stdout
        #expect(listed.contains("; 2 of ") && listed.contains(" answered today"), "\(listed)")
    }

    @Test("sm2 cards are rated 0-5 and a finished session prints its summary")
    func sm2QualityAndFinish() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        let session = Session(vault: vault)
        defer { session.stop() }
        try session.start("study languages")
        try session.waitFor("Card 1 of 1")
        try session.keys("Space")
        let revealed = try session.waitFor("Good day")
        #expect(revealed.contains("0 blackout 1d · 1 wrong 1d · 2 almost 1d · 3 hard 1d · 4 good 1d · 5 perfect 1d · q quit"))
        try session.keys("7")
        try session.waitFor("rate the answer 0-5")
        try session.keys("5")
        let end = try session.waitFor("EXIT=0")
        #expect(end.contains("Session done: 1 card studied of 1."))
        #expect(end.contains("Accuracy: 100% (1 of 1 answer correct)."))
        #expect(end.contains("Next card due tomorrow (2026-11-19T09:"))
        #expect(ratings(vault).map { field("rating", of: $0) } == ["q5"])
    }

    @Test("Ctrl-C ends the session with the terminal restored, the summary printed and the ratings kept")
    func interrupt() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        let session = Session(vault: vault)
        defer { session.stop() }
        try session.start("study --limit 2")
        try session.waitFor("Card 1 of 2")
        try session.keys("Space")
        try session.waitFor("Paris")
        try session.keys("4")
        try session.waitFor("Card 2 of 2")
        try session.keys("C-c")
        let end = try session.waitFor("EXIT=")
        #expect(end.contains("EXIT=130"), "Ctrl-C exits 130, as an interrupted program does")
        #expect(end.contains("Session stopped: 1 card studied of 2."))
        #expect(!end.contains("space/enter reveal"), "the alternate screen is gone")
        #expect(ratings(vault).map { field("rating", of: $0) } == ["easy"])
    }
}
