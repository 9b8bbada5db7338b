import Testing

@testable import VaultPresentation

/// What reaches a terminal from a note, a file name or the ledger: no
/// character that acts on the terminal or reorders what is shown.
@Suite("terminal text")
struct TerminalTextTests {
    @Test("every bidirectional control is shown escaped, the right-to-left override and isolates included")
    func bidiControlsEscaped() {
        let bidi: [UInt32] = [0x61C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        for value in bidi {
            let scalar = Unicode.Scalar(value)!
            let shown = TerminalText.sanitized("evil\(Character(scalar))txt.sh", keepingColour: false)
            #expect(shown == "evil\\u{\(String(value, radix: 16))}txt.sh", "U+\(String(value, radix: 16))")
            #expect(!shown.unicodeScalars.contains(scalar))
        }
    }

    @Test("no scalar of the Bidi_Control class passes, whichever it is")
    func bidiClassNeverPasses() {
        for value in UInt32(0)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isBidiControl else { continue }
            #expect(TerminalText.isControl(scalar), "U+\(String(value, radix: 16))")
        }
    }

    @Test("letters of right-to-left scripts, emoji joiners and accents pass unchanged")
    func ordinaryTextPasses() {
        for text in ["שלום עולם", "مرحبا", "👩‍💻", "e\u{301}te\u{301}", "a\u{200B}b", "日本語"] {
            #expect(TerminalText.sanitized(text, keepingColour: false) == text)
        }
    }
}
