import Foundation
import Testing
import VaultCore

/// Writing a question's schedule comment back as the plugin's `formatForNote` places it.
@Suite("Writing schedules back as the Spaced Repetition plugin does")
struct OSRWriteBackTests {
    let syntax = ObsidianSRSyntax()

    func card(_ text: String, at index: Int = 0) -> Card {
        let drafts = OSRNoteReader.drafts(in: text, path: "n.md", frontMatterTags: [], syntax: syntax)
        return CardIdentity.cards(from: drafts, notePath: "n.md", noteID: nil)[index]
    }

    /// `text` with the question holding card `index` given `groups` (one per sibling).
    func written(
        _ text: String, card index: Int = 0, placement: OSRCommentPlacement = OSRCommentPlacement(),
        groups: [String] = ["!2026-11-21,3,250"], droppingNewOnly: Bool = false
    ) -> String? {
        let target = card(text, at: index)
        var k = 0
        return OSRWriteBack.rewriting(
            text, notePath: "n.md", noteID: nil, cardID: target.id, syntax: syntax, placement: placement,
            droppingNewOnly: droppingNewOnly
        ) { _, _ in
            defer { k += 1 }
            return groups[k]
        }
    }

    @Test("a comment goes on the line after a one-line card, and replaces the old one")
    func nextLine() {
        #expect(written("Intro\n\nQ::A\nAfter") == "Intro\n\nQ::A\n<!--SR:!2026-11-21,3,250-->\nAfter")
        #expect(
            written("Q::A\n<!--SR:!2026-11-18,1,250-->\n\nnext") == "Q::A\n<!--SR:!2026-11-21,3,250-->\n\nnext")
        #expect(written("Q::A <!--SR:!2026-11-18,1,250-->") == "Q::A\n<!--SR:!2026-11-21,3,250-->")
    }

    @Test("card_comment_on_same_line puts it after a space, a block id after it")
    func sameLine() {
        let same = OSRCommentPlacement(sameLine: true)
        #expect(written("Q::A", placement: same) == "Q::A <!--SR:!2026-11-21,3,250-->")
        #expect(written("Q::A ^blk-1", placement: same) == "Q::A <!--SR:!2026-11-21,3,250--> ^blk-1")
        #expect(written("Q::A ^blk-1") == "Q::A ^blk-1\n<!--SR:!2026-11-21,3,250-->")
    }

    @Test("after a code block the comment goes on the next line whatever the setting")
    func codeBlock() {
        let text = "How?\n?\n```\nx\n```"
        #expect(
            written(text, placement: OSRCommentPlacement(sameLine: true))
                == "How?\n?\n```\nx\n```\n<!--SR:!2026-11-21,3,250-->")
    }

    @Test("an answer taken back: a comment of new cards only is taken out, the question as before its first answer")
    func droppingNewOnly() {
        let new = ["!2000-01-01,1,250", "!2000-01-01,1,250"]
        #expect(written("Q::A\n<!--SR:!2026-11-21,3,250-->\nAfter", groups: [new[0]], droppingNewOnly: true) == "Q::A\nAfter")
        #expect(written("Q::A ^blk-1\n<!--SR:!2026-11-21,3,250-->", groups: [new[0]], droppingNewOnly: true) == "Q::A ^blk-1")
        #expect(
            written("Q::A <!--SR:!2026-11-21,3,250--> ^blk-1", placement: OSRCommentPlacement(sameLine: true), groups: [new[0]], droppingNewOnly: true)
                == "Q::A ^blk-1")
        #expect(written("Hund:::dog\n<!--SR:!2026-11-21,3,250!2000-01-01,1,250-->", groups: new, droppingNewOnly: true) == "Hund:::dog")
        #expect(
            written("Hund:::dog\n<!--SR:!2026-11-21,3,250!2026-11-25,9,270-->", groups: [new[0], "!2026-11-25,9,270"], droppingNewOnly: true)
                == "Hund:::dog\n<!--SR:!2000-01-01,1,250!2026-11-25,9,270-->", "a sibling still scheduled keeps the comment")
        #expect(written("Q::A", groups: [new[0]]) == "Q::A\n<!--SR:!2000-01-01,1,250-->", "an answer never drops it")
        #expect(
            written("Q::A\n> [!sr|card-metadata] \n>  <!--SR:!2026-11-21,3,250-->\nAfter", placement: OSRCommentPlacement(inCallout: true),
                groups: [new[0]], droppingNewOnly: true) == "Q::A\nAfter", "the callout that held it goes too")
    }

    @Test("every sibling gets its group, in the question's order")
    func siblings() {
        #expect(
            written("Hund:::dog", card: 1, groups: ["!2000-01-01,1,250", "!2026-11-21,3,250"])
                == "Hund:::dog\n<!--SR:!2000-01-01,1,250!2026-11-21,3,250-->")
    }

    @Test("the groups as written are handed over, so untouched siblings keep theirs")
    func existingGroups() {
        let text = "a ==b== ==c==\n<!--SR:!2026-12-01,9,270!2026-11-30,4,250-->"
        var seen: [String?] = []
        _ = OSRWriteBack.rewriting(
            text, notePath: "n.md", noteID: nil, cardID: card(text, at: 1).id, syntax: syntax,
            placement: OSRCommentPlacement()
        ) { _, written in
            seen.append(written)
            return written ?? ""
        }
        #expect(seen == ["!2026-12-01,9,270", "!2026-11-30,4,250"])
    }

    @Test("a multi-line card's comment follows its last line; other lines and CRLF line ends stay")
    func multiLine() {
        let text = "# Heading\r\n\r\nFront  \r\n?\r\nBack \r\n\r\nTail::x\r\n"
        #expect(
            written(text)
                == "# Heading\r\n\r\nFront  \r\n?\r\nBack\r\n<!--SR:!2026-11-21,3,250-->\r\n\r\nTail::x\r\n")
    }

    @Test("in a callout when the settings say so")
    func callout() {
        #expect(
            written("Q::A", placement: OSRCommentPlacement(inCallout: true))
                == "Q::A\n> [!sr|card-metadata] \n>  <!--SR:!2026-11-21,3,250-->")
    }

    @Test("nothing is written when the card is gone from the note")
    func gone() {
        let target = card("Q::A")
        #expect(
            OSRWriteBack.rewriting(
                "Other::card", notePath: "n.md", noteID: nil, cardID: target.id, syntax: syntax,
                placement: OSRCommentPlacement()
            ) { _, _ in "!x" } == nil)
    }
}
