import Foundation
import Testing
import VaultCore

@testable import VaultMarkdown

private let utc = TimeZone(identifier: "UTC")!

private func parse(_ text: String, path: String = "n.md") -> Note {
    NoteParser.parse(Data(text.utf8), path: path, timeZone: utc)
}

@Suite("Note parser")
struct NoteParserTests {
    @Test("a full note yields every field")
    func fullNote() {
        let n = parse(
            """
            ---
            id: 7f0c2a52-8d8e-4d8b-9a55-3c2f4f0b6d11
            created: 2026-11-18T08:42:00Z
            category: Productivity
            tags: [habits, systems]
            source: Atomic Habits
            source_type: book
            aliases:
              - Systems over goals
            mood: curious
            ---
            # You do not rise to the level of your goals

            You fall to the level of your *systems*. #habits #area/sub-topic
            See [[Deep work|deep]] and [the other note](../10/other%20note.md#part) or [site](https://x.org/a.md).
            """)
        #expect(n.id == "7f0c2a52-8d8e-4d8b-9a55-3c2f4f0b6d11")
        #expect(n.title == "You do not rise to the level of your goals")
        #expect(n.category == "Productivity")
        #expect(n.tags == ["habits", "systems", "area/sub-topic"])
        #expect(n.source == "Atomic Habits")
        #expect(n.sourceType == "book")
        #expect(n.aliases == ["Systems over goals"])
        #expect(n.wikiLinks == ["Deep work"])
        #expect(n.noteLinks == ["../10/other note.md"])
        #expect(n.frontMatter.unknownEntries.map(\.key) == ["mood"])
        #expect(n.createdOrigin == .frontMatter)
        #expect(n.diagnostics.isEmpty)
        #expect(n.bodyText.contains("You fall to the level of your systems."))
    }

    @Test("tags come from text (headings included), never from code, link text or URL fragments")
    func tagsOnlyFromText() {
        let n = parse(
            """
            # Heading #yes0

            Real #yes1 and `#notag2` and https://example.com/page#notag3 and [#notag4](x.md) #yes2
            and #123 is a number, #yes3/ trailing slash, word#notag5.

            ```python
            x = 1  # notag6
            #notag7
            ```

                #notag8 indented code

            - item with #yes4
              > quote with #yes5
            """)
        #expect(n.tags == ["yes0", "yes1", "yes2", "yes3", "yes4", "yes5"])
    }

    @Test("Obsidian's tag rule: # at a line start or after white space, never in links, anchors, URLs or code")
    func obsidianTagRule() {
        let n = parse(
            """
            #start of a line, see [[#Details]] and [[Callouts#Supported types]] and [[Note|#label]].
            After a link [x](y.md)#notag1, after **bold**#notag2, in (#notag3) and ,#notag4;
            https://example.com/#/route?q=#notag5 and <https://example.com/#notag6> and `#notag7`
            a [link #notag8](https://x.org) then #end-tag/ and #2026 #2026-review
            text after code `x` #after-code
            """)
        #expect(n.tags == ["start", "end-tag", "2026-review", "after-code"])
        #expect(n.wikiLinks == ["Callouts", "Note"])
    }

    @Test("a tag may open a text run that starts a line or follows white space, not one glued to markup")
    func tagsAtRunStarts() {
        #expect(parse("**bold** #yes and *x*#no\nnext line\n#line-start\n").tags == ["yes", "line-start"])
        #expect(parse("> [!note] Callout #in-title\n> #in-body\n").tags == ["in-title", "in-body"])
    }

