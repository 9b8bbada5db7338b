import Foundation
import Testing

@testable import VaultCore

private let berlin = TimeZone(identifier: "Europe/Berlin")!

private func note(
    _ entries: [(String, FrontMatterValue)] = [], body: BodyFacts = BodyFacts(), path: String = "a/note.md"
) -> Note {
    let frontMatter = FrontMatter(entries: entries.enumerated().map { .init(key: $1.0, value: $1.1, line: $0 + 2) })
    return Note(path: path, frontMatter: frontMatter, body: body, timeZone: berlin)
}

@Suite("Note rules")
struct NoteRulesTests {
    @Test("title comes from front matter, then the heading that opens the body, then the file name")
    func titleFallbacks() {
        let body = BodyFacts(firstHeading: "Heading")
        #expect(note([("title", .scalar("Declared"))], body: body).title == "Declared")
        #expect(note(body: body).title == "Heading")
        #expect(note(body: BodyFacts(text: "just a line"), path: "2026/11/just-a-line.md").title == "just-a-line")
        #expect(note(path: "2026/11/my-idea.md").title == "my-idea")
    }

    @Test("tags merge front matter and inline tags, first spelling kept, case-insensitive")
    func tagsMerge() {
        let n = note(
            [("tags", .list(["Habits", "focus"]))], body: BodyFacts(inlineTags: ["habits", "sleep", "Focus"]))
        #expect(n.tags == ["Habits", "focus", "sleep"])
        #expect(n.hasTag("HABITS"))
        #expect(!n.hasTag("hab"))
    }

    @Test("tags written as a string are split at commas and spaces, as Obsidian reads them")
    func tagsCommaString() {
        #expect(note([("tags", .scalar("a, b ,c"))]).tags == ["a", "b", "c"])
        #expect(note([("tags", .scalar("#book #reading"))]).tags == ["book", "reading"])
        #expect(note([("tags", .scalar("book reading, area/sub"))]).tags == ["book", "reading", "area/sub"])
        #expect(note([("tags", .list(["#a #b", "c"]))]).tags == ["a", "b", "c"])
        // Aliases keep their spaces: only tags are split.
        #expect(note([("aliases", .scalar("Atomic Habits, AH"))]).aliases == ["Atomic Habits", "AH"])
    }

    @Test("a parent tag matches nested tags")
    func nestedTags() {
        let n = note(body: BodyFacts(inlineTags: ["area/sub"]))
        #expect(n.hasTag("area"))
        #expect(n.hasTag("area/sub"))
        #expect(!n.hasTag("sub"))
    }

    @Test("source type is inferred from URLs only when not declared")
    func sourceTypeInference() {
        let video = note([("source", .scalar("https://www.youtube.com/watch?v=x"))])
        #expect(video.sourceType == "video")
        #expect(video.sourceTypeInferred)
        #expect(note([("source", .scalar("https://youtu.be/x"))]).sourceType == "video")
        #expect(note([("source", .scalar("https://example.org/essay"))]).sourceType == "link")
        #expect(note([("source", .scalar("Atomic Habits"))]).sourceType == nil)
        let declared = note([("source", .scalar("https://youtube.com/x")), ("source_type", .scalar("Article"))])
        #expect(declared.sourceType == "article")
        #expect(!declared.sourceTypeInferred)
        #expect(SourceType.inferred(fromSource: "https://notyoutube.com/x") == "link")
    }

    @Test("created comes from front matter, in the vault's zone when it has none")
    func createdFromFrontMatter() {
        let zoned = note([("created", .scalar("2026-11-18T08:42:00Z"))])
        #expect(zoned.created == Date(timeIntervalSince1970: 1794991320))
        #expect(zoned.createdOrigin == .frontMatter)
        // Midnight in Berlin (UTC+1 in November) is 23:00 UTC the day before.
        let local = note([("created", .scalar("2026-11-18"))])
        #expect(local.created.map(VaultDate.isoString) == "2026-11-17T23:00:00Z")
    }

    @Test("a date in the file name is the fallback for created")
    func createdFromFileName() {
        let n = note(path: "inbox/2026-11-12 idea.md")
        #expect(n.createdOrigin == .fileName)
        #expect(n.created.map { VaultDate.dayString($0, in: berlin) } == "2026-11-12")
        #expect(note(path: "inbox/2026-11-12x.md").created == nil)
    }

    @Test("an unreadable created value is a diagnostic with its line")
    func badCreated() {
        let n = note([("id", .scalar("x")), ("created", .scalar("last tuesday"))])
        #expect(n.created == nil)
        #expect(n.diagnostics.map(\.line) == [3])
        #expect(n.diagnostics.first?.code == "created-date")
    }

