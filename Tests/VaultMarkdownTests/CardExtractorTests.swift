import Foundation
import Testing
import VaultCore

@testable import VaultMarkdown

@Suite("Card extraction from the CommonMark tree")
struct CardExtractorTests {
    func cards(_ text: String, id: String? = "note-1") -> [Card] {
        CardExtractor.cards(in: Data(text.utf8), notePath: "deck/a.md", noteID: id)
    }

    @Test("a one-line card splits at ' :: '")
    func oneLine() {
        let found = cards("Capital of France :: Paris\n")
        #expect(found.map(\.question) == ["Capital of France"])
        #expect(found.map(\.answer) == ["Paris"])
        #expect(found.map(\.kind) == [.basic])
        #expect(found.first?.line == 1)
    }

    @Test("':::' makes a forward and a reverse card")
    func reverse() {
        let found = cards("Hund ::: dog\n")
        #expect(found.map(\.kind) == [.basic, .reverse])
        #expect(found[1].question == "dog")
        #expect(found[1].answer == "Hund")
        #expect(found[0].id != found[1].id)
    }

    @Test("fenced and indented code blocks hold no cards")
    func codeBlocks() {
        let text = "```\na :: b\n==c==\n```\n\n    x :: y\n\nreal :: card\n"
        #expect(cards(text).map(\.question) == ["real"])
    }

    @Test("'::' inside inline code, a URL or a link destination makes no card")
    func inlineCodeAndURLs() {
        let text = """
            Use `a :: b` in Haskell.

            See http://example.com/a::b and std::vector.

            [a :: b](http://x.org/a::b) and <http://host/a::b>.

            """
        #expect(cards(text).isEmpty)
    }

    @Test("cards inside nested list items count, with their own lines")
    func nestedLists() {
        let text = "- top :: one\n  - nested :: two\n    1. deeper :: three\n"
        let found = cards(text)
        #expect(found.map(\.question) == ["top", "nested", "deeper"])
        #expect(found.map(\.line) == [1, 2, 3])
    }

    @Test("a '?' line splits a multi-line card, which a heading ends")
    func multiLineEndedByHeading() {
        let text = "What are the\nthree primary colours\n?\nred, yellow\nblue\n# Next\nnot an answer\n"
        let found = cards(text)
        #expect(found.count == 1)
        #expect(found.first?.question == "What are the\nthree primary colours")
        #expect(found.first?.answer == "red, yellow\nblue")
    }

    @Test("a '?' card right after a one-line card asks only the lines after it")
    func multiLineAfterOneLine() {
        let found = cards("first :: one\nsecond question\n?\nsecond answer\n")
        #expect(found.map(\.question) == ["first", "second question"])
        #expect(found.map(\.line) == [1, 2])
    }

    @Test("a multi-line card ends at a blank line")
    func multiLineEndedByBlank() {
        let found = cards("Q line\n?\nA line\n\nafter\n")
        #expect(found.map(\.answer) == ["A line"])
    }

    @Test("each cloze deletion makes one card, the others shown")
    func cloze() {
        let found = cards("The ==mitochondria== is the ==powerhouse== of the cell.\n")
        #expect(found.map(\.kind) == [.cloze, .cloze])
        #expect(found[0].question == "The […] is the powerhouse of the cell.")
        #expect(found[0].answer == "mitochondria")
        #expect(found[1].question == "The mitochondria is the […] of the cell.")
        #expect(found[0].id != found[1].id)
    }

    @Test("cloze deletions inside and around emphasis are found")
    func clozeInEmphasis() {
        let found = cards("*The ==heart== pumps* and ==**blood**== flows.\n")
        #expect(found.map(\.answer) == ["heart", "blood"])
    }

    @Test("'==' inside inline code is not a cloze")
    func clozeInCode() {
        #expect(cards("Compare with `a ==b== c` here.\n").isEmpty)
    }

    @Test("CRLF line ends give the same cards as LF")
    func crlf() {
        let lf = cards("---\nid: x\n---\nQ one :: A one\nQ\n?\nA\n")
        let crlf = cards("---\r\nid: x\r\n---\r\nQ one :: A one\r\nQ\r\n?\r\nA\r\n")
        #expect(lf.count == 2)
        #expect(crlf == lf)
        #expect(lf.first?.line == 4)
    }

    @Test("a typo fix changes the id only through normalised text; case and punctuation keep it")
    func identityNormalisation() {
        let a = cards("What is the *capital* of France? :: Paris\n")
        let b = cards("what is the capital of france :: Paris!\n")
        #expect(a.first?.id == b.first?.id)
        let other = cards("What is the capital of France? :: Paris\n", id: "note-2")
        #expect(a.first?.id != other.first?.id)
    }

    @Test("adding a deletion to a cloze paragraph keeps the ids of the existing deletions")
    func clozeIdentityStable() {
        let before = cards("The ==Seine== flows through Paris.\n")
        let after = cards("The ==Seine== flows through ==Paris==.\n")
        #expect(before.count == 1)
        #expect(after.count == 2)
        #expect(after[0].id == before[0].id)
    }

    @Test("a question rewrite gives a new id; editing only the answer keeps it")
    func identityRewrite() {
        let original = cards("Capital of France :: Paris\n")
        #expect(cards("Capital of France :: Paris, on the Seine\n").first?.id == original.first?.id)
        #expect(cards("Seat of the French government :: Paris\n").first?.id != original.first?.id)
    }