    @Test("100,000 unclosed [[ on a line are read in linear time, a tag after them still found")
    func unclosedWikiLinksStayLinear() {
        let start = ContinuousClock.now
        let n = parse(String(repeating: "[[ ", count: 100_000) + "#after\n")
        #expect(n.tags == ["after"])
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test("a note opening with a level-2 heading is titled by its file name, a level-1 heading titles it")
    func secondLevelHeadingIsNoTitle() {
        #expect(parse("## Color scheme\n\ntext\n", path: "en/User interface/Appearance.md").title == "Appearance")
        #expect(parse("### Skills\n", path: "AGENTS.md").title == "AGENTS")
        #expect(parse("# About Obsidian\n\n## What is Obsidian\n", path: "About.md").title == "About Obsidian")
        #expect(parse("---\ntitle: Given\n---\n# Heading\n", path: "x.md").title == "Given")
        #expect(parse("Underlined\n---\n\nbody\n", path: "setext2.md").title == "setext2")
    }

    @Test("a note without front matter or opening heading takes its title from the file name")
    func noFrontMatter() {
        let n = parse("first line is not the title\n\nand a body #idea\n", path: "inbox/2026-11-12 thought.md")
        #expect(n.title == "2026-11-12 thought")
        #expect(n.frontMatter.entries.isEmpty)
        #expect(n.tags == ["idea"])
        #expect(n.createdOrigin == .fileName)
        #expect(n.diagnostics.isEmpty)
    }

    @Test("an empty file parses, titled by its file name")
    func emptyFile() {
        let n = parse("", path: "folder/empty-note.md")
        #expect(n.title == "empty-note")
        #expect(n.diagnostics.isEmpty)
        #expect(n.bodyText.isEmpty)
    }

    @Test(
        "a line of 100,000 unclosed [[ is scanned once: no link from it, the next line's link found",
        .timeLimit(.minutes(1)))
    func unclosedWikiLinks() {
        // Through the parser, as every note is read (LinkScanner, the one link reader).
        let note = parse(String(repeating: "[[", count: 100_000) + "\nsee [[Real note|alias]] and [[x")
        #expect(note.wikiLinks == ["Real note"])
    }

    @Test("CRLF line ends and a BOM are read like LF files")
    func crlfAndBOM() {
        let text = "\u{FEFF}---\r\ncategory: Health\r\ntags:\r\n  - sleep\r\n---\r\n# Sleep first\r\n\r\nBody #rest\r\n"
        let n = parse(text)
        #expect(n.category == "Health")
        #expect(n.tags == ["sleep", "rest"])
        #expect(n.title == "Sleep first")
        #expect(n.diagnostics.isEmpty)
    }

    @Test("malformed front matter is reported at its line and the body is still read")
    func malformedFrontMatter() {
        let n = parse("---\nid: x\ntags: [a, b\ncategory: Health\n---\n# Still here\n\ntext\n", path: "bad.md")
        #expect(n.title == "Still here")
        #expect(n.diagnostics.count == 1)
        let d = n.diagnostics[0]
        #expect(d.code == "front-matter")
        #expect(d.path == "bad.md")
        #expect(d.line == 3)
        #expect(d.formatted.hasPrefix("bad.md:3: error: malformed front matter"))
    }

    @Test("unterminated front matter is reported and the file read as body")
    func unterminated() {
        let n = parse("---\nid: x\n# Title\n")
        #expect(n.diagnostics.map(\.code) == ["front-matter"])
        #expect(n.diagnostics[0].line == 1)
        #expect(n.id == nil)
    }

    @Test("only a heading that opens the body titles the note (Obsidian's rule otherwise: the file name)")
    func openingHeadingOnly() {
        #expect(parse("# Canvas basics\n\ntext\n", path: "Plugins/Canvas.md").title == "Canvas basics")
        #expect(parse("Intro line.\n\n## Create a new canvas\n", path: "Plugins/Canvas.md").title == "Canvas")
        #expect(parse("- item\n\n# Improved\n", path: "Release notes/v1.1.5.md").title == "v1.1.5")
        #expect(parse("Setext title\n===\n\nbody\n", path: "a.md").title == "Setext title")
    }

    @Test("front matter that is not a map is an error")
    func notAMap() {
        let n = parse("---\n- a\n- b\n---\nbody\n")
        #expect(n.diagnostics.map(\.code) == ["front-matter"])
    }

    @Test("libcmark never sees the front matter (no setext heading from its last line)")
    func frontMatterCutOff() {
        let n = parse("---\ntitle_hint: Not a heading\n---\nplain body line\n", path: "2026/11/plain.md")
        #expect(n.title == "plain")
        #expect(!n.bodyText.contains("Not a heading"))
    }

    @Test("invalid UTF-8 is reported with its line and the rest is read")
    func invalidUTF8() {
        var bytes = Array("---\ncategory: Health\n---\n# Title\n\nline two\n".utf8)
        bytes += [0xC3, 0x28, 0x0A]
        let n = NoteParser.parse(Data(bytes), path: "latin1.md", timeZone: utc)
        #expect(n.category == "Health")
        #expect(n.title == "Title")
        #expect(n.diagnostics.map(\.code) == ["invalid-utf8"])
        #expect(n.diagnostics[0].line == 7)
    }

    @Test("a binary file is reported, not parsed")
    func binary() {
        let n = NoteParser.parse(Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x01]), path: "x.md", timeZone: utc)
        #expect(n.diagnostics.map(\.code) == ["binary-file"])
        #expect(n.title == "x")
    }

    @Test("wiki links drop aliases and headings, and only come from text")
    func wikiLinks() {
        let n = parse("See [[A]], [[B#part]], [[C|see c]] and `[[not code]]`.\n\n```\n[[nor this]]\n```\n")
        #expect(n.wikiLinks == ["A", "B", "C"])
    }
}

