import Testing

@testable import VaultCLI

/// The bytes of one read from the terminal, split into keys as the full-screen views read them.
@Suite("Keys read from the terminal")
struct RawTerminalKeyTests {
    /// Every key in `bytes`, taken one after another as `RawTerminal` takes them from its pending bytes.
    func keys(_ text: String) -> [RawTerminal.Key] {
        var bytes = Array(text.utf8)[...]
        var keys: [RawTerminal.Key] = []
        while !bytes.isEmpty {
            let length = RawTerminal.keyLength(bytes) ?? bytes.count
            keys.append(RawTerminal.key(Array(bytes.prefix(length))))
            bytes = bytes.dropFirst(length)
        }
        return keys
    }

    @Test("escape sequences and characters that arrive together are each a key")
    func together() {
        #expect(keys("\u{1B}[B\u{1B}[B") == [.down, .down])
        #expect(keys("\u{1B}[Bs") == [.down, .character("s")])
        #expect(keys("\u{1B}[B4") == [.down, .character("4")])
        #expect(keys("\u{1B}[C\u{1B}[C") == [.right, .right])
        #expect(keys("\u{1B}OA\u{1B}[5~\u{1B}[6~x") == [.up, .pageUp, .pageDown, .character("x")])
        #expect(keys("é\u{1B}[Dk\r") == [.character("é"), .left, .character("k"), .enter])
        #expect(keys("\u{1B}[1;5Aq") == [.other, .character("q")], "a modified arrow is one key, not three")
        #expect(keys("\u{1B}xq") == [.other, .character("q")], "Alt and a key is one key")
        #expect(keys("\u{1B}") == [.character("\u{1B}")], "Esc alone, as before")
    }

    @Test("a key cut off by the end of the read is said to be incomplete, so the reader waits for the rest")
    func incomplete() {
        #expect(RawTerminal.keyLength(Array("\u{1B}[".utf8)[...]) == nil)
        #expect(RawTerminal.keyLength(Array("\u{1B}[1;5".utf8)[...]) == nil)
        #expect(RawTerminal.keyLength(Array("\u{1B}O".utf8)[...]) == nil)
        #expect(RawTerminal.keyLength(Array("é".utf8).prefix(1)) == nil)
        #expect(RawTerminal.keyLength(Array("\u{1B}[B".utf8)[...]) == 3)
    }

    @Test("a run of parameter bytes without an end is cut at 32 bytes, so garbage cannot grow without bound")
    func bounded() {
        let garbage = Array(("\u{1B}[" + String(repeating: "1", count: 100)).utf8)
        #expect(RawTerminal.keyLength(garbage[...]) == 32)
        #expect(keys("\u{1B}[\u{01}q") == [.other, .character("\u{01}"), .character("q")])
    }
}
