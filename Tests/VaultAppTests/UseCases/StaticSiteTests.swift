import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Static site")
struct StaticSiteTests {
    static let picture = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    func site(texts: [String: String] = Fixture.weekTexts, files: MemoryFiles? = nil) -> StaticSite {
        var texts = texts
        texts["pics.md"] = Fixture.text([("created", "2026-11-13T09:00:00")], "# Pics\n\n![[x.png]]\n\n[a file](media/doc.pdf)\n\n[gone](media/gone.pdf)\n")
        let memory = files ?? Fixture.files(texts, ["media/x.png": Self.picture, "media/doc.pdf": Data("%PDF".utf8)])
        return StaticSite.build(Fixture.context(Fixture.notes(texts), files: memory), title: "My vault")
    }

    func page(_ site: StaticSite, _ path: String) -> String? { site.pages.first { $0.path == path }?.html }

    @Test("a page for every note, tag and category, and an index")
    func pages() {
        let paths = Set(site().pages.map(\.path))
        #expect(
            paths == [
                "a.html", "b.html", "d.html", "plain.html", "pics.html", "tags/habits.html", "tags/habits/sleep.html",
                "categories/health.html", "categories/finance.html", "index.html",
            ])
    }

    @Test("a note's body is read through the files port; wiki links lead to pages or are marked unresolved")
    func bodies() throws {
        let site = site()
        let a = try #require(page(site, "a.html"))
        #expect(a.contains("href=\"b.html\""))
        #expect(!a.contains("Nowhere.html"))
        #expect(a.components(separatedBy: "<h1>Alpha</h1>").count == 2, "the body's own first heading is left out")
        #expect(a.contains("href=\"categories/health.html\""))
        #expect(a.contains("href=\"tags/habits/sleep.html\""))
        #expect(try #require(page(site, "b.html")).contains("href=\"a.html\""))
    }

    @Test("a note the files port cannot read gets a page that says so")
    func unreadable() throws {
        let files = Fixture.files(Fixture.weekTexts.filter { $0.key != "d.md" })
        let d = try #require(page(site(files: files), "d.html"))
        #expect(d.contains("This note could not be read."))
        #expect(try #require(page(site(), "d.html")).contains("This note could not be read.") == false)
    }

    @Test("the attachments are the files port's; links and embeds in notes lead to their copies")
    func attachments() throws {
        let site = site()
        #expect(site.attachments == ["media/doc.pdf", "media/x.png"])
        let pics = try #require(page(site, "pics.html"))
        #expect(pics.contains("src=\"media/x.png\""))
        // Read from the note's folder (the vault's root), media/doc.pdf is the attachment: the link leads to its copy.
        #expect(pics.contains("<a href=\"media/doc.pdf\">a file</a>"), "\(pics)")
        #expect(pics.contains("<a href=\"#unresolved\">gone</a>"), "no such file: the link leads nowhere")
    }

    /// No KaTeX installed: the site's own assets only.
    struct NoMath: MathFiles {
        func file(_ name: String) -> Data? { nil }
        func names() -> [String] { [] }
    }

    @Test("the style sheet is one file every page links from where it is, never inlined; the policy allows it")
    func sharedStyleSheet() throws {
        let assets = StaticSite.assets(math: NoMath())
        let sheet = try #require(assets.first { $0.path == "assets/site.css" })
        let css = String(decoding: sheet.bytes, as: UTF8.self)
        #expect(css.contains("section.tab:target{display:block}"), "the site's own rules")
        #expect(css.contains(".callout"), "and the Markdown style the bodies need")
        var texts = Fixture.weekTexts
        texts["deep/er/note.md"] = Fixture.text([("created", "2026-11-13T10:00:00")], "# Deep\n\nText.\n")
        let site = site(texts: texts)
        let links = [
            "index.html": "assets/site.css", "a.html": "assets/site.css",
            "deep/er/note.html": "../../assets/site.css", "tags/habits/sleep.html": "../../assets/site.css",
            "categories/health.html": "../assets/site.css",
        ]
        for (path, href) in links {
            let html = try #require(page(site, path), "\(path)")
            #expect(html.contains("<link rel=\"stylesheet\" href=\"\(href)\">"), "\(path)")
        }
        for page in site.pages {
            #expect(!page.html.contains("<style>"), "\(page.path)")
            #expect(!page.html.contains("section.tab:target"), "no rule of the sheet in the page: \(page.path)")
            #expect(page.html.contains("style-src &#39;self&#39; &#39;unsafe-inline&#39;"), "\(page.path)")
        }
    }

    @Test("tag and category pages list their notes; the index lists tags and categories")
    func lists() throws {
        let site = site()
        let habits = try #require(page(site, "tags/habits.html"))
        #expect(habits.contains("href=\"../a.html\"") && habits.contains("href=\"../b.html\""))
        #expect(!habits.contains("href=\"../d.html\""))
        let finance = try #require(page(site, "categories/finance.html"))
        #expect(finance.contains("href=\"../d.html\"") && !finance.contains("href=\"../a.html\""))
        let index = try #require(page(site, "index.html"))
        #expect(index.contains("href=\"tags/habits.html\""))
        #expect(index.contains("href=\"categories/finance.html\""))
        #expect(index.contains("<title>My vault</title>"))
    }

    @Test("code keeps its wiki links; headings get anchors that [[#Heading]] and [[Note#Heading]] reach; pictures embed")
    func obsidianBodies() throws {
        var texts = Fixture.weekTexts
        texts["code.md"] = Fixture.text(
            [("created", "2026-11-13T10:00:00")],
            "# Code\n\nWrite `[[b]]` as code.\n\n```\n![[x.png]] [[b]]\n```\n\nSee [[#Details]] and [[b#Deep part]].\n\n![[x.png]]\n\n## Details\n")
        let site = site(texts: texts)
        let code = try #require(page(site, "code.html"))
        #expect(code.contains("<code>[[b]]</code>"))
        #expect(code.contains("<pre><code>![[x.png]] [[b]]\n</code></pre>"))
        #expect(code.contains("<h2 id=\"Details\">Details</h2>"))
        #expect(code.contains("<a href=\"#Details\">Details</a>"))
        #expect(code.contains("<a href=\"b.html#Deep+part\">b &gt; Deep part</a>"))
        #expect(code.contains("<img src=\"media/x.png\" alt=\"x.png\" />"))
    }

    @Test("a heading with a quote and a combining mark cannot open an attribute; every page forbids scripts")
    func hostileHeading() throws {
        var texts = Fixture.weekTexts
        // `"` then U+0301 is one Character: a search by Characters misses the quote.
        texts["xss.md"] = Fixture.text(
            [("created", "2026-11-13T10:00:00")], "# XSS\n\n## a\"\u{301}/onmouseover=alert(1)//\n\nText.\n")
        let site = site(texts: texts)
        let xss = try #require(page(site, "xss.html"))
        let anchor = try #require(xss.range(of: "<h2 id=\""))
        let tag = String(xss[anchor.lowerBound...].prefix { $0 != ">" })
        #expect(tag.unicodeScalars.filter { $0 == "\"" }.count == 2, "the id's value stays closed: \(tag)")
        // By bytes: `;` and U+0301 are one Character as well.
        #expect(Data(tag.utf8).range(of: Data("&quot;\u{301}".utf8)) != nil, "\(tag)")
        for page in site.pages {
            #expect(page.html.contains("<meta http-equiv=\"Content-Security-Policy\""), "\(page.path)")
            #expect(page.html.contains("default-src &#39;none&#39;"), "\(page.path)")
            #expect(!page.html.contains("script-src"), "no script is ever allowed: \(page.path)")
        }
    }

    @Test("a note whose file name holds a quote or a # gets links that lead to it, never an open attribute")
    func oddFileNames() throws {
        var texts = Fixture.weekTexts
        texts["odd/C# \"tips\" onmouseover=x.md"] = Fixture.text([("created", "2026-11-13T10:00:00")], "# Odd\n")
        texts["e.md"] = Fixture.text(
            [("created", "2026-11-13T11:00:00")], "# Echo\n\n[[Odd]] and [md](<odd/C%23 \"tips\" onmouseover=x.md>)\n")
        let site = site(texts: texts)
        let encoded = "odd/C%23%20%22tips%22%20onmouseover%3Dx.html"
        let index = try #require(page(site, "index.html"))
        #expect(index.contains("href=\"\(encoded)\""), "the index lists it by its encoded address")
        #expect(!index.contains("\" onmouseover"))
        let echo = try #require(page(site, "e.html"))
        #expect(!echo.contains("\" onmouseover"), "\(echo)")
        #expect(echo.components(separatedBy: "href=\"\(encoded)\"").count == 3, "the wiki link and the Markdown link: \(echo)")
        #expect(site.pages.contains { $0.path == "odd/C# \"tips\" onmouseover=x.html" }, "the file keeps the note's name")
    }
}
