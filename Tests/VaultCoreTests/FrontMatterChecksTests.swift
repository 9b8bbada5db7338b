import Testing
import VaultCore

@Suite("Front matter values that would be dropped in silence")
struct FrontMatterChecksTests {
    func entry(_ key: String, _ value: FrontMatterValue, _ line: Int) -> FrontMatter.Entry {
        FrontMatter.Entry(key: key, value: value, line: line)
    }

    @Test("a list where text belongs, a map where a list belongs, and a key written twice are warnings naming the line")
    func warnings() {
        let frontMatter = FrontMatter(entries: [
            entry("title", .list(["a", "b"]), 2), entry("tags", .other("[zebra, {x: 1}]"), 3),
            entry("aliases", .list(["fine"]), 4), entry("source", .scalar("a book"), 5), entry("category", .scalar("Health"), 6),
            entry("category", .scalar("Finance"), 7), entry("created", .other("{a: 1}"), 8), entry("custom", .other("{x: 1}"), 9),
        ])
        let found = FrontMatterChecks.warnings(frontMatter, path: "n.md")
        #expect(found.map(\.line) == [2, 3, 7, 8])
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(found[0].message.hasPrefix("'title' should be one line of text, not a list"))
        #expect(found[2].message == "'category' is written twice (lines 6 and 7); the first is used. Remove one.")
    }

    @Test("well-shaped front matter has no warning")
    func clean() {
        let frontMatter = FrontMatter(entries: [
            entry("title", .scalar("T"), 2), entry("tags", .list(["a"]), 3), entry("tags2", .other("x"), 4),
            entry("aliases", .scalar("one, two"), 5),
        ])
        #expect(FrontMatterChecks.warnings(frontMatter, path: "n.md").isEmpty)
    }
}
