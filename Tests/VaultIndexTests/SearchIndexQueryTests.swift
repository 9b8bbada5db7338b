import Foundation
import Testing
import VaultCore
import VaultIndex

@Suite("search cache queries")
struct SearchIndexQueryTests {
    /// Four notes with distinct fields for the filter tests.
    func library() throws -> FixtureVault {
        let vault = try FixtureVault()
        try vault.note(
            "2026/11/habits.md", title: "Habits compound", body: "Small habits and systems. #area/health",
            created: "2026-11-18T08:00:00Z",
            extra: "category: Productivity\ntags: [habits]\nsource: Atomic Habits\nsource_type: book\n")
        try vault.note(
            "2026/10/sleep.md", title: "Sleep first", body: "Sleep before habits.", created: "2026-10-02T08:00:00Z",
            extra: "category: Health\nsource: Huberman Lab #12\nsource_type: podcast\n")
        try vault.note(
            "2025/01/focus.md", title: "Deep work", body: "Focus is a habit of deep work.",
            created: "2025-01-05T08:00:00Z", extra: "category: productivity\ntags: [focus, area]\n")
        try vault.note(
            "inbox/draft.md", title: "Draft", body: "work in progress", created: "2024-06-01T08:00:00Z",
            extra: "tags: [draft]\n")
        return vault
    }

    @Test("a title match ranks above a body-only match")
    func titleOutranksBody() throws {
        let vault = try FixtureVault()
        // The body-only note mentions the word more often, yet ranks lower.
        try vault.note("body.md", title: "Morning notes", body: "walrus walrus walrus and more text here")
        try vault.note("title.md", title: "Walrus", body: "an animal with tusks and more text here")
        #expect(try vault.paths("walrus") == ["title.md", "body.md"])
    }

    @Test("words in link destinations and wiki link names are found, below the body")
    func linkTargets() throws {
        let vault = try FixtureVault()
        try vault.note(
            "audit.md", title: "Audit report",
            body: "Read [the report](https://example.com/cure53-second-client-audit/) and [[Threat model]].")
        try vault.note("round.md", title: "Rounds", body: "The second round went well.")
        #expect(try vault.paths("second") == ["round.md", "audit.md"])
        #expect(try vault.paths("threat") == ["audit.md"])
        #expect(try vault.paths("cure53") == ["audit.md"])
    }

    @Test("equal scores are ordered newest first")
    func tiesNewestFirst() throws {
        let vault = try FixtureVault()
        try vault.note("old.md", title: "Same", body: "walrus", created: "2024-01-01T00:00:00Z")
        try vault.note("new.md", title: "Same", body: "walrus", created: "2026-01-01T00:00:00Z")
        try vault.note("mid.md", title: "Same", body: "walrus", created: "2025-01-01T00:00:00Z")
        #expect(try vault.paths("walrus") == ["new.md", "mid.md", "old.md"])
    }

    @Test("cafe finds Café, and the accent is optional both ways")
    func diacritics() throws {
        let vault = try FixtureVault()
        try vault.note("a.md", title: "Paris", body: "Un café au lait, naïve")
        try vault.note("b.md", title: "Rome", body: "no coffee here")
        #expect(try vault.paths("cafe") == ["a.md"])
        #expect(try vault.paths("CAFÉ naive") == ["a.md"])
    }

    @Test("CJK words are found inside unbroken CJK text")
    func cjk() throws {
        let vault = try FixtureVault()
        try vault.note("ja.md", title: "日記", body: "今日は東京大学で勉強しました。")
        try vault.note("zh.md", title: "笔记", body: "我喜欢学习中文")
        #expect(try vault.paths("大学") == ["ja.md"])
        #expect(try vault.paths("東京大学") == ["ja.md"])
        #expect(try vault.paths("学习") == ["zh.md"])
        #expect(try vault.paths("学").sorted() == ["ja.md", "zh.md"])
        #expect(try vault.paths("日記") == ["ja.md"])
        #expect(try vault.paths("大阪").isEmpty)
        #expect(try vault.paths("京大学").count == 1)
    }

