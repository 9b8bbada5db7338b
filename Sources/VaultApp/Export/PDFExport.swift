import Foundation
import VaultCore
import VaultMarkdown

/// `vault export pdf OUT.pdf [NOTES…|FOLDER]`: the notes as `vault export
/// html` renders them (libcmark, links and pictures resolved), as a book:
/// a title page and the contents (numbered i, ii…, each note with the page
/// it starts on), then every note from a new page (numbered 1, 2…);
/// printed by a ``PDFPrinting`` engine and written where the person said
/// (``NamedFiles``).
///
/// Chromium's printing grows faster than the pages it prints (1,100 notes:
/// 23 s; 3,300: 330 s), so the notes are printed in parts of
/// ``partSize``, each numbered on from the last, and the parts joined; a
/// link between two notes of one part leads to the other, and the contents
/// give every note's page.
public struct PDFExport {
    let context: AppContext
    let printer: any PDFPrinting

    /// Notes printed at once.
    public static let partSize = 200

    public init(_ context: AppContext, printer: any PDFPrinting) {
        self.context = context
        self.printer = printer
    }

    /// What was printed.
    public struct Printed: Sendable {
        public var notes: Int
        public var pages: Int
        public var bytes: Int
    }

    /// The notes `references` name, in the order named, each once: a
    /// folder that holds notes (`/` the whole vault) gives them in path
    /// order, anything else one note (a path, an id, a title: ``NoteLookup``);
    /// every note, in path order, when none is named.
    /// - Throws: ``AppError`` for a reference that names no note or folder, or several notes.
    public func notes(_ references: [String]) throws -> [NoteSummary] {
        let all = context.notes.summaries().notes.sorted { $0.path < $1.path }
        guard !references.isEmpty else { return all }
        var chosen: [NoteSummary] = []
        var seen = Set<String>()
        for reference in references {
            let folder = SchedulerConfig.folderPrefix(reference)
            let inFolder = all.filter { folder.isEmpty || $0.path.hasPrefix(folder) }
            let named: [NoteSummary]
            if reference == "/" || reference == "." {
                named = all
            } else if !inFolder.isEmpty, !folder.isEmpty {
                named = inFolder
            } else {
                named = [try NoteLookup.find(reference, in: all)]
            }
            for note in named where seen.insert(note.path).inserted { chosen.append(note) }
        }
        return chosen
    }

    /// Prints the notes `references` name into `out` (``NamedFiles/write(_:to:)``).
    /// - Throws: what ``notes(_:)`` throws; the printer's error (no engine, a failed print); the write's.
    public func export(_ references: [String], title: String, to out: String) throws -> Printed {
        let notes = try notes(references)
        let bodies = self.bodies(notes)
        var parts: [Data] = []
        var starts = [Int](repeating: 1, count: notes.count)
        var pages = 0
        for first in stride(from: 0, to: notes.count, by: Self.partSize) {
            let range = first..<min(notes.count, first + Self.partSize)
            let printed = try printer.pdf(of: part(notes, bodies: bodies, range, after: pages).rendered)
            for k in range { starts[k] = pages + (printed.anchors["note-\(k + 1)"] ?? 1) }
            pages += printed.pages
            parts.append(printed.data)
        }
        let front = try printer.pdf(of: front(notes, title: title, starts: starts).rendered)
        let book = parts.isEmpty ? front.data : try printer.join([front.data] + parts)
        try context.namedFiles.write(book, to: out)
        return Printed(notes: notes.count, pages: front.pages + pages, bytes: book.count)
    }

    /// Each note's body, rendered as for its page in the site (on every core, in chunks).
    func bodies(_ notes: [NoteSummary]) -> [String] {
        let all = context.notes.summaries().notes
        let resolver = LinkResolver(summaries: all)
        let (lookup, files) = (AttachmentLookup(attachments: context.files.attachments()), context.files)
        let rendered = StaticSite.RenderedBodies(count: notes.count)
        let chunk = 64
        DispatchQueue.concurrentPerform(iterations: (notes.count + chunk - 1) / chunk) { c in
            let range = (c * chunk)..<min(notes.count, (c + 1) * chunk)
            rendered.store(
                range.map { i in
                    StaticSite.body(of: notes[i], files: files, resolver: resolver, attachments: lookup).rendered
                }, at: range.lowerBound)
        }
        return rendered.bodies
    }

