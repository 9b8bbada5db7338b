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
            target: String(address[0]).trimmingCharacters(in: .whitespaces),
            heading: address.count > 1 ? String(address[1]).trimmingCharacters(in: .whitespaces) : nil,
            label: parts.count > 1 ? String(parts[1]) : nil, embed: embed)
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
