import Foundation
import VaultCore

/// Where a note's links lead on the page that shows it: a page of
/// `vault serve` (`/notes/…`, `/files/…`) or of the exported site (relative
/// addresses). Every path is resolved from the note that holds the link
/// (`source`), which inside an embed is the embedded note.
public protocol MarkdownLinking {
    /// Where a wiki link or embed written in the note at `source` leads;
    /// `anchor` is its `#heading` as an anchor.
    func wiki(_ span: WikiLinkSpan, anchor: String?, from source: String) -> WikiLinkDestination
    /// A Markdown link's or picture's destination written in the note at
    /// `source`, as the page must write it (a relative `x.md` or `01.png`
    /// resolved from the note's folder); external addresses as they are.
    func markdown(_ destination: String, image: Bool, from source: String) -> String
    /// The note `![[target]]` embeds: its vault path and its body (front
    /// matter cut off); nil when the target is no note or cannot be read.
    func embeddedNote(_ span: WikiLinkSpan, from source: String) -> (path: String, markdown: String)?
    /// Where a `#tag` in the text leads (its notes); nil shows it as a tag that leads nowhere.
    func tag(_ name: String) -> String?
}

extension MarkdownLinking {
    public func tag(_ name: String) -> String? { nil }
}

/// A note's Markdown as HTML, as Obsidian shows it: CommonMark (raw HTML
/// replaced by a comment, `javascript:` addresses dropped, as libcmark's
/// safe mode does), GFM tables, callouts with their icon and folding
/// (`<details>`, no script), embeds of notes, headings and blocks, pictures
/// with sizes, audio, math for KaTeX (`<span class="math">` holding the TeX;
/// `/assets/math.js` typesets it in the browser), highlights, footnotes and
/// task lists. Markup is built with ``HTML``: every text of the note is escaped.
///
/// Embeds go at most ``maxEmbedDepth`` notes deep and at most ``maxEmbeds``
/// a page; a note already being embedded on the way down is a link, never a
/// loop.
public struct MarkdownHTML {
    /// How deep embeds go: a note embedding a note embedding… (Obsidian stops at a similar depth).
    public static let maxEmbedDepth = 4
    /// The most notes embedded in one page, all depths together.
    public static let maxEmbeds = 100

    let links: any MarkdownLinking
    let highlights: Bool

    /// A renderer whose links lead where `links` says.
    /// - Parameter highlights: false shows `==text==` as written (a card's text, where it is cloze syntax).
    public init(links: any MarkdownLinking, highlights: Bool = true) {
        self.links = links
        self.highlights = highlights
    }

    /// `markdown` (a note body, front matter cut off), written in the note at `source`, as HTML.
    public func render(_ markdown: String, from source: String) -> HTML {
        let document = ObsidianDocument(markdown: markdown, highlights: highlights)
        return render(document, from: source)
    }

    /// A parsed document, written in the note at `source`, as HTML.
    public func render(_ document: ObsidianDocument, from source: String) -> HTML {
        let state = PageState()
        var headings: [String] = []
        Self.collectHeadings(document.root, into: &headings)
        state.anchors = HeadingAnchor.unique(headings)
        var writer = Writer(renderer: self, state: state, source: source, path: [source.lowercased()], depth: 0, idPrefix: "")
        writer.blocks(document.root.children)
        return writer.out
    }

    static func collectHeadings(_ node: MarkdownNode, into headings: inout [String]) {
        for child in node.children {
            if child.kind == .heading {
                headings.append(child.plainText)
            } else if child.kind.isBlock {
                collectHeadings(child, into: &headings)
            }
        }
    }

    /// What all the notes of one page share: the heading anchors and the count of embeds.
    final class PageState {
        var anchors: [String] = []
        var nextHeading = 0
        var embeds = 0
        var embedPrefixes = 0
    }

    /// The kinds of file an `<audio>` plays.
    public static let audioExtensions: Set<String> = ["mp3", "ogg", "oga", "wav", "m4a", "flac", "webm", "opus", "aac"]

    /// True when `path` names a sound file.
    public static func isAudio(_ path: String) -> Bool {
        let name = path.prefix { $0 != "?" && $0 != "#" }
        return audioExtensions.contains((String(name) as NSString).pathExtension.lowercased())
    }

