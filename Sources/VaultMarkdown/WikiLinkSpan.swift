import Foundation
import VaultCore

/// A `[[wiki link]]` or `![[embed]]` met in the text of a note (never in its
/// code), as a page asks for it to be resolved (``MarkdownLinking``).
public struct WikiLinkSpan: Hashable, Sendable {
    /// The note or file named, without `#heading` or `|label` (empty in `[[#Heading]]`).
    public var target: String
    /// The `#heading` part, without `#`, if any.
    public var heading: String?
    /// The `|label` part, if any.
    public var label: String?
    /// True for `![[…]]`.
    public var embed: Bool

    /// A span as written between the brackets: `target#heading|label`.
    public init(_ inner: String, embed: Bool) {
        let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let address = parts[0].split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        self.init(
            target: Self.trimmed(address[0]),
            heading: address.count > 1 ? Self.trimmed(address[1]) : nil,
            label: parts.count > 1 ? String(parts[1]) : nil, embed: embed)
    }

    /// `text` without the white space (`CharacterSet.whitespaces`: spaces and
    /// tabs) at its ends, scalar by scalar. Foundation's `trimmingCharacters`
    /// went through `NSString` and UTF-16 for every link of every exported page.
    static func trimmed(_ text: Substring) -> String {
        func blank(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || (!scalar.isASCII && CharacterSet.whitespaces.contains(scalar))
        }
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, blank(scalars[start]) { start = scalars.index(after: start) }
        while end > start, blank(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        return String(Substring(scalars[start..<end]))
    }

    /// A span of its parts.
    public init(target: String, heading: String? = nil, label: String? = nil, embed: Bool = false) {
        self.target = target
        self.heading = heading
        self.label = label
        self.embed = embed
    }

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
    /// A link to this URL (a page, with any `#anchor`, or a file); embedded, a note shown in the page.
    case link(String)
    /// An image shown from this URL (an embedded picture).
    case image(String)
    /// A sound played from this URL (an embedded `.mp3`, Anki's `[sound:…]`).
    case audio(String)
    /// Nothing in the vault: a link to `#unresolved`, which the page styles.
    case unresolved
}
