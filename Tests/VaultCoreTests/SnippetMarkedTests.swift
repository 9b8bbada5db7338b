import Testing

@testable import VaultCore

/// `Snippet(marked:)` reads marked text scalar by scalar (issue 47); it must
/// read what a walk over Characters reads.
@Suite("a marked snippet read scalar by scalar")
struct SnippetMarkedTests {
    /// The reading over Characters that `Snippet(marked:)` replaced.
    static func byCharacters(_ marked: String) -> [Snippet.Part] {
        var parts: [Snippet.Part] = []
        var current = ""
        var inMatch = false
        for character in marked {
            switch character {
            case "\u{2}", "\u{3}":
                if !current.isEmpty { parts.append(Snippet.Part(text: current, isMatch: inMatch)) }
                current = ""
                inMatch = character == "\u{2}"
            case "\n", "\r\n", "\t":
                current.append(" ")
            default:
                current.append(character)
            }
        }
        if !current.isEmpty { parts.append(Snippet.Part(text: current, isMatch: inMatch)) }
        while let last = parts.last, !last.isMatch, last.text.last == " " {
            let trimmed = String(last.text.drop { _ in false }.reversed().drop { $0 == " " }.reversed())
            parts.removeLast()
            if !trimmed.isEmpty { parts.append(Snippet.Part(text: trimmed, isMatch: false)) }
        }
        return parts
    }

    static let pieces = [
        "walrus", "\u{2}", "\u{3}", "\n", "\r\n", "\r", "\t", " ", "  ", "e\u{301}", "\u{301}", "🇸🇪", "👩‍👩‍👧",
        "море", "…", "\r\r\n", "\n\u{301}", "\u{2}\u{301}", " \u{301}", "한국어", "a\u{200D}b",
    ]

    @Test("on thousands of marked texts with marks, line breaks and joining characters, the parts are the same")
    func agreesWithCharacters() {
        var state: UInt64 = 47
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var withBreaks = 0
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<next(12) { text += Self.pieces[next(Self.pieces.count)] }
            let parts = Snippet(marked: text).parts
            #expect(parts == Self.byCharacters(text), "\(text.debugDescription)")
            if text.contains("\r\n") { withBreaks += 1 }
        }
        #expect(withBreaks > 100)
        #expect(Snippet(marked: "a\r\nb\u{2}c\u{3}\r").parts == [
            Snippet.Part(text: "a b", isMatch: false), Snippet.Part(text: "c", isMatch: true),
            Snippet.Part(text: "\r", isMatch: false),
        ])
    }
}
