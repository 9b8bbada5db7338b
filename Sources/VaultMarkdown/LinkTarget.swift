import Foundation

/// A Markdown link's destination as a page resolves it: the path
/// (percent-decoded: `My%20note.md` is `My note.md`) and the `#fragment`
/// kept as written (`?query` dropped).
public struct LinkTarget: Sendable, Equatable {
    /// The decoded path.
    public var path: String
    /// `#…` as written, or empty.
    public var fragment: String

    public init(_ destination: String) {
        let split = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let raw = String(split[0]).split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        path = raw.removingPercentEncoding ?? String(raw)
        fragment = split.count > 1 ? "#" + split[1] : ""
    }

    /// `https:`, `mailto:`…: a URL scheme before the first `/`, `?` or `#`.
    public static func hasScheme(_ target: String) -> Bool {
        guard let colon = target.firstIndex(of: ":") else { return false }
        let scheme = target[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
    }
}
