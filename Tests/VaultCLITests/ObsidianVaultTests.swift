import Foundation
import Testing

/// Obsidian's rules end to end, on an Obsidian-shaped vault (Fixtures/obsidian): nested folders,
/// translated copies aliased with the English name, notes opening with `##`, tables with
/// highlights, callouts, wiki links in code, `[[#Heading]]` links and a picture.
@Suite("An Obsidian-shaped vault, end to end")
struct ObsidianVaultTests {
    @Test("tags are Obsidian's: none from [[#Heading]] links, anchors, URLs or code")
    func tags() {
        let fixture = FixtureVault("obsidian")
        let result = fixture.vault("tags")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                #appearance  1
                #callouts    1
                #formatting  1
                3 tags

                """)
    }

    @Test("a note opening with ## or ### is titled by its file name; one opening with # by that heading")
    func titles() throws {
        let fixture = FixtureVault("obsidian")
        let result = fixture.vault("list", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let notes = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let titles = Dictionary(uniqueKeysWithValues: notes.map { ($0["path"] as! String, $0["title"] as! String) })
        #expect(titles["en/User interface/Appearance.md"] == "Appearance")
        #expect(titles["fr/Interface/Apparence.md"] == "Apparence")
        #expect(titles["AGENTS.md"] == "AGENTS")
        #expect(titles["en/Help/one-on-ones-are-high-leverage.md"] == "Meetings with each report pay off")
        #expect(titles["fr/Édition/Encadrés.md"] == "Encadrés")
    }

    @Test("NOTE is a file name before a title before an alias; an ambiguity lists each path")
    func names() {
        let fixture = FixtureVault("obsidian")
        let appearance = fixture.vault("show", "Appearance")
        #expect(appearance.status == 0, "\(appearance.stderr)")
        #expect(appearance.stdout.contains("en/User interface/Appearance.md"))
        let links = fixture.vault("links", "Callouts")
        #expect(links.status == 0, "\(links.stderr)")
        #expect(links.stdout.hasPrefix("Callouts  en/Editing and formatting/Callouts.md\n"))
        let byFileName = fixture.vault("history", "one-on-ones-are-high-leverage")
        #expect(byFileName.status == 0, "\(byFileName.stderr)")
        #expect(byFileName.stdout.contains("en/Help/one-on-ones-are-high-leverage.md"))
        let ambiguous = fixture.vault("show", "appea")
        #expect(ambiguous.status == 1)
        #expect(
            ambiguous.stderr.contains(
                "'appea' matches 3 notes (de/Oberfläche/Darstellung.md, en/User interface/Appearance.md, fr/Interface/Apparence.md)"
            ))
    }

    @Test("cards come only from real paragraphs: no table row, no callout header")
    func cards() throws {
        let fixture = FixtureVault("obsidian")
        let result = fixture.vault("cards", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let cards = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let found = cards.map { "\(($0["note"] as! String).split(separator: "/").last!):\($0["line"] as! Int) \($0["answer"] as! String)" }
        #expect(
            found.sorted() == [
                "Basic formatting syntax.md:23 important text",
                "Callouts.md:10 body",
                "Callouts.md:7 the note callout",
                "one-on-ones-are-high-leverage.md:6 the highest leverage a manager has",
            ])
    }

    @Test("export html keeps code as code, anchors headings, resolves heading links and embeds the picture")
    func exportedPages() throws {
        let fixture = FixtureVault("obsidian")
        let site = fixture.url.deletingLastPathComponent().appendingPathComponent("site-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        let result = fixture.vault("export", "html", site.path)
        #expect(result.status == 0, "\(result.stderr)")
        func page(_ path: String) throws -> String {
            try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
        }
        let syntax = try page("en/Editing and formatting/Basic formatting syntax.html")
        #expect(syntax.contains("<code>[[Foo]]</code>") && syntax.contains("<code>![[pic.png]]</code>"))
        #expect(syntax.contains("<pre><code class=\"language-markdown\">See [[Foo]] and ![[pic.png]] and [[#Details]].\n"))
        #expect(syntax.contains("<img src=\"../Attachments/pic.png\" alt=\"pic.png\" />"))
        #expect(syntax.contains("<a href=\"#Details\">Details</a>"))
        #expect(syntax.contains("<a href=\"../Help/Foo.html#Part+one\">part one of Foo</a>"))
        #expect(syntax.contains("<h2 id=\"Details\">Details</h2>") && syntax.contains("<h2 id=\"Details-2\">Details</h2>"))
        let callouts = try page("en/Editing and formatting/Callouts.html")
        #expect(callouts.contains("<a href=\"#Supported+types\">Supported types</a>"))
        #expect(callouts.contains("<h2 id=\"Supported+types\">Supported types</h2>"))
        #expect(callouts.contains("<a href=\"#unresolved\">the details</a>"), "Callouts has no Details heading")
        #expect(callouts.contains("<a href=\"Basic%20formatting%20syntax.html#Details\">Basic formatting syntax &gt; Details</a>"))
        let darstellung = try page("de/Oberfläche/Darstellung.html")
        #expect(darstellung.contains("<a href=\"../../en/User%20interface/Appearance.html#Fonts\">Appearance &gt; Fonts</a>"))
        #expect(try page("en/User interface/Appearance.html").contains("<h2 id=\"Fonts\">Fonts</h2>"))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("en/Attachments/pic.png").path))
    }
}
