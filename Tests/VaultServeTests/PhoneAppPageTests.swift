import Foundation
import Testing
import VaultApp
import VaultCore

@testable import VaultServe
@testable import VaultWiring

/// The phone app's writes through the page handlers, over the real adapters
/// on a copy of ExampleVault: an answer or a capture sent twice lands once,
/// an undo restores the card as `vault cards --json` shows it, a capture and
/// an edit land in the files, a conflicting edit keeps both versions.
@Suite("vault serve: the phone app's writes")
struct PhoneAppPageTests {
    /// The first card of today's queue.
    static func firstCard(_ vault: ServeSandbox) throws -> String {
        try #require(StudyFlow(Studying(try vault.context()), request: StudyRequest()).queue.entries.first?.card.id)
    }

    static func rateLines(_ vault: ServeSandbox) throws -> [String] {
        try vault.ledgerLines().filter { $0.contains("\trate\t") }
    }

    @Test("an answer posted twice with one given id is one rate event; another id is another")
    func answerOnce() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let card = try Self.firstCard(vault)
        let before = try Self.rateLines(vault).count
        let form = FormFields(["card": card, "answer": "good", "response_ms": "1200", "given": "3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c"])
        #expect(StudyPage.rate(try vault.context(), form: form).status == 303)
        #expect(StudyPage.rate(try vault.context(), form: form).status == 303)  // the reply was lost: sent again
        var offline = form.values
        offline["response_ms"] = nil  // as the offline queue sends it, out of turn
        #expect(StudyPage.rate(try vault.context(), form: FormFields(offline)).status == 303)
        let lines = try Self.rateLines(vault)
        #expect(lines.count == before + 1)
        #expect(lines.last?.contains("\trate\tid=3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c\t") == true)
        var other = form.values
        other["given"] = "4f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c"
        #expect(StudyPage.rate(try vault.context(), form: FormFields(other)).status == 303)
        #expect(try Self.rateLines(vault).count == before + 2)
        var bad = form.values
        bad["given"] = "not an id!"
        #expect(StudyPage.rate(try vault.context(), form: FormFields(bad)).status == 400)
        #expect(try Self.rateLines(vault).count == before + 2)
    }

    @Test("undo writes one answer-undo and restores the card in vault cards --json")
    func undoRestoresTheCard() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let card = try Self.firstCard(vault)
        let before = try vault.vault(["cards", "--json"])
        #expect(before.status == 0)
        let rate = FormFields(["card": card, "answer": "easy", "response_ms": "900", "given": "a-1"])
        #expect(StudyPage.rate(try vault.context(), form: rate).status == 303)
        let rated = try vault.vault(["cards", "--json"])
        #expect(rated.stdout != before.stdout)
        let undo = FormFields(["card": card, "given": "u-1"])
        let undone = StudyPage.undo(try vault.context(), form: undo)
        #expect(undone.status == 303)
        #expect(StudyPage.undo(try vault.context(), form: undo).status == 303)  // sent twice: one event
        #expect(try vault.ledgerLines().filter { $0.contains("\tanswer-undo\t") }.count == 1)
        let after = try vault.vault(["cards", "--json"])
        #expect(after.stdout == before.stdout)
        // The card is the next one again.
        #expect(try Self.firstCard(vault) == card)
        // Nothing more to take back for it.
        #expect(StudyPage.undo(try vault.context(), form: FormFields(["card": card, "given": "u-2"])).status == 409)
    }

    @Test("a capture lands in a note file with its fields, once per given id")
    func captureOnce() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let category = try #require(try vault.context().config.categories.first?.name)
        let sourceType = try #require(try vault.context().config.sourceTypes.first)
        let form = FormFields([
            "title": "Captured on the phone", "text": "A thought from the bus.\r\nSecond line.", "category": category,
            "source": "https://example.org/a", "source_type": sourceType, "given": "7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
        ])
        let first = NewNotePage.post(try vault.context(), form: form, csrf: "c")
        #expect(first.status == 303)
        let location = try #require(first.location)
        let path = String(location.dropFirst("/notes/".count).prefix { $0 != "?" }).removingPercentEncoding!
        let text = try String(contentsOf: vault.root.appendingPathComponent(path), encoding: .utf8)
        #expect(text.contains("A thought from the bus.\nSecond line."))
        #expect(text.contains("7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f"))
        #expect(text.contains("https://example.org/a"))
        let again = NewNotePage.post(try vault.context(), form: form, csrf: "c")
        #expect(again.location == first.location)
        let files = FileManager.default.enumerator(atPath: vault.root.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".md") && !$0.hasPrefix(".vault") }
        let copies = try files.filter {
            try String(contentsOf: vault.root.appendingPathComponent($0), encoding: .utf8).contains("A thought from the bus.")
        }
        #expect(copies == [path])
        let refused = NewNotePage.post(try vault.context(), form: FormFields(["title": "x", "category": "No Such Category"]), csrf: "c")
        #expect(refused.status == 400)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("No Such Category"))
    }

    @Test("an edit lands with the front matter kept; a conflicting edit keeps both versions")
    func editAndConflict() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let note = try #require(try vault.context().notes.summaries().notes.first { $0.id != nil })
        let url = vault.root.appendingPathComponent(note.path)
        let original = try String(contentsOf: url, encoding: .utf8)
        let version = try NoteEditing(try vault.context()).version(of: note.path)
        #expect(!version.frontMatter.isEmpty)
        let saved = NoteEditPage.post(
            try vault.context(), reference: note.path, form: FormFields(["text": "Edited on the phone.\n", "base": version.base]),
            csrf: "c")
        #expect(saved.status == 303)
        let edited = try String(contentsOf: url, encoding: .utf8)
        #expect(edited.hasPrefix(version.frontMatter))
        #expect(edited.hasSuffix("Edited on the phone.\n"))
        #expect(edited != original)
        // A form opened now, then the file changed on disk (an editor, a sync), then the form sent.
        let opened = try NoteEditing(try vault.context()).version(of: note.path)
        try (edited + "Written on the laptop.\n").write(to: url, atomically: true, encoding: .utf8)
        let conflict = NoteEditPage.post(
            try vault.context(), reference: note.path, form: FormFields(["text": "Mine from the phone.\n", "base": opened.base]),
            csrf: "c")
        #expect(conflict.status == 409)
        let page = String(decoding: conflict.body, as: UTF8.self)
        #expect(page.contains("changed on disk"))
        #expect(try String(contentsOf: url, encoding: .utf8) == edited + "Written on the laptop.\n")
        let copyPath = try #require(
            page.components(separatedBy: "kept as <a href=\"/notes/").dropFirst().first?.prefix { $0 != "\"" })
        let copy = try String(
            contentsOf: vault.root.appendingPathComponent(String(copyPath).removingPercentEncoding!), encoding: .utf8)
        #expect(copy.contains("Mine from the phone."))
    }

    @Test("delete moves the note to the trash and the undo brings it back")
    func deleteAndRestore() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let note = try #require(try vault.context().notes.summaries().notes.first)
        let url = vault.root.appendingPathComponent(note.path)
        let text = try Data(contentsOf: url)
        let deleted = NoteEditPage.delete(try vault.context(), reference: note.path)
        #expect(deleted.status == 303)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        let location = try #require(deleted.location)
        let entry = try #require(
            URLComponents(string: location)?.queryItems?.first { $0.name == "trashed" }?.value)
        let restored = NoteEditPage.restore(try vault.context(), form: FormFields(["entry": entry]))
        #expect(restored.status == 303)
        #expect(try Data(contentsOf: url) == text)
    }

    @Test("search counts every hit as vault search does and pages past 50")
    func searchPages() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        for i in 0..<73 {
            try "# Pelican \(i)\n\nThe zyxwordq pelican number \(i).\n".write(
                to: vault.root.appendingPathComponent("pelican-\(i).md"), atomically: true, encoding: .utf8)
        }
        let cli = try vault.vault(["search", "zyxwordq", "-l"])
        let cliTotal = cli.stdout.split(separator: "\n").count
        #expect(cliTotal == 73)
        let first = String(decoding: SearchPage.get(try vault.context(), query: FormFields(["q": "zyxwordq"]), csrf: "c").body, as: UTF8.self)
        #expect(PageHandlerTests.counts(first)["total"] == cliTotal)
        #expect(first.components(separatedBy: "<li>").count - 1 == 50)
        #expect(first.contains("page=2"))
        let second = String(
            decoding: SearchPage.get(try vault.context(), query: FormFields(["q": "zyxwordq", "page": "2"]), csrf: "c").body,
            as: UTF8.self)
        #expect(second.components(separatedBy: "<li>").count - 1 == 23)
        #expect(second.contains("start=\"51\""))
        let filtered = String(
            decoding: SearchPage.get(try vault.context(), query: FormFields(["q": "zyxwordq", "tag": "nosuchtag"]), csrf: "c").body,
            as: UTF8.self)
        #expect(PageHandlerTests.counts(filtered)["total"] == 0)
    }

    @Test("a start sent twice starts one session; it shows a live timer and the full Stop form, whose fields are recorded")
    func sessionStopForm() throws {
        let web = try ServeSandbox()
        defer { web.cleanUp() }
        let subject = try #require(try web.context().config.subjects.first?.name)
        // Started an hour before now, so the stop records a session (not a cancel).
        let hourAgo = try web.context().replacing(now: try web.context().now.addingTimeInterval(-3600))
        #expect(SessionsPage.post(hourAgo, action: "start", form: FormFields(["subject": subject, "given": "s-1"])).status == 303)
        #expect(SessionsPage.post(hourAgo, action: "start", form: FormFields(["subject": subject, "given": "s-1"])).status == 303)
        let starts = try web.ledgerLines().filter { $0.contains("\tsession-start\tid=s-1\t") }
        #expect(starts.count == 1, "a start sent twice starts one session: \(starts)")
        let page = String(decoding: SessionsPage.get(try web.context(), csrf: "c").body, as: UTF8.self)
        #expect(page.contains("class=\"live-timer\" data-start=\""))
        for field in ["questions", "correct", "note"] { #expect(page.contains("name=\"\(field)\""), "\(field)") }
        let before = try web.ledgerLines().count
        let stopped = SessionsPage.post(
            try web.context(), action: "stop", form: FormFields(["questions": "12", "correct": "9", "note": "ch. 3"]))
        #expect(stopped.status == 303)
        let lines = try web.ledgerLines().dropFirst(before)
        #expect(lines.count == 1)
        #expect(lines.first?.contains("questions=12") == true && lines.first?.contains("correct=9") == true, "\(lines)")
    }

    @Test("--listen beyond loopback needs TLS or --insecure; --sync reads 30s, 5m, 1h")
    func serveOptions() throws {
        #expect(throws: (any Error).self) { try ServeOptions.parse(["--listen", "0.0.0.0"]) }
        #expect(throws: Never.self) { try ServeOptions.parse(["--listen", "0.0.0.0", "--insecure"]) }
        #expect(throws: Never.self) { try ServeOptions.parse(["--listen", "127.0.0.1"]) }
        #expect(throws: (any Error).self) { try ServeOptions.parse(["--sync", "5 minutes"]) }
        #expect(throws: (any Error).self) { try ServeOptions.parse(["--sync", "25h"]) }
        #expect(ServeOptions.seconds("30s") == 30)
        #expect(ServeOptions.seconds("5m") == 300)
        #expect(ServeOptions.seconds("1h") == 3600)
        #expect(ServeOptions.seconds("0m") == nil)
        #expect(ServeOptions.seconds("m") == nil)
    }
}