    /// Writes one note's blocks (the page's, or an embedded note's).
    struct Writer {
        let renderer: MarkdownHTML
        let state: PageState
        let source: String
        /// The notes embedded on the way here, lowercased: embedding one again would loop.
        let path: [String]
        let depth: Int
        /// Put before footnote ids, so an embedded note's cannot clash with the page's.
        let idPrefix: String
        var out = HTML()
        var footnoteNumbers: [String: Int] = [:]
        var footnoteOrder: [String] = []
        var definitions: [String: MarkdownNode] = [:]
        var tight = false
        /// Whether a `#` may start a tag here (a block's or line's start, after white space), as the parser reads it.
        var atBoundary = true
        /// Inside a link's text, where no `#tag` is read.
        var linkDepth = 0

        init(renderer: MarkdownHTML, state: PageState, source: String, path: [String], depth: Int, idPrefix: String) {
            self.renderer = renderer
            self.state = state
            self.source = source
            self.path = path
            self.depth = depth
            self.idPrefix = idPrefix
        }

        var links: any MarkdownLinking { renderer.links }

        /// A newline unless the markup ends in one (libcmark's `cr`).
        mutating func cr() {
            if let last = out.rendered.utf8.last, last != 0x0A { out += "\n" }
        }

        // MARK: Blocks

        mutating func blocks(_ nodes: [MarkdownNode]) {
            var body: [MarkdownNode] = []
            for node in nodes {
                if node.kind == .footnoteDefinition {
                    definitions[node.literal] = definitions[node.literal] ?? node
                } else {
                    body.append(node)
                }
            }
            for node in body { block(node) }
            footnotes()
        }

        mutating func block(_ node: MarkdownNode) {
            atBoundary = true
            switch node.kind {
            case .paragraph:
                paragraph(node)
            case .heading:
                cr()
                let level = max(1, min(6, node.headingLevel))
                var id: HTML = ""
                if depth == 0, state.nextHeading < state.anchors.count {
                    id = " id=\"\(state.anchors[state.nextHeading])\""
                    state.nextHeading += 1
                }
                out += "<h\(level)\(id)>"
                inlines(node.children)
                out += "</h\(level)>\n"
            case .blockQuote:
                cr()
                out += "<blockquote>\n"
                let wasTight = tight
                tight = false
                for child in node.children { block(child) }
                tight = wasTight
                cr()
                out += "</blockquote>\n"
            case .list:
                cr()
                if node.ordered {
                    out += node.listStart == 1 ? "<ol>\n" : "<ol start=\"\(node.listStart)\">\n"
                } else {
                    out += "<ul>\n"
                }
                let wasTight = tight
                tight = node.tight
                for item in node.children {
                    cr()
                    let isTask = item.children.first?.children.first?.kind == .taskMarker
                    out += isTask ? "<li class=\"task\">" : "<li>"
                    for child in item.children { block(child) }
                    out += "</li>\n"
                }
                tight = wasTight
                out += node.ordered ? "</ol>\n" : "</ul>\n"
            case .item:
                for child in node.children { block(child) }
            case .codeBlock:
                cr()
                let language = node.fenceInfo.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
                let code = node.literal
                if language.isEmpty {
                    out += "<pre><code>\(code)</code></pre>\n"
                } else {
                    out += "<pre><code class=\"language-\(language)\">\(code)</code></pre>\n"
                }
            case .htmlBlock:
                cr()
                out += "<!-- raw HTML omitted -->"
                cr()
            case .thematicBreak:
                cr()
                out += "<hr />\n"
            case .table:
                table(node)
            case .callout:
                callout(node)
            case .displayMath:
                cr()
                out += "<div class=\"math math-display\">\(node.literal)</div>\n"
            case .document, .customBlock:
                for child in node.children { block(child) }
            default:
                cr()
                out += "<p>"
                inlines([node])
                out += "</p>\n"
            }
        }

        /// A paragraph; a note embedded in it is a block of its own between the paragraph's parts.
        mutating func paragraph(_ node: MarkdownNode) {
            var run: [MarkdownNode] = []
            var wrote = false
            for child in node.children {
                if child.kind == .embed, let embedded = noteEmbed(child) {
                    flush(&run, wrote: &wrote)
                    cr()
                    out += embedded
                    wrote = true
                } else {
                    run.append(child)
                }
            }
            if !wrote {
                if tight {
                    inlines(run)
                } else {
                    cr()
                    out += "<p>"
                    inlines(run)
                    out += "</p>\n"
                }
                return
            }
            flush(&run, wrote: &wrote)
        }

