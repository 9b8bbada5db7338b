import Foundation

/// KaTeX's files (Debian's `libjs-katex`), which a page loads to typeset
/// its math: `vault serve` serves them from its own origin and
/// `vault export html` copies them into the site.
public protocol MathFiles: Sendable {
    /// The bytes of KaTeX's file `name` (`katex.min.js`, `katex.min.css`,
    /// `fonts/KaTeX_Main-Regular.woff2`), or nil when it is not one of
    /// KaTeX's files or is not installed.
    func file(_ name: String) -> Data?
    /// The names of every file a page may load, for a copy (empty when KaTeX is not installed).
    func names() -> [String]
}
