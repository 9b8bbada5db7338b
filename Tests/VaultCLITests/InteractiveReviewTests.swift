import Foundation
import Testing

/// The full-screen review driven through tmux: a real terminal of fixed size.
@Suite("Interactive review under tmux", .serialized)
struct InteractiveReviewTests {
    /// A real terminal of 100×30 unless a test sets another size.
    typealias Session = TmuxSession

    func events(_ vault: VaultSandbox) -> [String] {
        vault.ledgerText().split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    @Test("keep, quit halfway, resume at the first pending note, go back and change a decision")
    func quitAndResume() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        var session = Session(vault: vault)
        defer { session.stop() }
        try session.start("review weekly 2026-W46")
        let first = try session.waitFor("Week 46, 2026 — 1 of 3")
        #expect(first.contains("Deep work blocks"))
        #expect(first.contains("■ Productivity"))
        #expect(first.contains("Two hours, no chat."))
        #expect(first.contains("k keep · a archive"))
        try session.keys("k")
        try session.waitFor("Week 46, 2026 — 2 of 3")
        try session.keys("q")
        let after = try session.waitFor("EXIT=0")
        #expect(after.contains("Week 46, 2026: 1 of 3 notes decided."))
        #expect(events(vault).count == 1)
        #expect(
            events(vault).first?.hasSuffix(
                "note=0c000000-0000-4000-8000-000000000006\tlevel=weekly\tperiod=2026-W46\tdecision=keep") == true)
        session.stop()

