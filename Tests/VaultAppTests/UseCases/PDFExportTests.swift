import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// `vault export pdf`: the notes named, in order, as one document (a title
/// page, the contents, a page per note), printed and written where asked.
@Suite("PDF export")
struct PDFExportTests {
    static let texts: [String: String] = [
        "2026/11/a.md": "---\ncreated: 2026-11-10\ntags: [x]\n---\n# Alpha\n\nSee [[Beta]] and ![[door.png]] and <script>alert(1)</script>.\n",
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
        #expect(try export.notes(["Beta", "2026/11/", "/"]).map(\.path).prefix(3) == ["2026/11/b.md", "2026/11/a.md", "2026/10/c.md"])
        #expect(throws: AppError.self) { try export.notes(["nothing here"]) }
    }

    @Test("the document: title page, contents leading to each note's section, a page each, links between them kept inside, text escaped")
    func document() throws {
        let (export, printer, named) = Self.export()
        let printed = try export.export(["2026/11"], title: "My <vault>", to: "out.pdf")
        #expect(printed.notes == 2)
        #expect(named.files["out.pdf"] == Data("%PDF-1.4 stand-in".utf8))
        let html = try #require(printer.documents.first)
        #expect(html.contains("<h1>My &lt;vault&gt;</h1>") && html.contains("2 notes · 2026-11-18"))
        #expect(html.contains("<li><a href=\"#note-1\">Alpha</a>") && html.contains("<li><a href=\"#note-2\">Beta</a>"))
        #expect(html.contains("<section class=\"note\" id=\"note-1\"><h1>Alpha</h1>"))
        #expect(html.contains("href=\"#note-2\">Beta</a>"), "the wiki link to a note of the book leads to its section")
        #expect(html.contains("href=\"#note-1\">Alpha</a>"), "the Markdown link too")
        #expect(html.contains("src=\"2026/11/door.png\""), "pictures from the vault's folder (the base)")
        #expect(html.contains("<base href=\"file:///memory-vault/\">"))
        #expect(!html.contains("<script>"), "raw HTML in a note is never markup")
        #expect(html.contains("break-before:page") && html.contains("counter(page)"))
        #expect(html.contains("Content-Security-Policy") && html.contains("default-src &#39;none&#39;; img-src file: data:"))
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
