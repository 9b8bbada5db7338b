extension String {
    /// The text cut to at most `limit` characters, the last of them `…` when
    /// cut: for quoting what a note holds in a one-line message, however
    /// long the note made it. `limit` is at least 1.
    public func elided(to limit: Int) -> String {
        count <= limit ? self : String(prefix(Swift.max(0, limit - 1))) + "…"
    }
}