    @Test("unknown front matter keys are kept in order")
    func unknownKeysKept() {
        let n = note([("id", .scalar("x")), ("mood", .scalar("good")), ("rating", .scalar("5"))])
        #expect(n.frontMatter.unknownEntries.map(\.key) == ["mood", "rating"])
    }
}

@Suite("Dates")
struct VaultDateTests {
    @Test(
        "ISO forms with and without zones parse",
        arguments: [
            ("2026-11-18T08:42:00Z", "2026-11-18T08:42:00Z"),
            ("2026-11-18T09:42:00+01:00", "2026-11-18T08:42:00Z"),
            ("2026-11-18T09:42:00+0100", "2026-11-18T08:42:00Z"),
            ("2026-11-18 09:42", "2026-11-18T08:42:00Z"),
            ("2026-07-01T10:00", "2026-07-01T08:00:00Z"),
            ("2026-11-18T08:42:00.750Z", "2026-11-18T08:42:00Z"),
            ("\"2026-11-18\"", "2026-11-17T23:00:00Z"),
        ])
    func parses(input: String, expected: String) {
        #expect(VaultDate.parse(input, in: berlin).map(VaultDate.isoString) == expected)
    }

    @Test(
        "nonsense is rejected",
        arguments: ["2026-13-01", "2026-02-30", "2026-11-18T25:00", "18.11.2026", "2026-11-18Tfoo", ""])
    func rejects(input: String) {
        #expect(VaultDate.parse(input, in: berlin) == nil)
    }

    @Test("civil day arithmetic round-trips across centuries")
    func civilRoundTrip() {
        for days in stride(from: -800_000, to: 800_000, by: 997) {
            let d = VaultDate.civil(fromDays: days)
            #expect(VaultDate.daysFromCivil(d.year, d.month, d.day) == days)
        }
        #expect(VaultDate.daysFromCivil(1970, 1, 1) == 0)
        #expect(VaultDate.daysFromCivil(2000, 3, 1) == 11_017)
    }

    @Test("the wall clock in the vault's zone decides the day")
    func dayInZone() {
        let lateSunday = VaultDate.parse("2026-11-15T23:30:00Z", in: berlin)!
        #expect(VaultDate.dayString(lateSunday, in: berlin) == "2026-11-16")
        #expect(VaultDate.dayString(lateSunday, in: TimeZone(identifier: "UTC")!) == "2026-11-15")
        #expect(VaultDate.isoString(lateSunday, in: berlin) == "2026-11-16T00:30:00+01:00")
    }
}

@Suite("Note references")
struct NoteReferenceTests {
    let notes = [
        note([("id", .scalar("7f0c2a52-8d8e-4d8b-9a55-3c2f4f0b6d11"))], path: "a.md"),
        note([("id", .scalar("7f0c9999-0000-4000-8000-000000000000"))], path: "b/c.md"),
        note(path: "no-id.md"),
    ]

    @Test("a path, a path without .md, an id and a unique prefix all resolve")
    func resolves() throws {
        #expect(try NoteReference.resolve("b/c.md", in: notes).get().path == "b/c.md")
        #expect(try NoteReference.resolve("./b/c", in: notes).get().path == "b/c.md")
        #expect(try NoteReference.resolve("7F0C2A52-8D8E-4D8B-9A55-3C2F4F0B6D11", in: notes).get().path == "a.md")
        #expect(try NoteReference.resolve("7f0c2a", in: notes).get().path == "a.md")
        #expect(try NoteReference.resolve("no-id", in: notes).get().path == "no-id.md")
    }

    @Test("an ambiguous prefix lists the candidates; short prefixes do not match")
    func ambiguity() {
        #expect(
            NoteReference.resolve("7f0c", in: notes) == .failure(.ambiguous("7f0c", candidates: ["a.md", "b/c.md"])))
        #expect(NoteReference.resolve("7f0", in: notes) == .failure(.notFound("7f0")))
    }
}

@Suite("Note checks")
struct NoteChecksTests {
    @Test("duplicate ids, unknown categories and source types are reported with lines")
    func reports() {
        let config = VaultConfig(timeZoneIdentifier: "Europe/Berlin")
        let notes = [
            note(
                [("id", .scalar("same")), ("created", .scalar("2026-11-01")), ("category", .scalar("Cooking"))],
                path: "a.md"),
            note(
                [("id", .scalar("SAME")), ("created", .scalar("2026-11-01")), ("source_type", .scalar("zine"))],
                path: "b.md"),
            note(
                [("id", .scalar("other")), ("created", .scalar("2026-11-01")), ("category", .scalar("health"))],
                path: "c.md"),
        ]
        let problems = NoteChecks.run(notes, config: config)
        #expect(problems.map(\.code) == ["duplicate-id", "unknown-category", "duplicate-id", "unknown-source-type"])
        #expect(problems.map(\.path) == ["a.md", "a.md", "b.md", "b.md"])
        #expect(problems[1].line == 4)
        #expect(problems[0].message.contains("b.md"))
    }

