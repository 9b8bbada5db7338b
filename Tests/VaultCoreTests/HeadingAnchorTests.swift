import Testing

@testable import VaultCore

@Suite("Heading anchors of exported pages")
struct HeadingAnchorTests {
    @Test("an anchor is the heading's text with each run of white space as '+', case kept (Obsidian Publish's URLs)")
    func slugs() {
        #expect(HeadingAnchor.slug("Link to a heading in a note") == "Link+to+a+heading+in+a+note")
        #expect(HeadingAnchor.slug("  Details  ") == "Details")
        #expect(HeadingAnchor.slug("Part: one") == "Part+one", "characters a heading link cannot hold count as spaces")
        #expect(HeadingAnchor.slug("Thème de couleurs") == "Thème+de+couleurs")
    }

    @Test("a heading repeated on a page gets -2, -3… so every anchor is unique")
    func unique() {
        #expect(HeadingAnchor.unique(["Details", "Other", "Details", "Details"]) == ["Details", "Other", "Details-2", "Details-3"])
    }

    @Test("a link's heading finds its anchor as written, else in another case, else none")
    func find() {
        let anchors = ["Supported+types", "Details"]
        #expect(HeadingAnchor.find("Supported types", in: anchors) == "Supported+types")
        #expect(HeadingAnchor.find("details", in: anchors) == "Details")
        #expect(HeadingAnchor.find("Missing", in: anchors) == nil)
    }
}
