extension Unicode.Scalar {
    /// In Foundation's `CharacterSet.whitespaces`: a tab, a space separator
    /// (Unicode category Zs) or the zero width space, U+200B (which the set
    /// holds too).
    public var isSpaceOrTab: Bool {
        value == 0x09 || value == 0x20
            || (value > 0x7F && (value == 0x200B || properties.generalCategory == .spaceSeparator))
    }

    /// In Foundation's `CharacterSet.whitespacesAndNewlines`: a space or tab,
    /// a line or paragraph separator, or a line break (U+000A-U+000D, U+0085).
    public var isSpaceOrNewline: Bool {
        isSpaceOrTab || (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }
}

extension String {
    /// Whether the text is empty or only spaces and tabs: what
    /// `trimmingCharacters(in: .whitespaces).isEmpty` says, without the
    /// `NSString` that Foundation goes through on Linux (and the runtime's
    /// search of every protocol conformance it costs a command the first time).
    public var isSpacesAndTabsOnly: Bool { unicodeScalars.allSatisfy(\.isSpaceOrTab) }

    /// The text without the spaces, tabs and line breaks at either end, scalar
    /// by scalar: what `trimmingCharacters(in: .whitespacesAndNewlines)` gives,
    /// without `NSString`. (``trimmingSpaces()`` trims whole characters.)
    public func trimmingSpaceAndNewlineScalars() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isSpaceOrNewline }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isSpaceOrNewline })!
        return String(scalars[first...last])
    }
}
