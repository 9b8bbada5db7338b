import Foundation
import VaultCore
import VaultMarkdown

/// `vault export html DIR`: the vault as a static site. Every note a page
/// rendered by libcmark (raw HTML in notes escaped: libcmark's safe mode),
/// code kept as code, every heading an anchor (``HeadingAnchor``), wiki and
/// Markdown links between notes resolved to their pages and headings (the rest
/// marked), `![[picture]]` shown as an image, an index with the four curation tabs, a page per tag and per
/// category, attachments copied; relative links only.
public struct StaticSite {
    /// One file of the site: its site-relative path and its bytes.
    public struct Page: Sendable {
        public var path: String
        public var html: String
    }

    public let pages: [Page]
    /// Vault-relative paths of the files copied as they are (images, PDFs…).
    public let attachments: [String]

    /// Builds every page (on every core, notes in chunks).
    public static func build(_ context: AppContext, title: String) -> StaticSite {
        let snapshot = CurationSnapshot.load(context)
        let notes = snapshot.notes
        let resolver = LinkResolver(notes: notes.map { ($0.path, [$0.title] + $0.aliases) })
        let files = context.files
        let config = context.config
        let attachments = files.attachments()
        let lookup = AttachmentLookup(attachments: attachments)
        let rendered = RenderedBodies(count: notes.count)
        let zone = context.timeZone
        let chunk = max(64, notes.count / (ProcessInfo.processInfo.activeProcessorCount * 4) + 1)
        DispatchQueue.concurrentPerform(iterations: (notes.count + chunk - 1) / chunk) { c in
            let range = (c * chunk)..<min(notes.count, (c + 1) * chunk)
            rendered.store(
                range.map { i in
                    Self.notePage(
                        notes[i],
                        body: Self.body(of: notes[i], files: files, resolver: resolver, attachments: lookup),
                        config: config, site: title, timeZone: zone
                    ).rendered
                },
                at: range.lowerBound)
        }
        var pages = zip(notes, rendered.bodies).map { Page(path: SitePaths.page(ofNote: $0.path), html: $1) }
        let tags = Dictionary(grouping: notes.indices.flatMap { i in notes[i].tags.map { ($0, i) } }, by: \.0)
        let categories = Dictionary(
            grouping: notes.indices.compactMap { i in notes[i].category.map { ($0, i) } }, by: \.0)
        for (tag, members) in tags {
            let path = SitePaths.page(ofTag: tag)
            pages.append(
                Page(
                    path: path,
                    html: Self.page(
                        title: "#" + tag, site: title, path: path,
                        content: Self.list(members.map { notes[$0.1] }, from: path, timeZone: context.timeZone)
                    ).rendered))
        }
        for (category, members) in categories {
            let path = SitePaths.page(ofCategory: category)
            pages.append(
                Page(
                    path: path,
                    html: Self.page(
                        title: category, site: title, path: path,
                        content: Self.list(members.map { notes[$0.1] }, from: path, timeZone: context.timeZone)
                    ).rendered))
        }
        pages.append(
            Page(
                path: "index.html",
                html: Self.index(
                    snapshot: snapshot, title: title, timeZone: context.timeZone, tags: tags.keys.sorted(),
                    categories: categories.keys.sorted()
                ).rendered))
        return StaticSite(pages: pages, attachments: attachments)
    }

    /// A note's page: its title, category, source, date and tags, then its body.
    static func notePage(_ note: NoteSummary, body: HTML, config: VaultConfig, site title: String, timeZone: TimeZone)
        -> HTML
    {
        let path = SitePaths.page(ofNote: note.path)
        var header: HTML = "<p class=\"meta\">"
        if let category = note.category {
            let color = config.category(named: category)?.color ?? "#888888"
            let href = SitePaths.relative(from: path, to: SitePaths.page(ofCategory: category))
            header += "<a class=\"category\" style=\"--c:\(color)\" href=\"\(href)\">\(category)</a> "
        }
        if let source = note.source {
            header += "<span class=\"source\">\(source)\(note.sourceType.map { " (\($0))" } ?? "")</span> "
        }
        if let created = note.created { header += "<time>\(VaultDate.dayString(created, in: timeZone))</time>" }
        header += "</p>"
        if !note.tags.isEmpty {
            let tags = note.tags.map { tag -> HTML in "<a href=\"\(SitePaths.relative(from: path, to: SitePaths.page(ofTag: tag)))\">#\(tag)</a>" }
            header += "<p class=\"tags\">\(HTML.joined(tags, separator: " "))</p>"
        }
        return page(title: note.title, site: title, path: path, content: header + body)
    }

