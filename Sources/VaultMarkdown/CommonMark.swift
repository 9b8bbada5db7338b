import CCmark
import Foundation
import VaultCore

/// The only door to libcmark. Each function parses Markdown, walks the C tree
/// once, copies what it needs into Swift values, and frees the tree before
/// returning.
public enum CommonMark {
    /// libcmark options: replace invalid UTF-8 with U+FFFD instead of passing it on.
    static let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8

    /// Parses `bytes` and reads the facts a note needs: first heading, first
    /// line, inline tags, wiki links, links to notes, and the plain text.
    /// A body over ``MarkdownWindows/size`` is parsed a window at a time
    /// (what a parse holds stays bounded) and the windows' facts are joined.
    public static func facts(of bytes: UnsafeBufferPointer<UInt8>) -> BodyFacts {
        let windows = MarkdownWindows.windows(of: bytes)
        guard windows.count > 1 else { return windowFacts(of: bytes) }
        var facts = BodyFacts()
        for (n, window) in windows.enumerated() {
            let part = withWindow(window, of: bytes) { windowFacts(of: $0) }
            if n == 0 { facts.firstHeading = part.firstHeading }
            facts.inlineTags += part.inlineTags
            facts.wikiLinks += part.wikiLinks
            facts.wikiLinkPlaces = nil  // a window's lines are not the body's; `vault check` reads the file
            facts.noteLinks += part.noteLinks
            facts.linkDestinations += part.linkDestinations
            if !facts.text.isEmpty, facts.text.last != "\n", !part.text.isEmpty { facts.text += "\n" }
            facts.text += part.text
            if facts.tooDeepLine == nil, let line = part.tooDeepLine {
                facts.tooDeepLine = line + window.firstLine - (window.fence.isEmpty ? 0 : 1)
            }
        }
        return facts
    }

