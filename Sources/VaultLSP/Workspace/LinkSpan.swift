import Foundation
import VaultCore

/// A link as written on one line of a note, with its place in the editor's
/// terms: a wiki link `[[target#heading|alias]]` (also `![[…]]`) or a
/// Markdown link `[text](path.md#heading)` to a note.
public struct LinkSpan: Hashable, Sendable {
    /// The target as the resolver takes it: without `#heading` and `|alias`;
    /// a Markdown link's destination percent-decoded.
    public var target: String
    /// The `#heading` part, without `#`; nil when there is none.
    public var heading: String?
    public var isWiki: Bool
    /// The whole link, brackets included.
    public var range: Range
    /// The target as written (for a rename to rewrite).
    public var targetRange: Range

    /// A Markdown destination written between `<` and `>` (a rename writes the path as it is there).
    public var isAngleBracketed = false
    /// True for `![[embed]]`.
    public var isEmbed = false

    /// The span of a link ``LinkScanner`` found.
    init(_ link: WrittenLink) {
        target = link.target
        heading = link.heading
        isWiki = link.isWiki
        range = Range(line: link.line, from: link.start, to: link.end)
        targetRange = Range(line: link.line, from: link.targetStart, to: link.targetEnd)
        isAngleBracketed = link.isAngleBracketed
        isEmbed = link.kind == .embed
    }

    /// The links on line `index` of `text` (none inside code, comments or escapes: ``LinkScanner``'s rules).
    public static func scan(_ text: DocumentText, line index: Int) -> [LinkSpan] {
        all(in: text).filter { $0.range.start.line == index }
    }

    /// Every link of `text`, in reading order, read by ``LinkScanner`` as
    /// the note catalog, `vault links` and `vault check` read them.
    public static func all(in text: DocumentText) -> [LinkSpan] {
        LinkScanner.links(in: text.text, bodyLine: text.bodyStart).map(LinkSpan.init)
    }

}
