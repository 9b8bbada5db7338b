import VaultMarkdown

/// A sentence worded once for the terminal and the page (``VaultPresentation``'s), shown on a
/// page: its `` `vault …` `` commands as `<code>`, every part escaped, as all text is.
enum TerminalWording {
    /// `sentence` as HTML: the text between each pair of backticks in `<code>`; an unpaired
    /// backtick stays as it is.
    static func html(_ sentence: String) -> HTML {
        let parts = sentence.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count % 2 == 1 else { return HTML(escaping: sentence) }
        var html = HTML()
        for (k, part) in parts.enumerated() {
            html += k % 2 == 1 ? "<code>\(String(part))</code>" : "\(String(part))"
        }
        return html
    }
}