        session = Session(vault: vault)
        try session.start("review weekly 2026-W46")
        let resumed = try session.waitFor("Week 46, 2026 — 2 of 3")
        #expect(resumed.contains("Walk after lunch"))
        try session.keys("a")
        try session.waitFor("3 of 3")
        try session.keys("Left")
        let back = try session.waitFor("2 of 3  [archived]")
        #expect(back.contains("Walk after lunch"))
        try session.keys("k")
        try session.waitFor("3 of 3")
        try session.keys("k")
        let done = try session.waitFor("Week 46, 2026 — done")
        #expect(done.contains("3 of 3 notes decided."))
        try session.keys("q")
        let end = try session.waitFor("EXIT=0")
        #expect(end.contains("Added an id to 2026/11/2026-11-13 plain.md"))
        let lines = events(vault)
        try #require(lines.count == 4)
        #expect(
            lines[1].hasSuffix("0c000000-0000-4000-8000-000000000007\tlevel=weekly\tperiod=2026-W46\tdecision=archive"))
        #expect(
            lines[2].hasSuffix("0c000000-0000-4000-8000-000000000007\tlevel=weekly\tperiod=2026-W46\tdecision=keep"))
        #expect(try vault.read("2026/11/2026-11-13 plain.md").hasPrefix("---\nid: "))
        let list = try vault.run(["review", "weekly", "2026-W46", "--list"])
        #expect(list.stdout.hasPrefix("Week 46, 2026 (2026-W46): completed, 3 of 3 notes decided"))
    }

    @Test("the end page counts the pending notes instead of saying done; a monthly review opens with its warning on screen")
    func pendingAtEndAndWarningOnScreen() throws {
        var vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        var session = Session(vault: vault)
        defer { session.stop() }
        try session.start("review weekly 2026-W46")
        try session.waitFor("Week 46, 2026 — 1 of 3")
        try session.keys("k")
        try session.waitFor("Week 46, 2026 — 2 of 3")
        try session.keys("s")
        try session.waitFor("Week 46, 2026 — 3 of 3")
        try session.keys("s")
        let end = try session.waitFor("Week 46, 2026 — 2 pending")
        #expect(!end.contains("— done"))
        #expect(end.contains("1 of 3 notes decided."))
        try session.keys("q")
        try session.waitFor("EXIT=0")
        session.stop()

        vault.now = "2026-12-01T09:00:00Z"
        session = Session(vault: vault)
        try session.start("review monthly 2026-11")
        let opened = try session.waitFor("November 2026 — 1 of")
        #expect(opened.contains("Warning: reviewing November 2026 while these periods inside it are not"), "\(opened)")
        try session.keys("q")
        try session.waitFor("EXIT=0")
    }

    @Test("Ctrl-C leaves the review with the terminal restored and progress saved")
    func interrupt() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let session = Session(vault: vault)
        defer { session.stop() }
        try session.start("review weekly 2026-W46")
        try session.waitFor("1 of 3")
        try session.keys("a")
        try session.waitFor("2 of 3")
        try session.keys("C-c")
        let screen = try session.waitFor("EXIT=")
        #expect(screen.contains("EXIT=130"), "Ctrl-C exits 130, as an interrupted program does")
        #expect(screen.contains("Week 46, 2026: 1 of 3 notes decided."))
        #expect(!screen.contains("k keep · a archive"), "the alternate screen is gone")
        #expect(events(vault).count == 1)
    }

    @Test("keys that arrive in one read (key repeat, fast typing) are each obeyed: two arrows and a k")
    func keysInOneRead() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let session = Session(vault: vault)
        defer { session.stop() }
        try session.start("review weekly 2026-W46")
        try session.waitFor("1 of 3")
        try session.tmux(["send-keys", "-t", "review", "-l", "\u{1B}[B\u{1B}[Bk"])
        let next = try session.waitFor("2 of 3")
        #expect(!next.contains("Keys: k keep"), "no key was read as unknown")
        try session.tmux(["send-keys", "-t", "review", "-l", "\u{1B}OBa"])
        try session.waitFor("3 of 3")
        try session.keys("q")
        try session.waitFor("EXIT=0")
        #expect(events(vault).map { $0.hasSuffix("decision=keep") } == [true, false])
    }

    @Test("e runs the editor in the terminal's foreground: an editor that reads a line from it is not stopped")
    func editorReadsTheTerminal() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let editor = vault.root.appendingPathComponent(".vault/reading-editor.sh")
        try "#!/bin/sh\nprintf 'editor> '\nread line\nprintf '%s\\n' \"$line\" >> \"$1\"\n".write(
            to: editor, atomically: true, encoding: .utf8)
        let session = Session(vault: vault)
        defer { session.stop() }
        try session.start("review weekly 2026-W46", editor: "sh " + editor.path)
        try session.waitFor("1 of 3")
        try session.keys("e")
        try session.waitFor("editor>")
        try session.keys("Typed in the editor.", "Enter")
        // The review's screen drawn again (the editor's echo of the line comes first, off it).
        let after = try session.waitFor("k keep · a archive")
        #expect(after.contains("Week 46, 2026 — 1 of 3"))
        #expect(after.contains("Typed in the editor."))
        #expect(try vault.read("2026/11/focus.md").hasSuffix("Two hours, no chat.\nTyped in the editor.\n"))
        try session.keys("q")
        try session.waitFor("EXIT=0")
    }

    @Test("e opens the editor on the note and the screen shows the note as saved")
    func editThenReread() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let editor = vault.root.appendingPathComponent(".vault/fake-editor.sh")
        try "#!/bin/sh\nprintf 'Appended by the editor.\\n' >> \"$1\"\n".write(
            to: editor, atomically: true, encoding: .utf8)
        chmod(editor.path, 0o755)
        let session = Session(vault: vault)
        defer { session.stop() }
        // Through sh: exec of a script just written can fail with ETXTBSY while a test beside forks.
        try session.start("review weekly 2026-W46", editor: "sh " + editor.path)
        let before = try session.waitFor("1 of 3")
        #expect(!before.contains("Appended by the editor."))
        try session.keys("e")
        let after = try session.waitFor("Appended by the editor.")
        #expect(after.contains("Week 46, 2026 — 1 of 3"))
        #expect(try vault.read("2026/11/focus.md").hasSuffix("Two hours, no chat.\nAppended by the editor.\n"))
        try session.keys("q")
        try session.waitFor("EXIT=0")
        #expect(events(vault).isEmpty, "editing decides nothing")
    }
}
