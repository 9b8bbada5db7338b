import Foundation
import Testing
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation

@testable import VaultWiring
@testable import VaultServe

/// `/sessions` and `/stats` over the real adapters, against what the CLI writes.
@Suite("vault serve sessions and stats")
struct SessionsAndStatsPageTests {
    /// A ledger line without its device, sequence and session id (random in each copy).
    static func comparable(_ line: String) -> String {
        ServeSandbox.comparable(line).split(separator: "\t").filter { !$0.hasPrefix("session=") }.joined(separator: "\t")
    }

    @Test("start and a past session from the page write the events vault session writes")
    func sessionEvents() throws {
        let web = try ServeSandbox()
        let cli = try ServeSandbox()
        defer { web.cleanUp(); cli.cleanUp() }
        let subject = try #require(try web.context().config.subjects.first?.name)
        let before = try web.ledgerLines().count
        #expect(SessionsPage.post(try web.context(), action: "add", form: FormFields(["subject": subject, "minutes": "30", "note": "<b>x</b>"])).status == 303)
        #expect(SessionsPage.post(try web.context(), action: "start", form: FormFields(["subject": subject])).status == 303)
        #expect(try cli.vault(["session", "add", subject, "--minutes", "30", "--note", "<b>x</b>"]).status == 0)
        #expect(try cli.vault(["session", "start", subject]).status == 0)
        let webLines = try web.ledgerLines().dropFirst(before).map(Self.comparable)
        let cliLines = try cli.ledgerLines().dropFirst(before).map(Self.comparable)
        #expect(webLines.count == 2)
        #expect(webLines == cliLines)
        let page = SessionsPage.get(try web.context(), csrf: "c")
        #expect(page.text.contains("since"))
        #expect(page.text.contains("&lt;b&gt;x&lt;/b&gt;"))
        // A second start while one runs writes nothing and offers the web's switch (not the CLI's advice).
        let count = try web.ledgerLines().count
        let second = SessionsPage.post(try web.context(), action: "start", form: FormFields(["subject": subject]))
        #expect(second.status == 200)
        #expect(second.text.contains("A session is running already"))
        #expect(second.text.contains("name=\"switch\" value=\"1\""))
        #expect(!second.text.contains("--switch"))
        #expect(try web.ledgerLines().count == count)
    }

    @Test("a stop within a minute cancels the session, and the page says so in vault session stop's words")
    func stopTooShort() throws {
        let web = try ServeSandbox()
        let cli = try ServeSandbox()
        defer { web.cleanUp(); cli.cleanUp() }
        let subject = try #require(try web.context().config.subjects.first?.name)
        #expect(SessionsPage.post(try web.context(), action: "start", form: FormFields(["subject": subject])).status == 303)
        let before = try web.ledgerLines().count
        // Under the sandbox's fixed moment the session lasted no minute.
        let stopped = SessionsPage.post(try web.context(), action: "stop", form: FormFields([:]))
        #expect(stopped.status == 303)
        #expect(try web.ledgerLines().dropFirst(before).map { $0.split(separator: "\t")[3] } == ["session-cancel"])
        let address = try #require(stopped.location)
        #expect(address == "/sessions?cancelled=" + HTML.urlComponent(subject))
        #expect(try cli.vault(["session", "start", subject]).status == 0)
        let said = try cli.vault(["session", "stop"])
        let sentence = said.stdout.trimmingCharacters(in: .newlines)
        #expect(sentence.hasPrefix("Cancelled the session of \(subject): it ran under a minute"), "\(said)")
        let page = SessionsPage.get(try web.context(), query: FormFields(["cancelled": subject]), csrf: "c").text
        #expect(page.contains("<p class=\"notice\" role=\"status\">\(TerminalWording.html(sentence).rendered)</p>"), "\(page)")
        #expect(page.contains("too short to record (<code>vault session add</code> records one by hand).</p>"))
        #expect(page.contains("No session is running."))
        // The address names a subject of the config or says nothing: no words of its own on the page.
        let forged = SessionsPage.get(try web.context(), query: FormFields(["cancelled": "<b>x</b>"]), csrf: "c").text
        #expect(!forged.contains("class=\"notice\""))
        #expect(!SessionsPage.get(try web.context(), csrf: "c").text.contains("Cancelled the session"))
    }

    @Test("a terminal sentence on a page: its `commands` as <code>, the rest escaped, an odd backtick kept")
    func terminalWording() {
        #expect(TerminalWording.html("Run `vault a <b>` & go.").rendered == "Run <code>vault a &lt;b&gt;</code> &amp; go.")
        #expect(TerminalWording.html("One ` only").rendered == "One ` only")
    }

    @Test("/stats is vault stats --html's report, its style from /stats.css")
    func stats() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let page = StatsPage.get(try vault.context(), query: FormFields())
        #expect(page.status == 200)
        #expect(!page.text.contains("<style>"))
        #expect(page.text.contains("<link rel=\"stylesheet\" href=\"/stats.css\">"))
        let file = vault.root.appendingPathComponent("stats.html")
        #expect(try vault.vault(["stats", "--html", file.path]).status == 0)
        let report = try String(contentsOf: file, encoding: .utf8)
        // Inside the app (its navigation, the report scoped under .stats-report): the report's
        // sections and charts are the ones vault stats --html writes.
        #expect(page.text.contains("<header class=\"top\"><nav aria-label=\"Main\">"))
        #expect(page.text.contains("<div class=\"stats-report\">"))
        func headings(_ html: String) -> [String] {
            html.components(separatedBy: "<h2").dropFirst().map { String($0.prefix { $0 != "<" }) }
        }
        #expect(!headings(report).isEmpty)
        #expect(headings(page.text) == headings(report))
        #expect(page.text.components(separatedBy: "<svg").count == report.components(separatedBy: "<svg").count)
        #expect(StatsPage.scopedCSS.contains(".stats-report"))
        #expect(!StatsPage.scopedCSS.contains(":root"))
    }
}