@Suite("Front matter fast path")
struct FrontMatterParserTests {
    /// The fast path must take every shape of this list (the common front
    /// matter of notes) and give exactly what Yams gives.
    @Test(
        "the fast path takes the common shapes and agrees with Yams",
        arguments: [
            "id: 1\ncategory: Health\n",
            "tags: [a, b, c]\n",
            "tags: []\n",
            "tags:\n  - a\n  - b\nsource: Deep Work\n",
            "source: \"https://x.org/a?b=c\"\n",
            "empty:\nnext: 1\n",
            "created: 2026-11-18T08:42:00Z\n# a comment\n",
            "aliases:\n- one\n- two\n",
            "n: ~\n",
        ])
    func agreesWithYams(yaml: String) throws {
        let yams = try FrontMatterParser.yamsParse(yaml, firstLine: 2)
        let fast = try #require(FrontMatterParser.fastParse(yaml, firstLine: 2), "the fast path refused \(yaml)")
        #expect(fast == yams)
    }

    /// Every ExampleVault note's front matter is of the shapes the fast path takes.
    @Test("the fast path reads every front matter of the example vault")
    func takesExampleVault() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("ExampleVault")
        let files = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }
        var taken = 0
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                .replacingOccurrences(of: "\r\n", with: "\n")
            let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
            guard body.hasPrefix("---\n"), let end = body.range(of: "\n---\n") else { continue }
            let yaml = String(body[body.index(body.startIndex, offsetBy: 4)...end.lowerBound])
            let fast = try #require(
                FrontMatterParser.fastParse(yaml, firstLine: 2), "\(file): the fast path refused it")
            #expect(fast == (try FrontMatterParser.yamsParse(yaml, firstLine: 2)), "\(file)")
            taken += 1
        }
        #expect(taken >= 50, "ExampleVault has front matter in most notes")
    }

    @Test(
        "the fast path hands unusual YAML to Yams",
        arguments: [
            "a: |\n  block\n", "a: {b: 1}\n", "a: &x 1\n", "a: \"esc\\n\"\n", "a:\n  b: 1\n", "a: b: c\n",
            "title: 'It''s fine'\n",
        ])
    func fallsBack(yaml: String) {
        #expect(FrontMatterParser.fastParse(yaml, firstLine: 2) == nil)
    }

    @Test("nested maps are kept as text, not dropped")
    func nested() throws {
        let fm = try FrontMatterParser.parse("meta:\n  rating: 5\n", firstLine: 2)
        #expect(fm["meta"] == .other("rating: 5"))
    }
}

