import Testing
import VaultMarkdown

@Suite("HTML, escaped by construction")
struct HTMLTests {
    @Test("an interpolated String is escaped, scalar by scalar; the literal is the program's markup")
    func interpolation() {
        let title = "a\"\u{301}/onmouseover=alert(1)//<script>'&"
        let html: HTML = "<h2 title=\"\(title)\">\(title)</h2>"
        #expect(html.rendered.unicodeScalars.filter { $0 == "\"" }.count == 2, "only the attribute's own quotes")
        #expect(!html.rendered.contains("<script>"))
        #expect(
            html.rendered
                == "<h2 title=\"a&quot;\u{301}/onmouseover=alert(1)//&lt;script&gt;&#39;&amp;\">a&quot;\u{301}/onmouseover=alert(1)//&lt;script&gt;&#39;&amp;</h2>"
        )
    }

    @Test("HTML values go in as they are, numbers as digits, other values escaped by their description")
    func values() {
        struct Shown: CustomStringConvertible { var description: String { "<b>" } }
        let inner: HTML = "<em>\("x<y")</em>"
        let none: HTML? = nil
        let html: HTML = "<p>\(inner)\(none)\(42)\(Shown())\(Substring("<i>"))</p>"
        #expect(html.rendered == "<p><em>x&lt;y</em>42&lt;b&gt;&lt;i&gt;</p>")
        #expect(HTML(trusted: "<br>").rendered == "<br>")
        #expect(HTML(escaping: "<br>").rendered == "&lt;br&gt;")
    }

    @Test("joining and appending keep markup; addresses are percent-encoded byte by byte")
    func joinedAndAddresses() {
        var html: HTML = "<ul>"
        html += HTML.joined(["a", "<b>"].map { item -> HTML in "<li>\(item)</li>" }, separator: "\n")
        html += "</ul>"
        #expect(html.rendered == "<ul><li>a</li>\n<li>&lt;b&gt;</li></ul>")
        #expect(HTML.urlPath("loci/Home walk/é?#.png") == "loci/Home%20walk/%C3%A9%3F%23.png")
        #expect(HTML.urlComponent("a/b") == "a%2Fb")
    }

    @Test("contains(markup:) finds a fragment as written, byte for byte, anywhere in the markup")
    func containsMarkup() {
        let page: HTML = "<p>é \("<span class=\"math math-inline\">")</p><div class=\"math math-display\">x</div>"
        #expect(page.contains(markup: "<div class=\"math math-"))
        #expect(page.contains(markup: "x</div>"), "at the very end")
        #expect(page.contains(markup: "<p>é"), "at the start, past a non-ASCII letter")
        #expect(!page.contains(markup: "<span class=\"math math-"), "escaped text is no markup")
        #expect(!page.contains(markup: "<div class=\"math math-display\">x</div>!"), "longer than what is there")
        #expect(!page.contains(markup: "e\u{301}"), "no Unicode equivalence: é is not e and its accent")
        #expect(HTML().contains(markup: ""))
        #expect(!HTML().contains(markup: "<"))
    }
}
