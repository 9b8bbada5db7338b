import Foundation
import Testing
import VaultApp
import VaultCore

@testable import VaultServe

/// A `<p>` may hold no `<form>`: the HTML parser closes the paragraph at the form, so a row of
/// buttons written as `<p class="actions">` loses its row's style (the buttons touched on a phone).
@Suite("vault serve: no form inside a paragraph")
struct FormsInParagraphsTests {
    /// The `<p>…</p>` stretches of `html` that hold a `<form`, shortened.
    static func formsInParagraphs(_ html: String) -> [String] {
        var found: [String] = []
        var index = html.startIndex
        while let open = html.range(of: "<p", range: index..<html.endIndex) {
            index = open.upperBound
            // `<p>` or `<p class=…>`, not `<pre>` or `<progress>`.
            guard index < html.endIndex, html[index] == ">" || html[index] == " " else { continue }
            let close = html.range(of: "</p>", range: index..<html.endIndex)
            let paragraph = html[open.lowerBound..<(close?.lowerBound ?? html.endIndex)]
            if paragraph.contains("<form") { found.append(String(paragraph.prefix(120))) }
            index = close?.upperBound ?? html.endIndex
        }
        return found
    }

    @Test("the helper finds a form in a paragraph and none beside one")
    func helper() {
        #expect(Self.formsInParagraphs("<p class=\"actions\"><form method=\"post\"></form></p>").count == 1)
        #expect(Self.formsInParagraphs("<p>text</p><div class=\"actions\"><form></form></div><pre>x</pre>").isEmpty)
    }

    @Test("/sessions: the follow-up buttons and Cancel are in a <div class=\"actions\">, no form in a <p>")
    func sessions() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let subject = try #require(try vault.context().config.subjects.first?.name)
        #expect(SessionsPage.post(try vault.context(), action: "start", form: FormFields(["subject": subject])).status == 303)
        let page = SessionsPage.get(try vault.context(), csrf: "c").text
        #expect(page.contains("Done: ok"), "a follow-up review is due in ExampleVault")
        #expect(page.contains("action=\"/sessions/cancel\""))
        #expect(page.contains("<div class=\"actions\"><form method=\"post\" action=\"/sessions/review\""))
        #expect(Self.formsInParagraphs(page).isEmpty, "\(Self.formsInParagraphs(page))")
    }

    @Test("a note's Edit and Move to the trash, and the dashboard's reminder answers: no form in a <p>")
    func noteAndDashboard() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let note = NotePage.get(try vault.context(), reference: "Inbox/2026-11-17 quick thought.md", csrf: "c").text
        #expect(note.contains("/delete\""))
        #expect(note.contains("<div class=\"actions note-actions\">"))
        #expect(Self.formsInParagraphs(note).isEmpty, "\(Self.formsInParagraphs(note))")
        let log = vault.root.appendingPathComponent(".vault/local/reminders")
        try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "2026-11-18T08:30:00Z\t2\t-\t-\tvault: 2 cards now?\n".write(to: log, atomically: true, encoding: .utf8)
        let dashboard = DashboardPage.render(VaultStatus.load(try vault.context()), csrf: "c").rendered
        #expect(dashboard.contains("action=\"/reminders/answer\""), "a reminder waits")
        #expect(Self.formsInParagraphs(dashboard).isEmpty, "\(Self.formsInParagraphs(dashboard))")
    }
}
