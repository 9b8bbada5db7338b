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