        /// The inline nodes gathered before an embed, as a paragraph of their own (breaks at their ends dropped).
        mutating func flush(_ run: inout [MarkdownNode], wrote: inout Bool) {
            while let first = run.first,
                first.kind == .softBreak || first.kind == .lineBreak || (first.kind == .text && first.literal.allSatisfy(\.isWhitespace))
            {
                run.removeFirst()
            }
            while let last = run.last,
                last.kind == .softBreak || last.kind == .lineBreak || (last.kind == .text && last.literal.allSatisfy(\.isWhitespace))
            {
                run.removeLast()
            }
            guard !run.isEmpty else { return }
            if run[0].kind == .text { run[0].literal = String(run[0].literal.drop { $0 == " " || $0 == "\t" }) }
            if run[run.count - 1].kind == .text {
                while let last = run[run.count - 1].literal.last, last == " " || last == "\t" {
                    run[run.count - 1].literal.removeLast()
                }
            }
            cr()
            out += "<p>"
            inlines(run)
            out += "</p>\n"
            run = []
            wrote = true
        }

        mutating func table(_ node: MarkdownNode) {
            cr()
            out += "<div class=\"table-wrap\"><table>\n"
            for (r, row) in node.children.enumerated() {
                if r == 0 { out += "<thead>\n" }
                if r == 1 { out += "<tbody>\n" }
                out += "<tr>\n"
                for cell in row.children {
                    let tag: HTML = r == 0 ? "th" : "td"
                    let align: HTML = cell.literal.isEmpty ? "" : " align=\"\(cell.literal)\""
                    out += "<\(tag)\(align)>"
                    atBoundary = true
                    for child in cell.children {
                        if child.kind.isBlock { block(child) } else { inlines([child]) }
                    }
                    out += "</\(tag)>\n"
                }
                out += "</tr>\n"
                if r == 0 { out += "</thead>\n" }
            }
            if node.children.count > 1 { out += "</tbody>\n" }
            out += "</table></div>\n"
        }

        mutating func callout(_ node: MarkdownNode) {
            cr()
            let type = node.literal
            let titleNodes = node.children.first?.kind == .calloutTitle ? node.children[0].children : []
            let content = node.children.first?.kind == .calloutTitle ? Array(node.children.dropFirst()) : node.children
            let foldable = !node.fenceInfo.isEmpty
            let outer: HTML = foldable ? "details" : "div"
            let open: HTML = node.fenceInfo == "+" ? " open" : ""
            out += "<\(outer) class=\"callout\" data-callout=\"\(type)\" data-kind=\"\(CalloutIcon.kind(of: type))\"\(open)>"
            out += foldable ? "<summary class=\"callout-title\">" : "<div class=\"callout-title\">"
            out += "<span class=\"callout-icon\" aria-hidden=\"true\">\(CalloutIcon.svg(for: type))</span>"
            out += "<span class=\"callout-title-inner\">"
            if titleNodes.isEmpty {
                out += HTML(escaping: CalloutIcon.defaultTitle(for: type))
            } else {
                inlines(titleNodes)
            }
            out += "</span>"
            out += foldable ? "</summary>\n" : "</div>\n"
            if !content.isEmpty {
                out += "<div class=\"callout-content\">\n"
                let wasTight = tight
                tight = false
                for child in content { block(child) }
                tight = wasTight
                cr()
                out += "</div>"
            }
            out += "</\(outer)>\n"
        }

        /// The footnotes referred to in this note, numbered in the order they were first referred to.
        mutating func footnotes() {
            guard !footnoteOrder.isEmpty else { return }
            cr()
            out += "<section class=\"footnotes\">\n<ol>\n"
            for label in footnoteOrder {
                guard let number = footnoteNumbers[label], let definition = definitions[label] else { continue }
                out += "<li id=\"\(idPrefix)fn-\(number)\">"
                let paragraphs = definition.children
                for (i, child) in paragraphs.enumerated() {
                    if child.kind == .paragraph {
                        out += "<p>"
                        inlines(child.children)
                        if i == paragraphs.count - 1 { backReference(number) }
                        out += "</p>"
                    } else {
                        block(child)
                        if i == paragraphs.count - 1 { backReference(number) }
                    }
                }
                if paragraphs.isEmpty { backReference(number) }
                out += "</li>\n"
            }
            out += "</ol>\n</section>\n"
        }