    @Test("words, phrases, prefixes, exclusions and OR")
    func textOperators() throws {
        let vault = try library()
        #expect(Set(try vault.paths("deep work")) == ["2025/01/focus.md"])
        #expect(Set(try vault.paths("\"work deep\"")).isEmpty)
        #expect(Set(try vault.paths("habit*")) == ["2026/11/habits.md", "2026/10/sleep.md", "2025/01/focus.md"])
        #expect(Set(try vault.paths("habit*  -sleep")) == ["2026/11/habits.md", "2025/01/focus.md"])
        #expect(Set(try vault.paths("sleep OR progress")) == ["2026/10/sleep.md", "inbox/draft.md"])
    }

    @Test("a count is the number of hits a search without a limit returns, for words, filters and both")
    func countMatchesSearch() throws {
        let vault = try library()
        let index = try vault.index()
        try index.refresh()
        let queries = [
            "habit*", "deep work", "\"work deep\"", "habit*  -sleep", "sleep OR progress", "nothingatall",
            "archived:no", "tag:area", "category:productivity", "-category:health habit*", "created:2024..2025-01",
            "path:inbox/ work", "path:2026/",
        ]
        var counts: [Int] = []
        for text in queries {
            let query = try SearchQueryParser.parse(text)
            let count = try index.count(query)
            #expect(count == (try index.search(query, limit: nil, pathsOnly: true).count), "\(text)")
            counts.append(count)
        }
        #expect(counts == [3, 1, 0, 2, 2, 0, 4, 2, 2, 2, 2, 1, 2])
    }

