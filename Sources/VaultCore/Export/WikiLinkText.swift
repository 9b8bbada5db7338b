import Foundation

/// Turns Obsidian's wiki links (`[[target]]`, `[[target|alias]]`,
/// `[[target#heading]]`, `![[image.png]]`) into CommonMark links before
/// rendering, since libcmark does not know them. The destination is given
/// by `resolve`: a relative URL, or nil for a link that leads nowhere
/// (written as a link to `#unresolved`, which the page styles).
public enum WikiLinkText {
    public static func rewrite(_ text: String, resolve: (_ target: String) -> String?) -> String {
        guard text.contains("[[") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "[[") {
            guard let close = rest[open.upperBound...].range(of: "]]"),
                !rest[open.upperBound..<close.lowerBound].contains("\n"), close.lowerBound > open.upperBound
            else {
                out += rest[..<open.upperBound]
                rest = rest[open.upperBound...]
                continue
            }
            var before = rest[..<open.lowerBound]
            let embed = before.hasSuffix("!")
            if embed { before = before.dropLast() }
            out += before
            let inner = String(rest[open.upperBound..<close.lowerBound])
            let parts = inner.split(separator: "|", maxSplits: 1).map(String.init)
            let target = String(parts[0].split(separator: "#", maxSplits: 1).first ?? "")
            let label = parts.count > 1 ? parts[1] : parts[0]
            let escaped = label.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
            if let url = resolve(target) {
                out += (embed ? "!" : "") + "[\(escaped)](<\(url)>)"
            } else {
                out += "[\(escaped)](#unresolved)"
            }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}
