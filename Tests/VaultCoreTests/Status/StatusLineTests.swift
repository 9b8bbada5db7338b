import Testing
import VaultCore

@Suite("The status line")
struct StatusLineTests {
    @Test("the default line names each non-zero count, singular or plural, waiting reminders first")
    func defaultLine() {
        #expect(
            StatusLine(reviews: 9, cards: 12, palaces: 2, locations: 5, streak: 48).text
                == "9 reviews · 12 cards · 2 palaces · streak 48")
        #expect(StatusLine(reviews: 1, cards: 0, palaces: 1, locations: 1, streak: 0).text == "1 review · 1 palace")
        #expect(
            StatusLine(reviews: 0, cards: 1, palaces: 0, locations: 0, streak: 3, pending: 2).text
                == "2 reminders waiting · 1 card · streak 3")
    }

    @Test("nothing due and no streak is an empty line, so a prompt stays clean")
    func nothingIsEmpty() {
        #expect(StatusLine(reviews: 0, cards: 0, palaces: 0, locations: 0, streak: 0).text == "")
    }

    @Test("--format places every count; doubled braces are braces")
    func format() throws {
        let line = StatusLine(reviews: 9, cards: 12, palaces: 2, locations: 5, streak: 48, pending: 1)
        #expect(
            try line.render("{reviews}r {cards}c {palaces}p/{locations}l {streak}d {pending}!")
                == "9r 12c 2p/5l 48d 1!")
        #expect(try line.render("{{{cards}}}") == "{12}")
        #expect(try line.render("[{line}]") == "[1 reminder waiting · 9 reviews · 12 cards · 2 palaces · streak 48]")
    }

    @Test("an unknown or unclosed placeholder is an error naming it")
    func formatErrors() {
        let line = StatusLine(reviews: 0, cards: 0, palaces: 0, locations: 0, streak: 0)
        #expect(throws: StatusLineFormatError.unknown("due")) { try line.render("{due}") }
        #expect(throws: StatusLineFormatError.unclosed("{cards")) { try line.render("{cards") }
        #expect(StatusLineFormatError.unknown("due").localizedDescription.hasPrefix("--format names {due}, which is no count; use {reviews}"))
    }
}