    /// `body` over the window's bytes, the fence it reopens first.
    static func withWindow<T>(
        _ window: MarkdownWindows.Window, of bytes: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) -> T
    ) -> T {
        let part = UnsafeBufferPointer(rebasing: bytes[window.range])
        guard !window.fence.isEmpty else { return body(part) }
        return (window.fence + Array(part)).withUnsafeBufferPointer(body)
    }

    /// The facts of one window.
    static func windowFacts(of bytes: UnsafeBufferPointer<UInt8>) -> BodyFacts {
        guard let root = parse(bytes) else { return BodyFacts() }
        defer { cmark_node_free(root) }
        var collector = FactCollector()
        guard let iterator = cmark_iter_new(root) else { return BodyFacts() }
        defer { cmark_iter_free(iterator) }
        var event = cmark_iter_next(iterator)
        // Containers get an enter and an exit event, leaves only an enter.
        var depth = 0
        while event != CMARK_EVENT_DONE {
            if let node = cmark_iter_get_node(iterator) {
                let entering = event == CMARK_EVENT_ENTER
                collector.visit(node, entering: entering)
                if !entering {
                    depth -= 1
                } else if !CommonMark.kind(of: node).isLeaf {
                    depth += 1
                    if depth > maxDepth, collector.facts.tooDeepLine == nil {
                        collector.facts.tooDeepLine = Int(cmark_node_get_start_line(node))
                    }
                }
            }
            event = cmark_iter_next(iterator)
        }
        // Links are read from the source, where an escaped bracket, a
        // `%%comment%%` and a table's `\|` can still be seen (libcmark's text
        // nodes have lost them), by the scanner `vault check` and the
        // language server use too.
        var facts = collector.facts
        facts.wikiLinks = []
        facts.noteLinks = []
        var places: [LinkPlace] = []
        for link in LinkScanner.links(in: bytes) where !link.target.isEmpty {
            if link.isWiki {
                facts.wikiLinks.append(link.target)
                places.append(LinkPlace(line: link.line, column: link.column))
            } else {
                facts.noteLinks.append(link.target)
            }
        }
        facts.wikiLinkPlaces = places
        return facts
    }

    /// Parses `bytes` into a Swift tree.
    ///
    /// The tree is at most ``maxDepth`` levels deep: a deeper subtree (a note
    /// of 10,000 nested list items or quotes) is kept as one text node of its
    /// plain text, so that the renderers and the card extractor, which walk
    /// the tree by recursion, and the tree's own release stay within the stack.
    /// A body over ``MarkdownWindows/size`` is parsed a window at a time, its
    /// windows' blocks put in one document with the body's line numbers.
    public static func document(of bytes: UnsafeBufferPointer<UInt8>) -> MarkdownNode {
        var document: MarkdownNode?
        forEachDocument(of: bytes) { part in
            if document == nil { document = part } else { document!.children += part.children }
            return true
        }
        return document ?? MarkdownNode(kind: .document)
    }

    /// The tree of each window of `bytes` (one for a body within ``MarkdownWindows/size``),
    /// with the body's line numbers, handed to `body` in order until it returns false: what
    /// is held at once is one window's tree, not the note's (a 20 MB note of card lines
    /// held 0.9 GB as one tree, while its first 1,000 cards are in its first window).
    public static func forEachDocument(of bytes: UnsafeBufferPointer<UInt8>, _ body: (MarkdownNode) -> Bool) {
        let windows = MarkdownWindows.windows(of: bytes)
        guard windows.count > 1 else {
            _ = body(windowDocument(of: bytes))
            return
        }
        for window in windows {
            var part = withWindow(window, of: bytes) { windowDocument(of: $0) }
            part.shiftLines(by: window.firstLine - (window.fence.isEmpty ? 0 : 1))
            guard body(part) else { return }
        }
    }

    static func windowDocument(of bytes: UnsafeBufferPointer<UInt8>) -> MarkdownNode {
        guard let root = parse(bytes) else { return MarkdownNode(kind: .document) }
        defer { cmark_node_free(root) }
        return copy(root, depth: 0)
    }

    /// The deepest level of a copied tree.
    public static let maxDepth = 64

    /// Renders `bytes` as HTML (raw HTML in the note is replaced by a comment),
    /// a window at a time past ``MarkdownWindows/size``.
    public static func html(of bytes: UnsafeBufferPointer<UInt8>) -> String {
        let windows = MarkdownWindows.windows(of: bytes)
        guard windows.count > 1 else { return windowHTML(of: bytes) }
        return windows.map { window in withWindow(window, of: bytes) { windowHTML(of: $0) } }.joined()
    }

    static func windowHTML(of bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let root = parse(bytes) else { return "" }
        defer { cmark_node_free(root) }
        guard let html = cmark_render_html(root, options) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> OpaquePointer? {
        // libcmark reads `len` bytes and never dereferences them when len is 0,
        // but it still wants a valid pointer.
        let empty: [CChar] = [0]
        let root: OpaquePointer? = bytes.withMemoryRebound(to: CChar.self) { chars in
            guard let base = chars.baseAddress, chars.count > 0 else {
                return empty.withUnsafeBufferPointer { cmark_parse_document($0.baseAddress, 0, options) }
            }
            return cmark_parse_document(base, chars.count, options)
        }
        if let root { cmark_consolidate_text_nodes(root) }
        return root
    }

    private static func copy(_ node: OpaquePointer, depth: Int) -> MarkdownNode {
        if depth >= maxDepth {
            return MarkdownNode(
                kind: .text, literal: flattenedText(node), line: Int(cmark_node_get_start_line(node)))
        }
        var result = MarkdownNode(kind: kind(of: node), line: Int(cmark_node_get_start_line(node)))
        switch result.kind {
        case .text, .code, .codeBlock, .htmlBlock, .htmlInline:
            result.literal = string(cmark_node_get_literal(node))
            if result.kind == .codeBlock { result.fenceInfo = string(cmark_node_get_fence_info(node)) }
        case .link, .image:
            result.url = string(cmark_node_get_url(node))
            result.title = string(cmark_node_get_title(node))
        case .heading:
            result.headingLevel = Int(cmark_node_get_heading_level(node))
        case .list:
            result.ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            result.listStart = Int(cmark_node_get_list_start(node))
            result.tight = cmark_node_get_list_tight(node) != 0
        default:
            break
        }
        var child = cmark_node_first_child(node)
        while let current = child {
            result.children.append(copy(current, depth: depth + 1))
            child = cmark_node_next(current)
        }
        return result
    }

    /// The text of `node` and everything below it, gathered with libcmark's
    /// iterator (no recursion): literals, breaks as spaces, blocks on lines of their own.
    private static func flattenedText(_ node: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        var event = cmark_iter_next(iterator)
        while event != CMARK_EVENT_DONE {
            if let current = cmark_iter_get_node(iterator) {
                let nodeKind = kind(of: current)
                switch nodeKind {
                case .text, .code, .codeBlock: text += string(cmark_node_get_literal(current))
                case .softBreak, .lineBreak: text += " "
                default:
                    if event == CMARK_EVENT_EXIT, nodeKind.isBlock, !text.isEmpty, text.last != "\n" { text += "\n" }
                }
            }
            event = cmark_iter_next(iterator)
        }
        return text
    }

    fileprivate static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST: return .list
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_CODE_BLOCK: return .codeBlock
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock
        case CMARK_NODE_CUSTOM_BLOCK: return .customBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_HTML_INLINE: return .htmlInline
        case CMARK_NODE_CUSTOM_INLINE: return .customInline
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK: return .link
        case CMARK_NODE_IMAGE: return .image
        default: return .unknown
        }
    }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    /// Collects ``BodyFacts`` during one pass of libcmark's iterator.
    private struct FactCollector {
        var facts = BodyFacts()
        /// Depth inside links and images, whose text never holds tags.
        var linkDepth = 0
        var headingText: String?
        var blockHasText = false
        /// False until the body's first block is entered: only a level-1 heading there titles the note.
        var seenBlock = false
        /// True where a `#` may start a tag: at the start of a block or line, and after white space.
        var atBoundary = true

        mutating func visit(_ node: OpaquePointer, entering: Bool) {
            let kind = CommonMark.kind(of: node)
            if entering, !seenBlock, kind.isBlock {
                seenBlock = true
                if kind == .heading, cmark_node_get_heading_level(node) == 1 { headingText = "" }
            }
            if entering, kind.isBlock { atBoundary = true }
            switch kind {
            case .text:
                let text = CommonMark.string(cmark_node_get_literal(node))
                append(text)
                if linkDepth == 0 {
                    InlineSyntax.scanTags(text, atBoundary: atBoundary, into: &facts.inlineTags)
                }
                if let last = text.unicodeScalars.last { atBoundary = last.properties.isWhitespace }
            case .code, .htmlInline:
                if kind == .code { append(CommonMark.string(cmark_node_get_literal(node))) }
                atBoundary = false
            case .codeBlock:
                endBlock()
                append(CommonMark.string(cmark_node_get_literal(node)))
                endBlock()
            case .softBreak:
                append(" ")
                atBoundary = true
            case .lineBreak:
                append("\n")
                atBoundary = true
            case .link, .image:
                linkDepth += entering ? 1 : -1
                atBoundary = false
                if entering, kind == .link {
                    let url = CommonMark.string(cmark_node_get_url(node))
                    if !url.isEmpty { facts.linkDestinations.append(url) }
                }
            case .heading:
                if entering {
                    endBlock()
                } else {
                    if let heading = headingText {
                        facts.firstHeading = heading.trimmingSpaces()
                        headingText = nil
                    }
                    endBlock()
                }
            case .paragraph, .blockQuote, .item, .list, .htmlBlock, .thematicBreak:
                endBlock()
            default:
                break
            }
        }

        mutating func append(_ text: String) {
            facts.text += text
            headingText? += text
            blockHasText = blockHasText || !text.isEmpty
        }

        mutating func endBlock() {
            if blockHasText, facts.text.last != "\n" { facts.text += "\n" }
            blockHasText = false
        }
    }
}
