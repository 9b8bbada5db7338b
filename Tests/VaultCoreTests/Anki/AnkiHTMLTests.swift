import Foundation
import Testing

@testable import VaultCore

@Suite("Anki fields: HTML to Markdown")
struct AnkiHTMLTests {
    func md(_ html: String) -> String { AnkiHTML.markdown(html).markdown }

    @Test("bold, italics, breaks and links become Markdown")
    func inlineFormatting() {
        #expect(md("Capital of <b>France</b>?") == "Capital of **France**?")
        #expect(md("and <i>two</i><br>of answer") == "and *two*\nof answer")
        #expect(md("See the <a href=\"https://example.org/fr\">map</a>.") == "See the [map](<https://example.org/fr>).")
    }

    @Test("an image and a sound become an embedded image and an audio embed Obsidian plays, and are listed as media")
    func media() {
        let converted = AnkiHTML.markdown("Where? <img src=\"eiffel.png\"> [sound:bonjour.mp3]")
        #expect(converted.markdown == "Where? ![](<eiffel.png>) ![[bonjour.mp3]]")
        #expect(converted.media == ["eiffel.png", "bonjour.mp3"])
    }

    @Test("MathJax inline and display become dollars")
    func mathJax() {
        #expect(md("\\(x^2\\) and \\[y\\]") == "$x^2$ and $$y$$")
    }

    @Test("lists and tables keep their shape")
    func listsAndTables() {
        #expect(md("<ul><li>one</li><li>two</li></ul>") == "- one\n- two")
        #expect(md("<ol><li>one</li><li>two</li></ol>") == "1. one\n2. two")
        #expect(md("<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>") == "| a | b |\n| --- | --- |\n| 1 | 2 |")
    }

    @Test("an unknown tag is kept as escaped text, entities decoded, Markdown characters escaped")
    func unknownKept() {
        #expect(md("<blink>x</blink>") == "\\<blink\\>x\\</blink\\>")
        #expect(md("a &amp; b &lt;c&gt; *d*") == "a & b \\<c\\> \\*d\\*")
        #expect(md("<span style=\"color:red\">red</span>") == "red")
    }

    @Test("a spaced :: in a field stays text, not a card separator")
    func spacedSeparator() {
        #expect(AnkiHTML.paragraphLines("std :: vector") == ["std \u{2060}:: vector"])
    }

    @Test("cloze markers pass through")
    func clozePassesThrough() {
        #expect(md("{{c1::Paris}} is the capital of {{c2::France::country}}") == "{{c1::Paris}} is the capital of {{c2::France::country}}")
    }

    @Test("paragraph lines: blank lines dropped, block openers escaped")
    func paragraphLines() {
        #expect(AnkiHTML.paragraphLines("# a\n\n- b\n?\n1. c\nplain\n*it* starts") == ["\\# a", "\\- b", "\\?", "1\\. c", "plain", "*it* starts"])
    }
}

@Suite("Anki card templates")
struct AnkiTemplateTests {
    let fields = ["Word": "maison", "Meaning": "house", "Example": ""]

    @Test("fields, sections, inverted sections and FrontSide")
    func sections() {
        let card = AnkiTemplate.Card(fields: fields, frontSide: nil, ord: 0)
        #expect(AnkiTemplate.render("{{Word}}{{#Example}} e.g. {{Example}}{{/Example}}", card) == "maison")
        #expect(AnkiTemplate.render("{{Meaning}}{{^Example}} (no example){{/Example}}", card) == "house (no example)")
        let back = AnkiTemplate.Card(fields: fields, frontSide: "maison", ord: 0)
        #expect(AnkiTemplate.render("{{FrontSide}}<hr id=answer>{{Meaning}}", back) == "maison<hr id=answer>house")
    }

    @Test("text:, type: and cloze: filters")
    func filters() {
        let front = AnkiTemplate.Card(fields: ["F": "<b>x</b>", "C": "{{c1::a}} {{c2::b::hint}}"], frontSide: nil, ord: 1)
        #expect(AnkiTemplate.render("{{text:F}}", front) == "x")
        #expect(AnkiTemplate.render("{{type:F}}", front) == "")
        #expect(AnkiTemplate.render("{{cloze:C}}", front) == "a [hint]")
        let back = AnkiTemplate.Card(fields: front.fields, frontSide: "q", ord: 1)
        #expect(AnkiTemplate.render("{{cloze:C}}", back) == "a b")
    }
}

/// Issue 48, item 9: a field of openers that never close (`\(`, `[sound:`,
/// `<`, `{{c1::`) is converted in time linear in its length. Quadratic, the
/// 400 KB fields below took minutes each (80 KB took 23 s); the limit fails them.
@Suite("Anki fields: hostile HTML stays linear", .timeLimit(.minutes(1)))
struct AnkiHTMLLinearTests {
    @Test("400 KB of unclosed openers convert, their text kept", arguments: ["\\(", "\\[", "[sound:", "<", "{{c1::"])
    func unclosedOpeners(opener: String) {
        let field = String(repeating: opener + "x", count: 400_000 / (opener.count + 1))
        let converted = AnkiHTML.markdown(field)
        #expect(!converted.markdown.isEmpty)
        #expect(converted.media.isEmpty)
        _ = AnkiTemplate.cloze(field, number: 1, answer: true)
    }
}
