/// Terminal colours and text attributes, or nothing at all when output is
/// not a terminal or `NO_COLOR` is set. Every styling call goes through one
/// value, so "plain" is a single switch.
public struct ANSIStyle: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    public static let plain = ANSIStyle(enabled: false)

    public func bold(_ s: String) -> String { wrap(s, "1", "22") }
    public func dim(_ s: String) -> String { wrap(s, "2", "22") }
    public func italic(_ s: String) -> String { wrap(s, "3", "23") }
    public func underline(_ s: String) -> String { wrap(s, "4", "24") }
    public func cyan(_ s: String) -> String { wrap(s, "36", "39") }
    public func yellow(_ s: String) -> String { wrap(s, "33", "39") }
    public func red(_ s: String) -> String { wrap(s, "31", "39") }
    public func green(_ s: String) -> String { wrap(s, "32", "39") }
    /// Reverse video, used for highlighted search matches.
    public func highlight(_ s: String) -> String { wrap(s, "7", "27") }

    /// `s` in a `#rrggbb` colour (24-bit escape); unchanged for a bad colour.
    public func color(_ s: String, hex: String) -> String {
        guard enabled, hex.count == 7, let value = UInt32(hex.dropFirst(), radix: 16) else { return s }
        return "\u{1B}[38;2;\(value >> 16);\((value >> 8) & 0xFF);\(value & 0xFF)m\(s)\u{1B}[39m"
    }

    private func wrap(_ s: String, _ on: String, _ off: String) -> String {
        enabled && !s.isEmpty ? "\u{1B}[\(on)m\(s)\u{1B}[\(off)m" : s
    }
}
