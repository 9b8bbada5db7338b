import Foundation
import Testing
import VaultCore

/// The Spaced Repetition plugin's syntax, rule by rule, on notes of our own (docs/FORMAT.md,
/// Obsidian Spaced Repetition). Expected values are worked out from the plugin's parser
/// (src/parser.ts, v1.15.4), question splitting and card expansion.
@Suite("The Spaced Repetition plugin's card syntax")
struct OSRNoteReaderTests {
    let syntax = ObsidianSRSyntax()

    func cards(_ text: String, path: String = "deck/note.md", syntax: ObsidianSRSyntax? = nil, tags: [String] = [])
        -> [CardDraft]
    {
        OSRNoteReader.drafts(in: text, path: path, frontMatterTags: tags, syntax: syntax ?? self.syntax)
    }

    @Test("a one-line card needs no spaces around ::, and its comment on the next line is its schedule")
    func oneLine() {
        let found = cards("#flashcards\n\nWhat is a value?::A representation of data\n<!--SR:!2025-05-01,51,255-->\n")
        #expect(found.count == 1)
        #expect(found[0].kind == .basic)
        #expect(found[0].question == "What is a value?")
        #expect(found[0].answer == "A representation of data")
        #expect(found[0].line == 3)
        #expect(found[0].stored == .osr(dueDay: VaultDate.daysFromCivil(2025, 5, 1), interval: 51, ease: 255))
        #expect(found[0].deck == "flashcards")
    }

    @Test("::: makes a card each way; one group per sibling, 2000-01-01 a new one")
    func reversed() {
        let found = cards("Hund:::dog <!--SR:!2025-06-02,3,250!2000-01-01,1,250-->")
        #expect(found.map(\.kind) == [.basic, .reverse])
        #expect(found.map(\.question) == ["Hund", "dog"])
        #expect(found.map(\.answer) == ["dog", "Hund"])
        #expect(found[0].stored == .osr(dueDay: VaultDate.daysFromCivil(2025, 6, 2), interval: 3, ease: 250))
        #expect(found[1].stored == nil)
    }

    @Test("a multi-line card runs from its first line to a blank line; ? splits it, ?? makes it both ways")
    func multiLine() {
        let text = """
            Name the three
            primary colours
            ?
            - red
            - yellow
            - blue
            <!--SR:!2026-01-10,12,270-->

            Front side
            ??
            Back side
            """
        let found = cards(text)
        #expect(found.count == 3)
        #expect(found[0].question == "Name the three\nprimary colours")
        #expect(found[0].answer == "- red\n- yellow\n- blue")
        #expect(found[0].stored == .osr(dueDay: VaultDate.daysFromCivil(2026, 1, 10), interval: 12, ease: 270))
        #expect(found[0].line == 1)
        #expect(found[1...].map(\.kind) == [.basic, .reverse])
        #expect(found[1].question == "Front side")
        #expect(found[2].question == "Back side")
        #expect(found[1].line == 9)
    }

    @Test("with an end marker a multi-line card may hold blank lines")
    func endMarker() {
        var s = syntax
        s.multilineCardEndMarker = "+++"
        let found = cards("Question\n?\nfirst part\n\nsecond part\n+++\nAfter::card", syntax: s)
        #expect(found.count == 2)
        #expect(found[0].answer == "first part\n\nsecond part")
        #expect(found[1].question == "After")
    }

    @Test("a separator inside inline code is none; one after code is")
    func inlineCode() {
        #expect(cards("`std::vector` holds items").isEmpty)
        let found = cards("`x` and y::z")
        #expect(found.count == 1)
        #expect(found[0].question == "`x` and y")
    }

    @Test("lines inside a fence at column 0 are never cards; an indented fence does not hide them")
    func fences() {
        #expect(cards("```cpp\nstd::cout << a::b;\n```\n").isEmpty)
        #expect(cards("~~~\nQ::A\n~~~\nNext::card").map(\.question) == ["Next"])
        let answer = cards("How to print?\n?\n```js\nconsole.log(1)\n```")
        #expect(answer.count == 1)
        #expect(answer[0].answer == "```js\nconsole.log(1)\n```")
    }

    @Test("an HTML comment hides its lines, and (unlike the plugin) not the line after it")
    func comments() {
        #expect(cards("<!-- private -->\nQ1::A1").map(\.question) == ["Q1"])
        #expect(cards("<!--\nhidden::card\n-->\nQ2::A2").map(\.question) == ["Q2"])
    }

