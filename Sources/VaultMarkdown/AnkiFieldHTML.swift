import Foundation
import VaultCore

/// A card's Markdown as the HTML of an Anki field, for `vault export anki`:
/// libcmark reads it (the tree in ``MarkdownNode``) and the markup is built
/// with ``HTML``, so every piece of text is escaped by construction.
///
/// - Inline markup as Anki's editor writes it: `<b>`, `<i>`, `<code>`, links;
///   line breaks (soft ones too: a card's lines are lines) as `<br>`, and a
///   `<br>` written in the note as one (any other raw HTML is shown as text).
/// - Obsidian's math as MathJax, which Anki renders: `$…$` → `\(…\)`,
///   `$$…$$` → `\[…\]` (read before CommonMark, so `_` and `*` in a formula stay).
/// - GFM tables (libcmark has none) as `<table>`, each cell's inline Markdown rendered.
/// - Pictures (`![[door.png]]`, `![alt](door.png)`) as `<img src>` and
///   sounds (`![[x.mp3]]`) as `[sound:x.mp3]`, named as `media` says (Anki's
///   media folder is flat); wiki links as their text; `%%comments%%` left out.
/// - Code blocks as `<pre><code>`, lists, quotes, headings as they are.
public enum AnkiFieldHTML {
    /// What a field holds: its HTML and the media files it names, as the vault resolved them.
    public struct Field: Equatable, Sendable {
        public var html: String
        /// The vault paths of the media it shows, with the name each has in the package.
        public var media: [Media]
    }

    /// A media file a field shows.
    public struct Media: Hashable, Sendable {
        /// The file in the vault (vault-relative).
        public var path: String
        /// Its name in Anki's media folder.
        public var name: String
        public var isSound: Bool

        public init(path: String, name: String, isSound: Bool) {
            self.path = path
            self.name = name
            self.isSound = isSound
        }
    }

    /// File extensions Anki plays as sounds (`[sound:…]`); other embeds are pictures.
    public static let soundExtensions: Set<String> = ["mp3", "ogg", "oga", "wav", "m4a", "flac", "opus", "aac", "webm"]

    /// The field HTML of `markdown`; `media` names a linked file (its target
    /// as written) as a media file, or nil when it is no file of the vault
    /// (the embed is then kept as its text).
    public static func render(_ markdown: String, media: @escaping (String) -> Media?) -> Field {
        var renderer = Renderer(media: media)
        let html = renderer.field(markdown)
        return Field(html: html.rendered, media: renderer.used)
    }

