/// A link as written in a note, with its place: a wiki link
/// `[[target#heading|alias]]`, an embed `![[target]]`, or a Markdown link
/// `[label](path.md#heading)` to a note. ``LinkScanner`` finds them; the
/// note catalog, `vault check` and the language server all read links
/// through it, so they agree on what is a link and where it is.
public struct WrittenLink: Hashable, Sendable {
    /// How the link is written.
    public enum Kind: String, Hashable, Sendable {
        /// `[[target]]`, `[[target|alias]]`, `[[target#heading]]`.
        case wiki
        /// `![[target]]`: the target shown in place.
        case embed
        /// `[label](path.md)`, `[label](<path with spaces.md>)`.
        case markdown
    }

    public var kind: Kind
    /// The target as the resolver takes it: a wiki link's name without
    /// `#heading`, `|alias` and the `\` a table puts before `|`; a Markdown
    /// link's path, percent-decoded (empty for `[[#heading]]` and `(#heading)`).
    public var target: String
    /// What follows `#` (a heading, or `^block` for a block link), without
    /// the `#`; nil when there is none.
    public var heading: String?
    /// A wiki link's alias (after `|`), or a Markdown link's label.
    public var alias: String?
    /// The line (counted from 0).
    public var line: Int
    /// The link's first and past-the-end UTF-16 offsets in its line, brackets included.
    public var start: Int
    public var end: Int
    /// The UTF-16 offsets of the target as written (what a rename replaces).
    public var targetStart: Int
    public var targetEnd: Int
    /// The link's column counted in characters from 1 (for people and `vault check`).
    public var column: Int

    /// True for the wiki forms (`[[…]]` and `![[…]]`).
    public var isWiki: Bool { kind != .markdown }

    /// A Markdown destination written between `<` and `>` (it may hold spaces as they are).
    public var isAngleBracketed = false

    public init(
        kind: Kind, target: String, heading: String?, alias: String?, line: Int, start: Int, end: Int,
        targetStart: Int, targetEnd: Int, column: Int, isAngleBracketed: Bool = false
    ) {
        self.kind = kind
        self.target = target
        self.heading = heading
        self.alias = alias
        self.line = line
        self.start = start
        self.end = end
        self.targetStart = targetStart
        self.targetEnd = targetEnd
        self.column = column
        self.isAngleBracketed = isAngleBracketed
    }
}