        mutating func backReference(_ number: Int) {
            out += " <a href=\"#\(idPrefix)fnref-\(number)\" class=\"footnote-backref\" aria-label=\"Back to the text\">↩︎</a>"
        }

        // MARK: Inlines

        mutating func inlines(_ nodes: [MarkdownNode]) {
            for node in nodes { inline(node) }
        }

        mutating func inline(_ node: MarkdownNode) {
            switch node.kind {
            case .text:
                text(node.literal)
            case .softBreak:
                out += "\n"
                atBoundary = true
            case .lineBreak:
                out += "<br />\n"
                atBoundary = true
            case .code:
                out += "<code>\(node.literal)</code>"
                atBoundary = false
            case .htmlInline:
                out += InlineHTMLTag.allowed(node.literal) ?? "<!-- raw HTML omitted -->"
                atBoundary = false
            case .emphasis:
                out += "<em>"
                inlines(node.children)
                out += "</em>"
            case .strong:
                out += "<strong>"
                inlines(node.children)
                out += "</strong>"
            case .highlight:
                out += "<mark>"
                atBoundary = false  // the parser reads `==#x==` as text: `#` after `=` starts no tag
                inlines(node.children)
                out += "</mark>"
            case .strikethrough:
                out += "<del>"
                atBoundary = false
                inlines(node.children)
                out += "</del>"
            case .link:
                linkDepth += 1
                link(node)
                linkDepth -= 1
            case .image:
                image(node)
            case .inlineMath:
                out += "<span class=\"math math-inline\">\(node.literal)</span>"
            case .displayMath:
                out += "<span class=\"math math-display\">\(node.literal)</span>"
            case .wikiLink:
                wikiLink(WikiLinkSpan(node.literal, embed: false))
            case .embed:
                embed(node)
            case .footnoteReference:
                footnoteReference(node.literal)
            case .taskMarker:
                out += node.literal == " "
                    ? "<input type=\"checkbox\" class=\"task\" disabled> "
                    : "<input type=\"checkbox\" class=\"task\" checked disabled> "
            default:
                inlines(node.children)
            }
            // What the parser reads as text around a tag: after these a `#` follows no white space.
            switch node.kind {
            case .taskMarker: atBoundary = true
            case .link, .image, .inlineMath, .displayMath, .wikiLink, .embed, .footnoteReference, .highlight,
                .strikethrough:
                atBoundary = false
            default: break
            }
        }

        /// Text, its `#tags` shown as Obsidian shows them: a tag leading to its notes.
        mutating func text(_ literal: String) {
            defer { if let last = literal.unicodeScalars.last { atBoundary = last.properties.isWhitespace } }
            let tags = linkDepth == 0 ? InlineSyntax.tags(in: literal, atBoundary: atBoundary) : []
            guard !tags.isEmpty else {
                out += HTML(escaping: literal)
                return
            }
            let scalars = Array(literal.unicodeScalars)
            var at = 0
            for tag in tags {
                out += HTML(escaping: String(String.UnicodeScalarView(scalars[at..<tag.scalars.lowerBound])))
                let shown = String(String.UnicodeScalarView(scalars[tag.scalars]))
                if let address = links.tag(tag.name) {
                    out += "<a href=\"\(Self.escapedAddress(address))\" class=\"hashtag\">\(shown)</a>"
                } else {
                    out += "<span class=\"hashtag\">\(shown)</span>"
                }
                at = tag.scalars.upperBound
            }
            out += HTML(escaping: String(String.UnicodeScalarView(scalars[at...])))
        }

        mutating func footnoteReference(_ label: String) {
            guard definitions[label] != nil else {
                out += HTML(escaping: label.hasPrefix("\u{2063}") ? "" : "[^\(label)]")
                return
            }
            let number: Int
            var first = false
            if let known = footnoteNumbers[label] {
                number = known
            } else {
                number = footnoteOrder.count + 1
                footnoteNumbers[label] = number
                footnoteOrder.append(label)
                first = true
            }
            let id: HTML = first ? " id=\"\(idPrefix)fnref-\(number)\"" : ""
            out += "<sup class=\"footnote-ref\"><a href=\"#\(idPrefix)fn-\(number)\"\(id)>\(number)</a></sup>"
        }