    @Test("an id shared by many notes names three others and counts the rest; the line is each note's own")
    func manySharedIDs() {
        let notes = (0..<2_000).map { i in
            note([("created", .scalar("2026-11-01")), ("id", .scalar("template"))], path: "n\(1000 + i).md")
        }
        let problems = NoteChecks.run(notes, config: VaultConfig(timeZoneIdentifier: "UTC"))
        #expect(problems.count == 2_000)
        #expect(problems.allSatisfy { $0.code == "duplicate-id" && $0.line == 3 })
        #expect(
            problems[0].message
                == "id template is also used by n1001.md, n1002.md, n1003.md and 1996 more notes; give one of them a new id."
        )
        #expect(problems[2].message.contains("by n1000.md, n1001.md, n1003.md and 1996 more notes;"))
        let long = String(repeating: "i", count: 50_000)
        let pair = [note([("id", .scalar(long))], path: "a.md"), note([("id", .scalar(long))], path: "b.md")]
        let message =
            NoteChecks.run(pair, config: VaultConfig(timeZoneIdentifier: "UTC"))
            .first { $0.code == "duplicate-id" }?.message ?? ""
        #expect(message.count < 200 && message.hasSuffix("is also used by b.md; give one of them a new id."))
    }

    @Test("a note dated only by its modification time gets a warning")
    func mtimeWarning() {
        var n = note(path: "x.md")
        n.createdOrigin = .modificationTime
        let problems = NoteChecks.run([n], config: VaultConfig(timeZoneIdentifier: "UTC"))
        #expect(problems.map(\.code) == ["no-created-date"])
        #expect(problems[0].severity == .warning)
    }
}

@Suite("New notes")
struct NewNoteTests {
    @Test("text splits into a title and a body")
    func split() {
        #expect(NewNote.split("\n# Title here\nbody line\n\nmore") == ("Title here", "body line\n\nmore"))
        #expect(NewNote.split("   ") == ("", ""))
    }

    @Test("the note renders front matter that reads back, and a path from the pattern")
    func render() {
        let created = VaultDate.parse("2026-11-18T09:00:00Z", in: berlin)!
        let n = NewNote(
            id: "abc", created: created, title: "Rules: of thumb", body: "Body.", category: "Health",
            tags: ["a", "b c"], source: "Thinking, Fast and Slow", sourceType: "book")
        #expect(
            n.render(in: berlin) == """
                ---
                id: abc
                created: 2026-11-18T10:00:00+01:00
                category: Health
                tags: [a, b c]
                source: "Thinking, Fast and Slow"
                source_type: book
                ---
                # Rules: of thumb

                Body.

                """)
        #expect(n.path(pattern: "{yyyy}/{mm}/{dd}-{slug}.md", in: berlin) == "2026/11/18-rules-of-thumb.md")
    }

    @Test("slugs keep letters and digits, collapse the rest")
    func slugs() {
        #expect(NotePath.slug("Café au lait: 2 ways!") == "café-au-lait-2-ways")
        #expect(NotePath.slug("!!!") == "note")
    }

    @Test(
        "YAML scalars are quoted when plain style would change them, in a flow list too, and escaped where YAML would not take a character",
        arguments: [
            ("plain text", "plain text"), ("yes", "\"yes\""), ("a: b", "\"a: b\""), ("#x", "\"#x\""),
            ("12", "\"12\""), ("say \"hi\"", "\"say \\\"hi\\\"\""), ("a{b}", "\"a{b}\""),
            ("bell\u{7} \u{2028}", "\"bell\\u0007 \\u2028\""), ("Café", "Café"),
        ])
    func yamlScalars(input: String, expected: String) {
        #expect(YAMLText.scalar(input) == expected)
    }
}

@Suite("Note path stems")
struct NotePathStemTests {
    @Test("the stem is the last part without .md, as splitting at every slash gives it")
    func stems() {
        let cases: [(String, String)] = [
            ("2026/11/habits.md", "habits"), ("habits.md", "habits"), ("a/b.MD", "b.MD"), ("a//b.md", "b"),
            ("a/b/", "b"), ("a/b.md/", "b"), ("", ""), ("/", "/"), ("a/.md", ""), ("日本/語.md", "語"),
        ]
        for (path, stem) in cases {
            let split = path.split(separator: "/").last.map(String.init) ?? path
            #expect(NotePath.stem(path) == (split.hasSuffix(".md") ? String(split.dropLast(3)) : split), "\(path)")
            #expect(NotePath.stem(path) == stem, "\(path)")
        }
    }
}
