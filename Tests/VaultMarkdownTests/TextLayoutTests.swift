import Testing
import VaultMarkdown

@Suite("Display width, wrapping and the screen frame")
struct TextLayoutTests {
    @Test("wide characters and emoji take two columns, combining marks and escapes none")
    func widths() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("ｶﾅ") == 2, "halfwidth katakana is narrow")
        #expect(DisplayWidth.of("Ａ") == 2, "fullwidth Latin is wide")
        #expect(DisplayWidth.of("e\u{301}") == 1, "e and a combining acute are one column")
        #expect(DisplayWidth.of("🎉") == 2)
        #expect(DisplayWidth.of("❤\u{FE0F}") == 2, "emoji presentation asked for is wide")
        #expect(DisplayWidth.of("\u{1B}[1mbold\u{1B}[22m") == 4)
        #expect(DisplayWidth.of("한국어") == 6)
    }

    @Test("wrapping breaks at spaces, keeps words whole, and breaks a word only when it is wider than a line")
    func wrapping() {
        #expect(TextWrap.wrap("under their influence", width: 12) == ["under their", "influence"])
        #expect(TextWrap.wrap("aaaaaaaaaa bb", width: 4) == ["aaaa", "aaaa", "aa", "bb"])
        #expect(TextWrap.wrap("  indented text", width: 20) == ["  indented text"])
        #expect(TextWrap.wrap("one\ntwo", width: 10) == ["one", "two"])
        #expect(TextWrap.wrap("", width: 10) == [""])
        #expect(TextWrap.wrap("漢字漢字漢字", width: 5) == ["漢字", "漢字", "漢字"], "a wide character never straddles the edge")
        for line in TextWrap.wrap(String(repeating: "word ", count: 50), width: 17) {
            #expect(DisplayWidth.of(line) <= 17)
        }
    }

    @Test("a hanging indent starts every line a break makes, never the first; too little room drops it")
    func hangingIndent() {
        #expect(
            TextWrap.wrap("9 flashcards to study today (1 due, 8 new)", width: 20, hangingIndent: 2) == [
                "9 flashcards to", "  study today (1", "  due, 8 new)",
            ])
        #expect(TextWrap.wrap("one two\nthree four five", width: 12, hangingIndent: 2) == ["one two", "three four", "  five"])
        #expect(TextWrap.wrap("aaaa bbbb", width: 6, hangingIndent: 2) == ["aaaa", "bbbb"])
    }

    @Test("a style open at a break is closed on that line and opened again on the next")
    func stylesCarryAcrossBreaks() {
        let lines = TextWrap.wrap("\u{1B}[1mbold words here\u{1B}[22m plain", width: 10)
        #expect(lines == ["\u{1B}[1mbold words\u{1B}[0m", "\u{1B}[1mhere\u{1B}[22m plain"])
        let reset = TextWrap.wrap("\u{1B}[31mred\u{1B}[0m next words", width: 9)
        #expect(reset == ["\u{1B}[31mred\u{1B}[0m next", "words"], "nothing is carried after a reset")
    }

    @Test("truncation ends in … at the width")
    func truncation() {
        #expect(TextWrap.truncate("short", width: 10) == "short")
        #expect(TextWrap.truncate("a longer line", width: 8) == "a longe…")
        #expect(DisplayWidth.of(TextWrap.truncate("漢字漢字漢字", width: 7)) <= 7)
    }

    @Test("the frame pins the header and keys, scrolls the body and says where it is")
    func frame() {
        let body = (1...30).map { "line \($0)" }
        let frame = ScreenFrame(header: ["Head", "Title"], body: body, keys: "q quit")
        #expect(frame.bodyRows(rows: 20, columns: 40) == 15)
        #expect(frame.maxScroll(rows: 20, columns: 40) == 15)
        let top = frame.render(rows: 20, columns: 40, scroll: 0, style: .plain)
        let rows = top.dropFirst(3).split(separator: "\r\n", omittingEmptySubsequences: false)
        #expect(rows.count == 20)
        #expect(rows[0].hasPrefix("Head") && rows[1].hasPrefix("Title"))
        #expect(rows[2].hasPrefix(String(repeating: "─", count: 40)))
        #expect(rows[3].hasPrefix("line 1\u{1B}"))
        #expect(rows[18].contains("1–15 of 30 lines ↓"))
        #expect(rows[19].hasPrefix("q quit"))
        let bottom = frame.render(rows: 20, columns: 40, scroll: 99, style: .plain)
        #expect(bottom.contains("line 30") && !bottom.contains("line 15\u{1B}"))
        #expect(bottom.contains("16–30 of 30 lines") && !bottom.contains("↓"))
    }

    @Test("in a narrow window the keys and the message wrap at the bottom: every key and the whole hint stay on screen")
    func narrowBottom() {
        let keys = "1 again 1d · 2 hard 1d · 3 good 1d · 4 easy 1d · p promote to reviewing · u undo · q quit"
        let message = "rate the answer: 1 again · 2 hard · 3 good · 4 easy · u undo · q quit"
        let frame = ScreenFrame(header: ["Head"], body: (1...30).map { "line \($0)" }, message: message, keys: keys)
        let rows = frame.render(rows: 20, columns: 60, scroll: 0, style: .plain).dropFirst(3)
            .split(separator: "\r\n", omittingEmptySubsequences: false).map { $0.replacingOccurrences(of: "\u{1B}[K", with: "") }
        #expect(rows.count == 20)
        #expect(frame.bodyRows(rows: 20, columns: 60) == 14, "two lines of keys, two of message")
        #expect(rows[18] == "1 again 1d · 2 hard 1d · 3 good 1d · 4 easy 1d")
        #expect(rows[19].hasPrefix("p promote to reviewing · u undo · q quit"))
        #expect(rows[15] == "line 14")
        #expect(rows[16] == "rate the answer: 1 again · 2 hard · 3 good · 4 easy · u undo")
        #expect(rows[17].hasPrefix("· q quit") && rows[17].contains("1–14 of 30 lines ↓"))
        #expect(rows.allSatisfy { DisplayWidth.of($0) <= 60 })
        // Wide enough: one line each, as before.
        #expect(frame.bodyRows(rows: 20, columns: 120) == 16)
        // A compact line that fits is taken before wrapping.
        let compact = ScreenFrame(header: ["H"], body: [], keys: keys, compactKeys: "1-4 rate · u undo · q quit")
        #expect(compact.keyLines(columns: 60) == ["1-4 rate · u undo · q quit"])
        // The smallest window: one line each again, so the frame still fits its rows.
        let tall = ScreenFrame(header: (1...6).map { "h\($0)" }, body: ["x"], message: message, keys: keys)
        let small = tall.render(rows: 10, columns: 40, scroll: 0, style: .plain).dropFirst(3)
            .split(separator: "\r\n", omittingEmptySubsequences: false)
        #expect(small.count == 10 && tall.bodyRows(rows: 10, columns: 40) == 2)
        // Keys that need more than two lines: the second is cut at the width.
        let many = ScreenFrame(header: ["H"], body: [], keys: (1...40).map { "k\($0) key" }.joined(separator: " · "))
        #expect(many.keyLines(columns: 40).count == 2 && many.keyLines(columns: 40).allSatisfy { DisplayWidth.of($0) <= 40 })
    }

    @Test("a window below 40×10 gets a sentence instead of a broken picture")
    func tooSmall() {
        let frame = ScreenFrame(header: ["Head"], body: ["x"], keys: "q quit")
        #expect(frame.render(rows: 8, columns: 30, scroll: 0, style: .plain).contains("at least 40×10"))
        #expect(!frame.render(rows: 10, columns: 40, scroll: 0, style: .plain).contains("at least"))
    }

    @Test("the compact key line is used when the full one does not fit")
    func compactKeys() {
        let frame = ScreenFrame(header: ["H"], body: [], keys: String(repeating: "k", count: 50), compactKeys: "short")
        #expect(frame.render(rows: 10, columns: 40, scroll: 0, style: .plain).contains("short"))
        #expect(!frame.render(rows: 10, columns: 60, scroll: 0, style: .plain).contains("short"))
    }

    @Test("colour depth follows NO_COLOR, TERM and COLORTERM; colours map to what the terminal has")
    func colourDepth() {
        #expect(ColorDepth(environment: ["TERM": "dumb", "COLORTERM": "truecolor"]) == .none)
        #expect(ColorDepth(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]) == .none)
        #expect(ColorDepth(environment: [:]) == .none)
        #expect(ColorDepth(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .truecolor)
        #expect(ColorDepth(environment: ["TERM": "screen-256color"]) == .extended)
        #expect(ColorDepth(environment: ["TERM": "xterm"]) == .basic)
        #expect(ANSIStyle(depth: .truecolor).color("x", hex: "#137fec") == "\u{1B}[38;2;19;127;236mx\u{1B}[39m")
        #expect(ANSIStyle(depth: .extended).color("x", hex: "#ff0000") == "\u{1B}[38;5;196mx\u{1B}[39m")
        #expect(ANSIStyle(depth: .basic).color("x", hex: "#ef4444") == "\u{1B}[91mx\u{1B}[39m")
        #expect(ANSIStyle(depth: .none).color("x", hex: "#ef4444") == "x")
    }

    @Test("the renderer wraps paragraphs and list items to the width and drops a heading that repeats the title")
    func rendererWraps() {
        var bytes = Array("# Title\n\nalpha beta gamma delta\n\n- one two three four\n".utf8)
        let document = bytes.withUnsafeMutableBufferPointer { CommonMark.document(of: UnsafeBufferPointer($0)) }
        let text = TerminalRenderer(style: .plain, width: 12).render(document, droppingTitle: "Title")
        #expect(text == "alpha beta\ngamma delta\n\n• one two\n  three four\n")
    }
}