        /// A Markdown link; one to a sound file whose text is its file name (as
        /// `vault import anki` writes `[sound:x.mp3]`) plays instead.
        mutating func link(_ node: MarkdownNode) {
            let url = Self.safe(links.markdown(node.url, image: false, from: source))
            if MarkdownHTML.isAudio(node.url), node.plainText == node.url || node.plainText == (node.url as NSString).lastPathComponent {
                out += "<audio controls preload=\"none\" src=\"\(Self.escapedAddress(url))\"></audio>"
                return
            }
            let title: HTML = node.title.isEmpty ? "" : " title=\"\(node.title)\""
            out += "<a href=\"\(Self.escapedAddress(url))\"\(title)>"
            inlines(node.children)
            out += "</a>"
        }

        /// A Markdown picture, `![alt|200](a.png)` or `![alt|200x100](<a b.png>)`; a sound file plays.
        mutating func image(_ node: MarkdownNode) {
            let url = Self.safe(links.markdown(node.url, image: true, from: source))
            if MarkdownHTML.isAudio(node.url) {
                out += "<audio controls preload=\"none\" src=\"\(Self.escapedAddress(url))\"></audio>"
                return
            }
            let (alt, size) = Self.sized(node.plainText)
            picture(url, alt: alt, size: size, title: node.title)
        }

        mutating func picture(_ url: String, alt: String, size: (Int, Int?)?, title: String = "") {
            var attributes: HTML = ""
            if let (width, height) = size {
                attributes += " width=\"\(width)\""
                if let height { attributes += " height=\"\(height)\"" }
            }
            if !title.isEmpty { attributes += " title=\"\(title)\"" }
            out += "<img src=\"\(Self.escapedAddress(url))\" alt=\"\(alt)\"\(attributes) />"
        }

        /// `alt|200` or `alt|200x100` → the alt text and the size; a plain text as it is.
        static func sized(_ text: String) -> (String, (Int, Int?)?) {
            guard let bar = text.lastIndex(of: "|") else {
                if let size = size(Substring(text)) { return ("", size) }
                return (text, nil)
            }
            guard let size = size(text[text.index(after: bar)...]) else { return (text, nil) }
            return (String(text[..<bar]), size)
        }

        /// `200` or `200x100` (at most 5 digits each).
        static func size(_ text: Substring) -> (Int, Int?)? {
            let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "x", maxSplits: 1, omittingEmptySubsequences: false)
            guard let first = parts.first, (1...5).contains(first.count), first.allSatisfy(\.isASCII), let width = Int(first) else {
                return nil
            }
            if parts.count == 2 {
                guard (1...5).contains(parts[1].count), parts[1].allSatisfy(\.isASCII), let height = Int(parts[1]) else {
                    return nil
                }
                return (width, height)
            }
            return (width, nil)
        }

        mutating func wikiLink(_ span: WikiLinkSpan) {
            let destination: WikiLinkDestination
            if span.target.isEmpty {
                if depth == 0 {
                    if let heading = span.heading, let anchor = HeadingAnchor.find(heading, in: state.anchors) {
                        destination = .link("#" + anchor)
                    } else {
                        destination = .unresolved
                    }
                } else {
                    // `[[#Heading]]` in an embedded note leads to that note's heading.
                    var own = span
                    own.target = source.hasSuffix(".md") ? String(source.dropLast(3)) : source
                    destination = links.wiki(own, anchor: span.heading.map(HeadingAnchor.slug), from: source)
                }
            } else {
                destination = links.wiki(span, anchor: span.heading.map(HeadingAnchor.slug), from: source)
            }
            switch destination {
            case .link(let url), .image(let url), .audio(let url):
                out += "<a href=\"\(Self.escapedAddress(url))\">\(span.shownText)</a>"
            case .unresolved:
                out += "<a href=\"#unresolved\">\(span.shownText)</a>"
            }
        }

