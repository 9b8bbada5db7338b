import Testing
import VaultPresentation

@testable import VaultCLI

/// Printed JSON and the terminal's sanitizing agree: what JSON escapes, the
/// terminal output would have escaped too.
@Suite("terminal text in JSON")
struct JSONTerminalTextTests {
    @Test("JSON escapes the controls the terminal output would, so printed JSON stays valid")
    func jsonEscapesBidi() {
        var out = ""
        JSONOutput.quote("a\u{202E}b\u{85}c", into: &out)
        #expect(out == "\"a\\u202eb\\u0085c\"")
        #expect(TerminalText.sanitized(out, keepingColour: false) == out)
    }
}
