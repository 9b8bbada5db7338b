import Foundation
import Testing
import VaultCore

@testable import VaultMarkdown

@Suite("Cards as Anki fields")
struct AnkiFieldHTMLTests {
    func html(_ markdown: String) -> String {
        AnkiFieldHTML.render(markdown) { target in
            target.hasSuffix(".png") || target.hasSuffix(".mp3")
                ? AnkiFieldHTML.Media(path: "media/" + target, name: target, isSound: target.hasSuffix(".mp3")) : nil
        }.html
    }

    @Test("inline Markdown as Anki's editor writes it, text escaped")
    func inline() {
        #expect(html("**bold** and *it* and `x < y`") == "<b>bold</b> and <i>it</i> and <code>x &lt; y</code>")
        #expect(html("a <script>alert(1)</script> b") == "a &lt;script&gt;alert(1)&lt;/script&gt; b")
        #expect(
            html("[site](https://example.org) [bad](javascript:alert(1))")
                == "<a href=\"https://example.org\">site</a> bad")
        #expect(html("two\nlines<br>three") == "two<br>lines<br>three")
    }

    @Test("math as MathJax, untouched by Markdown; a dollar amount stays text")
    func math() {
        #expect(html("$x_1 * y_2$ and $$\\sum_i a_i$$") == "\\(x_1 * y_2\\) and \\[\\sum_i a_i\\]")
        #expect(html("it costs $5 and $10") == "it costs $5 and $10")
        #expect(html("`$not math$`") == "<code>$not math$</code>")
    }

    @Test("a GFM table, cells rendered; pictures and sounds by their Anki names; wiki links as text; comments left out")
    func blocks() {
        #expect(
            html("| a | *b* |\n|---|:-:|\n| 1 | 2 \\| 3 |")
                == "<table><thead><tr><th>a</th><th><i>b</i></th></tr></thead><tbody><tr><td>1</td><td>2 | 3</td></tr></tbody></table>"
        )
        #expect(
            html("![[door.png]] ![x](door.png) ![[bonjour.mp3]]")
                == "<img src=\"door.png\"> <img src=\"door.png\"> [sound:bonjour.mp3]")
        #expect(html("See [[Other note|that]] and [[Plain]] %%hidden%% end") == "See that and Plain  end")
        #expect(html("![[missing.pdf]]") == "missing.pdf")
    }

    @Test("highlights numbered as Anki clozes, code left alone, past the limit kept as text")
    func clozes() {
        #expect(AnkiFieldHTML.numberedClozes("==a== and `==b==` and ==c==") == "{{c1::a}} and `==b==` and {{c2::c}}")
        #expect(AnkiFieldHTML.numberedClozes("==a== ==b==", limit: 1) == "{{c1::a}} ==b==")
        #expect(AnkiFieldHTML.numberedClozes("==open") == "==open")
    }
}

@Suite("Card groups for Anki")
struct AnkiCardGroupTests {
    @Test("each card's Markdown found again, inside quotes and list items too")
    func sources() {
        let text =
            "---\nid: n\n---\n> q1 :: **a1**\n\n- item q ::: item a\n\nA *question*\non two lines\n?\nthe `answer`\n"
        let cards = CardExtractor.cards(in: Data(text.utf8), notePath: "n.md", noteID: "n")
        let sources = CardMarkdown.sources(in: Data(text.utf8), cards: cards)
        #expect(sources.map { $0?.question } == ["q1", "item q", "item a", "A *question*\non two lines"])
        #expect(sources.map { $0?.answer } == ["**a1**", "item a", "item q", "the `answer`"])
        let groups = AnkiCardGroup.groups(of: cards, in: Data(text.utf8)) { $0.id }
        #expect(groups.map(\.shape) == [.basic, .reversed, .basic])
        #expect(groups[1].cards.map(\.ord) == [0, 1])
        #expect(groups.map(\.guid) == [cards[0], cards[1], cards[3]].map { "vault" + $0.id })
    }

    @Test("Anki clozes keep their numbers as ordinals; a card's table answer is its field")
    func clozeOrdinals() {
        let text = "{{c2::b}} then {{c5::e}} and {{c2::bb}}\n\nShapes?\n?\n| a | b |\n|---|---|\n| 1 | 2 |\n"
        let cards = CardExtractor.cards(in: Data(text.utf8), notePath: "n.md", noteID: "n")
        #expect(cards.count == 3)
        let groups = AnkiCardGroup.groups(of: cards, in: Data(text.utf8)) { $0.id }
        #expect(groups.first?.cards.map(\.ord) == [1, 4])
        #expect(groups.last?.markdown == ["Shapes?", "| a | b |\n|---|---|\n| 1 | 2 |"])
    }
}

@Suite("Cards written by Anki imports")
struct AnkiImportedCardSyntaxTests {
    @Test("a ? card whose answer is a table is a card, and a table's :: is no card")
    func tableAnswer() {
        let text = "Which shapes?\n?\n| Shape | Sides :: x |\n| --- | --- |\n| Triangle | 3 |\n"
        let cards = CardExtractor.cards(in: Data(text.utf8), notePath: "n.md", noteID: "n")
        #expect(cards.count == 1)
        #expect(cards.first?.answer == "| Shape | Sides :: x |\n| --- | --- |\n| Triangle | 3 |")
        let question = "| a | b |\n| --- | --- |\n| 1 | 2 |\n?\nthe answer\n"
        #expect(
            CardExtractor.cards(in: Data(question.utf8), notePath: "n.md", noteID: "n").first?.answer == "the answer")
        // A table with no ? card around it still holds no card.
        #expect(CardExtractor.cards(in: Data("| q :: a |\n|---|\n".utf8), notePath: "n.md", noteID: "n").isEmpty)
    }

    @Test("a <br> in a card is a line break where it is shown, and the card keeps its id")
    func lineBreaks() {
        let cards = CardExtractor.cards(
            in: Data("two<br>lines ::: deux<br/>lignes\n".utf8), notePath: "n.md", noteID: "n")
        #expect(cards.map(\.question) == ["two\nlines", "deux\nlignes"])
        #expect(cards.map(\.answer) == ["deux\nlignes", "two\nlines"])
        #expect(cards[0].identityText == "two br lines", "the id is read from the text as written")
        #expect(cards[0].id == CardIdentity.id(noteKey: "n", text: "basic\u{1F}two br lines"))
    }
}
