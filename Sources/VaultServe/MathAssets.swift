import Foundation
import VaultCore
import VaultMarkdown

/// What a rendered note loads besides the app's own assets: `/assets/markdown.css`
/// (Obsidian's constructs), `/assets/math.js` (typesets math) and KaTeX
/// under `/assets/katex/` (its script, style sheet and fonts, read once
/// from Debian's `libjs-katex` through ``MathFiles`` and kept). All from
/// this origin, as the Content-Security-Policy wants; without KaTeX
/// installed, `/assets/katex/…` is 404 and math shows as its TeX.
final class MathAssets: @unchecked Sendable {
    private let files: any MathFiles
    private var kept: [String: WebResponse] = [:]
    private let lock = NSLock()

    init(files: any MathFiles) { self.files = files }

    /// `markdown.css`.
    static let style = WebResponse(
        status: 200, contentType: "text/css; charset=utf-8", body: Array(MarkdownAssets.style.utf8), noStore: false)
    /// `math.js`.
    static let script = WebResponse(
        status: 200, contentType: "text/javascript; charset=utf-8", body: Array(MarkdownAssets.mathScript.utf8),
        noStore: false)

    static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension {
        case "js": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "woff2": return "font/woff2"
        case "woff": return "font/woff"
        case "ttf": return "font/ttf"
        default: return "application/octet-stream"
        }
    }

    /// KaTeX's file `name` (the path after `/assets/katex/`), or 404.
    func katex(_ name: String) -> WebResponse {
        lock.lock()
        defer { lock.unlock() }
        if let response = kept[name] { return response }
        guard let data = files.file(name) else { return .problem("Not found", "Nothing here.", status: 404) }
        let response = WebResponse(status: 200, contentType: Self.contentType(of: name), body: [UInt8](data), noStore: false)
        kept[name] = response
        return response
    }
}