    /// `markdown` with its `==highlights==` (outside code) made Anki clozes
    /// `{{c1::…}}`, `{{c2::…}}`… in order, the first `limit` of them (the rest
    /// stay text, as the card extractor leaves them).
    public static func numberedClozes(_ markdown: String, limit: Int = CardExtractor.maxClozesPerParagraph) -> String {
        let s = Array(markdown.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        var number = 0
        var inCode = false
        var open: Int?  // index in `out` where the `{{cN::` of an open deletion starts
        while i < s.count {
            if s[i] == "`" { inCode.toggle() }
            if !inCode, i + 1 < s.count, s[i] == "=", s[i + 1] == "=" {
                if let start = open {
                    out.appendScalars("}}".unicodeScalars)
                    open = nil
                    _ = start
                    i += 2
                    continue
                } else if number < limit, i + 2 < s.count, !s[i + 2].properties.isWhitespace, s[i + 2] != "=" {
                    number += 1
                    open = out.count
                    out.appendScalars("{{c\(number)::".unicodeScalars)
                    i += 2
                    continue
                }
            }
            out.append(s[i])
            i += 1
        }
        var text = String(out)
        if let start = open {
            // An unclosed `==`: put it back as written.
            let prefix = "{{c\(number)::"
            let head = String(String.UnicodeScalarView(Array(text.unicodeScalars)[..<start]))
            let tail = String(
                String.UnicodeScalarView(Array(text.unicodeScalars)[(start + prefix.unicodeScalars.count)...]))
            text = head + "==" + tail
        }
        return text
    }

    /// The renderer's state: the spans kept out of libcmark's reach (math,
    /// `<br>`), and the media met.
    struct Renderer {
        let media: (String) -> Media?
        var used: [Media] = []
        /// Spans replaced by a private-use marker before parsing: their markup.
        var kept: [HTML] = []

        init(media: @escaping (String) -> Media?) { self.media = media }

        static let open: Unicode.Scalar = "\u{E000}"
        static let close: Unicode.Scalar = "\u{E001}"

        mutating func field(_ markdown: String) -> HTML {
            let text = withoutComments(markdown)
            // Tables first (line by line), the rest through libcmark.
            var blocks: [HTML] = []
            var pending: [String] = []
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            func flush() {
                guard !pending.isEmpty else { return }
                let rendered = markdownBlocks(pending.joined(separator: "\n"))
                if !rendered.isEmpty { blocks.append(rendered) }
                pending = []
            }
            var i = 0
            while i < lines.count {
                if i + 1 < lines.count, lines[i].contains("|"), Self.isDelimiterRow(lines[i + 1]) {
                    flush()
                    var rows = [lines[i]]
                    var j = i + 2
                    while j < lines.count, lines[j].contains("|"),
                        !lines[j].trimmingCharacters(in: .whitespaces).isEmpty
                    {
                        rows.append(lines[j])
                        j += 1
                    }
                    blocks.append(table(rows))
                    i = j
                } else {
                    pending.append(lines[i])
                    i += 1
                }
            }
            flush()
            return HTML.joined(blocks, separator: "<br>")
        }

        /// Obsidian comments (`%%…%%`, over lines too) left out: Obsidian hides them when reading.
        func withoutComments(_ text: String) -> String {
            guard text.contains("%%") else { return text }
            var out = ""
            var rest = Substring(text)
            while let start = rest.range(of: "%%") {
                out += rest[..<start.lowerBound]
                guard let end = rest.range(of: "%%", range: start.upperBound..<rest.endIndex) else {
                    out += rest[start.lowerBound...]
                    return out
                }
                rest = rest[end.upperBound...]
            }
            return out + rest
        }

        /// Markdown (no table in it) as HTML: one paragraph as its inline
        /// markup alone, as Anki's fields hold it; several blocks as blocks.
        mutating func markdownBlocks(_ markdown: String) -> HTML {
            let protected = protect(markdown)
            let document = Data(protected.utf8).withUnsafeBytes { raw in
                CommonMark.document(of: raw.bindMemory(to: UInt8.self))
            }
            let blocks = document.children
            if blocks.count == 1, blocks[0].kind == .paragraph { return inline(blocks[0].children) }
            return HTML.joined(blocks.map { block($0) })
        }

        /// Math and `<br>` replaced by markers that libcmark passes as text.
        mutating func protect(_ markdown: String) -> String {
            let s = Array(markdown.unicodeScalars)
            var out = String.UnicodeScalarView()
            var i = 0
            var codeRun = 0  // the length of the backtick run that opened a code span, 0 outside one
            func marker(_ html: HTML) -> [Unicode.Scalar] {
                kept.append(html)
                return [Self.open] + String(kept.count - 1).unicodeScalars + [Self.close]
            }
            while i < s.count {
                if s[i] == "`" {
                    var j = i
                    while j < s.count, s[j] == "`" { j += 1 }
                    let run = j - i
                    if codeRun == 0 { codeRun = run } else if run == codeRun { codeRun = 0 }
                    out.appendScalars(s[i..<j])
                    i = j
                    continue
                }
                if codeRun == 0, s[i] == "\\", i + 1 < s.count, s[i + 1] == "$" {
                    out.appendScalars(s[i...(i + 1)])
                    i += 2
                    continue
                }
                if codeRun == 0, s[i] == "$" {
                    let display = i + 1 < s.count && s[i + 1] == "$"
                    if let end = Self.mathEnd(s, from: i, display: display) {
                        let tex = String(String.UnicodeScalarView(s[(i + (display ? 2 : 1))..<end]))
                        let markup: HTML = display ? "\\[\(tex)\\]" : "\\(\(tex)\\)"
                        out.append(contentsOf: marker(markup))
                        i = end + (display ? 2 : 1)
                        continue
                    }
                }
                if codeRun == 0, s[i] == "<", let end = Self.lineBreakTag(s, at: i) {
                    out.append(contentsOf: marker("<br>"))
                    i = end
                    continue
                }
                out.append(s[i])
                i += 1
            }
            return String(out)
        }

        /// Where the math opened at `start` closes (the index of its closing `$`
        /// or `$$`), as Obsidian reads it: inline math has no space inside its
        /// ends and is not closed before a digit; display math may span lines.
        static func mathEnd(_ s: [Unicode.Scalar], from start: Int, display: Bool) -> Int? {
            if display {
                var j = start + 2
                while j + 1 < s.count {
                    if s[j] == "$", s[j + 1] == "$" { return j > start + 2 ? j : nil }
                    j += 1
                }
                return nil
            }
            guard start + 1 < s.count, !s[start + 1].properties.isWhitespace, s[start + 1] != "$" else { return nil }
            var j = start + 1
            while j < s.count, s[j] != "\n" {
                if s[j] == "$", s[j - 1] != "\\", !s[j - 1].properties.isWhitespace {
                    if j + 1 < s.count, ("0"..."9").contains(s[j + 1]) { return nil }
                    return j
                }
                j += 1
            }
            return nil
        }

        /// The end of a `<br>`, `<br/>` or `<br />` (any case) at `i`, or nil.
        static func lineBreakTag(_ s: [Unicode.Scalar], at i: Int) -> Int? {
            guard i + 3 < s.count, s[i + 1] == "b" || s[i + 1] == "B", s[i + 2] == "r" || s[i + 2] == "R" else {
                return nil
            }
            var j = i + 3
            while j < s.count, s[j] == " " { j += 1 }
            if j < s.count, s[j] == "/" { j += 1 }
            guard j < s.count, s[j] == ">" else { return nil }
            return j + 1
        }

        mutating func block(_ node: MarkdownNode) -> HTML {
            switch node.kind {
            case .paragraph: return "<div>\(inline(node.children))</div>"
            case .heading:
                let level = max(1, min(6, node.headingLevel))
                return HTML(trusted: "<h\(level)>") + inline(node.children) + HTML(trusted: "</h\(level)>")
            case .codeBlock:
                var code = node.literal
                if code.hasSuffix("\n") { code.removeLast() }
                return "<pre><code>\(code)</code></pre>"
            case .list:
                let items = HTML.joined(node.children.map { item in "<li>\(blocksOfItem(item))</li>" })
                return node.ordered ? "<ol>\(items)</ol>" : "<ul>\(items)</ul>"
            case .blockQuote: return "<blockquote>\(HTML.joined(node.children.map { block($0) }))</blockquote>"
            case .thematicBreak: return "<hr>"
            case .htmlBlock: return "<div>\(restored(node.literal))</div>"
            default: return inline([node])
            }
        }

        mutating func blocksOfItem(_ item: MarkdownNode) -> HTML {
            if item.children.count == 1, item.children[0].kind == .paragraph {
                return inline(item.children[0].children)
            }
            return HTML.joined(item.children.map { block($0) })
        }

        mutating func inline(_ nodes: [MarkdownNode]) -> HTML {
            var out = HTML()
            for node in nodes {
                switch node.kind {
                case .text: out += text(node.literal)
                case .softBreak, .lineBreak: out += "<br>"
                case .code: out += "<code>\(node.literal)</code>"
                case .emphasis: out += "<i>\(inline(node.children))</i>"
                case .strong: out += "<b>\(inline(node.children))</b>"
                case .link:
                    let label = inline(node.children)
                    if let url = Self.safeURL(node.url) {
                        out += "<a href=\"\(url)\">\(label)</a>"
                    } else {
                        out += label
                    }
                case .image:
                    out += embed(node.url, alt: node.plainText)
                case .htmlInline: out += restored(node.literal)
                default: out += inline(node.children)
                }
            }
            return out
        }

        /// An address a card may link to: web and mail links only.
        static func safeURL(_ url: String) -> String? {
            let lower = url.lowercased()
            return lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:") ? url : nil
        }

        /// A picture or sound named `target`: `<img>` or `[sound:…]` when it is
        /// one of the vault's files, the remote picture as it is, else its text.
        mutating func embed(_ target: String, alt: String) -> HTML {
            if let found = media(target.removingPercentEncoding ?? target) {
                if !used.contains(found) { used.append(found) }
                return found.isSound ? "[sound:\(found.name)]" : "<img src=\"\(found.name)\">"
            }
            if Self.safeURL(target) != nil { return "<img src=\"\(target)\" alt=\"\(alt)\">" }
            return HTML(escaping: alt.isEmpty ? target : alt)
        }

        /// Text with its markers put back and its wiki links resolved.
        mutating func text(_ literal: String) -> HTML {
            var out = HTML()
            var plain = ""
            let s = Array(literal.unicodeScalars)
            var i = 0
            func flush() {
                if !plain.isEmpty { out += HTML(escaping: plain) }
                plain = ""
            }
            while i < s.count {
                if s[i] == Self.open, let close = s[i...].firstIndex(of: Self.close),
                    let n = Int(String(String.UnicodeScalarView(s[(i + 1)..<close]))), n < kept.count
                {
                    flush()
                    out += kept[n]
                    i = close + 1
                    continue
                }
                let embedded = s[i] == "!" && i + 2 < s.count && s[i + 1] == "[" && s[i + 2] == "["
                let linked = s[i] == "[" && i + 1 < s.count && s[i + 1] == "["
                if embedded || linked {
                    let start = i + (embedded ? 3 : 2)
                    var j = start
                    while j + 1 < s.count, !(s[j] == "]" && s[j + 1] == "]"), s[j] != "\n" { j += 1 }
                    if j + 1 < s.count, s[j] == "]", s[j + 1] == "]", j > start {
                        flush()
                        let inner = String(String.UnicodeScalarView(s[start..<j]))
                        let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
                        let target = String(parts[0].split(separator: "#", maxSplits: 1)[0]).trimmingCharacters(
                            in: .whitespaces)
                        let label = parts.count > 1 ? String(parts[1]) : nil
                        if embedded {
                            out += embed(target, alt: label ?? target)
                        } else {
                            out += HTML(escaping: label ?? inner.replacingOccurrences(of: "#", with: " > "))
                        }
                        i = j + 2
                        continue
                    }
                }
                plain.unicodeScalars.append(s[i])
                i += 1
            }
            flush()
            return out
        }

        /// Raw HTML of the note shown as the text it is (a kept `<br>` stays one).
        mutating func restored(_ literal: String) -> HTML { text(literal) }

        /// A GFM table: the first row as its head, each cell's inline Markdown rendered.
        mutating func table(_ rows: [String]) -> HTML {
            func cells(_ row: String) -> [String] {
                var line = row.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("|") { line.removeFirst() }
                if line.hasSuffix("|"), !line.hasSuffix("\\|") { line.removeLast() }
                var out: [String] = []
                var cell = ""
                var escaped = false
                for c in line {
                    if escaped {
                        if c != "|" { cell.append("\\") }
                        cell.append(c)
                        escaped = false
                    } else if c == "\\" {
                        escaped = true
                    } else if c == "|" {
                        out.append(cell.trimmingCharacters(in: .whitespaces))
                        cell = ""
                    } else {
                        cell.append(c)
                    }
                }
                if escaped { cell.append("\\") }
                out.append(cell.trimmingCharacters(in: .whitespaces))
                return out
            }
            let head = HTML.joined(cells(rows[0]).map { "<th>\(markdownBlocks($0))</th>" })
            let body = HTML.joined(
                rows.dropFirst().map { row in
                    "<tr>\(HTML.joined(cells(row).map { "<td>\(markdownBlocks($0))</td>" }))</tr>"
                })
            return "<table><thead><tr>\(head)</tr></thead><tbody>\(body)</tbody></table>"
        }

        /// A GFM delimiter row (`|---|:--:|`), as the card extractor reads one.
        static func isDelimiterRow(_ line: String) -> Bool { CardExtractor.isDelimiterRow(text: line) }
    }
}
