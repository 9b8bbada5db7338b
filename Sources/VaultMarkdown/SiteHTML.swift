import CCmark
import Foundation
import VaultCore

/// A `[[wiki link]]` or `![[embed]]` met in the text of a note (never in its
/// code), as the static site asks for it to be resolved.
public struct WikiLinkSpan: Hashable, Sendable {
    /// The note or file named, without `#heading` or `|label` (empty in `[[#Heading]]`).
    public var target: String
    /// The `#heading` part, without `#`, if any.
    public var heading: String?
    /// The `|label` part, if any.
    public var label: String?
    /// True for `![[…]]`.
    public var embed: Bool

    /// The text a link shows: its label, else Obsidian's `Note > Heading`, `Heading` or `Note`.
    public var shownText: String {
        if let label, !label.isEmpty { return label }
        switch (target.isEmpty, heading) {
        case (true, let heading?): return heading
        case (false, let heading?): return "\(target) > \(heading)"
        default: return target
        }
    }
}

/// How the static site resolved a ``WikiLinkSpan``.
public enum WikiLinkDestination: Hashable, Sendable {
    /// A link to this site-relative URL (a page, with any `#anchor`, or a file).
    case link(String)
    /// An image shown from this URL (an embedded picture).
    case image(String)
    /// Nothing in the vault: a link to `#unresolved`, which the page styles.
    case unresolved
}

extension CommonMark {
    /// Renders a note body as a page of the static site: libcmark's HTML
    /// (raw HTML replaced by a comment), with every heading given an id
    /// (``HeadingAnchor``), `[[#Heading]]` leading to it, and the wiki links
    /// and embeds of the text resolved by `resolve`. Code spans and code
    /// blocks are code: a `[[Foo]]` or `![[pic.png]]` in them stays as written.
    ///
    /// - Parameter resolve: the destination of a wiki link to another note
    ///   or file; `heading` is already turned into the anchor it should use.
    public static func siteHTML(
        of bytes: UnsafeBufferPointer<UInt8>,
        resolve: (_ span: WikiLinkSpan, _ anchor: String?) -> WikiLinkDestination
    ) -> String {
        guard let root = parse(bytes) else { return "" }
        defer { cmark_node_free(root) }
        // One pass gathers the headings' text and the text nodes outside links;
        // the tree is changed only after it (an iterator must not see its tree change).
        var headings: [String] = []
        var headingText: String?
        var texts: [OpaquePointer] = []
        var linkDepth = 0
        if let iterator = cmark_iter_new(root) {
            var event = cmark_iter_next(iterator)
            while event != CMARK_EVENT_DONE {
                if let node = cmark_iter_get_node(iterator) {
                    let entering = event == CMARK_EVENT_ENTER
                    switch cmark_node_get_type(node) {
                    case CMARK_NODE_HEADING:
                        if entering {
                            headingText = ""
                        } else {
                            headings.append(headingText ?? "")
                            headingText = nil
                        }
                    case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                        // Read as C text: most text nodes are neither in a heading nor hold `[[`,
                        // and a Swift string for each of them was a fifth of the export's time.
                        let literal = cmark_node_get_literal(node)
                        if headingText != nil { headingText! += string(literal) }
                        if linkDepth == 0, cmark_node_get_type(node) == CMARK_NODE_TEXT, let literal,
                            strstr(literal, "[[") != nil
                        {
                            texts.append(node)
                        }
                    case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                        headingText? += " "
                    case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                        linkDepth += entering ? 1 : -1
                    default:
                        break
                    }
                }
                event = cmark_iter_next(iterator)
            }
            cmark_iter_free(iterator)
        }
        let anchors = HeadingAnchor.unique(headings)
        for node in texts {
            replaceWikiLinks(in: node) { span in
                if span.target.isEmpty {
                    guard let heading = span.heading, let anchor = HeadingAnchor.find(heading, in: anchors) else {
                        return .unresolved
                    }
                    return .link("#" + anchor)
                }
                return resolve(span, span.heading.map(HeadingAnchor.slug))
            }
        }
        guard let rendered = cmark_render_html(root, options) else { return "" }
        defer { free(rendered) }
        return withHeadingIDs(String(cString: rendered), anchors: anchors)
    }

