/// A Markdown syntax tree in Swift values, copied out of libcmark's tree so
/// that no C pointer outlives the parse. Renderers and card extraction walk it.
public struct MarkdownNode: Hashable, Sendable {
    /// The node kinds of CommonMark. Kinds this build does not know (a newer
    /// libcmark may add some) become ``unknown``, never a crash.
    public enum Kind: Hashable, Sendable {
        case document, blockQuote, list, item, codeBlock, htmlBlock, customBlock, paragraph, heading
        case thematicBreak, text, softBreak, lineBreak, code, htmlInline, customInline, emphasis
        case strong, link, image
        case unknown
        // Obsidian's syntax, made by ``ObsidianDocument`` (libcmark never gives these):
        /// A GFM table: its rows, the first one the header.
        case table
        /// A row of a ``table``: its cells.
        case tableRow
        /// A cell: inline children; ``MarkdownNode/literal`` is its alignment (`left`, `center`, `right` or empty).
        case tableCell
        /// `> [!type]± title`: ``MarkdownNode/literal`` is the type (lowercased),
        /// ``MarkdownNode/fenceInfo`` the fold sign (`-` folded, `+` open, empty
        /// for not foldable); the first child is a ``calloutTitle``, the rest the content.
        case callout
        /// A callout's title: inline children (empty when the callout names none).
        case calloutTitle
        /// `$…$`: ``MarkdownNode/literal`` is the TeX.
        case inlineMath
        /// `$$…$$`: ``MarkdownNode/literal`` is the TeX (a block of its own, or inline in a paragraph).
        case displayMath
        /// `==text==`: inline children.
        case highlight
        /// `~~text~~`: inline children.
        case strikethrough
        /// `[[target#heading|label]]`: ``MarkdownNode/literal`` is what is between the brackets.
        case wikiLink
        /// `![[target#heading|size]]`, or Anki's `[sound:file]`: ``MarkdownNode/literal`` as for ``wikiLink``.
        case embed
        /// `[^label]`: ``MarkdownNode/literal`` is the label.
        case footnoteReference
        /// `[^label]: text` (or an inline `^[text]`): ``MarkdownNode/literal`` is the label, the children its blocks.
        case footnoteDefinition
        /// `[ ]` or `[x]` opening a list item: ``MarkdownNode/literal`` is ` ` or `x`.
        case taskMarker

        /// True for the kinds libcmark never gives children (its iterator
        /// enters them and does not exit); an unknown kind counts as one.
        public var isLeaf: Bool {
            switch self {
            case .codeBlock, .htmlBlock, .thematicBreak, .text, .softBreak, .lineBreak, .code, .htmlInline, .unknown,
                .inlineMath, .displayMath, .wikiLink, .embed, .footnoteReference, .taskMarker:
                return true
            default:
                return false
            }
        }

        /// True for block-level nodes below the document (paragraphs, headings, lists…).
        public var isBlock: Bool {
            switch self {
            case .blockQuote, .list, .item, .codeBlock, .htmlBlock, .customBlock, .paragraph, .heading, .thematicBreak,
                .table, .tableRow, .callout, .footnoteDefinition:
                return true
            default:
                return false
            }
        }
    }

    public var kind: Kind
    /// Text of `text`, `code`, `codeBlock`, `htmlBlock` and `htmlInline` nodes.
    public var literal: String
    /// Destination of links and images.
    public var url: String
    /// Title of links and images (`[a](b "title")`).
    public var title: String
    /// The Obsidian block id a paragraph, list item or other block ends in (`^id`), without `^`.
    public var blockID: String
    /// Heading level 1-6.
    public var headingLevel: Int
    /// For lists: ordered or bullet, first number, tight or loose.
    public var ordered: Bool
    public var listStart: Int
    public var tight: Bool
    /// Info string of a fenced code block (`swift` in ```` ```swift ````).
    public var fenceInfo: String
    /// 1-based line in the body where the node starts.
    public var line: Int
    public var children: [MarkdownNode]

    public init(
        kind: Kind, literal: String = "", url: String = "", title: String = "", blockID: String = "", headingLevel: Int = 0, ordered: Bool = false,
        listStart: Int = 1, tight: Bool = true, fenceInfo: String = "", line: Int = 0, children: [MarkdownNode] = []
    ) {
        self.kind = kind
        self.literal = literal
        self.url = url
        self.title = title
        self.blockID = blockID
        self.headingLevel = headingLevel
        self.ordered = ordered
        self.listStart = listStart
        self.tight = tight
        self.fenceInfo = fenceInfo
        self.line = line
        self.children = children
    }

    /// Adds `offset` to the line of this node and of every node below it
    /// (a window's tree placed in its body; at most ``CommonMark/maxDepth`` deep).
    mutating func shiftLines(by offset: Int) {
        guard offset != 0 else { return }
        if line > 0 { line += offset }
        for i in children.indices { children[i].shiftLines(by: offset) }
    }

    /// The node's text without markup: literals of its descendants, soft
    /// breaks as spaces, hard breaks as newlines.
    public var plainText: String {
        var out = ""
        appendPlainText(to: &out)
        return out
    }

    private func appendPlainText(to out: inout String) {
        switch kind {
        case .text, .code, .codeBlock, .inlineMath, .displayMath: out += literal
        case .wikiLink: out += WikiLinkSpan(literal, embed: false).shownText
        case .softBreak: out += " "
        case .lineBreak: out += "\n"
        default: for child in children { child.appendPlainText(to: &out) }
        }
    }
}