    @Test("clozes: ==highlights== by default, one card per deletion, a hint after ;;")
    func clozes() {
        let found = cards("The capital of ==France;;country== is ==Paris==.")
        #expect(found.count == 2)
        #expect(found.map(\.kind) == [.cloze, .cloze])
        #expect(found[0].question == "The capital of [country] is Paris.")
        #expect(found[0].answer == "France")
        #expect(found[1].question == "The capital of France is [\u{2026}].")
        #expect(found[1].answer == "Paris")
        #expect(found[1].clozeContext == "The capital of France is Paris.")
    }

    @Test("numbered clozes: one card per number, every deletion of it asked")
    func numbered() {
        let found = cards("==1;;Berlin== and ==2;;Bonn== were capitals; ==1;;Berlin== is again.")
        #expect(found.count == 2)
        #expect(found[0].question == "[…] and Bonn were capitals; […] is again.")
        #expect(found[0].answer == "Berlin, Berlin")
        #expect(found[1].question == "Berlin and […] were capitals; Berlin is again.")
    }

    @Test("overlapping clozes: card i asks the deletions whose i-th letter is a, hides those with h")
    func overlapping() {
        let found = cards("==as;;one== ==sa;;two== ==ha;;three==")
        #expect(found.count == 2)
        #expect(found[0].question == "[…] two [...]")
        #expect(found[0].answer == "one")
        #expect(found[1].question == "one […] […]")
        #expect(found[1].answer == "two, three")
    }

    @Test("**bold** and {{curly}} clozes when the settings switch them on; not by default")
    func otherPatterns() {
        #expect(cards("A **bold** word").isEmpty)
        var s = syntax
        s.clozePatterns = [ObsidianSRSettings.boldPattern, ObsidianSRSettings.curlyPattern]
        let found = cards("A **bold** word and a {{curly}} one", syntax: s)
        #expect(found.map(\.answer) == ["bold", "curly"])
        #expect(found[0].question == "A […] word and a curly one")
    }

    @Test("a custom pattern from clozePatterns; one that holds :: makes a one-line card, as in the plugin")
    func customPattern() throws {
        var s = syntax
        s.clozePatterns = ["{{c[1;]answer[;hint]}}"]
        let found = cards("{{c1;Rome;city}} was founded in {{c2;753 BC}}.", syntax: s)
        #expect(found.count == 2)
        #expect(found.first?.question == "[city] was founded in 753 BC.")
        #expect(found.last?.answer == "753 BC")
        s.clozePatterns = ["{{c[1::]answer[::hint]}}"]
        let clash = cards("{{c1::Rome::city}} was founded.", syntax: s)
        #expect(clash.map(\.kind) == [.basic])
        #expect(clash.first?.question == "{{c1")
    }

    @Test("a tag opening a card names its deck and leaves the question; a block id leaves the answer")
    func tagsAndBlockIDs() {
        let found = cards("#flashcards/geo  Capital of Peru::Lima ^peru-1\n")
        #expect(found.count == 1)
        #expect(found[0].question == "Capital of Peru")
        #expect(found[0].answer == "Lima")
        #expect(found[0].deck == "flashcards/geo")
    }

    @Test("a card's deck: its own tag, else the last tag line above it, else the front matter's tags")
    func decks() {
        let text = """
            ---
            tags: [flashcards/chem]
            ---
            First::card

            #flashcards/physics
            Second::card
            #flashcards/bio Third::card
            """
        let found = cards(text, tags: ["flashcards/chem"])
        #expect(found.map(\.deck) == ["flashcards/chem", "flashcards/physics", "flashcards/bio"])
        #expect(found[0].line == 4)
        var folders = syntax
        folders.convertFoldersToDecks = true
        #expect(cards("#flashcards/x Q::A", path: "Science/Physics/waves.md", syntax: folders).map(\.deck) == ["Science/Physics"])
    }

    @Test("a line holding :: inside a multi-line card becomes a one-line card, as in the plugin")
    func inlineWins() {
        let found = cards("Question\n?\nterm::definition")
        #expect(found.count == 1)
        #expect(found[0].question == "term")
    }

    @Test("a ? with nothing before it makes no card")
    func emptyFront() {
        #expect(cards("?\nanswer").isEmpty)
    }

