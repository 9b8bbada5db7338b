import Foundation

/// Turns Obsidian's wiki links (`[[target]]`, `[[target|alias]]`,
/// `[[target#heading]]`, `![[image.png]]`) into CommonMark links before
/// rendering, since libcmark does not know them. The destination is given
/// by `resolve`: a relative URL, or nil for a link that leads nowhere
/// (written as a link to `#unresolved`, which the page styles).
public enum WikiLinkText {
    public static func rewrite(_ text: String, resolve: (_ target: String) -> String?) -> String {
        var text = text
        return text.withUTF8 { bytes in rewrite(bytes, resolve: resolve) } ?? text
    }

    /// The rewritten text, or nil when it holds no `[[`. Works on the bytes
    /// (every marker is ASCII), with ``MarkerFinder``, so that a note of
    /// many links, or of `[[` never closed, costs time linear in its length.
    private static func rewrite(_ b: UnsafeBufferPointer<UInt8>, resolve: (_ target: String) -> String?) -> String? {
        var opens = MarkerFinder("[[", in: b)
        var closes = MarkerFinder("]]", in: b)
        var lineBreaks = MarkerFinder("\n", in: b)
        guard opens.first(from: 0) != nil else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(b.count + 256)
        var rest = 0  // what is not yet in `out`
        var from = 0  // where the next `[[` is looked for
        while let open = opens.first(from: from) {
            let inner = open + 2
            // The first `]]` after it closes it, when on the same line and not right away.
            guard let close = closes.first(from: inner), close > inner,
                lineBreaks.first(from: inner).map({ $0 > close }) ?? true
            else {
                from = inner
                continue
            }
            let embed = open > rest && b[open - 1] == UInt8(ascii: "!")
            out.append(contentsOf: b[rest..<(embed ? open - 1 : open)])
            let parts = String(decoding: b[inner..<close], as: UTF8.self).split(separator: "|", maxSplits: 1)
                .map(String.init)
            let target = String(parts[0].split(separator: "#", maxSplits: 1).first ?? "")
            let label = parts.count > 1 ? parts[1] : parts[0]
            let escaped = label.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
            if let url = resolve(target) {
                out.append(contentsOf: ((embed ? "!" : "") + "[\(escaped)](<\(url)>)").utf8)
            } else {
                out.append(contentsOf: "[\(escaped)](#unresolved)".utf8)
            }
            rest = close + 2
            from = rest
        }
        out.append(contentsOf: b[rest...])
        return String(decoding: out, as: UTF8.self)
    }
}
