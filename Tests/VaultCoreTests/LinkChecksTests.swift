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

    /// `file`'s facts as the catalog keeps them, its places from a scan of
    /// the whole file (what the parser stores), or none (`placed: false`).
    private func facts(of file: String, placed: Bool) -> NoteCheckFacts {
        let links = LinkScanner.links(in: file).filter { $0.isWiki && !$0.target.isEmpty }
        return NoteCheckFacts(
            wikiLinks: links.map(\.target),
            wikiLinkPlaces: placed ? links.map { LinkPlace(line: $0.line, column: $0.column) } : nil)
    }

    @Test(
        "with the places in the facts, broken links are placed as a scan of the file places them, and no file is read")
    func placesFromFacts() {
        let files = [
            "Home.md": "# Home\n\nSee [[Home]] and\n  then [[Missing note]].\n",
            "b/Six.md": (1...60).map { [3, 4, 35, 47].contains($0) ? "- [[Interpret]] [[Home]] ![[Lost]]" : "text" }
                .joined(separator: "\n"),
            "c.md": "![[Lost]]\n| a | [[Gone\\|label]] |\n```\n[[Code]]\n```\n[[Home#part]] [[Gone]]\n",
        ]
        let paths = files.keys.sorted()
        let notes = paths.map {
            NoteSummary(
                path: $0, id: nil, title: $0, tags: [], category: nil, source: nil, sourceType: nil,
                sourceTypeInferred: false, aliases: [], created: nil, createdOrigin: .unknown, diagnostics: [])
        }
        let resolver = LinkResolver(notes: [("Home.md", ["Home"])])
        let byGraph = LinkChecks.run(
            LinkGraph(notes: notes, facts: paths.map { facts(of: files[$0]!, placed: false) }, resolver: resolver),
            resolver: resolver
        ) { LinkScanner.links(in: files[$0]!) }
        var read: [String] = []
        let byFacts = LinkChecks.run(
            notes: notes, facts: paths.map { facts(of: files[$0]!, placed: true) }, resolver: resolver
        ) {
            read.append($0)
            return []
        }
        #expect(read.isEmpty)
        #expect(byFacts == byGraph)
        #expect(byFacts.count == 12)
        #expect(byFacts.filter { $0.path == "c.md" }.map { "\($0.line!):\($0.column!)" } == ["1:1", "2:7", "6:15"])
        // Without places, a note holding a broken link is read, and the warnings are the same.
        let byReading = LinkChecks.run(
            notes: notes, facts: paths.map { facts(of: files[$0]!, placed: false) }, resolver: resolver
        ) {
            read.append($0)
            return LinkScanner.links(in: files[$0]!)
        }
        #expect(byReading == byGraph)
        #expect(read == ["b/Six.md", "c.md", "Home.md"].sorted())
    }

    @Test("a target met again, in any folder and Unicode form, is warned about as when met first")
    func targetsMetAgain() {
        let files = [
            "a/Café.md": "[[Café]] [[Cafe\u{301}]] [[b/Note]] [[Lost]] [[pic.png]]\n[[Lost]]",
            "b/Note.md": "[[Note]] [[NOTE]] [[Lost]] [[Cafe\u{301}]] [[a/nope]]\n[[Title of c]] [[Ghost]]",
            "c.md": "[[Ghost]] [[note]] [[Cafe\u{301}.md]] [[Lost]] [[b/Note]] [[/c]]",
        ]
        let paths = files.keys.sorted()
        let notes = paths.map {
            NoteSummary(
                path: $0, id: nil, title: $0 == "c.md" ? "Title of c" : $0, tags: [], category: nil, source: nil,
                sourceType: nil, sourceTypeInferred: false, aliases: [], created: nil, createdOrigin: .unknown,
                diagnostics: [])
        }
        let resolver = LinkResolver(summaries: notes)
        let byGraph = LinkChecks.run(
            LinkGraph(notes: notes, facts: paths.map { facts(of: files[$0]!, placed: false) }, resolver: resolver),
            resolver: resolver
        ) { LinkScanner.links(in: files[$0]!) }
        let byFacts = LinkChecks.run(
            notes: notes, facts: paths.map { facts(of: files[$0]!, placed: true) }, resolver: resolver
        ) { _ in [] }
        #expect(byFacts == byGraph)
        #expect(byFacts.map { "\($0.path):\($0.line!) " + $0.message.prefix { $0 != " " } } == [
            "a/Café.md:1 [[Lost]]", "a/Café.md:2 [[Lost]]", "b/Note.md:1 [[Lost]]", "b/Note.md:1 [[a/nope]]",
            "b/Note.md:2 [[Ghost]]", "c.md:1 [[Ghost]]", "c.md:1 [[Lost]]",
        ])
        #expect(ExactText("Cafe\u{301}") != ExactText("Café") && "Cafe\u{301}" == "Café")
        #expect(ExactText("Café") == ExactText("Caf" + "é"))
    }

    @Test("elided keeps short text and cuts long text to the limit, ellipsis included")
    func elided() {
        #expect("short".elided(to: 5) == "short")
        #expect("longer".elided(to: 5) == "long…")
        #expect("é🙂é🙂é🙂".elided(to: 4) == "é🙂é…")
    }
}