    @Test("cards in block quotes count; HTML blocks and headings hold none")
    func quotesAndHTML() {
        let text = "> quoted :: yes\n\n<div>\nhtml :: no\n</div>\n\n## heading :: no\n"
        #expect(cards(text).map(\.question) == ["quoted"])
    }
}

@Suite("Deeply nested Markdown")
struct DeepNestingTests {
    /// The depth of `node`'s tree, counted without recursion.
    static func depth(_ node: MarkdownNode) -> Int {
        var deepest = 0
        var stack = [(node, 1)]
        while let (current, level) = stack.popLast() {
            deepest = max(deepest, level)
            stack += current.children.map { ($0, level + 1) }
        }
        return deepest
    }

    @Test("10,000 nested list items and 50,000 nested quotes parse, render and give their cards without deep recursion")
    func deepNotes() {
        var list = "# Deep\n\nq :: a\n\n"
        for i in 0..<10_000 { list += String(repeating: "  ", count: i) + "- item \(i)\n" }
        let quotes = "Quotes\n\n" + String(repeating: ">", count: 50_000) + " the bottom\n"
        for text in [list, quotes] {
            let document = Array(text.utf8).withUnsafeBufferPointer { CommonMark.document(of: $0) }
            #expect(Self.depth(document) <= CommonMark.maxDepth + 1)
            #expect(!TerminalRenderer(style: ANSIStyle(enabled: false)).render(document).isEmpty)
        }
        let cards = CardExtractor.cards(in: Data(list.utf8), notePath: "deep.md", noteID: nil)
        #expect(cards.map(\.question) == ["q"])
        let flat = Array(quotes.utf8).withUnsafeBufferPointer { CommonMark.document(of: $0) }
        #expect(flat.plainText.contains("the bottom"), "the text below the cut is kept, flattened")
    }
}

@Suite("Card extraction stays linear")
struct CardLimitsTests {
    @Test(
        "a paragraph of 20,000 cloze deletions gives its first 50 cards quickly; a note gives at most 1,000 cards",
        .timeLimit(.minutes(1)))  // about a second; a bound of 10 s failed under a load average of 11
    func limits() {
        let clozes = "Facts: " + (0..<20_000).map { "==w\($0)==" }.joined(separator: " ") + "\n"
        let cards = CardExtractor.cards(in: Data(clozes.utf8), notePath: "c.md", noteID: nil)
        #expect(cards.count == CardExtractor.maxClozesPerParagraph)
        #expect(cards.first?.answer == "w0")
        let many = (0..<1500).map { "q\($0) :: a\($0)\n\n" }.joined()
        #expect(
            CardExtractor.cards(in: Data(many.utf8), notePath: "m.md", noteID: nil).count
                == CardExtractor.maxCardsPerNote)
    }
}

@Suite("Cards only from real paragraphs")
struct RealParagraphCardsTests {
    func cards(_ text: String) -> [Card] {
        CardExtractor.cards(in: Data(text.utf8), notePath: "deck/a.md", noteID: "note-1")
    }

    @Test("a GFM table holds no cards, highlights in its rows included (Obsidian's Basic formatting syntax)")
    func tablesHoldNoCards() {
        let text = """
            | Style | Syntax | Example | Output |
            |-------|:------:|---------|-------:|
            | Highlight | `== ==` | `==Highlighted text==` | ==Highlighted text== |
            | Term :: definition | x | y | z |

            Syntax | Output
            --- | ---
            ==Bare== table | without outer pipes

            After the table ==this== is a cloze.
            """
        let found = cards(text)
        #expect(found.map(\.answer) == ["this"])
        #expect(found.map(\.question) == ["After the table […] is a cloze."])
        #expect(found.first?.line == 10)
    }

    @Test("paragraph lines before a table still hold their cards, the table's rows none")
    func linesBeforeATable() {
        let found = cards("Question :: answer\n| a | b |\n| - | - |\n| ==c== | d :: e |\n")
        #expect(found.map(\.question) == ["Question"])
        #expect(found.map(\.line) == [1])
    }

    @Test("a line of pipes without a delimiter row is a paragraph, not a table")
    func pipesWithoutDelimiter() {
        #expect(cards("a | b :: c | d\n").map(\.answer) == ["c | d"])
    }

    @Test("a paragraph opening with an HTML tag holds no cards")
    func htmlLookingParagraphs() {
        let text = """
            <span class="x">==hidden==</span> and Q :: A

            <div>
            ==in a block== :: no
            </div>

            Real ==cloze== here.
            """
        #expect(cards(text).map(\.answer) == ["cloze"])
    }

    @Test("a callout's header line holds no cards; its body does")
    func calloutHeaders() {
        let text = """
            > [!note] ==Highlighted== title :: not a card
            > Body question :: body answer

            > [!tip]- Folded ==title==
            > Line with ==cloze== inside.

            > [!warning] Only a header ==x==

            > Plain quote ==kept== as a cloze.
            """
        let found = cards(text)
        #expect(found.map(\.answer) == ["body answer", "cloze", "kept"])
        #expect(found.map(\.question) == ["Body question", "Line with […] inside.", "Plain quote […] as a cloze."])
        #expect(found.map(\.line) == [2, 5, 9])
    }

    @Test("a callout's header line is not part of a '?' card's question")
    func calloutMultiLine() {
        let found = cards("> [!question] Quiz\n> What is it?\n> ?\n> An answer\n")
        #expect(found.map(\.question) == ["What is it?"])
        #expect(found.map(\.answer) == ["An answer"])
        #expect(found.map(\.line) == [2])
    }
}
