import VaultCore

/// Markup, escaped by construction (as Plot's nodes and swift-mustache's
/// `{{var}}` are): a `String` becomes markup only escaped, scalar by scalar
/// (``XMLText``), and a trusted fragment is spelled out with
/// ``init(trusted:)``.
///
/// The literal parts of an interpolation are the program's own markup; every
/// interpolated value is escaped unless it is itself `HTML`:
///
/// ```swift
/// let title = "a\"\u{301}/onmouseover=alert(1)//"
/// let html: HTML = "<h1 title=\"\(title)\">\(title)</h1>"   // both escaped
/// ```
///
/// Attributes are always written in double quotes; the escaper covers single
/// quotes as well, so a value is safe in either.
public struct HTML: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The markup as text.
    public private(set) var rendered: String

    /// No markup.
    public init() { rendered = "" }

    /// `text` escaped: `&`, `<`, `>`, `"` and `'`, scalar by scalar.
    public init(escaping text: some StringProtocol) { rendered = XMLText.escaped(String(text)) }

    /// Markup the program vouches for: libcmark's output, a rendered chart, a
    /// fragment built from other `HTML` values. Never a person's text.
    public init(trusted markup: String) { rendered = markup }

    /// A literal in the program's source is its own markup.
    public init(stringLiteral literal: String) { rendered = literal }

    public init(stringInterpolation: Interpolation) { rendered = stringInterpolation.rendered }

    public var description: String { rendered }

    /// True when there is no markup at all.
    public var isEmpty: Bool { rendered.isEmpty }

    /// True when the markup holds `fragment` as it is written (byte for byte).
    /// A plain byte search: Foundation's `String.contains`, which compares
    /// through `NSString`, took a tenth of `vault export html` asking this of
    /// every page.
    public func contains(markup fragment: String) -> Bool {
        var text = rendered
        var needle = fragment
        return text.withUTF8 { haystack in
            needle.withUTF8 { needle in
                guard let first = needle.first else { return true }
                guard needle.count <= haystack.count else { return false }
                var i = 0
                let last = haystack.count - needle.count
                while i <= last {
                    if haystack[i] == first {
                        var k = 1
                        while k < needle.count, haystack[i + k] == needle[k] { k += 1 }
                        if k == needle.count { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }

    public static func + (lhs: HTML, rhs: HTML) -> HTML { HTML(trusted: lhs.rendered + rhs.rendered) }

    public static func += (lhs: inout HTML, rhs: HTML) { lhs.rendered += rhs.rendered }

    /// Markup for each element, one after the other.
    public static func joined<S: Sequence>(_ parts: S, separator: HTML = HTML()) -> HTML where S.Element == HTML {
        HTML(trusted: parts.map(\.rendered).joined(separator: separator.rendered))
    }

    /// The interpolation: literal parts as they are, values escaped unless they are `HTML`.
    public struct Interpolation: StringInterpolationProtocol {
        var rendered = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            rendered.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        public mutating func appendLiteral(_ literal: String) { rendered += literal }

        /// Markup, as it is.
        public mutating func appendInterpolation(_ html: HTML) { rendered += html.rendered }

        /// Markup, or nothing.
        public mutating func appendInterpolation(_ html: HTML?) { if let html { rendered += html.rendered } }

        /// Text, escaped.
        public mutating func appendInterpolation(_ text: String) { rendered += XMLText.escaped(text) }

        /// Text, escaped.
        public mutating func appendInterpolation(_ text: Substring) { rendered += XMLText.escaped(String(text)) }

        /// A number, as digits.
        public mutating func appendInterpolation<Number: BinaryInteger>(_ number: Number) { rendered += String(number) }

        /// Any other value, by its description, escaped.
        public mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
            rendered += XMLText.escaped(value.description)
        }
    }
}

extension HTML {
    /// A path segment or a query value percent-encoded for an address in a
    /// page (everything but letters, digits and `-._~`); the address is then
    /// escaped as any attribute value is.
    public static func urlComponent(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return out
    }

    /// A vault-relative path as address segments, each percent-encoded (`/` kept between them).
    public static func urlPath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { urlComponent(String($0)) }.joined(
            separator: "/")
    }
}
