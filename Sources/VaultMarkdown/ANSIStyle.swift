/// Terminal colours and text attributes, or nothing at all when output is
/// not a terminal or `NO_COLOR` is set. Every styling call goes through one
/// value, so "plain" is a single switch.
public struct ANSIStyle: Sendable {
    public let enabled: Bool
    /// How many colours `color(_:hex:)` may use.
    public let depth: ColorDepth

    /// Styles on or off; `#rrggbb` colours in 24-bit when on.
    public init(enabled: Bool) {
        self.enabled = enabled
        depth = enabled ? .truecolor : .none
    }

    /// Styles as the terminal supports them: none at ``ColorDepth/none``.
    public init(depth: ColorDepth) {
        self.enabled = depth != .none
        self.depth = depth
    }

    /// Styles for a terminal described by `environment` (`NO_COLOR`, `TERM`,
    /// `COLORTERM`), or none when `isTerminal` is false.
    public static func forTerminal(_ isTerminal: Bool, environment: [String: String]) -> ANSIStyle {
        ANSIStyle(depth: isTerminal ? ColorDepth(environment: environment) : .none)
    }

    public static let plain = ANSIStyle(enabled: false)

    public func bold(_ s: String) -> String { wrap(s, "1", "22") }
    public func dim(_ s: String) -> String { wrap(s, "2", "22") }
    public func italic(_ s: String) -> String { wrap(s, "3", "23") }
    public func underline(_ s: String) -> String { wrap(s, "4", "24") }
    /// Crossed out, for `~~text~~`.
    public func strikethrough(_ s: String) -> String { wrap(s, "9", "29") }
    public func cyan(_ s: String) -> String { wrap(s, "36", "39") }
    public func yellow(_ s: String) -> String { wrap(s, "33", "39") }
    public func red(_ s: String) -> String { wrap(s, "31", "39") }
    public func green(_ s: String) -> String { wrap(s, "32", "39") }
    /// Reverse video, used for highlighted search matches.
    public func highlight(_ s: String) -> String { wrap(s, "7", "27") }

    /// `s` in a `#rrggbb` colour, as near as the terminal's colours go
    /// (24-bit, the 256-colour cube, or the nearest of the 16); unchanged for a bad colour.
    public func color(_ s: String, hex: String) -> String {
        guard enabled, hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else {
            return s
        }
        let (r, g, b) = (Int(value >> 16), Int((value >> 8) & 0xFF), Int(value & 0xFF))
        switch depth {
        case .none: return s
        case .truecolor: return "\u{1B}[38;2;\(r);\(g);\(b)m\(s)\u{1B}[39m"
        case .extended: return "\u{1B}[38;5;\(ColorDepth.cubeIndex(r, g, b))m\(s)\u{1B}[39m"
        case .basic: return "\u{1B}[\(ColorDepth.basicCode(r, g, b))m\(s)\u{1B}[39m"
        }
    }

    private func wrap(_ s: String, _ on: String, _ off: String) -> String {
        enabled && !s.isEmpty ? "\u{1B}[\(on)m\(s)\u{1B}[\(off)m" : s
    }
}