        /// `![[…]]`: a picture, a sound, or a link (a note embedded is a block, written by ``paragraph(_:)``).
        mutating func embed(_ node: MarkdownNode) {
            let span = WikiLinkSpan(node.literal, embed: true)
            switch links.wiki(span, anchor: span.heading.map(HeadingAnchor.slug), from: source) {
            case .image(let url):
                let (alt, size) = Self.sized(span.label ?? "")
                picture(url, alt: alt.isEmpty ? (span.target as NSString).lastPathComponent : alt, size: size)
            case .audio(let url):
                out += "<audio controls preload=\"none\" src=\"\(Self.escapedAddress(url))\"></audio>"
            case .link(let url):
                out += "<a class=\"embed-link\" href=\"\(Self.escapedAddress(url))\">\(span.shownText)</a>"
            case .unresolved:
                out += "<a href=\"#unresolved\">\(span.shownText)</a>"
            }
        }

        /// The embedded note `node` names, as a block: its whole body, a heading's
        /// section or a block (`#^id`); nil when it names no note, or when the
        /// depth, the page's count or a loop stops it (it is then a link).
        mutating func noteEmbed(_ node: MarkdownNode) -> HTML? {
            let span = WikiLinkSpan(node.literal, embed: true)
            guard case .link(let url) = links.wiki(span, anchor: span.heading.map(HeadingAnchor.slug), from: source),
                depth < MarkdownHTML.maxEmbedDepth, state.embeds < MarkdownHTML.maxEmbeds,
                let note = links.embeddedNote(span, from: source), !path.contains(note.path.lowercased())
            else { return nil }
            state.embeds += 1
            state.embedPrefixes += 1
            let document = ObsidianDocument(markdown: note.markdown, highlights: renderer.highlights)
            var blocks = document.root.children
            var missing = false
            if let heading = span.heading, !heading.isEmpty {
                if heading.hasPrefix("^") {
                    if let block = document.block(withID: String(heading.dropFirst())) {
                        blocks = [block] + document.root.children.filter { $0.kind == .footnoteDefinition }
                    } else {
                        missing = true
                    }
                } else if let section = document.section(named: heading) {
                    blocks = section + document.root.children.filter { $0.kind == .footnoteDefinition }
                } else {
                    missing = true
                }
            }
            var inner = Writer(
                renderer: renderer, state: state, source: note.path, path: path + [note.path.lowercased()],
                depth: depth + 1, idPrefix: "e\(state.embedPrefixes)-")
            if missing {
                inner.out += "<p class=\"embed-missing\">Nothing in \(span.target) is named \(span.heading ?? "").</p>\n"
            } else {
                inner.blocks(blocks)
            }
            // A block's id is an address, not a title: its embed is titled by its note.
            let title = span.label ?? (span.heading?.hasPrefix("^") == true ? span.target : span.shownText)
            var html: HTML = "<div class=\"markdown-embed\">"
            html += "<div class=\"markdown-embed-title\"><a href=\"\(Self.escapedAddress(url))\">\(title)</a></div>\n"
            html += "<div class=\"markdown-embed-content\">\n\(inner.out)</div></div>\n"
            return html
        }

        // MARK: Addresses

        /// `url`, or nothing for the schemes libcmark's safe mode drops
        /// (`javascript:`, `vbscript:`, `file:`, and `data:` but for pictures).
        static func safe(_ url: String) -> String {
            let lower = url.trimmingCharacters(in: .whitespaces).lowercased()
            for scheme in ["javascript:", "vbscript:", "file:"] where lower.hasPrefix(scheme) { return "" }
            if lower.hasPrefix("data:") {
                let pictures = ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]
                return pictures.contains { lower.hasPrefix($0) } ? url : ""
            }
            return url
        }

        /// An address as an attribute value: characters outside a URL's
        /// percent-encoded (as libcmark does), then escaped by ``HTML``.
        static func escapedAddress(_ url: String) -> String {
            var out = ""
            out.reserveCapacity(url.utf8.count)
            let hex = Array("0123456789ABCDEF".unicodeScalars)
            for byte in url.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    out.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    if "-_.+!*'(),%#@?=;:/$~&".utf8.contains(byte) {
                        out.unicodeScalars.append(Unicode.Scalar(byte))
                    } else {
                        out.unicodeScalars.append("%")
                        out.unicodeScalars.append(hex[Int(byte >> 4)])
                        out.unicodeScalars.append(hex[Int(byte & 0xF)])
                    }
                }
            }
            return out
        }
    }
}
