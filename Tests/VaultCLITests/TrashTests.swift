import Foundation
import Testing

/// `vault rm` moves a note into `.vault/trash/`, `vault restore` brings it
/// back with its history and card schedules intact.
@Suite("Trash: rm and restore", .serialized)
struct TrashTests {
    let note = "deck/geography.md"

    /// Rates one card so the note has ledger events, and returns the card listing as JSON text.
    func rateOne(_ vault: VaultSandbox) throws -> String {
        let cards = try vault.run(["cards", "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(cards.stdout.utf8)) as? [[String: Any]])
        let id = try #require(list.first { ($0["question"] as? String)?.contains("France") == true }?["id"] as? String)
        #expect(try vault.run(["study", "--rate", "\(id)=good"]).status == 0)
        return try vault.run(["cards", "--json"]).stdout
    }

    @Test("rm moves the note into the trash and says what refers to it; restore brings it back as it was")
    func removeAndRestore() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        let before = try rateOne(vault)
        let bytes = try vault.read(note)
        let removed = try vault.run(["rm", note])
        #expect(removed.status == 0)
        #expect(
            removed.stdout
                == "Moved deck/geography.md to .vault/trash/deck/geography.md (1 ledger event and 3 flashcards refer to it); `vault restore deck/geography.md` brings it back.\n"
        )
        #expect(!FileManager.default.fileExists(atPath: vault.root.appendingPathComponent(note).path))
        #expect(try vault.read(".vault/trash/deck/geography.md") == bytes)
        #expect(try vault.read(".vault/trash/.gitignore") == "*\n", "the trash ignores itself in git")
        #expect(!(try vault.run(["cards"]).stdout.contains("geography")))
        let restored = try vault.run(["restore", "geography.md"])
        #expect(restored.status == 0)
        #expect(restored.stdout == "Restored deck/geography.md.\n")
        #expect(try vault.read(note) == bytes)
        #expect(try vault.run(["cards", "--json"]).stdout == before, "the cards' schedules are back")
    }

    @Test("restore never replaces a note now at the old place, and names a missing one")
    func restoreRefuses() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        #expect(try vault.run(["rm", note]).status == 0)
        try vault.write(note, "# A new geography note\n")
        let refused = try vault.run(["restore", note])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: "))
        #expect(try vault.read(note) == "# A new geography note\n")
        #expect(FileManager.default.fileExists(atPath: vault.root.appendingPathComponent(".vault/trash/\(note)").path))
        #expect(try vault.run(["restore", "nosuch.md"]).status == 1)
    }

    @Test("a second note of the same path is kept beside the first in the trash; restore by id picks it")
    func samePathTwice() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        #expect(try vault.run(["rm", note]).status == 0)
        try vault.write(note, "---\nid: 0d000000-0000-4000-8000-0000000000ff\n---\n# Second\n")
        #expect(try vault.run(["rm", note]).status == 0)
        let trash = try FileManager.default.contentsOfDirectory(
            atPath: vault.root.appendingPathComponent(".vault/trash/deck").path
        ).sorted()
        #expect(trash.count == 2 && trash.contains("geography.md"), "\(trash)")
        #expect(try vault.run(["restore", "0d000000-0000-4000-8000-0000000000ff"]).status == 0)
        #expect(try vault.read(note).contains("# Second"))
    }

    @Test("with an older copy in the trash, rm prints the trash entry to restore, and that command restores it")
    func restoreCommandWithOlderCopy() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        #expect(try vault.run(["rm", note]).status == 0)
        try vault.write(note, "# Second\n")
        let removed = try vault.run(["rm", note])
        #expect(removed.status == 0)
        let command = try #require(
            removed.stdout.components(separatedBy: "`vault restore ").last?.components(separatedBy: "` brings").first)
        #expect(command.hasPrefix("'.vault/trash/deck/geography (removed "), "\(removed.stdout)")
        // The path alone names both copies, as before; the printed entry names one.
        #expect(try vault.run(["restore", note]).stderr.contains("matches 2"))
        let restored = try vault.run(["restore", String(command.dropFirst().dropLast())])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try vault.read(note) == "# Second\n")
        // Removed again beside the older copy: again the entry, never a path that names two.
        #expect(try vault.run(["rm", note]).stdout.contains("`vault restore '.vault/trash/deck/geography (removed "))
    }

    @Test("vault new never takes the path of a trashed note, so restore still works")
    func newSkipsTrashedPath() throws {
        var vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        vault.now = "2026-11-18T09:00:00Z"
        let first = try vault.run(["new", "Travel plans"])
        #expect(first.stdout == "2026/11/travel-plans.md\n", "\(first.stderr)")
        #expect(try vault.run(["rm", "2026/11/travel-plans.md"]).status == 0)
        let second = try vault.run(["new", "Travel plans"])
        #expect(second.stdout == "2026/11/travel-plans-2.md\n", "\(second.stderr)")
        let restored = try vault.run(["restore", "2026/11/travel-plans.md"])
        #expect(restored.status == 0, "\(restored.stderr)")
    }

    @Test("on a terminal rm asks first: n keeps the note, y moves it")
    func confirms() throws {
        let vault = try VaultSandbox(fixture: "cards")
        defer { vault.cleanUp() }
        var session = InteractiveReviewTests.Session(vault: vault)
        session.columns = 200
        defer { session.stop() }
        try session.start("rm \(note)")
        let asked = try session.waitFor("[y/N]")
        #expect(asked.contains("Move 'Geography' (deck/geography.md) to the trash? 0 ledger events and 3 flashcards refer to it."))
        try session.keys("n", "Enter")
        try session.waitFor("Nothing moved.")
        #expect(FileManager.default.fileExists(atPath: vault.root.appendingPathComponent(note).path))
        session.stop()
        session = InteractiveReviewTests.Session(vault: vault)
        session.columns = 200
        try session.start("rm \(note)")
        try session.waitFor("[y/N]")
        try session.keys("y", "Enter")
        try session.waitFor("EXIT=0")
        #expect(!FileManager.default.fileExists(atPath: vault.root.appendingPathComponent(note).path))
    }
}
