import Foundation
import VaultCore

/// Text made safe in an HTML page, in element content and in double- or
/// single-quoted attributes alike: every note text, title, tag, path,
/// category and name a page shows goes through it.
enum HTML {
    /// `&`, `<`, `>`, `"` and `'` escaped.
    static func escape(_ text: String) -> String {
        let escaped = XMLText.escaped(text)
        return escaped.contains("'") ? escaped.replacingOccurrences(of: "'", with: "&#39;") : escaped
    }

    /// A path segment or query value percent-encoded for a URL in a page
    /// (then escaped for the attribute by the caller through ``escape(_:)``).
    static func urlComponent(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// A vault-relative path as URL segments, each percent-encoded (`/` kept between them).
    static func urlPath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { urlComponent(String($0)) }.joined(
            separator: "/")
    }
}