@Suite("Hostile front matter")
struct HostileFrontMatterTests {
    @Test("an alias bomb, 5,000-deep nesting and 100 KB of YAML are refused at once with the line, the body still read")
    func refused() {
        let bomb =
            "---\na: &a [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
            + "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n---\n# Bomb\n\nbody #ok\n"
        let deep =
            "---\nx: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "\n---\nBody.\n"
        let blockDeep =
            "---\n" + (0..<200).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n")
            + " v\n---\nBody.\n"
        let large =
            "---\n" + (0..<4000).map { "key\($0): " + String(repeating: "v", count: 20) }.joined(separator: "\n")
            + "\n---\nBody.\n"
        for (name, text, line) in [
            ("bomb", bomb, 2), ("deep", deep, 2), ("blockDeep", blockDeep, 34), ("large", large, 2),
        ] {
            let start = Date()
            let n = parse(text, path: "\(name).md")
            #expect(Date().timeIntervalSince(start) < 5, "\(name) took too long")
            #expect(n.diagnostics.map(\.code) == ["front-matter"], "\(name)")
            #expect(n.diagnostics.first?.line == line, "\(name): \(n.diagnostics)")
            #expect(n.diagnostics.first?.message.contains("not read") == true, "\(name)")
        }
        #expect(parse(bomb).tags == ["ok"], "the body is still read")
        #expect(parse(large).diagnostics.first?.message.contains("(move the text into the body)") == true, "\(parse(large).diagnostics)")
    }

    @Test("a star or an ampersand inside a value is not an alias")
    func notAliases() throws {
        let n = parse("---\ntitle: a *bold* claim & more\nsource: \"*quoted*\"\ntags: [x]\n---\nBody.\n")
        #expect(n.diagnostics.isEmpty, "\(n.diagnostics)")
        #expect(n.title == "a *bold* claim & more")
    }
}

/// The parser keeps where each wiki link is written (``Note/wikiLinkPlaces``)
/// for `vault check`, which must place a broken link exactly as a scan of
/// the whole file does (what it did before, reading the note again).
@Suite("Wiki link places")
struct WikiLinkPlacesTests {
    /// The places a scan of the whole file gives, after its front matter.
    private func scanned(_ text: String) -> [LinkPlace] {
        LinkScanner.links(in: text, bodyLine: LinkScanner.bodyLine(of: text))
            .filter { $0.isWiki && !$0.target.isEmpty }.map { LinkPlace(line: $0.line, column: $0.column) }
    }

    @Test(
        "a note's places are the whole file's scan's: after front matter, with CRLF, beside code and comments",
        arguments: [
            "[[a]] x [[b]]\n\n  ![[c#h|d]]\n",
            "---\nid: x\ntags: [t]\n---\n# T\n\nSee [[Ünï]] and [[b|alias]].\n```\n[[code]]\n```\n%% [[hidden]] %%\n[[after]]",
            "---\r\nid: x\r\n---\r\ntext\r\n 漢字 [[wide]] [[#own]] [[w2]]\r\n",
            "---\nid: x\n...\n[[dots]]\n",
            "---\nunclosed: yes\n[[in front]]\n",
            "<!-- [[not]] -->\n| [[t\\|a]] | [[u]] |\n",
        ])
    func placesAsScanned(_ text: String) throws {
        let note = parse(text)
        let places = try #require(note.wikiLinkPlaces)
        #expect(places.count == note.wikiLinks.count)
        #expect(places == scanned(text))
        #expect(NoteCheckFacts(note).wikiLinkPlaces == places)
    }

    @Test("places a scan of the whole file could see otherwise are left unknown")
    func unknownPlaces() {
        // A byte-order mark is a column of the first line in the file's scan.
        #expect(
            NoteParser.parse(Data([0xEF, 0xBB, 0xBF] + Array("[[a]]\n".utf8)), path: "n.md", timeZone: utc)
                .wikiLinkPlaces == nil)
        // Invalid UTF-8 is read as U+FFFD there.
        #expect(
            NoteParser.parse(Data(Array("x [[a]]".utf8) + [0xFF] + Array(" [[b]]\n".utf8)), path: "n.md", timeZone: utc)
                .wikiLinkPlaces == nil)
        // A body over 256 KB is read in windows.
        let long = parse(String(repeating: "Some text and [[a link]].\n\n", count: 12_000))
        #expect(long.wikiLinks.count == 12_000 && long.wikiLinkPlaces == nil)
        #expect(NoteCheckFacts(long).wikiLinkPlaces == nil)
    }
}
