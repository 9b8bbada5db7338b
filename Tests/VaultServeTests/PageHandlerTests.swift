import Foundation
import Testing
import VaultApp
import VaultCore

@testable import VaultWiring
@testable import VaultServe

/// The page handlers over the real adapters on a copy of ExampleVault, as a
/// request runs them (a fresh context each), compared with the CLI's words and ledger lines.
@Suite("vault serve pages")
struct PageHandlerTests {
    /// The `data-count` numbers of a page.
    static func counts(_ html: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        var rest = Substring(html)
        while let start = rest.range(of: "data-count=\"") {
            rest = rest[start.upperBound...]
            guard let quote = rest.firstIndex(of: "\""), let close = rest.firstIndex(of: ">"),
                let end = rest[close...].firstIndex(of: "<")
            else { break }
            counts[String(rest[..<quote])] = Int(rest[rest.index(after: close)..<end])
        }
        return counts
    }

    @Test("the dashboard's counts are vault status's")
    func dashboardCounts() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let html = DashboardPage.render(VaultStatus.load(try vault.context()), csrf: "c").rendered
        let counts = Self.counts(html)
        let json = try vault.vault(["status", "--json"])
        let status = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        for key in ["notes", "notes_to_review", "due_flashcards", "new_flashcards", "session_reviews_due", "loci_due"] {
            #expect(counts[key] == status[key] as? Int, "\(key)")
        }
        #expect(counts["notes"] ?? 0 > 0)
    }

    /// The first period the dashboard links to a review of.
    static func pendingReview(_ context: AppContext) throws -> CurationBoard.Review {
        let status = VaultStatus.load(context)
        return try #require(
            status.report.periods.first { $0.review.pendingCount > 0 && $0.role != .current }?.review)
    }

    @Test("keep and archive from the page write the ledger lines vault review writes")
    func reviewLedgerEqualsCLI() throws {
        let web = try ServeSandbox()
        let cli = try ServeSandbox()
        defer { web.cleanUp(); cli.cleanUp() }
        let review = try Self.pendingReview(try web.context())
        let level = review.period.level.rawValue
        let notes = zip(review.items, review.decisions).filter { $0.1 == nil }.map(\.0.note).prefix(2)
        try #require(notes.count == 2)
        let before = try web.ledgerLines().count
        for (decision, note) in zip(["keep", "archive"], notes) {
            let answer = ReviewPage.post(
                try web.context(), level: level, period: review.period.id,
                form: FormFields(["decision": decision, "path": note.path, "csrf": "c"]))
            #expect(answer.status == 303)
            #expect(answer.location?.hasPrefix("/review/\(level)/") == true)
            let result = try cli.vault(["review", level, review.period.id, "--\(decision)", note.path])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let webLines = try web.ledgerLines()
        let cliLines = try cli.ledgerLines()
        #expect(webLines.count == before + 2)
        #expect(webLines.map(ServeSandbox.comparable) == cliLines.map(ServeSandbox.comparable))
    }

    @Test("the review resumes at the first undecided note and ?at= moves within bounds")
    func reviewResumes() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let context = try vault.context()
        let review = try Self.pendingReview(context)
        let first = try #require(zip(review.items, review.decisions).first { $0.1 == nil }?.0)
        let page = ReviewPage.get(context, level: review.period.level.rawValue, period: review.period.id, query: FormFields(), csrf: "c")
        #expect(page.status == 200)
        #expect(page.text.contains(XMLText.escaped(first.note.title)))
        let end = ReviewPage.get(
            context, level: review.period.level.rawValue, period: review.period.id, query: FormFields(["at": "999"]), csrf: "c")
        #expect(end.text.contains("still undecided") || end.text.contains("is decided"))
        let bad = ReviewPage.get(context, level: "weekly", period: "2026-13", query: FormFields(), csrf: "c")
        #expect(bad.status == 404)
    }

    @Test("a note holding <script> and onerror= is shown as text")
    func hostileNoteIsEscaped() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let note = """
            ---
            title: "<script>alert('t')</script>"
            tags: ["<img src=x onerror=alert(2)>"]
            ---
            Body <script>alert(1)</script> and <img src=x onerror=alert(3)> [x](javascript:alert(4))
            """
        let folder = vault.root.appendingPathComponent("Inbox")
        try note.write(to: folder.appendingPathComponent("hostile.md"), atomically: true, encoding: .utf8)
        let context = try vault.context()
        let page = NotePage.get(context, reference: "Inbox/hostile.md", csrf: "c")
        #expect(page.status == 200)
        #expect(!page.text.contains("<script>alert"))
        #expect(!page.text.contains("<img src=x"))
        #expect(!page.text.contains("javascript:"))
        #expect(page.text.contains("&lt;script&gt;alert(&#39;t&#39;)&lt;/script&gt;"))
    }

    @Test("a note's page lists the notes linking to it as vault links does, and resolves its links by title")
    func noteBacklinks() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let folder = vault.root.appendingPathComponent("Inbox")
        try "# Linked target\n\nSee [[Linker two]].\n".write(
            to: folder.appendingPathComponent("linked-target.md"), atomically: true, encoding: .utf8)
        try "# Linker one\n\n[[Linked target]]\n".write(
            to: folder.appendingPathComponent("linker-one.md"), atomically: true, encoding: .utf8)
        try "# Linker two\n\n[t](linked-target.md)\n".write(
            to: folder.appendingPathComponent("linker-two.md"), atomically: true, encoding: .utf8)
        let page = NotePage.get(try vault.context(), reference: "Inbox/linked-target.md", csrf: "c")
        #expect(page.status == 200)
        let linked = try #require(page.text.components(separatedBy: "id=\"backlinks\"").last)
        #expect(linked.contains("href=\"/notes/Inbox/linker-one.md\"") && linked.contains("href=\"/notes/Inbox/linker-two.md\""))
        let cli = try vault.vault(["links", "Inbox/linked-target.md", "--json"])
        #expect(cli.stdout.contains("Inbox/linker-one.md") && cli.stdout.contains("Inbox/linker-two.md"))
        // A wiki link by title leads to the note it names.
        #expect(page.text.contains("href=\"/notes/Inbox/linker-two.md\">Linker two</a>"))
    }

    @Test("a search from the page finds a note written after the server started (the cache is freshened)")
    func searchIsFresh() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let query = FormFields(encoded: "q=zyxwordneverseen")
        #expect(Self.counts(SearchPage.get(try vault.context(), query: query, csrf: "c").text)["total"] == 0)
        try "# Fresh\n\nzyxwordneverseen\n".write(
            to: vault.root.appendingPathComponent("Inbox/fresh.md"), atomically: true, encoding: .utf8)
        let page = SearchPage.get(try vault.context(), query: query, csrf: "c")
        #expect(Self.counts(page.text)["total"] == 1 && page.text.contains("href=\"/notes/Inbox/fresh.md\""))
    }

    @Test("the study page shows the reminders waiting first, and its first answer records them answered by studying")
    func pendingReminders() throws {
        let web = try ServeSandbox()
        defer { web.cleanUp() }
        let log = web.root.appendingPathComponent(".vault/local/reminders")
        try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "2026-11-18T08:30:00Z\t2\t-\t-\tvault: 2 cards now?\n".write(to: log, atomically: true, encoding: .utf8)
        let page = StudyPage.get(try web.context(), folder: nil, query: FormFields([:]), csrf: "c")
        #expect(page.text.contains("<p class=\"pending\" role=\"status\">1 reminder waiting since 2026-11-18"))
        let card = try #require(StudyFlow(Studying(try web.context()), request: StudyRequest()).entry?.card)
        let answer = StudyPage.rate(
            try web.context(), form: FormFields(["card": card.id, "answer": "good", "response_ms": "", "csrf": "c"]))
        #expect(answer.status == 303)
        #expect(try String(contentsOf: log, encoding: .utf8).contains("\tstudy\t"))
        let next = StudyPage.get(try web.context(), folder: nil, query: FormFields(["t": "good"]), csrf: "c")
        #expect(!next.text.contains("reminder waiting"))
    }

    @Test("a rating from the page writes the ledger lines vault study --rate writes")
    func studyLedgerEqualsCLI() throws {
        let web = try ServeSandbox()
        let cli = try ServeSandbox()
        defer { web.cleanUp(); cli.cleanUp() }
        let context = try web.context()
        let flow = StudyFlow(Studying(context), request: StudyRequest())
        let card = try #require(flow.entry?.card)
        let answer = StudyPage.rate(context, form: FormFields(["card": card.id, "answer": "good", "response_ms": "", "csrf": "c"]))
        #expect(answer.status == 303)
        #expect(answer.location == "/study?t=good&last=\(card.id)")  // last: the card an undo takes back
        let result = try cli.vault(["study", "--rate", "\(card.id)=good"])
        #expect(result.status == 0, "\(result.stderr)")
        let webLines = try web.ledgerLines().map(ServeSandbox.comparable)
        let cliLines = try cli.ledgerLines().map(ServeSandbox.comparable)
        #expect(webLines.suffix(3) == cliLines.suffix(3))
        #expect(webLines == cliLines)
        // The next page shows another card, its answer hidden, the intervals on the buttons.
        let next = StudyPage.get(try web.context(), folder: nil, query: FormFields(["t": "good"]), csrf: "c")
        #expect(next.status == 200)
        #expect(!next.text.contains("data-card=\"\(card.id)\""))
        #expect(next.text.contains("id=\"answer\" hidden"))
        #expect(next.text.contains("class=\"interval\""))
    }

    @Test("with write_back, the page's undo puts the comment back as the terminal's does; an edited address writes nothing")
    func undoPutsTheCommentBack() throws {
        let web = try ServeSandbox(fixture: "obsidian-sr")
        defer { web.cleanUp() }
        #expect(try web.vault(["init", web.root.path, "--timezone", "UTC"]).status == 0)
        let config = web.root.appendingPathComponent(".vault/config.yml")
        try String(contentsOf: config, encoding: .utf8).replacingOccurrences(of: "  write_back: false", with: "  write_back: true")
            .write(to: config, atomically: true, encoding: .utf8)
        func notes() throws -> [String: String] {
            var found: [String: String] = [:]
            for case let url as URL in FileManager.default.enumerator(at: web.root, includingPropertiesForKeys: nil)!
            where url.pathExtension == "md" {
                found[url.path] = try String(contentsOf: url, encoding: .utf8)
            }
            return found
        }
        let before = try notes()
        // Two cards in turn: one with a comment of its own, then the note review (front matter).
        for _ in 0..<2 {
            let card = try #require(StudyFlow(Studying(try web.context()), request: StudyRequest()).entry?.card)
            let answer = StudyPage.rate(
                try web.context(), form: FormFields(["card": card.id, "answer": "good", "response_ms": "900", "csrf": "c"]))
            let location = try #require(answer.location)
            #expect(location.contains("&prev="), "\(location)")
            #expect(try notes() != before, "the answer was written back")
            let query = String(location.split(separator: "?").last ?? "")
            let fields = FormFields(encoded: query + "&card=\(card.id)&csrf=c")
            #expect(StudyPage.undo(try web.context(), form: fields).status == 303)
            #expect(try notes() == before, "\(card.notePath) is as it was")
        }
        // An address edited by hand: the undo is recorded, the note is not written from it.
        let card = try #require(StudyFlow(Studying(try web.context()), request: StudyRequest()).entry?.card)
        _ = StudyPage.rate(try web.context(), form: FormFields(["card": card.id, "answer": "good", "response_ms": "900", "csrf": "c"]))
        let answered = try notes()
        let forged = FormFields(["card": card.id, "last": card.id, "prev": "!2026-11-15,10,250--> injected", "csrf": "c"])
        #expect(StudyPage.undo(try web.context(), form: forged).status == 303)
        #expect(try notes() == answered)
    }

    @Test("?n= stops after that many answers with a summary")
    func studyLimit() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let page = StudyPage.get(try vault.context(), folder: nil, query: FormFields(["n": "1", "t": "good"]), csrf: "c")
        #expect(page.text.contains("Session stopped: 1 card studied."))
        #expect(page.text.contains("Accuracy: 100%"))
    }

    @Test("a card holding </script> and <img onerror> is shown as text, in the page and in the offline data")
    func hostileCard() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        // Every other card studied today first, so the hostile one is asked first.
        let note = "---\ntitle: Hostile card\n---\nWhat ends a script? :: </script><script>alert(1)</script><img src=x onerror=alert(2)>\n"
        try note.write(to: vault.root.appendingPathComponent("2026/11/hostile-card.md"), atomically: true, encoding: .utf8)
        let page = StudyPage.get(try vault.context(), folder: "2026/11", query: FormFields(["reveal": "1"]), csrf: "c")
        #expect(page.status == 200)
        #expect(page.text.contains("What ends a script?"))
        #expect(!page.text.contains("<script>alert"))
        #expect(!page.text.contains("</script><script>"))
        #expect(!page.text.contains("<img src=x"))
        #expect(page.text.contains("\\u003c/script\\u003e"))  // in the JSON of the next cards (no `<` left to close the element)
    }

    @Test("an answer kept offline is written at the moment it was given (within the last 30 days)")
    func offlineMoment() throws {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let ms = Int(now.timeIntervalSince1970 * 1000)
        #expect(StudyPage.elapsedMilliseconds(answeredAt: ms - 3_600_000, now: now) == -3_600_000)
        #expect(StudyPage.elapsedMilliseconds(answeredAt: ms + 60_000, now: now) == 0)  // a clock ahead: now
        #expect(StudyPage.elapsedMilliseconds(answeredAt: ms - 31 * 86_400_000, now: now) == 0)
        #expect(StudyPage.elapsedMilliseconds(answeredAt: nil, now: now) == 0)
        guard ProcessInfo.processInfo.environment["VAULT_NOW"] == nil else { return }
        // With the clock running (no VAULT_NOW), the rate event carries the browser's moment.
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let context = try ServeOptions.parse(["--vault", vault.root.path]).served().context()
        let card = try #require(StudyFlow(Studying(context), request: StudyRequest()).entry?.card)
        let hourAgo = Int(context.now.timeIntervalSince1970 * 1000) - 3_600_000
        let answer = StudyPage.rate(
            context, form: FormFields(["card": card.id, "answer": "good", "response_ms": "2500", "answered_at": String(hourAgo)]))
        #expect(answer.status == 303)
        let line = try #require(try vault.ledgerLines().last)
        let stamp = try #require(line.split(separator: "\t").first.map(String.init))
        let written = try #require(VaultDate.parse(stamp, in: context.timeZone))
        #expect(abs(written.timeIntervalSince1970 * 1000 - Double(hourAgo)) < 1000)
        #expect(line.contains("response_ms=2500"))
    }
}