    @Test("filters alone list notes newest first")
    func filterOnlyNewestFirst() throws {
        let vault = try library()
        #expect(
            try vault.paths("archived:no") == [
                "2026/11/habits.md", "2026/10/sleep.md", "2025/01/focus.md", "inbox/draft.md",
            ])
    }

    @Test("tag matches the tag and nested tags, case-insensitively")
    func tagFilter() throws {
        let vault = try library()
        #expect(try vault.paths("tag:HABITS") == ["2026/11/habits.md"])
        #expect(try vault.paths("tag:area") == ["2026/11/habits.md", "2025/01/focus.md"])
        #expect(try vault.paths("tag:are").isEmpty)
    }

    @Test("category is exact but case-insensitive; source is a substring; type is exact")
    func fieldFilters() throws {
        let vault = try library()
        #expect(try vault.paths("category:productivity") == ["2026/11/habits.md", "2025/01/focus.md"])
        #expect(try vault.paths("category:product").isEmpty)
        #expect(try vault.paths("source:huberman") == ["2026/10/sleep.md"])
        #expect(try vault.paths("type:book") == ["2026/11/habits.md"])
        #expect(try vault.paths("-category:health habit*") == ["2026/11/habits.md", "2025/01/focus.md"])
    }

    @Test("created filters by month, day, comparison and range in the vault's zone")
    func createdFilter() throws {
        let vault = try library()
        #expect(try vault.paths("created:2026-11") == ["2026/11/habits.md"])
        #expect(try vault.paths("created:2026-11-18") == ["2026/11/habits.md"])
        #expect(try vault.paths("created:2026-11-17").isEmpty)
        #expect(
            try vault.paths("created:>=2025-01-05") == ["2026/11/habits.md", "2026/10/sleep.md", "2025/01/focus.md"])
        #expect(try vault.paths("created:>2025-01-05") == ["2026/11/habits.md", "2026/10/sleep.md"])
        #expect(try vault.paths("created:<2025-01") == ["inbox/draft.md"])
        #expect(try vault.paths("created:2024..2025-01") == ["2025/01/focus.md", "inbox/draft.md"])
    }

    @Test("path keeps notes under a folder")
    func pathFilter() throws {
        let vault = try library()
        #expect(try vault.paths("path:2026/") == ["2026/11/habits.md", "2026/10/sleep.md"])
        #expect(try vault.paths("path:inbox/ work") == ["inbox/draft.md"])
    }

    @Test("until ledger replay lands, every note is daily and none is archived")
    func cyclePlaceholder() throws {
        let vault = try library()
        #expect(try vault.paths("cycle:daily").count == 4)
        #expect(try vault.paths("cycle:weekly").isEmpty)
        #expect(try vault.paths("archived:yes").isEmpty)
    }

    @Test("hits carry title, category, tags, created and a snippet with the match marked")
    func hitDetails() throws {
        let vault = try library()
        let hit = try #require(try vault.hits("systems").first)
        #expect(hit.title == "Habits compound")
        #expect(hit.category == "Productivity")
        #expect(hit.tags == ["habits", "area/health"])
        #expect(hit.created == VaultDate.parse("2026-11-18T08:00:00Z", in: .gmt))
        #expect(hit.score > 0)
        #expect(hit.snippet.parts.filter(\.isMatch).map(\.text) == ["systems"])
        #expect(hit.snippet.plainText.contains("Small habits and systems."))
    }

    @Test("a snippet does not start with the title printed above it, even when the match is in the title")
    func snippetLeavesTheTitleOut() throws {
        let vault = try FixtureVault()
        try vault.note("habit.md", title: "Habit stacking", body: "Tie a new habit to an old one.")
        try vault.write("other.md", "---\ntitle: Narw\n---\nNarwhals swim here.\n")
        let stacking = try #require(try vault.hits("stacking").first)
        #expect(stacking.snippet.plainText == "Tie a new habit to an old one.")
        #expect(stacking.snippet.parts.allSatisfy { !$0.isMatch })
        let tie = try #require(try vault.hits("tie").first)
        #expect(tie.snippet.plainText == "Tie a new habit to an old one.")
        #expect(tie.snippet.parts.filter(\.isMatch).map(\.text) == ["Tie"])
        // The title followed by more letters is not the title: kept.
        let joined = try #require(try vault.hits("swim").first)
        #expect(joined.snippet.plainText.hasPrefix("Narwhals swim"))
    }

    @Test("a long note's snippet marks its match, however deep or common the word")
    func longNoteSnippets() throws {
        let vault = try FixtureVault()
        // Past the first window of 4 KB, and past a hundred of them.
        try vault.note("deep.md", title: "Deep", body: String(repeating: "filler ", count: 60_000) + "walrus ends it")
        // 30,000 matches: FTS5's snippet over the whole body took seconds, growing with their square.
        try vault.note("common.md", title: "Common", body: String(repeating: "word ", count: 30_000))
        // Matched on the title alone: the start of the body, as for a short note.
        try vault.write(
            "titled.md", "---\ntitle: Narwhal\n---\nOpening line. " + String(repeating: "filler ", count: 2_000) + "\n")
        let deep = try #require(try vault.hits("walrus").first)
        #expect(deep.snippet.parts.filter(\.isMatch).map(\.text) == ["walrus"])
        #expect(deep.snippet.plainText.count < 200)
        let common = try #require(try vault.hits("word").first)
        #expect(!common.snippet.parts.filter(\.isMatch).isEmpty)
        #expect(common.snippet.parts.filter(\.isMatch).allSatisfy { $0.text == "word" })
        let titled = try #require(try vault.hits("narwhal").first)
        #expect(titled.snippet.plainText.hasPrefix("Opening line. filler"))
        #expect(titled.snippet.parts.allSatisfy { !$0.isMatch })
    }

    @Test("a phrase across the cut between two windows of a long note is found and marked")
    func phraseAcrossWindows() throws {
        let vault = try FixtureVault()
        // "blue walrus" put at every offset around the first cut (4 KB),
        // in a body of words and of multi-byte characters.
        for (k, offset) in stride(from: 4_070, through: 4_110, by: 4).enumerated() {
            let filler = k.isMultiple(of: 2) ? "aaaa " : "éé "
            var body = String(repeating: filler, count: offset / filler.utf8.count + 1)
            body = String(decoding: body.utf8.prefix(offset), as: UTF8.self)
            body += " blue walrus " + String(repeating: filler, count: 2_000)
            try vault.note("at-\(offset).md", title: "Note \(offset)", body: body)
        }
        let hits = try vault.hits("\"blue walrus\"")
        #expect(hits.count == 11)
        for hit in hits {
            #expect(hit.snippet.parts.filter(\.isMatch).map(\.text) == ["blue walrus"], "\(hit.path)")
        }
    }

    @Test("a limit keeps the best hits")
    func limit() throws {
        let vault = try library()
        let index = try vault.index()
        try index.refresh()
        let hits = try index.search(SearchQueryParser.parse("archived:no"), limit: 2)
        #expect(hits.map(\.path) == ["2026/11/habits.md", "2026/10/sleep.md"])
    }
}
