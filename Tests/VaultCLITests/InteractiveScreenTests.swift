import Foundation
import Testing

/// The screen layer of the full-screen views, in a real terminal (tmux) at
/// several sizes: wrapping at word boundaries by display width, the pinned
/// header and keys, scrolling, resizing, Ctrl-C and Ctrl-Z.
@Suite("Full-screen views under tmux", .serialized)
struct InteractiveScreenTests {
    typealias Session = InteractiveReviewTests.Session

    /// 300 numbered lines, each a sentence; the first paragraph is one long line of words.
    static let longParagraph = (1...60).map { "word\($0)" }.joined(separator: " ")
    static let cjk = "記憶の宮殿は場所の順序を使って長い列を覚える古い技法であり、中国語の漢字も日本語の仮名も二つの桁を取る。"

    /// A vault holding one long note and one CJK note, both in week 2026-W46.
    func makeVault() throws -> VaultSandbox {
        let vault = try VaultSandbox(fixture: "curation")
        for note in try FileManager.default.subpathsOfDirectory(atPath: vault.root.path)
        where note.hasSuffix(".md") {
            try FileManager.default.removeItem(at: vault.root.appendingPathComponent(note))
        }
        let numbered = (1...300).map { "Line \($0) ends here." }.joined(separator: "\n\n")
        try vault.write(
            "2026/11/long.md",
            """
            ---
            created: 2026-11-10T08:00:00Z
            ---
            # A long note

            \(Self.longParagraph)

            \(numbered)

            """)
        try vault.write(
            "2026/11/palace.md",
            """
            ---
            created: 2026-11-11T08:00:00Z
            ---
            # 記憶の宮殿

            \(Self.cjk)

            """)
        return vault
    }

