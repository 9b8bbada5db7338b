import Foundation
import Testing

@testable import VaultCore

@Suite("Broken link warnings")
struct LinkChecksTests {
    private func graph(_ links: [String]) -> LinkGraph {
        LinkGraph(notes: [
            Note(
                path: "Home.md", frontMatter: FrontMatter(entries: []), body: BodyFacts(wikiLinks: links),
                timeZone: .gmt)
        ])
    }

    @Test("a wiki link that leads nowhere is named in the warning, with its line")
    func named() {
        let warnings = LinkChecks.run(graph(["Missing note", "Home"])) { _, _ in 3 }
        #expect(warnings.map(\.message) == ["[[Missing note]] links to no note; create the note or correct the name."])
        #expect(warnings.map(\.line) == [3])
    }

    @Test("a target of a hundred thousand characters is cut, so the warning stays one readable line")
    func longTargetCut() {
        let target = String(repeating: "[", count: 100_000) + "x"
        let message = try! #require(LinkChecks.run(graph([target])) { _, _ in nil }.first).message
        #expect(message.count < 200)
        #expect(message.hasPrefix("[[" + String(repeating: "[", count: 79) + "…]] links to no note"))
    }

    @Test("elided keeps short text and cuts long text to the limit, ellipsis included")
    func elided() {
        #expect("short".elided(to: 5) == "short")
        #expect("longer".elided(to: 5) == "long…")
        #expect("é🙂é🙂é🙂".elided(to: 4) == "é🙂é…")
    }
}