    /// The note's body as HTML, as Obsidian shows it (``MarkdownHTML``):
    /// headings with anchors, wiki and Markdown links resolved to pages,
    /// anchors, files and pictures (from the note's folder first), notes embedded, math for KaTeX.
    static func body(
        of note: NoteSummary, files: any VaultFiles, resolver: LinkResolver, attachments: AttachmentLookup
    ) -> HTML {
        guard let data = try? files.read(note.path) else {
            return "<p class=\"unreadable\">This note could not be read.</p>"
        }
        var text = String(decoding: NoteParser.body(of: data), as: UTF8.self)
        // The page's title is the note's: a first heading saying it again is left out.
        let lead = text.drop { $0 == "\n" || $0 == "\r" || $0 == " " }
        if lead.hasPrefix("# "),
            let end = lead.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) ?? Optional(lead.endIndex),
            lead[lead.index(lead.startIndex, offsetBy: 2)..<end].trimmingCharacters(in: .whitespaces) == note.title
        {
            text = String(lead[end...])
        }
        // Addresses relative to the note's page.
        let page = SitePaths.page(ofNote: note.path)
        let links = VaultLinks(
            resolver: resolver, attachments: attachments, files: files,
            noteAddress: { SitePaths.relative(from: page, to: SitePaths.page(ofNote: $0)) },
            fileAddress: { SitePaths.relative(from: page, to: $0) }, isPicture: isImage,
            tagAddress: { name in
                // The tag's page is named as the note's own list spells the tag (`#Health` and `health` are one tag).
                let tag = note.tags.first { $0.lowercased() == name.lowercased() } ?? name
                return SitePaths.relative(from: page, to: SitePaths.page(ofTag: tag))
            })
        return MarkdownHTML(links: links).render(text, from: note.path)
    }

    /// The file extensions shown as images when embedded with `![[…]]`.
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "webp", "bmp", "avif", "ico"]

    static func isImage(_ path: String) -> Bool { imageExtensions.contains((path as NSString).pathExtension.lowercased()) }

    /// The rendered bodies, filled chunk by chunk from several threads.
    final class RenderedBodies: @unchecked Sendable {
        private var storage: [String]
        private let lock = NSLock()
        init(count: Int) { storage = Array(repeating: "", count: count) }
        func store(_ chunk: [String], at start: Int) {
            lock.lock()
            storage.replaceSubrange(start..<(start + chunk.count), with: chunk)
            lock.unlock()
        }
        var bodies: [String] { storage }
    }

    static func list(_ notes: [NoteSummary], from page: String, timeZone: TimeZone) -> HTML {
        let items = notes.sorted { ($0.created ?? .distantPast) > ($1.created ?? .distantPast) }.map { note -> HTML in
            let day = note.created.map { VaultDate.dayString($0, in: timeZone) } ?? ""
            return "<li><a href=\"\(SitePaths.relative(from: page, to: SitePaths.page(ofNote: note.path)))\">\(note.title)</a> <time>\(day)</time></li>"
        }
        return "<ul class=\"notes\">\(HTML.joined(items))</ul>"
    }

    static func index(
        snapshot: CurationSnapshot, title: String, timeZone: TimeZone, tags: [String], categories: [String]
    ) -> HTML {
        let listing = NoteListing(snapshot, includeArchived: false)
        let tabs = CurationTab.allCases.map { tab -> HTML in "<a href=\"#\(tab.rawValue)\">\(tab.rawValue.capitalized)</a>" }
        var content: HTML = "<nav class=\"tabs\">\(HTML.joined(tabs))</nav>"
        for tab in CurationTab.allCases {
            content += "<section class=\"tab\" id=\"\(tab.rawValue)\"><h2>\(tab.rawValue.capitalized)</h2>"
            for group in listing.groups(tab) {
                content += "<h3>\(group.title)</h3>"
                content += list(group.items.map(\.note), from: "index.html", timeZone: timeZone)
            }
            content += "</section>"
        }
        let tagLinks = tags.map { tag -> HTML in "<a href=\"\(SitePaths.relative(from: "index.html", to: SitePaths.page(ofTag: tag)))\">#\(tag)</a>" }
        content += "<section id=\"tags\"><h2>Tags</h2><p>\(HTML.joined(tagLinks, separator: " "))</p></section>"
        let categoryLinks = categories.map { category -> HTML in
            "<a href=\"\(SitePaths.relative(from: "index.html", to: SitePaths.page(ofCategory: category)))\">\(category)</a>"
        }
        content += "<section id=\"categories\"><h2>Categories</h2><p>\(HTML.joined(categoryLinks, separator: " · "))</p></section>"
        return page(title: title, site: title, path: "index.html", content: content)
    }

    /// The site's style sheet, written once as `assets/site.css` (``cssPath``)
    /// and linked from every page: inlined, its 7 KB were most of each page's
    /// bytes, built and written again for every note.
    static let css = MarkdownAssets.style + """
        :root{--bg:#fff;--fg:#1f2328;--muted:#656d76;--line:#d0d7de;--link:#0969da}
        @media (prefers-color-scheme: dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#8d96a0;--line:#30363d;--link:#4493f8}}
        body{max-width:46rem;margin:2rem auto;padding:0 1rem;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",sans-serif;overflow-wrap:anywhere}
        a{color:var(--link)}a[href="#unresolved"]{color:var(--muted);text-decoration:line-through dotted}
        header.site{border-bottom:1px solid var(--line);margin-bottom:1rem}header.site a{text-decoration:none}
        .meta,.tags,time{color:var(--muted);font-size:.9rem}.category{border-left:.6rem solid var(--c);padding-left:.3rem;color:var(--fg);text-decoration:none}
        nav.tabs a{margin-right:1rem;font-weight:600}section{margin-top:1.5rem}ul.notes{padding-left:1.2rem}
        section.tab{display:none}section.tab:target{display:block}main:not(:has(section.tab:target)) #daily{display:block}
        pre{background:rgba(127,127,127,.1);padding:.6rem;overflow:auto}img{max-width:100%}
        """

    /// Where the site's style sheet is, from the site's root.
    static let cssPath = "assets/site.css"

    /// Every exported page's Content-Security-Policy (a `<meta>`: the site is
    /// served by whoever publishes it, with headers we do not write): no
    /// script at all, pictures and audio from the site itself, style from the
    /// site's own sheet (`assets/site.css`) and the page's own attributes (the
    /// categories' colours), no forms, no `<base>`. A note's text that slipped
    /// past escaping could still run nothing. Chromium counts a `file://`
    /// page's sibling files as 'self': the sheet applies to a site opened
    /// from the disk as well (docs/FORMAT.md).
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'self' 'unsafe-inline'; "
        + "base-uri 'none'; form-action 'none'"

    /// The policy of a page that holds math: as ``contentSecurityPolicy``,
    /// and scripts, style sheets and fonts from the site's own files only
    /// (`assets/math.js` and KaTeX, never inline code).
    static let mathContentSecurityPolicy =
        "default-src 'none'; script-src 'self'; img-src 'self' data:; media-src 'self'; font-src 'self'; "
        + "style-src 'self' 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    /// The files every site holds beside its pages: the style sheet
    /// (`assets/site.css`), `assets/math.js` and KaTeX (`assets/katex/…`,
    /// from `math`; none when it is not installed, and math then shows as its TeX).
    public static func assets(math: any MathFiles) -> [(path: String, bytes: Data)] {
        var assets: [(path: String, bytes: Data)] = [
            (cssPath, Data(css.utf8)), ("assets/math.js", Data(MarkdownAssets.mathScript.utf8)),
        ]
        for name in math.names() {
            if let data = math.file(name) { assets.append(("assets/katex/" + name, data)) }
        }
        return assets
    }

    /// A page of the site; one whose content holds math (``MarkdownHTML``'s
    /// `class="math …"` on a `<span>` or `<div>`, which no escaped text can
    /// spell) loads `assets/math.js`, and only such a page allows a script.
    static func page(title: String, site: String, path: String, content: HTML) -> HTML {
        let home = SitePaths.relative(from: path, to: "index.html")
        let math = content.contains(markup: "class=\"math math-")
        let policy = math ? mathContentSecurityPolicy : contentSecurityPolicy
        let script: HTML = math ? "<script src=\"\(SitePaths.relative(from: path, to: "assets/math.js"))\" defer></script>" : ""
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <title>\(title)</title><link rel="stylesheet" href="\(SitePaths.relative(from: path, to: cssPath))">\(script)</head>
            <body><header class="site"><a href="\(home)">\(site)</a></header><main><h1>\(title)</h1>
            \(content)</main></body></html>

            """
    }
}
