import Foundation
import Testing
import VaultCore

@testable import VaultMarkdown

@Suite("Obsidian's Markdown rendered as Obsidian shows it")
struct ObsidianRenderingTests {
    func html(_ text: String, from source: String = "Here.md", notes: [String: String] = [:], highlights: Bool = true)
        -> String
    {
        MarkdownHTML(links: TestLinks(notes: notes), highlights: highlights).render(text, from: source).rendered
    }

    // MARK: Text around constructs

    @Test("text around wiki links and math is kept whole, a combining mark after a link included; plain lines pass as they are")
    func textAroundTokens() {
        let page = html("Café [[Foo]]\u{301} and $x$ é, ü\nplain line, ü, no mark\n[[Foo]]")
        #expect(
            page
                == "<p>Café <a href=\"Foo.html\">Foo</a>\u{301} and <span class=\"math math-inline\">x</span> é, ü\n"
                + "plain line, ü, no mark\n<a href=\"Foo.html\">Foo</a></p>\n", "\(page)")
        // A line with no construct after one that opens a comment is still in the comment.
        let comment = html("a %%hidden\nno mark on this line\nstill hidden%% b\n")
        #expect(comment == "<p>a\nb</p>\n", "\(comment)")
    }

    // MARK: Tables

    @Test("a GFM table: header, alignment, inline Markdown in cells, escaped pipes, a wiki link with an alias")
    func table() {
        let page = html(
            """
            Before the table
            | Name | Qty | Note |
            | :--- | :-: | ---: |
            | a *b* | 2 | [[Foo\\|the foo]] |
            | `x\\|y` | $a_1$ |
            After
            """)
        #expect(page.contains("<p>Before the table</p>"))
        #expect(page.contains("<th align=\"left\">Name</th>"))
        #expect(page.contains("<th align=\"center\">Qty</th>"))
        #expect(page.contains("<th align=\"right\">Note</th>"))
        #expect(page.contains("<td align=\"left\">a <em>b</em></td>"))
        #expect(page.contains("<td align=\"right\"><a href=\"Foo.html\">the foo</a></td>"))
        #expect(page.contains("<td align=\"left\"><code>x|y</code></td>"))
        #expect(page.contains("<td align=\"center\"><span class=\"math math-inline\">a_1</span></td>"))
        #expect(page.contains("<td align=\"right\"></td>"), "a short row gets empty cells")
        #expect(page.components(separatedBy: "<tr>").count - 1 == 3)
        #expect(page.contains("<thead>") && page.contains("<tbody>"))
        #expect(!page.contains("| Name"), "no pipes left as text")
        #expect(page.contains("After"), "a row without pipes ends the table")
    }

    @Test("no delimiter row, no table; a table inside a callout and in code stays where it is")
    func tablesOnlyWhereTheyAre() {
        #expect(html("a | b\nc | d\n") == "<p>a | b\nc | d</p>\n")
        let code = html("```\n| a | b |\n| - | - |\n```\n")
        #expect(code == "<pre><code>| a | b |\n| - | - |\n</code></pre>\n")
        let callout = html("> [!note] Data\n> | a | b |\n> | - | - |\n> | 1 | 2 |\n")
        #expect(callout.contains("<div class=\"callout-content\">\n<div class=\"table-wrap\"><table>"))
        #expect(callout.contains("<td>1</td>\n<td>2</td>"))
    }

    @Test("raw HTML in a cell or a callout stays neutralised; text is escaped")
    func tableHTMLNeutralised() {
        let page = html(
            "| <script>alert(1)</script> | <span style=\"color:red\">x</span> |\n| - | - |\n\n> [!tip] <img src=x onerror=alert(1)> & co\n")
        #expect(!page.contains("<script") && !page.contains("<span style") && !page.contains("<img src=x"))
        #expect(page.contains("<!-- raw HTML omitted -->"))
        #expect(page.contains("&amp; co"))
    }

    @Test("bare inline tags Obsidian shows (kbd, sup, sub, u, mark, br…) are kept; with an attribute, or any other, omitted")
    func bareInlineTags() {
        let page = html("Press <kbd>Ctrl</kbd>+<KBD>C</KBD>: H<sub>2</sub>O, x<sup>2</sup>, <u>under</u>, <mark>lit</mark><br>next\n")
        #expect(page.contains("<kbd>Ctrl</kbd>+<kbd>C</kbd>"), "\(page)")
        #expect(page.contains("H<sub>2</sub>O, x<sup>2</sup>, <u>under</u>, <mark>lit</mark><br />next"), "\(page)")
        let hostile = html("<kbd onclick=\"alert(1)\">a</kbd> <sup\tonmouseover=x>b</sup> <br/ onload=x> <kbdx>c</kbdx> </br>\n")
        #expect(!hostile.contains("onclick") && !hostile.contains("onmouseover"), "\(hostile)")
        #expect(hostile.contains("&lt;br/ onload=x&gt;"), "not a tag to CommonMark, so text: \(hostile)")
        #expect(!hostile.contains("<kbdx>") && !hostile.contains("<sup"), "\(hostile)")
        #expect(InlineHTMLTag.allowed("<br/>")?.description == "<br />")
        #expect(InlineHTMLTag.allowed("</br>") == nil && InlineHTMLTag.allowed("<script>") == nil)
        // The terminal shows their text, a <br> as a new line, and other HTML as it is written.
        let document = ObsidianDocument(markdown: "Press <kbd>Ctrl</kbd>+<kbd>C</kbd><br>then <span>x</span>\n")
        #expect(TerminalRenderer(style: .plain).render(document.root) == "Press Ctrl+C\nthen <span>x</span>\n")
    }

    @Test("#tags in the text are pills leading to their notes, read by the parser's rule, and exactly the tags it finds")
    func hashtags() {
        func page(_ text: String, tags: Bool = true) -> String {
            MarkdownHTML(links: TestLinks(tags: tags)).render(text, from: "Here.md").rendered
        }
        #expect(
            page("Read #health and #area/sub-topic.\n")
                == "<p>Read <a href=\"tags/health.html\" class=\"hashtag\">#health</a> and "
                + "<a href=\"tags/area/sub-topic.html\" class=\"hashtag\">#area/sub-topic</a>.</p>\n")
        #expect(page("#x <span>\n", tags: false) == "<p><span class=\"hashtag\">#x</span> <!-- raw HTML omitted --></p>\n")
        // Not tags: after a letter, digits alone, code, a link's text, right after a wiki link or a highlight.
        let none = page("a#b #123 `#code` [see #x](y.md) [[Note]]#z ==m==#w\n\n```\n#fenced\n```\n")
        #expect(!none.contains("hashtag"), "\(none)")
        // Tags: in a heading, after a task box, after bold and a space, at a line's start, in a table cell, a callout.
        let bodies = [
            "# Title #t1\n\n- [ ] #t2\n- **b** #t3\nline\n#t4\n\n| #t5 | x |\n| - | - |\n\n> [!tip] About #t6\n> body #t7\n",
            "a#b #123 `#code` [see #x](y.md) [[Note]]#z ==m==#w #ok\n",
            "Ends with #dash- and #slash/ and #mixed_Case\n\n*#em* **x**#no _#u_ ==#hl== ~~#st~~ ==a #in==\n",
        ]
        for body in bodies {
            let parsed = Array(body.utf8).withUnsafeBufferPointer { CommonMark.facts(of: $0) }.inlineTags
            let html = page(body)
            var shown: [String] = []
            var rest = Substring(html)
            while let start = rest.range(of: "class=\"hashtag\">#") {
                rest = rest[start.upperBound...]
                shown.append(String(rest.prefix { $0 != "<" }))
            }
            #expect(shown == parsed, "\(body)\n\(html)")
        }
        #expect(page(bodies[0]).contains(">#t7</a>"))
    }

    // MARK: Callouts

    @Test("a callout: its type, icon, title with Markdown, and content")
    func callout() {
        let page = html("> [!tip] Remember **this**\n> Body text\n>\n> More\n")
        #expect(page.hasPrefix("<div class=\"callout\" data-callout=\"tip\" data-kind=\"tip\"><div class=\"callout-title\">"))
        #expect(page.contains("<span class=\"callout-icon\" aria-hidden=\"true\"><svg "))
        #expect(page.contains("<span class=\"callout-title-inner\">Remember <strong>this</strong></span></div>"))
        #expect(page.contains("<div class=\"callout-content\">\n<p>Body text</p>\n<p>More</p>\n</div></div>"))
        #expect(!page.contains("[!tip]") && !page.contains("<blockquote>"))
    }

    @Test("folded (-) and open (+) callouts are <details>; a callout without a title shows its type; aliases share a kind")
    func foldingCallouts() {
        let folded = html("> [!faq]- Why?\n> Because.\n")
        #expect(folded.hasPrefix("<details class=\"callout\" data-callout=\"faq\" data-kind=\"question\"><summary class=\"callout-title\">"))
        #expect(folded.contains("</summary>\n<div class=\"callout-content\">\n<p>Because.</p>\n</div></details>"))
        let open = html("> [!example]+ Open\n> Shown.\n")
        #expect(open.hasPrefix("<details class=\"callout\" data-callout=\"example\" data-kind=\"example\" open>"))
        let untitled = html("> [!warning]\n> Careful.\n")
        #expect(untitled.contains("<span class=\"callout-title-inner\">Warning</span>"))
        #expect(html("> A plain quote\n") == "<blockquote>\n<p>A plain quote</p>\n</blockquote>\n")
        #expect(html("> [!custom-type] X\n").contains("data-kind=\"note\""), "an unknown type looks like a note")
    }

    // MARK: Embeds

    static let other = "Some *text*.\n\n## Part\n\nPart text ^blk1\n\n- item ^item2\n\n## Next\n\nAfter\n"

    @Test("![[Note]] embeds the whole note; #Heading its section; #^id the block the id marks")
    func embeds() {
        let whole = html("![[Other]]\n", notes: ["Other": Self.other])
        #expect(whole.hasPrefix("<div class=\"markdown-embed\"><div class=\"markdown-embed-title\"><a href=\"Other.html\">Other</a></div>"))
        #expect(whole.contains("<p>Some <em>text</em>.</p>") && whole.contains("After"))
        let section = html("Before ![[Other#Part]] after\n", notes: ["Other": Self.other])
        #expect(section.hasPrefix("<p>Before</p>\n<div class=\"markdown-embed\">"))
        #expect(section.contains("<h2>Part</h2>") && section.contains("<p>Part text</p>"))
        #expect(!section.contains("Some") && !section.contains("After</p>\n</div>"))
        #expect(section.hasSuffix("</div></div>\n<p>after</p>\n"))
        let block = html("![[Other#^blk1]]\n", notes: ["Other": Self.other])
        #expect(block.contains("<p>Part text</p>") && !block.contains("^blk1") && !block.contains("Part</h2>"))
        let item = html("![[Other#^item2]]\n", notes: ["Other": Self.other])
        #expect(item.contains("item") && !item.contains("Part text"))
        let missing = html("![[Other#^nope]]\n", notes: ["Other": Self.other])
        #expect(missing.contains("<p class=\"embed-missing\">"))
    }

    @Test("embeds stop at the depth bound and never loop")
    func embedBounds() {
        let loop = html("![[B]]\n", from: "A.md", notes: ["A": "A says ![[B]]\n", "B": "B says ![[A]]\n"])
        #expect(loop.components(separatedBy: "class=\"markdown-embed\"").count - 1 == 1)
        #expect(loop.contains("<a class=\"embed-link\" href=\"A.html\">A</a>"))
        var chain: [String: String] = [:]
        for i in 0..<10 { chain["N\(i)"] = "level \(i) ![[N\(i + 1)]]\n" }
        let deep = html("![[N0]]\n", notes: chain)
        #expect(deep.components(separatedBy: "class=\"markdown-embed\"").count - 1 == MarkdownHTML.maxEmbedDepth)
        let many = html(String(repeating: "![[Self]]\n\n", count: 300), from: "Page.md", notes: ["Self": "x\n"])
        #expect(many.components(separatedBy: "class=\"markdown-embed\"").count - 1 == MarkdownHTML.maxEmbeds)
    }

    // MARK: Pictures and sounds

    @Test("pictures by wiki or Markdown link, with <…> paths and sizes; sounds play")
    func pictures() {
        let page = html(
            "![Front door|200](<01.png>) ![[pic.png|200x100]] ![[pic.png|A chart|300]] ![[a.mp3]] [sound:b.mp3]\n",
            from: "loci/Home walk/Walk.md")
        #expect(page.contains("<img src=\"/files/loci/Home%20walk/01.png\" alt=\"Front door\" width=\"200\" />"))
        #expect(page.contains("<img src=\"img/pic.png\" alt=\"pic.png\" width=\"200\" height=\"100\" />"))
        #expect(page.contains("<img src=\"img/pic.png\" alt=\"A chart\" width=\"300\" />"))
        #expect(page.contains("<audio controls preload=\"none\" src=\"snd/a.mp3\"></audio>"))
        #expect(page.contains("<audio controls preload=\"none\" src=\"snd/b.mp3\"></audio>"))
        let anki = html("[x.mp3](<x.mp3>)\n", from: "Deck/Card.md")
        #expect(anki.contains("<audio controls preload=\"none\" src=\"/files/Deck/x.mp3\"></audio>"))
        #expect(html("[a](javascript:alert(1))\n").contains("<a href=\"\">a</a>"), "unsafe schemes dropped as libcmark does")
    }

    // MARK: Math

    @Test("math is never emphasis; inline and display; dollars that are prices stay text; code keeps its dollars")
    func math() {
        let page = html("Let $a_1 * b_2$ and $c_3 * d_4$ be.\n")
        #expect(page == "<p>Let <span class=\"math math-inline\">a_1 * b_2</span> and <span class=\"math math-inline\">c_3 * d_4</span> be.</p>\n")
        #expect(html("$$\n\\sum_{i=1}^n x_i < y\n$$\n") == "<div class=\"math math-display\">\n\\sum_{i=1}^n x_i &lt; y\n</div>\n")
        #expect(html("$$E = mc^2$$\n") == "<div class=\"math math-display\">E = mc^2</div>\n")
        #expect(html("It costs $5 and $10 today.\n") == "<p>It costs $5 and $10 today.</p>\n")
        #expect(html("Code `$x$` and \\$y$.\n") == "<p>Code <code>$x$</code> and $y$.</p>\n")
        let quoted = html("> [!info] Formula\n> $$\n> a^2 + b^2\n> $$\n")
        #expect(quoted.contains("<div class=\"math math-display\">\na^2 + b^2\n</div>"))
    }

    // MARK: Highlights, footnotes, tasks, comments

    @Test("==highlights== are <mark>, across emphasis too; in a card they stay text")
    func highlights() {
        #expect(html("A ==marked== and ==**bold**== word.\n") == "<p>A <mark>marked</mark> and <mark><strong>bold</strong></mark> word.</p>\n")
        #expect(html("A ==marked== word.\n", highlights: false) == "<p>A ==marked== word.</p>\n")
        #expect(html("a == b and c ==d\n") == "<p>a == b and c ==d</p>\n")
    }

    @Test("~~strikethrough~~ is <del>, as Obsidian draws it; one ~ is text, code keeps it, a paragraph ends it")
    func strikethrough() {
        #expect(html("Some ~~gone~~ text, ~~**bold** too~~.\n") == "<p>Some <del>gone</del> text, <del><strong>bold</strong> too</del>.</p>\n")
        #expect(html("A ~single~ tilde and a ~ alone.\n") == "<p>A ~single~ tilde and a ~ alone.</p>\n")
        #expect(html("Spaced ~~ inside ~~ and a~~b unclosed.\n") == "<p>Spaced ~~ inside ~~ and a~~b unclosed.</p>\n")
        #expect(html("Code `~~kept~~` and \\~~escaped~~.\n") == "<p>Code <code>~~kept~~</code> and ~~escaped~~.</p>\n")
        #expect(html("```\n~~fenced~~\n```\n\n    ~~indented~~\n") == "<pre><code>~~fenced~~\n</code></pre>\n<pre><code>~~indented~~\n</code></pre>\n")
        #expect(html("~~opens here\n\nand closes here~~\n") == "<p>~~opens here</p>\n<p>and closes here~~</p>\n")
        #expect(
            html("~~a ==b== c~~ and ==d ~~e~~ f==\n")
                == "<p><del>a <mark>b</mark> c</del> and <mark>d <del>e</del> f</mark></p>\n")
        #expect(html("~~a ==b~~ c==\n") == "<p><del>a ==b</del> c==</p>\n", "crossed marks: the inner one is text")
        #expect(html("~~gone~~ ==cloze==\n", highlights: false) == "<p><del>gone</del> ==cloze==</p>\n", "in a card too")
        let document = ObsidianDocument(markdown: "Some ~~gone~~ text.\n")
        #expect(TerminalRenderer(style: ANSIStyle(enabled: true)).render(document.root).contains("\u{1B}[9mgone\u{1B}[29m"))
        #expect(TerminalRenderer(style: .plain).render(document.root).contains("Some gone text."))
    }

    @Test("hostile ~ runs stay linear: a line of 100,000 ~, 30,000 unclosed or closed ~~ on a line")
    func strikethroughLinear() {
        let start = ContinuousClock.now
        let tildes = String(repeating: "~", count: 100_000)
        #expect(html("a" + tildes + "\n\nEnd\n") == "<p>a\(tildes)</p>\n<p>End</p>\n")
        // A line of tildes alone opens a fenced code block, as in CommonMark.
        #expect(html(tildes + "\nEnd\n").hasPrefix("<pre><code>End\n"))
        for mark in ["~~a ", "a~~ ", "a ~~~b ", "~~a~~ "] {
            // 30,000 to a line: libcmark breaks a line of 256 KiB and more (before this syntax too).
            let page = html("x " + String(repeating: mark, count: 30_000) + "\n\nEnd\n")
            #expect(page.hasSuffix("<p>End</p>\n"), "after \(mark)")
        }
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test("footnotes: references numbered in order, definitions listed at the end with a way back; inline ones too")
    func footnotes() {
        let page = html("Text[^n] and more[^1] and ^[inline *note*].\n\n[^1]: First.\n[^n]: Second.\n")
        #expect(page.contains("Text<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\">1</a></sup>"))
        #expect(page.contains("more<sup class=\"footnote-ref\"><a href=\"#fn-2\" id=\"fnref-2\">2</a></sup>"))
        #expect(page.contains("<li id=\"fn-1\"><p>Second. <a href=\"#fnref-1\" class=\"footnote-backref\""))
        #expect(page.contains("<li id=\"fn-2\"><p>First. <a href=\"#fnref-2\""))
        #expect(page.contains("<li id=\"fn-3\"><p>inline <em>note</em> <a href=\"#fnref-3\""))
        #expect(!page.contains("[^"), "no label is left as text")
        #expect(html("An [^unknown] label.\n") == "<p>An [^unknown] label.</p>\n")
    }

    @Test("task lists are disabled checkboxes")
    func tasks() {
        let page = html("- [ ] todo\n- [x] done\n- plain\n")
        #expect(page.contains("<li class=\"task\"><input type=\"checkbox\" class=\"task\" disabled> todo</li>"))
        #expect(page.contains("<li class=\"task\"><input type=\"checkbox\" class=\"task\" checked disabled> done</li>"))
        #expect(page.contains("<li>plain</li>"))
        // Obsidian's other statuses: any one character but a space is a task shown done.
        let statuses = html("- [/] half\n- [-] dropped\n- [>] moved\n- [ab] not one\n- [] empty\n")
        #expect(statuses.components(separatedBy: "class=\"task\" checked disabled>").count - 1 == 3)
        #expect(statuses.contains("<li>[ab] not one</li>") && statuses.contains("<li>[] empty</li>"))
    }

    @Test("%%comments%% are hidden, inline and as blocks, but not in code")
    func comments() {
        let page = html("Visible %%hidden%% text\n\n%%\nblock\nsecret\n%%\n\nAfter\n\n`%%kept%%`\n")
        #expect(page == "<p>Visible  text</p>\n<p>After</p>\n<p><code>%%kept%%</code></p>\n")
    }

    @Test("block ids are not shown")
    func blockIDs() {
        #expect(html("A paragraph ^abc-1\n") == "<p>A paragraph</p>\n")
        #expect(html("Ünïcödé 日本 ^id2\n") == "<p>Ünïcödé 日本</p>\n", "after text that is not ASCII")
        #expect(html("2^10 is 1024\n") == "<p>2^10 is 1024</p>\n", "a caret inside the text is text")
    }

    @Test("text that is not ASCII comes through the preparation whole: accents, CJK, emoji, a combining mark")
    func nonASCIIText() {
        let text = "Café 日本語 👩‍👩‍👧 e\u{301} ==marqué== $α+β$ [[Nöte]]\n\n```\ncode ünï\n```\n"
        let page = html(text)
        #expect(page.contains("<p>Café 日本語 👩‍👩‍👧 e\u{301} <mark>marqué</mark> <span class=\"math math-inline\">α+β</span>"))
        #expect(page.contains("<pre><code>code ünï\n</code></pre>"))
    }

    // MARK: Bounds

    @Test("hostile input stays linear: 50,000 unclosed $, ==, [[, [^, | and %% marks")
    func linear() {
        let start = ContinuousClock.now
        for mark in ["$a ", "==a ", "[[a ", "[^a ", "^[a ", "| a ", "`` a `", "$$ "] {
            let page = html(String(repeating: mark, count: 50_000) + "\n\nEnd\n")
            #expect(page.hasSuffix("<p>End</p>\n"), "after \(mark)")
        }
        let rows = "| a | b |\n| - | - |\n" + String(repeating: "| 1 | 2 |\n", count: 20_000)
        #expect(html(rows).components(separatedBy: "<tr>").count - 1 == 20_001)
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    // MARK: The terminal

    @Test("the terminal draws a table within the width, a callout with its title, math as TeX, tasks as boxes")
    func terminal() {
        let document = ObsidianDocument(
            markdown: """
                | Word | Meaning |
                | --- | ---: |
                | ephemeral | lasting a very short time, as a mayfly does in the summer air |
                | 42 | answer |

                > [!tip] Remember
                > Inside $x^2$

                - [ ] open
                - [x] closed

                Text[^1] and more^[An inline one.]

                $$
                E = mc^2
                $$

                [^1]: The note.
                """)
        let text = TerminalRenderer(style: .plain, width: 40).render(document.root)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(lines)")
        #expect(lines.first?.hasPrefix("┌─") == true && lines.first?.hasSuffix("─┐") == true && lines.first?.contains("┬") == true)
        #expect(text.contains("│ Word ") && text.contains("│ ephemeral "))
        #expect(lines.contains { $0.hasPrefix("│ 42 ") && $0.hasSuffix(" answer │") && $0.contains("  answer") }, "right-aligned")
        #expect(text.contains("┃ ★ Remember\n┃ Inside x^2"))
        #expect(text.contains("• ☐ open\n• ☑ closed"))
        #expect(text.contains("Text[^1]") && text.contains("[^1] The note."))
        #expect(text.contains("more[^2]") && text.contains("[^2] An inline one."), "an inline footnote gets the next number")
        #expect(text.contains("\n\n    E = mc^2\n\n"), "display math without blank lines of its own")
        let wide = TerminalRenderer(style: .plain, tableWidth: 200).render(document.root)
        #expect(wide.contains("│ ephemeral │ lasting a very short time, as a mayfly does in the summer air │"))
    }
}
