import Foundation
import Testing
import VaultCore

/// The Foundation-free blank test and trim agree with Foundation's
/// `trimmingCharacters(in:)`, scalar for scalar.
@Suite("spaces and line breaks, scalar by scalar, as Foundation's character sets")
struct WhitespaceScalarsTests {
    /// Every scalar that either set holds or that looks like one, and some that do not.
    static let scalars: [Unicode.Scalar] =
        (0...0x3000).compactMap { Unicode.Scalar($0) }.filter {
            $0.properties.isWhitespace || $0.properties.generalCategory == .spaceSeparator
                || CharacterSet.whitespacesAndNewlines.contains($0)
        } + ["a", "\u{301}", "\u{200B}", "\u{FEFF}", "\u{1F600}", "é"]

    @Test func eachScalar() {
        for scalar in Self.scalars {
            #expect(scalar.isSpaceOrTab == CharacterSet.whitespaces.contains(scalar), "U+\(String(scalar.value, radix: 16))")
            #expect(
                scalar.isSpaceOrNewline == CharacterSet.whitespacesAndNewlines.contains(scalar),
                "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func randomTexts() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                text.append(Self.scalars.randomElement(using: &generator)!)
            }
            let string = String(text)
            #expect(string.isSpacesAndTabsOnly == string.trimmingCharacters(in: .whitespaces).isEmpty, "\(string.debugDescription)")
            #expect(
                string.trimmingSpaceAndNewlineScalars() == string.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(string.debugDescription)")
        }
    }
}
