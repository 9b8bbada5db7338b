/// Breaks styled text into lines of a given display width, at spaces, and
/// cuts lines short with "…".
///
/// Colour sequences (SGR) are carried across a break: a line that ends with
/// a style on ends with a reset, and the next line starts with the styles
/// again, so a terminal that scrolls or redraws one line never bleeds colour.
public enum TextWrap {
    /// Lines of at most `width` columns (at least 1); a word wider than a
    /// line is broken where the line ends. `\n` in `text` starts a new line;
    /// spaces at a break are dropped, a line's leading spaces kept.
    /// With `hangingIndent`, the lines a break starts begin with that many
    /// spaces (ignored when it would leave fewer than 8 columns).
    public static func wrap(_ text: String, width: Int, hangingIndent: Int = 0) -> [String] {
        let width = max(1, width)
        let indent = width - hangingIndent >= 8 ? String(repeating: " ", count: max(0, hangingIndent)) : ""
        var lines: [String] = []
        var active: [String] = []
        for hardLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var builder = LineBuilder(width: width, active: active)
            builder.indent = indent
            for token in Token.split(hardLine) { builder.add(token) }
            lines += builder.finish()
            active = builder.active
        }
        return lines
    }

    /// `text` cut to `width` columns, ending in "…" when something was cut.
    public static func truncate(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard width > 0 else { return "" }
        var out = ""
        var used = 0
        var styled = false
        var escape = EscapeScanner()
        for character in text {
            if escape.consumes(character) {
                out.append(character)
                styled = true
                continue
            }
            let w = DisplayWidth.of(character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…" + (styled ? "\u{1B}[0m" : "")
    }

    /// A word, a run of spaces, or one escape sequence.
    enum Token {
        case word(String, width: Int)
        case space(String)
        case escape(String)

        static func split(_ line: Substring) -> [Token] {
            var tokens: [Token] = []
            var word = ""
            var wordWidth = 0
            var escape = ""
            var scanner = EscapeScanner()
            func flushWord() {
                if !word.isEmpty { tokens.append(.word(word, width: wordWidth)) }
                word = ""
                wordWidth = 0
            }
            for character in line {
                if scanner.consumes(character) {
                    escape.append(character)
                    if character != "\u{1B}", character != "[", let a = character.asciiValue, (0x40...0x7E).contains(a)
                    {
                        flushWord()
                        tokens.append(.escape(escape))
                        escape = ""
                    }
                    continue
                }
                if !escape.isEmpty {  // ESC and one character
                    flushWord()
                    tokens.append(.escape(escape))
                    escape = ""
                }
                if character == " " {
                    flushWord()
                    if case .space(let s) = tokens.last {
                        tokens[tokens.count - 1] = .space(s + " ")
                    } else {
                        tokens.append(.space(" "))
                    }
                } else {
                    word.append(character)
                    wordWidth += DisplayWidth.of(character)
                }
            }
            flushWord()
            return tokens
        }
    }

    /// Fills lines token by token.
    struct LineBuilder {
        let width: Int
        /// The SGR sequences in force at the end of what has been placed.
        var active: [String]
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        var pendingSpace = ""
        /// Escapes met after the last placed word: they go with the next word.
        var pendingEscapes: [String] = []
        var lineHasText = false
        /// What a line started by a break begins with.
        var indent = ""

        init(width: Int, active: [String]) {
            self.width = width
            self.active = active
            line = active.joined()
        }

        mutating func add(_ token: Token) {
            switch token {
            case .escape(let sequence):
                pendingEscapes.append(sequence)
                // Right after a word (no space between) it closes or styles that word.
                if pendingSpace.isEmpty, lineHasText { placeEscapes() }
            case .space(let spaces):
                pendingSpace += spaces
            case .word(let word, let wordWidth):
                let spaceWidth = pendingSpace.count
                if lineHasText || lineWidth > 0, lineWidth + spaceWidth + wordWidth > width {
                    if lineHasText { breakLine() } else { pendingSpace = "" }
                }
                if !lineHasText, lineWidth + pendingSpace.count + wordWidth > width { pendingSpace = "" }
                place(pendingSpace, width: pendingSpace.count)
                pendingSpace = ""
                placeEscapes()
                if wordWidth <= width - lineWidth {
                    place(word, width: wordWidth)
                    lineHasText = true
                } else {
                    placeLong(word)
                }
            }
        }

        /// A word wider than the room left: as much as fits on each line.
        mutating func placeLong(_ word: String) {
            var escape = EscapeScanner()
            for character in word {
                if escape.consumes(character) {
                    line.append(character)
                    continue
                }
                let w = DisplayWidth.of(character)
                if lineWidth + w > width, lineWidth > 0 { breakLine() }
                line.append(character)
                lineWidth += w
                lineHasText = true
            }
        }

        mutating func place(_ text: String, width w: Int) {
            line += text
            lineWidth += w
        }

        mutating func placeEscapes() {
            for sequence in pendingEscapes {
                line += sequence
                record(sequence)
            }
            pendingEscapes = []
        }

        mutating func record(_ sequence: String) {
            guard sequence.hasSuffix("m") else { return }
            if sequence == "\u{1B}[0m" || sequence == "\u{1B}[m" {
                active = []
            } else {
                active.append(sequence)
                if active.count > 16 { active.removeFirst(active.count - 16) }
            }
        }

        mutating func breakLine() {
            lines.append(line + (active.isEmpty ? "" : "\u{1B}[0m"))
            line = indent + active.joined()
            lineWidth = indent.count
            lineHasText = false
            pendingSpace = ""
        }

        mutating func finish() -> [String] {
            placeEscapes()
            lines.append(line)
            return lines
        }
    }
}
