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

    private func run(_ links: [String], file: String) -> [Diagnostic] {
        let graph = graph(links)
        let resolver = LinkResolver(notes: [("Home.md", ["Home"])])
        return LinkChecks.run(graph, resolver: resolver) { _ in LinkScanner.links(in: file) }
    }

    @Test("a wiki link that leads nowhere is named in the warning, with its line and column")
    func named() {
        let warnings = run(["Missing note", "Home"], file: "# Home\n\nSee [[Home]] and\n  then [[Missing note]].\n")
        #expect(warnings.map(\.message) == ["[[Missing note]] links to no note; create the note or correct the name."])
        #expect(warnings.map(\.line) == [4])
        #expect(warnings.map(\.column) == [8])
        #expect(warnings.map(\.formatted) == ["Home.md:4:8: warning: " + warnings[0].message])
    }

    @Test("a target written six times gives six warnings, each at its own line")
    func everyPlace() {
        let lines = (1...60).map { [33, 34, 35, 47, 53, 55].contains($0) ? "- [[Interpret]] again" : "text \($0)" }
        let warnings = run(Array(repeating: "Interpret", count: 6), file: lines.joined(separator: "\n"))
        #expect(warnings.map(\.line) == [33, 34, 35, 47, 53, 55])
        #expect(warnings.allSatisfy { $0.column == 3 })
    }

    @Test("an embed that leads nowhere is a broken link too; a table's \\| ends the name")
    func embedsAndTables() {
        let file = "![[Lost]]\n| a | [[Gone\\|label]] |\n"
        let warnings = run(["Lost", "Gone"], file: file)
        #expect(warnings.map(\.line) == [1, 2])
        #expect(warnings.map(\.column) == [1, 7])
        #expect(warnings.map(\.message).last?.hasPrefix("[[Gone]]") == true)
    }

    @Test("a target of a hundred thousand characters is cut, so the warning stays one readable line")
    func longTargetCut() {
        let target = String(repeating: "[", count: 100_000) + "x"
        let message = try! #require(
            LinkChecks.run(graph([target]), resolver: LinkResolver(paths: ["Home.md"])) { _ in [] }.first
        ).message
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