    @Test("a note tagged for review is a note card: sr-* front matter its schedule, its text without SR comments")
    func noteReview() throws {
        let body = "Привет::Hello <!--SR:!2026-11-17,2,230-->\n\nСпасибо:::Thank you\n<!--SR:!2026-11-18,1,250!2000-01-01,1,250-->\n$x^2$ stays"
        let review = try #require(
            OSRNoteReader.noteReview(
                title: "Слова", body: body, noteTags: ["flashcards/русский", "review/daily"], due: "2026-11-17",
                interval: "4", ease: "250", syntax: syntax, line: 1))
        #expect(review.kind == .note)
        #expect(review.question == "Слова")
        #expect(review.answer == "Привет::Hello\n\nСпасибо:::Thank you\n$x^2$ stays")
        #expect(review.deck == "review/daily")
        #expect(review.stored == .note(dueDay: VaultDate.daysFromCivil(2026, 11, 17), interval: 4, ease: 250))
        let unscheduled = OSRNoteReader.noteReview(
            title: "t", body: "text", noteTags: ["review"], due: nil, interval: "4", ease: "250", syntax: syntax, line: 1)
        #expect(unscheduled?.stored == nil && unscheduled?.answer == "text")
        #expect(
            OSRNoteReader.noteReview(
                title: "t", body: "text", noteTags: ["flashcards"], due: nil, interval: nil, ease: nil, syntax: syntax,
                line: 1) == nil)
        let ignoring = ObsidianSRSyntax(noteTagsToIgnore: ["#private"])
        #expect(
            OSRNoteReader.noteReview(
                title: "t", body: "text", noteTags: ["review", "private"], due: nil, interval: nil, ease: nil,
                syntax: ignoring, line: 1) == nil)
    }

    @Test("text in other scripts and LaTeX stays as written")
    func scripts() {
        let found = cards("Was ist $e^{i\\pi}$?::$-1$\n日本の首都は==東京==です。")
        #expect(found.count == 2)
        #expect(found[0].question == "Was ist $e^{i\\pi}$?")
        #expect(found[0].answer == "$-1$")
        #expect(found[1].question == "日本の首都は[…]です。")
        #expect(found[1].answer == "東京")
    }

    @Test("v1.15 FSRS groups are read with their moments; a group vault cannot read counts as new")
    func fsrsGroups() {
        let found = cards(
            "Q::A\n<!--SR:!fsrs,2026-02-01T10:00:00.000Z,9,8.5,5.2,2,3,0,0,2026-01-23T10:00:00.000Z-->")
        guard case .fsrs(let g)? = found.first?.stored else {
            Issue.record("no FSRS group read")
            return
        }
        #expect(g.due == Date(timeIntervalSince1970: 1_769_940_000))
        #expect(g.stability == 8.5)
        #expect(g.difficulty == 5.2)
        #expect(g.state == 2)
        #expect(g.lastReview == Date(timeIntervalSince1970: 1_769_162_400))
        #expect(cards("Q::A <!--SR:!someday,3,250-->").first?.stored == nil)
    }

    @Test("intervals and eases are read as the plugin reads them: whole numbers (2.5 is 2)")
    func parseInt() {
        #expect(cards("Q::A\n<!--SR:!2026-03-01,2.5,250-->").first?.stored
            == .osr(dueDay: VaultDate.daysFromCivil(2026, 3, 1), interval: 2, ease: 250))
    }

    @Test("the front matter is blanked as the plugin does: only exact --- lines")
    func frontMatter() {
        let found = cards("---\ntitle: x\n---\nQ::A")
        #expect(found.map(\.line) == [4])
        #expect(OSRParser.blankingFrontMatter("---\na: 1\n---\nbody").content == "\n\n\nbody")
    }

    @Test("a hostile note costs bounded work: cloze searches share a budget per note, then stop")
    func hostileClozes() {
        var s = syntax
        s.clozePatterns = [ObsidianSRSettings.curlyPattern]
        // Every line opens hundreds of deletions and closes none: each search would read to the line's end.
        let line = String(repeating: "{{a ", count: 1000)
        let text = Array(repeating: line, count: 400).joined(separator: "\n") + "\n\nlast::card"
        let patterns = s.clozePatterns.compactMap(OSRClozePattern.init)
        let budget = OSRClozePattern.Budget()
        let found = OSRParser.questions(in: text, syntax: s, patterns: patterns, budget: budget)
        #expect(budget.remaining <= 0)
        #expect(found.map(\.text) == ["last::card"])
    }
}
