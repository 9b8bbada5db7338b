import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// `vault export pdf`: the notes named, in order, as one document (a title
/// page, the contents, a page per note), printed and written where asked.
@Suite("PDF export")
struct PDFExportTests {
    static let texts: [String: String] = [
        "2026/11/a.md":
            "---\ncreated: 2026-11-10\ntags: [x]\n---\n# Alpha\n\nSee [[Beta]] and ![[door.png]] and <script>alert(1)</script>.\n",
        "2026/11/b.md": "# Beta\n\nBack to [Alpha](a.md#part).\n",
        "2026/10/c.md": "# Gamma & co\n\nText.\n",
        "Inbox/d.md": "# Delta\n",
        "Home walk/01 Front door.md": "# Front door\n\n![[door.png]] Next: [[02 Hall]].\n",
        "Home walk/02 Hall.md": "# Hall\n",
    ]

    static func export() -> (PDFExport, MemoryPrinter, MemoryNamedFiles) {
        let printer = MemoryPrinter()
        let named = MemoryNamedFiles()
        let files = Fixture.files(texts, ["2026/11/door.png": Data([0x89]), "Home walk/door.png": Data([0x89])])
        let context = Fixture.context(Fixture.notes(texts), files: files, namedFiles: named)
        return (PDFExport(context, printer: printer), printer, named)
    }

    @Test("notes and folders named, in order, each once; every note in path order when none is named")
    func selection() throws {
        let (export, _, _) = Self.export()
        #expect(
            try export.notes([]).map(\.path) == [
                "2026/10/c.md", "2026/11/a.md", "2026/11/b.md", "Home walk/01 Front door.md", "Home walk/02 Hall.md",
                "Inbox/d.md",
            ])
        #expect(try export.notes(["Inbox", "2026/11"]).map(\.path) == ["Inbox/d.md", "2026/11/a.md", "2026/11/b.md"])
        #expect(
            try export.notes(["Beta", "2026/11/", "/"]).map(\.path).prefix(3) == [
                "2026/11/b.md", "2026/11/a.md", "2026/10/c.md",
            ])
        #expect(throws: AppError.self) { try export.notes(["nothing here"]) }
    }

    @Test(
        "the book: the notes' part first (pages numbered on), then the title page and the contents with each note's page, joined in that order"
    )
    func document() throws {
        let (export, printer, named) = Self.export()
        let printed = try export.export(["2026/11"], title: "My <vault>", to: "out.pdf")
        #expect(printed.notes == 2 && printed.pages == 3, "two notes a page each, and the front's one")
        #expect(printer.documents.count == 2)
        let part = printer.documents[0]
        let front = printer.documents[1]
        #expect(named.files["out.pdf"] == Data("%PDF part 2%PDF part 1".utf8), "the front first, then the part")
        #expect(front.contains("<h1>My &lt;vault&gt;</h1>") && front.contains("2 notes · 2026-11-18"))
        #expect(front.contains("<li><span class=\"page\">1</span>Alpha <span class=\"path\">2026/11/a.md</span></li>"))
        #expect(front.contains("<li><span class=\"page\">2</span>Beta "))
        #expect(front.contains("counter(page,lower-roman)"), "the front's pages are i, ii…")
        #expect(part.contains("<section class=\"note\" id=\"note-1\"><h1>Alpha</h1>"))
        #expect(part.contains("href=\"#note-2\">Beta</a>"), "the wiki link to a note of the part leads to its section")
        #expect(part.contains("href=\"#note-1\">Alpha</a>"), "the Markdown link too")
        #expect(part.contains("src=\"2026/11/door.png\""), "pictures from the vault's folder (the base)")
        #expect(part.contains("<base href=\"file:///memory-vault/\">"))
        #expect(part.contains("html{counter-reset:page 0}"))
        #expect(!part.contains("<script>"), "raw HTML in a note is never markup")
        #expect(part.contains("section.note+section.note{break-before:page}") && part.contains("counter(page)"))
        #expect(
            part.contains("Content-Security-Policy") && part.contains("default-src &#39;none&#39;; img-src file: data:")
        )
    }

    @Test("more notes than a part: parts of 200, each numbered on from the last; the contents give each note's page")
    func parts() throws {
        var texts: [String: String] = [:]
        for n in 0..<450 { texts[String(format: "n/%03d.md", n)] = "# Note \(n)\n\nSee [[Note \((n + 1) % 450)]].\n" }
        let printer = MemoryPrinter()
        let named = MemoryNamedFiles()
        let export = PDFExport(
            Fixture.context(Fixture.notes(texts), files: Fixture.files(texts), namedFiles: named), printer: printer)
        let printed = try export.export([], title: "Big", to: "big.pdf")
        #expect(printer.documents.count == 4, "three parts and the front")
        #expect(printer.documents[0].contains("html{counter-reset:page 0}"))
        #expect(printer.documents[1].contains("html{counter-reset:page 200}"))
        #expect(printer.documents[2].contains("html{counter-reset:page 400}"))
        #expect(printer.documents[1].contains("id=\"note-201\"") && !printer.documents[1].contains("id=\"note-200\""))
        #expect(
            printer.documents[0].contains("href=\"#note-2\">Note 1</a>"), "within a part a link leads to the section")
        #expect(printer.joined.first?.count == 4 && printed.pages == 451)
        #expect(printer.documents[3].contains("<li><span class=\"page\">201</span>Note 200 "))
        #expect(printer.documents[3].contains("<li><span class=\"page\">450</span>Note 449 "))
    }

    @Test("in a folder with a space, pictures and links between the notes printed still lead where they should")
    func spaces() throws {
        let (export, printer, _) = Self.export()
        _ = try export.export(["Home walk", "Inbox/d.md"], title: "Walk", to: "walk.pdf")
        let html = try #require(printer.documents.first)
        #expect(html.contains("src=\"Home%20walk/door.png\""), "\(html)")
        #expect(html.contains("href=\"#note-2\">02 Hall</a>"))
    }

    @Test("an engine's failure is the export's, and nothing is written")
    func failure() {
        let (export, printer, named) = Self.export()
        printer.failure = AppError.noSuchBackup("x")
        #expect(throws: AppError.noSuchBackup("x")) { try export.export([], title: "t", to: "out.pdf") }
        #expect(named.files.isEmpty)
    }
}
