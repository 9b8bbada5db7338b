/// The colours a terminal can show, read from the environment as most
/// terminal programs do: `NO_COLOR` or `TERM=dumb` means none,
/// `COLORTERM=truecolor` 24-bit, a `TERM` ending in `256color` 256, any
/// other terminal the 16 basic colours.
public enum ColorDepth: Sendable, Equatable {
    case none, basic, extended, truecolor

    /// The depth the environment describes.
    public init(environment: [String: String]) {
        let term = environment["TERM"] ?? ""
        if !(environment["NO_COLOR"] ?? "").isEmpty || term.isEmpty || term == "dumb" {
            self = .none
        } else if ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "") {
            self = .truecolor
        } else if term.hasSuffix("256color") || term.hasSuffix("direct") {
            self = .extended
        } else {
            self = .basic
        }
    }

    /// The nearest colour of the 6×6×6 cube of the 256-colour palette.
    static func cubeIndex(_ r: Int, _ g: Int, _ b: Int) -> Int {
        func level(_ c: Int) -> Int { c < 48 ? 0 : c < 115 ? 1 : (c - 35) / 40 }
        return 16 + 36 * level(r) + 6 * level(g) + level(b)
    }

    /// The SGR foreground code (30-37, 90-97) of the nearest basic colour.
    static func basicCode(_ r: Int, _ g: Int, _ b: Int) -> Int {
        let palette: [(Int, Int, Int)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
            (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
            (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        var best = 0
        var bestDistance = Int.max
        for (i, (pr, pg, pb)) in palette.enumerated() {
            let d = (pr - r) * (pr - r) + (pg - g) * (pg - g) + (pb - b) * (pb - b)
            if d < bestDistance {
                best = i
                bestDistance = d
            }
        }
        return best < 8 ? 30 + best : 90 + best - 8
    }
}