    /// Splits a text node at its wiki links: text, link or image nodes, text…
    private static func replaceWikiLinks(
        in node: OpaquePointer, resolve: (WikiLinkSpan) -> WikiLinkDestination
    ) {
        let scalars = Array(string(cmark_node_get_literal(node)).unicodeScalars)
        var pieces: [OpaquePointer] = []
        var plain = String.UnicodeScalarView()
        func flushPlain() {
            guard !plain.isEmpty else { return }
            pieces.append(textNode(String(plain)))
            plain = String.UnicodeScalarView()
        }
        var i = 0
        var unclosedFrom = scalars.count  // no `]]` at or after this offset: a later `[[` is left as text at once
        while i < scalars.count {
            guard scalars[i] == "[", i + 1 < scalars.count, scalars[i + 1] == "[", i + 2 < unclosedFrom else {
                plain.append(scalars[i])
                i += 1
                continue
            }
            var j = i + 2
            while j + 1 < scalars.count, !(scalars[j] == "]" && scalars[j + 1] == "]") { j += 1 }
            guard j + 1 < scalars.count, j > i + 2 else {
                if j + 1 >= scalars.count { unclosedFrom = i + 2 }
                plain.append(scalars[i])
                i += 1
                continue
            }
            let embed = plain.last == "!"
            if embed { plain.removeLast() }
            flushPlain()
            let inner = String(String.UnicodeScalarView(scalars[(i + 2)..<j]))
            let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            let address = parts[0].split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let span = WikiLinkSpan(
                target: String(address[0]).trimmingCharacters(in: .whitespaces),
                heading: address.count > 1 ? String(address[1]).trimmingCharacters(in: .whitespaces) : nil,
                label: parts.count > 1 ? String(parts[1]) : nil, embed: embed)
            pieces.append(linkNode(span, resolve(span)))
            i = j + 2
        }
        guard !pieces.isEmpty else { return }
        flushPlain()
        for piece in pieces { cmark_node_insert_before(node, piece) }
        cmark_node_free(node)
    }

    private static func textNode(_ text: String) -> OpaquePointer {
        let node = cmark_node_new(CMARK_NODE_TEXT)!
        cmark_node_set_literal(node, text)
        return node
    }

    private static func linkNode(_ span: WikiLinkSpan, _ destination: WikiLinkDestination) -> OpaquePointer {
        let node: OpaquePointer
        switch destination {
        case .image(let url):
            node = cmark_node_new(CMARK_NODE_IMAGE)!
            cmark_node_set_url(node, url)
            // `![[pic.png|300]]` gives a width, not a text: the alt text is the file's name.
            let label = span.label.flatMap { $0.allSatisfy { $0.isNumber || $0 == "x" } ? nil : $0 }
            cmark_node_append_child(node, textNode(label ?? (span.target as NSString).lastPathComponent))
            return node
        case .link(let url):
            node = cmark_node_new(CMARK_NODE_LINK)!
            cmark_node_set_url(node, url)
        case .unresolved:
            node = cmark_node_new(CMARK_NODE_LINK)!
            cmark_node_set_url(node, "#unresolved")
        }
        cmark_node_append_child(node, textNode(span.shownText))
        return node
    }

    /// `<h2>` → `<h2 id="anchor">`, the page's headings in order (libcmark
    /// writes headings with no attributes, and raw HTML is replaced, so
    /// every `<hN>` of the page is one of them).
    static func withHeadingIDs(_ html: String, anchors: [String]) -> String {
        guard !anchors.isEmpty else { return html }
        // By bytes, copying the runs between headings whole: linear in the page
        // however many headings it holds.
        var html = html
        return html.withUTF8 { b in
            var out: [UInt8] = []
            out.reserveCapacity(b.count + anchors.count * 24)
            var next = 0
            var copied = 0
            var i = 0
            while next < anchors.count, i + 3 < b.count {
                if b[i] == UInt8(ascii: "<"), b[i + 1] == UInt8(ascii: "h"),
                    (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(b[i + 2]), b[i + 3] == UInt8(ascii: ">")
                {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: b[copied..<(i + 3)]))
                    out.append(contentsOf: " id=\"\(attribute(anchors[next]))\">".utf8)
                    next += 1
                    i += 4
                    copied = i
                } else {
                    i += 1
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: b[copied...]))
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// An anchor as an attribute value, through the one scalar-wise escaper
    /// (a `"` followed by a combining mark is one Character, which a search
    /// by Characters would miss, leaving the attribute open).
    private static func attribute(_ text: String) -> String { XMLText.escaped(text) }
}
