import Foundation
import Testing
import VaultCore

@testable import VaultMarkdown

/// Links as the tests of the renderer want them: `x` at `x.html`, pictures
/// under `img/`, sounds under `snd/`, `Nowhere` unresolved, notes embedded from `notes`.
struct TestLinks: MarkdownLinking {
    var notes: [String: String] = [:]
    /// Whether a `#tag` leads to `tags/NAME.html`.
    var tags = false

    func tag(_ name: String) -> String? { tags ? "tags/" + name + ".html" : nil }

    func wiki(_ span: WikiLinkSpan, anchor: String?, from source: String) -> WikiLinkDestination {
        if span.target == "Nowhere" { return .unresolved }
        if span.target.hasSuffix(".png") { return span.embed ? .image("img/" + span.target) : .link("img/" + span.target) }
        if span.target.hasSuffix(".mp3") { return span.embed ? .audio("snd/" + span.target) : .link("snd/" + span.target) }
        return .link(span.target + ".html" + (anchor.map { "#" + $0 } ?? ""))
    }

    func markdown(_ destination: String, image: Bool, from source: String) -> String {
        if destination.contains(":") || destination.hasPrefix("#") { return destination }
        let folder = (source as NSString).deletingLastPathComponent
        return "/files/" + (folder.isEmpty ? "" : folder + "/") + LinkTarget(destination).path
    }

    func embeddedNote(_ span: WikiLinkSpan, from source: String) -> (path: String, markdown: String)? {
        notes[span.target].map { (span.target + ".md", $0) }
    }
}

@Suite("Note bodies rendered for the static site")
struct SiteHTMLTests {
    /// Renders `text`, every note `x` at `x.html` (with its anchor), pictures under `img/`, `Nowhere` unresolved.
    func html(_ text: String) -> String {
        MarkdownHTML(links: TestLinks()).render(text, from: "Here.md").rendered
    }

    @Test("a wiki link's target and heading lose the spaces and tabs at their ends (no-break and ideographic too); its label keeps them")
    func wikiLinkParts() {
        let span = WikiLinkSpan(" \tMy note\u{00A0}#\u{3000}Some heading  | the label ", embed: false)
        #expect(span.target == "My note")
        #expect(span.heading == "Some heading")
        #expect(span.label == " the label ")
        #expect(WikiLinkSpan("Note\u{301} ", embed: true).target == "Note\u{301}", "a combining mark stays with its letter")
        #expect(WikiLinkSpan("   ", embed: false).target == "")
        #expect(WikiLinkSpan("a\n", embed: false).target == "a\n", "a line break is not among the spaces trimmed")
    }

    @Test("code spans and fenced blocks keep their wiki links and embeds as written")
    func codeStaysCode() {
        let page = html("Write `[[Foo]]` or `![[pic.png]]`.\n\n```markdown\nSee [[Foo]] and ![[pic.png]].\n```\n")
        #expect(page.contains("<code>[[Foo]]</code>"))
        #expect(page.contains("<code>![[pic.png]]</code>"))
        #expect(page.contains("<pre><code class=\"language-markdown\">See [[Foo]] and ![[pic.png]].\n</code></pre>"))
        #expect(!page.contains("href"), "nothing in code becomes a link")
    }

    @Test("every heading gets an anchor; [[#Heading]] leads to it, [[Note#Heading]] to the note's page and anchor")
    func anchors() {
        let page = html("See [[#Fonts]], [[#color scheme|colours]] and [[Foo#Part one]].\n\n## Color scheme\n\n## Fonts\n\n# Fonts\n")
        #expect(page.contains("<h2 id=\"Color+scheme\">Color scheme</h2>"))
        #expect(page.contains("<h2 id=\"Fonts\">Fonts</h2>"))
        #expect(page.contains("<h1 id=\"Fonts-2\">Fonts</h1>"))
        #expect(page.contains("<a href=\"#Fonts\">Fonts</a>"))
        #expect(page.contains("<a href=\"#Color+scheme\">colours</a>"))
        #expect(page.contains("<a href=\"Foo.html#Part+one\">Foo &gt; Part one</a>"))
    }

    @Test("a link to a heading the page lacks, or to no note, is marked unresolved")
    func unresolved() {
        let page = html("[[#Missing]] and [[Nowhere]]\n")
        #expect(page.contains("<a href=\"#unresolved\">Missing</a>"))
        #expect(page.contains("<a href=\"#unresolved\">Nowhere</a>"))
    }

    @Test("an embedded picture is an image, its alt text the file name (a |width is no text)")
    func pictures() {
        let page = html("![[pic.png]] ![[pic.png|300]] ![[pic.png|A chart]] [[pic.png]]\n")
        #expect(page.contains("<img src=\"img/pic.png\" alt=\"pic.png\" />"))
        #expect(page.contains("<img src=\"img/pic.png\" alt=\"A chart\" />"))
        #expect(page.components(separatedBy: "alt=\"pic.png\"").count == 3)
        #expect(page.contains("<a href=\"img/pic.png\">pic.png</a>"))
    }

    @Test("raw HTML stays replaced; a heading in code or HTML gets no id")
    func rawHTML() {
        let page = html("<h2>raw</h2>\n\n`<h3>`\n\n## Real\n")
        #expect(page.contains("<h2 id=\"Real\">Real</h2>"))
        #expect(!page.contains("<h2>raw"))
        #expect(page.contains("<code>&lt;h3&gt;</code>"))
    }

    @Test("100,000 unclosed [[ render in linear time, as text")
    func unclosedStayLinear() {
        let start = ContinuousClock.now
        let page = html(String(repeating: "[[a ", count: 100_000) + "\n\n[[Foo]]\n")
        let plain = !page.contains("href=\"a") && page.hasSuffix("[[a</p>\n<p><a href=\"Foo.html\">Foo</a></p>\n")
        #expect(plain, "the unclosed [[ stay text, the link after them is a link")
        #expect(ContinuousClock.now - start < .seconds(5))
    }
}
