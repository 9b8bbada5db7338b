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
        var named: [String: [String]] = [:]
        for path in attachments { named[(path as NSString).lastPathComponent.lowercased(), default: []].append(path) }
        let byName = named
        let attachmentSet = Set(attachments)
        let rendered = RenderedBodies(count: notes.count)
        let zone = context.timeZone
        let chunk = max(64, notes.count / (ProcessInfo.processInfo.activeProcessorCount * 4) + 1)
        DispatchQueue.concurrentPerform(iterations: (notes.count + chunk - 1) / chunk) { c in
            let range = (c * chunk)..<min(notes.count, (c + 1) * chunk)
            rendered.store(
                range.map { i in
                    Self.notePage(
                        notes[i],
                        body: Self.body(
                            of: notes[i], files: files, resolver: resolver, attachments: byName,
                            attachmentSet: attachmentSet),
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

    /// The note's body as HTML: libcmark, with headings given anchors and the
    /// wiki links of its text (never of its code) resolved to pages, anchors
    /// and pictures, then `.md` links to pages.
    static func body(
        of note: NoteSummary, files: any VaultFiles, resolver: LinkResolver, attachments: [String: [String]],
        attachmentSet: Set<String>
    ) -> HTML {
        guard let data = try? files.read(note.path) else {
            return "<p class=\"unreadable\">This note could not be read.</p>"
        }
        let page = SitePaths.page(ofNote: note.path)
        var text = String(decoding: NoteParser.body(of: data), as: UTF8.self)
        // The page's title is the note's: a first heading saying it again is left out.
        let lead = text.drop { $0 == "\n" || $0 == "\r" || $0 == " " }
        if lead.hasPrefix("# "),
            let end = lead.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) ?? Optional(lead.endIndex),
            lead[lead.index(lead.startIndex, offsetBy: 2)..<end].trimmingCharacters(in: .whitespaces) == note.title
        {
            text = String(lead[end...])
        }
        // Wiki links are read in the CommonMark tree's text, so code spans and blocks keep theirs as written.
        var bytes = Array(text.utf8)
        let html = bytes.withUnsafeMutableBufferPointer { buffer in
            CommonMark.siteHTML(of: UnsafeBufferPointer(buffer)) { span, anchor -> WikiLinkDestination in
                switch resolver.resolveWiki(span.target, from: note.path) {
                case .note(let path):
                    let url = SitePaths.relative(from: page, to: SitePaths.page(ofNote: path))
                    return .link(url + (anchor.map { "#" + $0 } ?? ""))
                case .attachment:
                    // As Obsidian finds it: by file name, the one beside the note first, else the shortest path.
                    let target = span.target
                    let folder = (note.path as NSString).deletingLastPathComponent
                    let candidates = attachments[(target as NSString).lastPathComponent.lowercased()] ?? []
                    let exact = candidates.first { $0.lowercased() == target.lowercased() }
                    let beside = candidates.first { ($0 as NSString).deletingLastPathComponent == folder }
                    let shortest = candidates.min { ($0.count, $0) < ($1.count, $1) }
                    guard let file = exact ?? beside ?? shortest else { return .unresolved }
                    let url = SitePaths.relative(from: page, to: file)
                    return span.embed && Self.isImage(file) ? .image(url) : .link(url)
                case .unresolved:
                    return .unresolved
                }
            }
        }
        // libcmark's rendering (raw HTML in the note escaped), its links rewritten and escaped again.
        return HTML(trusted: rewriteNoteLinks(html, from: note.path, resolver: resolver, attachments: attachmentSet))
    }

    /// The file extensions shown as images when embedded with `![[…]]`.
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "webp", "bmp", "avif", "ico"]

    static func isImage(_ path: String) -> Bool { imageExtensions.contains((path as NSString).pathExtension.lowercased()) }

    /// The `href` and `src` values libcmark wrote, made to work in the site:
    /// a link to a note (`x.md`, `../y/z.md#part`) leads to its page, a
    /// link to a file of the vault to its copy, a vault-rooted one
    /// (`/2026/11/a.png`) becomes relative, and one that leads to nothing in
    /// the vault becomes `#unresolved` (struck through by the page's style).
    /// External links (`https:`, `mailto:`, `//host`) and fragments stay.
    static func rewriteNoteLinks(
        _ html: String, from source: String, resolver: LinkResolver, attachments: Set<String> = []
    ) -> String {
        var html = html
        let page = SitePaths.page(ofNote: source)
        // By bytes, with MarkerFinder: linear in the page however many links it holds.
        return html.withUTF8 { b -> String? in
            var hrefs = MarkerFinder("href=\"", in: b)
            var sources = MarkerFinder("src=\"", in: b)
            var quotes = MarkerFinder("\"", in: b)
            var out: [UInt8] = []
            var rest = 0
            while true {
                let href = hrefs.first(from: rest).map { $0 + 6 }
                let src = sources.first(from: rest).map { $0 + 5 }
                guard let start = [href, src].compactMap({ $0 }).min() else { break }
                guard let end = quotes.first(from: start) else { break }
                if out.isEmpty { out.reserveCapacity(b.count + 256) }
                out.append(contentsOf: b[rest..<start])
                let target = String(decoding: b[start..<end], as: UTF8.self)
                out.append(
                    contentsOf: siteLink(
                        target, page: page, source: source, resolver: resolver, attachments: attachments
                    )
                    .utf8)
                rest = end
            }
            guard rest > 0 else { return nil }
            out.append(contentsOf: b[rest...])
            return String(decoding: out, as: UTF8.self)
        } ?? html
    }

    /// One link target of a note's body, as ``rewriteNoteLinks`` makes it:
    /// libcmark's own value (already percent-encoded and escaped), or an
    /// address of ours (``SitePaths/relative(from:to:)`` percent-encodes
    /// every segment: nothing is left to escape).
    static func siteLink(
        _ target: String, page: String, source: String, resolver: LinkResolver, attachments: Set<String>
    ) -> String {
        if target.isEmpty || target.hasPrefix("#") || target.hasPrefix("//") || hasScheme(target) { return target }
        // libcmark writes `&` as `&amp;` in attributes and percent-encodes the rest.
        let raw = target.replacingOccurrences(of: "&amp;", with: "&")
        let split = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(split[0]).split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let fragment = split.count > 1 ? XMLText.escaped("#" + split[1]) : ""
        let decoded = path.removingPercentEncoding ?? String(path)
        if decoded.lowercased().hasSuffix(".md"), case .note(let note) = resolver.resolveMarkdown(decoded, from: source)
        {
            return SitePaths.relative(from: page, to: SitePaths.page(ofNote: note)) + fragment
        }
        if let file = LinkResolver.vaultPath(decoded, from: source), attachments.contains(file) {
            return SitePaths.relative(from: page, to: file)
        }
        // A note's page, as a wiki link was rewritten to before rendering.
        if decoded.hasSuffix(".html"),
            case .note = resolver.resolveMarkdown(String(decoded.dropLast(5)) + ".md", from: source)
        {
            return target
        }
        return "#unresolved"
    }

    /// `https:`, `mailto:`…: a URL scheme before the first `/`, `?` or `#`.
    static func hasScheme(_ target: String) -> Bool {
        guard let colon = target.firstIndex(of: ":") else { return false }
        let scheme = target[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
    }

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

    static let css = """
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

    /// Every exported page's Content-Security-Policy (a `<meta>`: the site is
    /// served by whoever publishes it, with headers we do not write): no
    /// script at all, pictures and audio from the site itself, the page's
    /// own style (the inline sheet and the categories' colours), no forms,
    /// no `<base>`. A note's text that slipped past escaping could still run
    /// nothing.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; "
        + "base-uri 'none'; form-action 'none'"

    static func page(title: String, site: String, path: String, content: HTML) -> HTML {
        let home = SitePaths.relative(from: path, to: "index.html")
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
            <title>\(title)</title><style>\(HTML(trusted: css))</style></head>
            <body><header class="site"><a href="\(home)">\(site)</a></header><main><h1>\(title)</h1>
            \(content)</main></body></html>

            """
    }
}
