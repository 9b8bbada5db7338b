import Foundation
import Testing
import VaultCore

@testable import VaultMarkdown

@Suite("Anki's cloze syntax {{c1::…}} in every note")
struct AnkiClozeExtractionTests {
    func cards(_ text: String) -> [Card] {
        CardExtractor.cards(in: Data(text.utf8), notePath: "deck/a.md", noteID: "note-1")
    }

    @Test("one card per number, hiding every deletion of that number and showing the others")
    func oneCardPerNumber() {
        let found = cards("{{c1::Paris}} is the capital of {{c2::France}}, and {{c1::Lyon}} its third city.\n")
        #expect(found.map(\.kind) == [.cloze, .cloze])
        #expect(found[0].question == "[…] is the capital of France, and […] its third city.")
        #expect(found[0].answer == "Paris, Lyon")
        #expect(found[1].question == "Paris is the capital of […], and Lyon its third city.")
        #expect(found[1].answer == "France")
        #expect(found[0].id != found[1].id)
    }

    @Test("a hint is shown in the gap")
    func hintInGap() {
        let found = cards("The capital of {{c1::France::country}} is Paris.\n")
        #expect(found.map(\.question) == ["The capital of [country] is Paris."])
        #expect(found.map(\.answer) == ["France"])
    }

    @Test("numbers come in increasing order whatever the order in the text")
    func numbersInOrder() {
        let found = cards("{{c3::c}} then {{c1::a}} then {{c2::b}}\n")
        #expect(found.map(\.answer) == ["a", "b", "c"])
    }

    @Test("a paragraph with Anki clozes keeps its ==…== as text")
    func highlightsStayText() {
        let found = cards("{{c1::Paris}} is ==lovely==.\n")
        #expect(found.count == 1)
        #expect(found[0].question == "[…] is ==lovely==.")
    }

    @Test("clozes in inline code or with no text make no card; a :: card wins")
    func notCards() {
        #expect(cards("`{{c1::x}}` in code\n").isEmpty)
        #expect(cards("{{c1::}} empty\n").isEmpty)
        #expect(cards("Q {{c1::x}} :: A\n").map(\.kind) == [.basic])
    }
}