    /// The lines of the screen between the rule under the header and the two bottom lines.
    func body(_ screen: String) -> [String] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let rule = lines.firstIndex(where: { $0.hasPrefix("────") }) else { return [] }
        return Array(lines[(rule + 1)...].dropLast(3))
    }

    @Test("60×20: the header stays pinned, words are never split, End scrolls to the last line")
    func smallWindow() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        var session = Session(vault: vault)
        session.columns = 60
        session.rows = 20
        defer { session.stop() }
        try session.start("review weekly 2026-W46")
        let first = try session.waitFor("Week 46, 2026 — 1 of 2")
        let lines = first.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count > 2, "\(first)")
        #expect(lines[1] == "A long note")
        #expect(lines[2] == String(repeating: "─", count: 60), "the rule is as wide as the window")
        #expect(!first.contains("# A long note"), "the title is not repeated as the body's first heading")
        #expect(first.contains("1–15 of"))
        // The paragraph's words, read back across the wrapped lines, are whole.
        let words = body(first).joined(separator: " ").split(separator: " ").filter { $0.hasPrefix("word") }
        #expect(words.map(String.init) == Self.longParagraph.split(separator: " ").map(String.init))
        #expect(lines.allSatisfy { $0.count <= 60 })
        try session.keys("End")
        let end = try session.waitFor("Line 300 ends here.")
        #expect(end.hasPrefix("Week 46, 2026 — 1 of 2"), "the header is still there at the end of a long note")
        #expect(end.contains("k keep"))
        try session.keys("Home")
        try session.waitFor("word1 word2")
        try session.keys("PageDown")
        let paged = try session.waitFor("Line 6 ends here.")
        #expect(!paged.contains("word1 word2"))
        try session.keys("q")
        try session.waitFor("EXIT=0")
    }

    @Test("a resize in the middle of a review redraws at once to the new width")
    func resize() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        var session = Session(vault: vault)
        session.columns = 120
        session.rows = 40
        defer { session.stop() }
        try session.start("review weekly 2026-W46")
        let wide = try session.waitFor("1 of 2")
        #expect(wide.contains(String(repeating: "─", count: 120)))
        _ = try session.tmux(["resize-window", "-t", "review", "-x", "60", "-y", "20"])
        var narrow = ""
        for _ in 0..<100 {
            narrow = try session.screen()
            if narrow.split(separator: "\n").contains(where: { $0 == String(repeating: "─", count: 60) }) { break }
            usleep(50_000)
        }
        #expect(narrow.split(separator: "\n").contains { $0 == String(repeating: "─", count: 60) }, "\(narrow)")
        #expect(narrow.hasPrefix("Week 46, 2026 — 1 of 2"))
        _ = try session.tmux(["resize-window", "-t", "review", "-x", "30", "-y", "8"])
        try session.waitFor("Make the window at least 40×10")
        _ = try session.tmux(["resize-window", "-t", "review", "-x", "200", "-y", "50"])
        let big = try session.waitFor("Line 18 ends here.")
        #expect(big.contains("k keep · a archive · s/→ skip · p/← previous · ↓↑ scroll · e edit · q quit"))
        try session.keys("q")
        try session.waitFor("EXIT=0")
    }

    @Test("CJK text wraps by display width: two columns a character, no line past the edge")
    func cjkNote() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        var session = Session(vault: vault)
        session.columns = 60
        session.rows = 20
        defer { session.stop() }
        try session.start("review weekly 2026-W46")
        try session.waitFor("1 of 2")
        try session.keys("s")
        let screen = try session.waitFor("2 of 2")
        let text = body(screen).filter { $0.unicodeScalars.contains { $0.value >= 0x3000 } }
        #expect(text.count >= 2, "\(screen)")
        #expect(text.joined() == Self.cjk)
        for line in text {
            let width = line.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x3000 ? 2 : 1) }
            #expect(width <= 60, "\(line)")
        }
        try session.keys("q")
        try session.waitFor("EXIT=0")
    }

    /// An interactive shell in tmux, for job control and `stty`.
    func shell(_ vault: VaultSandbox) throws -> Session {
        var session = Session(vault: vault)
        session.columns = 100
        session.rows = 30
        _ = try session.tmux([
            "new-session", "-d", "-x", "100", "-y", "30", "-s", "review",
            "env -i HOME=\(vault.root.path) PATH=/usr/bin:/bin TERM=screen PS1='$ ' bash --norc --noprofile -i",
        ])
        return session
    }

    func command(_ vault: VaultSandbox, _ arguments: String, echoingStatus: Bool = true) -> String {
        "VAULT_DIR='\(vault.root.path)' VAULT_NOW=\(vault.now) NO_COLOR=1 '\(VaultSandbox.binary.path)' \(arguments)"
            + (echoingStatus ? "; echo EXIT=$?" : "")
    }

    @Test("Ctrl-C leaves with exit status 130 and the terminal's settings as they were")
    func interruptRestoresTerminal() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        let session = try shell(vault)
        defer { session.stop() }
        let before = vault.root.appendingPathComponent("stty-before.txt").path
        let after = vault.root.appendingPathComponent("stty-after.txt").path
        try session.keys("stty -a > '\(before)'; " + command(vault, "review weekly 2026-W46") + "; stty -a > '\(after)'", "Enter")
        try session.waitFor("1 of 2")
        try session.keys("C-c")
        try session.waitFor("EXIT=130")
        usleep(200_000)
        let saved = try String(contentsOfFile: before, encoding: .utf8)
        #expect(!saved.isEmpty)
        #expect(try String(contentsOfFile: after, encoding: .utf8) == saved)
    }

    @Test("Ctrl-Z suspends with the terminal restored; fg brings the review back")
    func suspendAndResume() throws {
        let vault = try makeVault()
        defer { vault.cleanUp() }
        let session = try shell(vault)
        defer { session.stop() }
        try session.keys(command(vault, "review weekly 2026-W46", echoingStatus: false), "Enter")
        try session.waitFor("1 of 2")
        try session.keys("C-z")
        let stopped = try session.waitFor("Stopped")
        #expect(!stopped.contains("k keep · a archive"), "the normal screen is back while suspended")
        try session.keys("fg", "Enter")
        let back = try session.waitFor("k keep · a archive")
        #expect(back.contains("Week 46, 2026 — 1 of 2"))
        try session.keys("k")
        try session.waitFor("2 of 2")
        try session.keys("q")
        try session.waitFor("Week 46, 2026: 1 of 2 notes decided.")
        try session.keys("echo EXIT=$?", "Enter")
        try session.waitFor("EXIT=0")
    }

    @Test("a revealed cloze shows the whole sentence wrapped to the window, the answer in place, nothing cut")
    func clozeReveal() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        try vault.write(
            "deck/cloze.md",
            "# Cloze\n\nThe ==testing effect== is the finding that retrieving information from memory strengthens it more than restudying it.\n")
        var session = Session(vault: vault)
        session.columns = 60
        session.rows = 20
        defer { session.stop() }
        try session.start("study deck")
        // deck/cloze.md comes first in reading order.
        let question = try session.waitFor("Card 1 of")
        #expect(question.contains("The […] is the finding"))
        try session.keys("Space")
        let revealed = try session.waitFor("The testing effect is the finding")
        #expect(!revealed.contains("…\n") && !revealed.split(separator: "\n").contains { $0.hasSuffix("…") }, "\(revealed)")
        #expect(revealed.contains("strengthens it more than"))
    }
}