    /// The notes `range` of the book as one document, its pages numbered on
    /// after `pages`: each note from a new page, a link to a note of the part
    /// leading to its section (`#note-K`, K its place in the book).
    func part(_ notes: [NoteSummary], bodies: [String], _ range: Range<Int>, after pages: Int) -> HTML {
        var anchors: [String: Int] = [:]
        for k in range {
            anchors[SitePaths.relative(from: "book.html", to: SitePaths.page(ofNote: notes[k].path))] = k + 1
        }
        // Links to every section, out of sight: the engine then says on which page each begins.
        var html: HTML = "<nav class=\"anchors\" aria-hidden=\"true\">"
        for k in range { html += "<a href=\"#note-\(k + 1)\">\(k + 1)</a>" }
        html += "</nav>"
        for k in range {
            let note = notes[k]
            html += "<section class=\"note\" id=\"note-\(k + 1)\"><h1>\(note.title)</h1>"
            var meta: [HTML] = []
            if let created = note.created { meta.append("\(VaultDate.dayString(created, in: context.timeZone))") }
            if let category = note.category { meta.append("\(category)") }
            if let source = note.source { meta.append("\(source)") }
            if !note.tags.isEmpty { meta.append("\(note.tags.map { "#" + $0 }.joined(separator: " "))") }
            if !meta.isEmpty { html += "<p class=\"meta\">\(HTML.joined(meta, separator: " · "))</p>" }
            html += HTML(trusted: Self.bookLinks(bodies[k], of: note.path, anchors: anchors))
            html += "</section>"
        }
        return document(
            title: notes[range.lowerBound].title, body: html, style: "html{counter-reset:page \(pages)}")
    }

    /// The title page and the contents: every note's title, path and the page it starts on.
    func front(_ notes: [NoteSummary], title: String, starts: [Int]) -> HTML {
        let day = VaultDate.dayString(context.now, in: context.timeZone)
        var html: HTML = "<section class=\"title-page\"><h1>\(title)</h1>"
        html += "<p class=\"meta\">\(notes.count == 1 ? "1 note" : "\(notes.count) notes") · \(day)</p></section>"
        html += "<nav class=\"contents\"><h2>Contents</h2><ol>"
        for (k, note) in notes.enumerated() {
            html +=
                "<li><span class=\"page\">\(starts[k])</span>\(note.title) <span class=\"path\">\(note.path)</span></li>"
        }
        html += "</ol></nav>"
        return document(title: title, body: html, style: Self.frontStyle)
    }

    /// A whole document: the vault's folder as its base (pictures), the book's style and `style` after it.
    func document(title: String, body: HTML, style: String) -> HTML {
        var base = context.files.location(of: "").absoluteURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <base href="\(base)"><title>\(title)</title><style>\(HTML(trusted: Self.css + style))</style></head>
            <body>\(body)</body></html>

            """
    }

    /// The addresses of a note's rendered body (`href` and `src`, written
    /// from its page in the site, beside the note) made to work from the
    /// vault's root, where the document's `<base>` is: a note of the part
    /// leads to its section (`#note-3`), anything else of the vault to its file.
    /// Fragments, external and unresolved addresses stay.
    static func bookLinks(_ html: String, of notePath: String, anchors: [String: Int]) -> String {
        // The note's folder as the site writes addresses: each part percent-encoded.
        let plain = (notePath as NSString).deletingLastPathComponent
        let folder = plain.isEmpty ? "" : String(SitePaths.relative(from: "book.html", to: plain + "/x").dropLast(2))
        var out = ""
        out.reserveCapacity(html.utf8.count)
        var rest = html[...]
        while let start = [rest.range(of: "href=\""), rest.range(of: "src=\"")].compactMap({ $0 }).min(by: {
            $0.lowerBound < $1.lowerBound
        }) {
            out += rest[..<start.upperBound]
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            out += bookAddress(String(rest[..<end]), from: folder, anchors: anchors)
            rest = rest[end...]
        }
        out += rest
        return out
    }

    /// One address of ``bookLinks(_:of:anchors:)``.
    static func bookAddress(_ target: String, from folder: String, anchors: [String: Int]) -> String {
        if target.isEmpty || target.hasPrefix("#") || target.hasPrefix("/") || LinkTarget.hasScheme(target) {
            return target
        }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard case .success(let rooted) = VaultPath.resolve(String(parts[0]), from: folder) else {
            return "#unresolved"
        }
        if let k = anchors[rooted] { return "#note-\(k)" }
        return rooted + (parts.count > 1 ? "#" + parts[1] : "")
    }

    /// No script; pictures from the vault's files and data; the document's own style.
    static let contentSecurityPolicy = "default-src 'none'; img-src file: data:; style-src 'unsafe-inline'"

    /// The front matter's pages are numbered i, ii, iii; the title page bears none.
    static let frontStyle = """
        @page{@bottom-center{content:counter(page,lower-roman)}}@page:first{@bottom-center{content:none}}
        """

    static let css = """
        @page{size:A4;margin:2cm 2cm 2.2cm;@bottom-center{content:counter(page);font:9pt system-ui,sans-serif;color:#656d76}}
        body{color:#1f2328;font:11pt/1.55 Georgia,"DejaVu Serif",serif;overflow-wrap:anywhere}
        h1,h2,h3,h4,.meta,nav{font-family:system-ui,"DejaVu Sans",sans-serif}
        nav.anchors{position:absolute;top:0;left:0;width:1px;height:1px;overflow:hidden}
        .title-page{height:24cm;display:flex;flex-direction:column;justify-content:center;text-align:center}
        .title-page h1{font-size:30pt;margin:0 0 .5em}
        nav.contents{break-before:page}nav.contents ol{padding-left:2.2em}
        nav.contents li{margin:.15em 0}nav.contents .page{float:right;margin-left:1em;font-variant-numeric:tabular-nums}
        .path{color:#8c959f;font-size:8.5pt;margin-left:.3em}
        section.note+section.note{break-before:page}section.note>h1{font-size:20pt;margin:0 0 .2em}
        .meta{color:#656d76;font-size:9.5pt;margin:0 0 1.2em}a{color:#0969da}a[href="#unresolved"]{color:#656d76;text-decoration:line-through dotted}
        pre{background:#f6f8fa;padding:.6em;white-space:pre-wrap;font-size:9.5pt;break-inside:avoid}code{font-size:.92em}
        img{max-width:100%;max-height:20cm;break-inside:avoid}blockquote{border-left:3px solid #d0d7de;margin-left:0;padding-left:1em;color:#57606a}
        table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.2em .5em}h2,h3{break-after:avoid}
        """
}
