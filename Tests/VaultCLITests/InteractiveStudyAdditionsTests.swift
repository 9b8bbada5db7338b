import Foundation
import Testing

/// Issue 36 on the study screen under tmux: the hint key, the timer's
/// colours, the estimate and accuracy, and the promote key.
@Suite("Interactive study: hint, timer, promote under tmux", .serialized)
struct InteractiveStudyAdditionsTests {
    /// A tiers deck (promotion after 2 correct answers): a card with a hint, and one answered correctly twice.
    func makeVault() throws -> (VaultSandbox, String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-study36-\(UUID().uuidString)")
        let vault = VaultSandbox(root: root)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".vault"), withIntermediateDirectories: true)
        try vault.write(
            ".vault/config.yml",
            "version: 1\ntimezone: UTC\ndecks: [/]\nschedulers:\n  folders:\n    tiers/: { scheduler: tiers, promotion_streak: 2 }\nstudy:\n  timer: [2, 4]\n"
        )
        try vault.write(
            "tiers/capitals.md",
            "# Capitals\n\nCapital of Australia %%hint: not Sydney%% :: Canberra\n\nCapital of Japan :: Tokyo\n")
        let cards = try #require(try vault.json(["cards", "--json"]) as? [[String: Any]])
        let japan = try #require(cards.first { ($0["question"] as? String) == "Capital of Japan" }?["id"] as? String)
        #expect(
            cards.first { ($0["question"] as? String) == "Capital of Australia" }?["hint"] as? String == "not Sydney")
        for day in ["2026-11-15T09:00:00Z", "2026-11-16T09:00:00Z"] {
            #expect(try vault.run(["study", "--now", day, "--rate", "\(japan)=correct"]).status == 0)
        }
        return (vault, japan)
    }

    @Test("before the answer: N cards, ~M min and a timer; p promotes; then the accuracy so far; h shows the hint")
    func hintPromoteEstimate() throws {
        let (vault, japan) = try makeVault()
        defer { vault.cleanUp() }
        let session = TmuxSession(vault: vault)
        defer { session.stop() }
        try session.start("study")
        let first = try session.waitFor("Card 1 of 2")
        #expect(first.contains("0 answered · 2 cards, ~1 min"), "\(first)")
        #expect(first.contains("Capital of Japan"))
        try session.waitFor("  1s")
        try session.keys("Space")
        let revealed = try session.waitFor("Tokyo")
        #expect(revealed.contains("p promote to reviewing"), "\(revealed)")
        try session.keys("p")
        var promoted = try session.screen()
        for _ in 0..<100 where promoted.contains("p promote") {
            usleep(50_000)
            promoted = try session.screen()
        }
        #expect(!promoted.contains("p promote"), "the offer is taken: \(promoted)")
        #expect(vault.ledgerText().contains("\ttier\t") && vault.ledgerText().contains("card=\(japan)"))
        try session.keys("3")
        let second = try session.waitFor("Card 2 of 2")
        #expect(second.contains("1 answered, 100% correct"), "\(second)")
        #expect(second.contains("h hint"))
        #expect(!second.contains("not Sydney"), "the hint waits for h")
        try session.keys("h")
        let hinted = try session.waitFor("Hint: not Sydney")
        #expect(!hinted.contains("Canberra"), "the hint comes before the answer")
        try session.keys("q")
        try session.waitFor("EXIT=0")
    }

    @Test("in a narrow window the header cuts the deck and progress, and keeps the card's number and the timer")
    func narrowHeader() throws {
        let (vault, _) = try makeVault()
        defer { vault.cleanUp() }
        var session = TmuxSession(vault: vault)
        session.columns = 44
        defer { session.stop() }
        try session.start("study")
        let screen = try session.waitFor("Card 1 of 2")
        let header = try #require(screen.split(separator: "\n").first { $0.hasPrefix("Card 1 of 2") })
        #expect(header.contains("…") && header.count <= 44, "\(header)")
        #expect(header.range(of: #"  \d+s$"#, options: .regularExpression) != nil, "the timer ends the line: \(header)")
        try session.keys("q")
        try session.waitFor("EXIT=0")
    }

    @Test("a card's picture (![[door.png]] in its paragraph) is drawn by chafa under the question")
    func picture() throws {
        let (vault, _) = try makeVault()
        defer { vault.cleanUp() }
        try FileManager.default.createDirectory(
            at: vault.root.appendingPathComponent("figures"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault/loci/Home walk/01.png"),
            to: vault.root.appendingPathComponent("figures/door.png"))
        try vault.write("deck/door.md", "# Door\n\nWhat is drawn here? :: A front door\n![[door.png]]\n")
        let session = TmuxSession(vault: vault)
        defer { session.stop() }
        try session.start("study deck")
        let screen = try session.waitFor("What is drawn here?")
        // chafa's block symbols (the house's outline), not the picture's path.
        let blocks = screen.unicodeScalars.filter { (0x2580...0x259F).contains($0.value) }.count
        #expect(blocks > 20, "\(screen)")
        #expect(!screen.contains("door.png"))
        try session.keys("q")
        try session.waitFor("EXIT=0")
    }

    @Test("the timer is green, then amber from study.timer's first value, then red from its second")
    func timerColours() throws {
        let (vault, _) = try makeVault()
        defer { vault.cleanUp() }
        let session = TmuxSession(vault: vault)
        defer { session.stop() }
        // With colour (no NO_COLOR), as a person's terminal has it.
        let command =
            "env -u NO_COLOR VAULT_DIR='\(vault.root.path)' VAULT_NOW=\(vault.now) TERM=xterm-256color '\(VaultSandbox.binary.path)' study; sleep 60"
        try session.tmux(["new-session", "-d", "-x", "100", "-y", "30", "-s", "review", command])
        func header() throws -> String {
            try session.tmux(["capture-pane", "-p", "-e", "-t", "review"]).split(separator: "\n").first.map(String.init)
                ?? ""
        }
        func waitForHeader(_ text: String) throws -> String {
            for _ in 0..<200 {
                let line = try header()
                if line.contains(text) { return line }
                usleep(50_000)
            }
            Issue.record("the header never showed \(text.debugDescription): \(try header().debugDescription)")
            return ""
        }
        #expect(try waitForHeader("\u{1B}[32m1s").contains("Card 1 of 2"), "green at 1 s")
        _ = try waitForHeader("\u{1B}[33m2s")
        _ = try waitForHeader("\u{1B}[31m4s")
        try session.keys("Space")
        usleep(300_000)
        let shown = try header()
        #expect(!shown.contains("\u{1B}[31m"), "no timer once the answer is shown: \(shown.debugDescription)")
    }
}
