import Foundation
import Testing
import VaultApp
import VaultCore
import VaultMarkdown

@testable import VaultServe
@testable import VaultWiring

/// Notes and cards rendered for the pages through ``NoteHTML``, on a copy of ExampleVault:
/// every relative path from the note's own folder, on every page.
@Suite("Notes rendered for vault serve's pages")
struct NoteHTMLTests {
    @Test("a picture and a link written relative to the note load from its folder (loci/Home walk/…)")
    func relativeToTheNote() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let note = "loci/Home walk/Notes here.md"
        try "# Notes here\n\n![Front door|120](<01.png>) [the mirror](<02 Hall mirror.md>) ![[cover.png]] [up](<../../2026/11/drill-the-weakest-link-then-put-it-back-in-context.md>)\n"
            .write(to: vault.root.appendingPathComponent(note), atomically: true, encoding: .utf8)
        let context = try vault.context()
        let resolver = NoteLinks.resolver(over: context.notes.summaries().notes)
        let html = NoteHTML.body(of: note, context: context, resolver: resolver).rendered
        #expect(html.contains("<img src=\"/files/loci/Home%20walk/01.png\" alt=\"Front door\" width=\"120\" />"))
        #expect(html.contains("<a href=\"/notes/loci/Home%20walk/02%20Hall%20mirror.md\">the mirror</a>"))
        #expect(html.contains("<img src=\"/files/loci/Home%20walk/cover.png\" alt=\"cover.png\" />"))
        #expect(html.contains("<a href=\"/notes/2026/11/drill-the-weakest-link-then-put-it-back-in-context.md\">up</a>"))
    }

    @Test("a relative link on a review page leads where it does on the note's page, not under /review/")
    func reviewPageLinks() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let review = try PageHandlerTests.pendingReview(try vault.context())
        let note = try #require(zip(review.items, review.decisions).first { $0.1 == nil }?.0.note)
        let folder = (note.path as NSString).deletingLastPathComponent
        try "# Sibling\n\nText.\n".write(
            to: vault.root.appendingPathComponent(folder + "/sibling-note.md"), atomically: true, encoding: .utf8)
        let handle = try FileHandle(forWritingTo: vault.root.appendingPathComponent(note.path))
        handle.seekToEndOfFile()
        handle.write(Data("\n\nSee [the sibling](sibling-note.md).\n".utf8))
        try handle.close()
        let page = ReviewPage.get(
            try vault.context(), level: review.period.level.rawValue, period: review.period.id, query: FormFields(),
            csrf: "c")
        let text = String(decoding: page.body, as: UTF8.self)
        #expect(text.contains("<a href=\"/notes/\(HTML.urlPath(folder))/sibling-note.md\">the sibling</a>"), "\(text)")
        #expect(!text.contains("href=\"sibling-note.md\""))
    }

    @Test("a card's picture is found from its note (by name too), and ==text== stays text in a card")
    func cardPictures() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let context = try vault.context()
        let links = NoteHTML.links(context: context, resolver: NoteLinks.resolver(over: context.notes.summaries().notes))
        let html = StudyPage.cardHTML("Where? ![[01.png]] and ==not a mark==", of: "2026/11/card.md", links: links).rendered
        #expect(html.contains("<img src=\"/files/loci/Home%20walk/01.png\" alt=\"01.png\" />"), "\(html)")
        #expect(html.contains("==not a mark==") && !html.contains("<mark>not"))
    }

    @Test("KaTeX's files are served by name only, sounds and pictures from /files/")
    func assets() {
        let math = MathAssets(files: CompositionRoot.mathFiles())
        for hostile in ["../../../etc/passwd", "katex.js", "fonts/../katex.min.js", "fonts/KaTeX_Main.woff2/../x", "fonts/x.otf"] {
            #expect(math.katex(hostile).status == 404, "\(hostile)")
        }
        if FileManager.default.fileExists(atPath: "/usr/share/javascript/katex/katex.min.js") {
            let script = math.katex("katex.min.js")
            #expect(script.status == 200 && script.contentType.hasPrefix("text/javascript") && script.body.count > 100_000)
            let font = math.katex("fonts/KaTeX_Main-Regular.woff2")
            #expect(font.status == 200 && font.contentType == "font/woff2")
        }
        #expect(PictureFiles.servablePath("Deck/x.mp3") == "Deck/x.mp3")
        #expect(PictureFiles.servablePath("Deck/x.exe") == nil)
        #expect(SecurityLayer.contentSecurityPolicy.contains("font-src 'self'"))
        #expect(SecurityLayer.contentSecurityPolicy.contains("media-src 'self'"))
    }
}
