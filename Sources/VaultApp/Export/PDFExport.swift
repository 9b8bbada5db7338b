import Foundation
import VaultCore
import VaultMarkdown

/// `vault export pdf OUT.pdf [NOTES…|FOLDER]`: the notes as `vault export
/// html` renders them (libcmark, links and pictures resolved), one
/// document: a title page, a table of contents whose entries lead to the
/// notes, and each note on a page of its own; printed by a ``PDFPrinting``
/// engine and written where the person said (``NamedFiles``).
public struct PDFExport {
    let context: AppContext
    let printer: any PDFPrinting

    public init(_ context: AppContext, printer: any PDFPrinting) {
        self.context = context
        self.printer = printer
    }

    /// What was printed.
    public struct Printed: Sendable {
        public var notes: Int
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

    /// The document of `notes`: the title page (`title`, the day, the
    /// count), the contents, each note from a new page.
    public func document(_ notes: [NoteSummary], title: String) -> HTML {
        var base = context.files.location(of: "").absoluteURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        let all = context.notes.summaries().notes
        let resolver = LinkResolver(notes: all.map { ($0.path, [$0.title] + $0.aliases) })
        let attachments = context.files.attachments()
        var named: [String: [String]] = [:]
        for path in attachments { named[(path as NSString).lastPathComponent.lowercased(), default: []].append(path) }
        // A link to a note of the book leads to its section: by the address of its page in the site.
        var anchors: [String: Int] = [:]
        for (k, note) in notes.enumerated() {
            anchors[SitePaths.relative(from: "book.html", to: SitePaths.page(ofNote: note.path))] = k + 1
        }
        let day = VaultDate.dayString(context.now, in: context.timeZone)
        var html: HTML = "<section class=\"title-page\"><h1>\(title)</h1>"
        html += "<p class=\"meta\">\(notes.count == 1 ? "1 note" : "\(notes.count) notes") · \(day)</p></section>"
        html += "<nav class=\"contents\"><h2>Contents</h2><ol>"
        for (k, note) in notes.enumerated() {
            html += "<li><a href=\"#note-\(k + 1)\">\(note.title)</a>"
            html += " <span class=\"path\">\(note.path)</span></li>"
        }
        html += "</ol></nav>"
        let set = Set(attachments)
        for (k, note) in notes.enumerated() {
            // Rendered as for the note's page in the site, its addresses then taken from the vault's root.
            let body = StaticSite.body(
                of: note, files: context.files, resolver: resolver, attachments: named, attachmentSet: set)
            html += "<section class=\"note\" id=\"note-\(k + 1)\"><h1>\(note.title)</h1>"
            var meta: [HTML] = []
            if let created = note.created { meta.append("\(VaultDate.dayString(created, in: context.timeZone))") }
            if let category = note.category { meta.append("\(category)") }
            if let source = note.source { meta.append("\(source)") }
            if !note.tags.isEmpty { meta.append("\(note.tags.map { "#" + $0 }.joined(separator: " "))") }
            if !meta.isEmpty { html += "<p class=\"meta\">\(HTML.joined(meta, separator: " · "))</p>" }
            html += HTML(trusted: Self.bookLinks(body.rendered, of: note.path, anchors: anchors))
            html += "</section>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <base href="\(base)"><title>\(title)</title><style>\(HTML(trusted: Self.css))</style></head>
            <body>\(html)</body></html>

            """
    }

    /// Prints the notes `references` name into `out` (``NamedFiles/write(_:to:)``).
    /// - Throws: what ``notes(_:)`` throws; the printer's error (no engine, a failed print); the write's.
    public func export(_ references: [String], title: String, to out: String) throws -> Printed {
        let notes = try notes(references)
        let pdf = try printer.pdf(of: document(notes, title: title).rendered)
        try context.namedFiles.write(pdf, to: out)
        return Printed(notes: notes.count, bytes: pdf.count)
    }

    /// The addresses of a note's rendered body (`href` and `src`, written
    /// from its page in the site, beside the note) made to work from the
    /// vault's root, where the document's `<base>` is: a note of the book's
    /// page leads to its section (`#note-3`), anything else of the vault to its file.
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
        if target.isEmpty || target.hasPrefix("#") || target.hasPrefix("/") || StaticSite.hasScheme(target) {
            return target
        }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard case .success(let rooted) = VaultPath.resolve(String(parts[0]), from: folder) else { return "#unresolved" }
        if let k = anchors[rooted] { return "#note-\(k)" }
        return rooted + (parts.count > 1 ? "#" + parts[1] : "")
    }

    /// No script; pictures from the vault's files and data; the document's own style.
    static let contentSecurityPolicy = "default-src 'none'; img-src file: data:; style-src 'unsafe-inline'"

    static let css = """
        @page{size:A4;margin:2cm 2cm 2.2cm;@bottom-center{content:counter(page) " / " counter(pages);font:9pt system-ui,sans-serif;color:#656d76}}
        @page:first{@bottom-center{content:none}}
        body{color:#1f2328;font:11pt/1.55 Georgia,"DejaVu Serif",serif;overflow-wrap:anywhere}
        h1,h2,h3,h4,.meta,nav{font-family:system-ui,"DejaVu Sans",sans-serif}
        .title-page{height:24cm;display:flex;flex-direction:column;justify-content:center;text-align:center}
        .title-page h1{font-size:30pt;margin:0 0 .5em}
        nav.contents{break-before:page}nav.contents ol{padding-left:1.5em}nav.contents li{margin:.2em 0}
        nav.contents a{color:#1f2328;text-decoration:none}.path{color:#8c959f;font-size:8.5pt;margin-left:.4em}
        section.note{break-before:page}section.note>h1{font-size:20pt;margin:0 0 .2em}
        .meta{color:#656d76;font-size:9.5pt;margin:0 0 1.2em}a{color:#0969da}a[href="#unresolved"]{color:#656d76;text-decoration:line-through dotted}
        pre{background:#f6f8fa;padding:.6em;white-space:pre-wrap;font-size:9.5pt;break-inside:avoid}code{font-size:.92em}
        img{max-width:100%;max-height:20cm;break-inside:avoid}blockquote{border-left:3px solid #d0d7de;margin-left:0;padding-left:1em;color:#57606a}
        table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.2em .5em}h2,h3{break-after:avoid}
        """
}
