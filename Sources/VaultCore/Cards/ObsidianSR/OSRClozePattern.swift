/// One of the Spaced Repetition plugin's cloze patterns (its `clozePatterns` setting, in the
/// pattern language of the clozecraft library, v0.4.0, that the plugin uses), compiled into
/// the three matchers clozecraft derives from it and matched as its JavaScript regular
/// expressions match (docs/FORMAT.md, Obsidian Spaced Repetition, Clozes).
///
/// A pattern is literal text holding the word `answer`, a bracketed number part holding
/// digits (`[123;;]`) and a bracketed hint part holding the word `hint` (`[;;hint]`):
/// `==[123;;]answer[;;hint]==`. From it come three kinds of deletion:
///
/// - classic: the number part's digits become a number (`==1;;Paris==`): one card per number;
/// - overlapping: its digits become a sequence of `a`, `s` and `h` (`==ash;;Paris==`): card
///   `i` asks the deletions whose `i`-th letter is `a`, hides those with `h`, shows the rest;
/// - simple: the number part is left out (`==Paris==`): one card per deletion.
///
/// The answer and the hint match as few characters as they can (at least one, not a line
/// break); the hint part is optional. No regular expression engine is used: the pattern is
/// a few literals and gaps, matched with a bounded number of steps (``maxSteps`` per search),
/// so a hostile line costs a bounded time.
public struct OSRClozePattern: Hashable, Sendable {
    /// The kinds of deletion, in clozecraft's order of priority.
    public enum Kind: Int, Hashable, Sendable, CaseIterable {
        case classic, overlapping, simple
    }

    enum Token: Hashable, Sendable {
        case literal([Unicode.Scalar])
        /// The answer: one or more characters, as few as can be.
        case answer
        /// The hint: one or more characters, as few as can be.
        case hint
        /// The number of a classic deletion: ASCII digits, as many as can be.
        case number
        /// The sequence of an overlapping deletion: `a`, `s` and `h`, as many as can be.
        case sequence
        /// The hint part: matched when it can be, else skipped.
        case optional([Token])
    }

    /// The pattern as written.
    public let raw: String
    let matchers: [[Token]]  // by Kind.rawValue

    /// Compiles `raw`; nil when clozecraft would refuse it (no number part, no hint part, or
    /// no `answer`).
    public init?(_ raw: String) {
        let scalars = Array(raw.unicodeScalars)
        guard let number = Self.bracketPart(in: scalars, holding: { $0.contains { ("0"..."9").contains($0) } }),
            let hint = Self.bracketPart(in: scalars, holding: { Self.find(Array("hint".unicodeScalars), in: $0) != nil }),
            Self.find(Array("answer".unicodeScalars), in: scalars) != nil
        else { return nil }
        self.raw = raw
        let numberContent = Self.unescaped(scalars[(number.lowerBound + 1)..<(number.upperBound - 1)])
        let hintContent = Self.unescaped(scalars[(hint.lowerBound + 1)..<(hint.upperBound - 1)])
        let hintTokens = [Token.optional(Self.replacing(hintContent, word: "hint", with: .hint))]
        func numberTokens(_ kind: Kind) -> [Token] {
            switch kind {
            case .simple: return []
            case .classic: return Self.replacingDigits(numberContent, with: .number)
            case .overlapping: return Self.replacingDigits(numberContent, with: .sequence)
            }
        }
        var matchers: [[Token]] = []
        for kind in Kind.allCases {
            let (first, firstTokens, second, secondTokens) =
                number.lowerBound < hint.lowerBound
                ? (number, numberTokens(kind), hint, hintTokens) : (hint, hintTokens, number, numberTokens(kind))
            var tokens: [Token] = []
            tokens.append(.literal(Array(scalars[..<first.lowerBound])))
            tokens += firstTokens
            tokens.append(.literal(Array(scalars[first.upperBound..<max(first.upperBound, second.lowerBound)])))
            tokens += secondTokens
            tokens.append(.literal(Array(scalars[second.upperBound...])))
            matchers.append(Self.placingAnswer(tokens))
        }
        self.matchers = matchers
    }

    /// The most steps one search may take; past them it finds nothing.
    public static let maxSteps = 100_000

    /// The steps the searches of one note may take together (``maxStepsPerNote``): a note of
    /// thousands of lines each full of `==` costs a bounded time, and past the budget its
    /// lines are no cloze lines.
    public final class Budget {
        public var remaining: Int
        public init(_ steps: Int = OSRClozePattern.maxStepsPerNote) { remaining = steps }
    }

    /// The steps of one note's cloze searches together.
    public static let maxStepsPerNote = 5_000_000

    /// The first bracketed part `[…]` whose content (every `]` in it escaped as `\]`)
    /// satisfies `holds`: the half-open range from `[` to past `]`.
    static func bracketPart(in s: [Unicode.Scalar], holding holds: ([Unicode.Scalar]) -> Bool) -> Range<Int>? {
        var start = 0
        while start < s.count {
            guard s[start] == "[" else {
                start += 1
                continue
            }
            var i = start + 1
            while i < s.count {
                if s[i] == "\\", i + 1 < s.count, s[i + 1] == "]" {
                    i += 2
                } else if s[i] == "]" {
                    break
                } else {
                    i += 1
                }
            }
            if i < s.count, holds(Array(s[(start + 1)..<i])) { return start..<(i + 1) }
            start += 1
        }
        return nil
    }

    static func unescaped(_ s: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == "\\", i + 1 < s.endIndex, s[i + 1] == "[" || s[i + 1] == "]" {
                out.append(s[i + 1])
                i += 2
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return out
    }

    static func find(_ needle: [Unicode.Scalar], in s: [Unicode.Scalar]) -> Int? {
        guard !needle.isEmpty, needle.count <= s.count else { return nil }
        for i in 0...(s.count - needle.count) where s[i..<(i + needle.count)].elementsEqual(needle) { return i }
        return nil
    }

    /// `content` with every run of ASCII digits turned into `token`.
    static func replacingDigits(_ content: [Unicode.Scalar], with token: Token) -> [Token] {
        var tokens: [Token] = []
        var literal: [Unicode.Scalar] = []
        var i = 0
        while i < content.count {
            if ("0"..."9").contains(content[i]) {
                tokens.append(.literal(literal))
                literal = []
                tokens.append(token)
                while i < content.count, ("0"..."9").contains(content[i]) { i += 1 }
            } else {
                literal.append(content[i])
                i += 1
            }
        }
        tokens.append(.literal(literal))
        return tokens.filter { $0 != .literal([]) }
    }

    /// `content` with every `word` turned into `token`.
    static func replacing(_ content: [Unicode.Scalar], word: String, with token: Token) -> [Token] {
        let needle = Array(word.unicodeScalars)
        var tokens: [Token] = []
        var literal: [Unicode.Scalar] = []
        var i = 0
        while i < content.count {
            if i + needle.count <= content.count, content[i..<(i + needle.count)].elementsEqual(needle) {
                tokens.append(.literal(literal))
                literal = []
                tokens.append(token)
                i += needle.count
            } else {
                literal.append(content[i])
                i += 1
            }
        }
        tokens.append(.literal(literal))
        return tokens.filter { $0 != .literal([]) }
    }

    /// The first `answer` in the literal text (in the order written) becomes the answer
    /// gap, as clozecraft replaces the first `answer` of its regular expression.
    static func placingAnswer(_ tokens: [Token]) -> [Token] {
        let needle = Array("answer".unicodeScalars)
        var out: [Token] = []
        var placed = false
        for token in tokens {
            guard !placed, case .literal(let text) = token, let at = find(needle, in: text) else {
                if case .literal(let text) = token, text.isEmpty { continue }
                out.append(token)
                continue
            }
            if at > 0 { out.append(.literal(Array(text[..<at]))) }
            out.append(.answer)
            if at + needle.count < text.count { out.append(.literal(Array(text[(at + needle.count)...]))) }
            placed = true
        }
        return out
    }

    /// One deletion found in a text.
    public struct Match: Hashable, Sendable {
        /// Where it is in the scalars searched: from its first character to past its last.
        public var range: Range<Int>
        /// The deletion as written (`==1;;Paris;;capital==`).
        public var raw: String
        public var answer: String
        public var hint: String?
        /// The number (classic) or the sequence (overlapping), as written.
        public var seq: String?
    }

    /// True when `text` holds a deletion of `kind` (clozecraft's `test`).
    public func matches(_ text: [Unicode.Scalar], kind: Kind, budget: Budget? = nil) -> Bool {
        firstMatch(in: text, from: 0, kind: kind, budget: budget) != nil
    }

    /// Every deletion of `kind` in `text`, left to right, as clozecraft's `exec` loop finds
    /// them (a classic deletion without a number ends the search, as it does there).
    public func matches(in text: [Unicode.Scalar], kind: Kind, budget: Budget? = nil) -> [Match] {
        var found: [Match] = []
        var from = 0
        while from <= text.count, let match = firstMatch(in: text, from: from, kind: kind, budget: budget) {
            if kind != .simple, match.seq == nil { break }
            found.append(match)
            from = match.range.upperBound
            if found.count >= 1000 { break }
        }
        return found
    }

    /// The leftmost deletion of `kind` starting at `from` or later.
    func firstMatch(in text: [Unicode.Scalar], from: Int, kind: Kind, budget: Budget? = nil) -> Match? {
        let tokens = matchers[kind.rawValue]
        var matcher = Matcher(text: text, limit: min(Self.maxSteps, budget?.remaining ?? Self.maxSteps))
        defer { budget?.remaining -= matcher.steps }
        // Every match opens with the pattern's first literal (when it has one): only try there.
        let opening: [Unicode.Scalar]? = {
            if case .literal(let l)? = tokens.first { return l }
            return nil
        }()
        var start = from
        while start < text.count {
            if let opening {
                guard start + opening.count <= text.count else { return nil }
                if text[start] != opening[0] || !text[start..<(start + opening.count)].elementsEqual(opening) {
                    start += 1
                    continue
                }
            }
            matcher.captures = Captures()
            if let end = matcher.run(tokens[...], at: start) {
                let c = matcher.captures
                return Match(
                    range: start..<end, raw: String(String.UnicodeScalarView(text[start..<end])),
                    answer: c.answer.map { String(String.UnicodeScalarView(text[$0])) } ?? "",
                    hint: c.hint.map { String(String.UnicodeScalarView(text[$0])) },
                    seq: c.seq.map { String(String.UnicodeScalarView(text[$0])) })
            }
            if matcher.exhausted { return nil }
            start += 1
        }
        return nil
    }

    struct Captures {
        var answer: Range<Int>?
        var hint: Range<Int>?
        var seq: Range<Int>?
    }

    /// A backtracking match of a token list, lazy gaps trying the shortest first, bounded in steps.
    struct Matcher {
        let text: [Unicode.Scalar]
        var captures = Captures()
        var steps = 0
        let limit: Int
        var exhausted: Bool { steps >= limit }

        init(text: [Unicode.Scalar], limit: Int = OSRClozePattern.maxSteps) {
            self.text = text
            self.limit = limit
        }

        static func isLineBreak(_ s: Unicode.Scalar) -> Bool {
            s == "\n" || s == "\r" || s == "\u{2028}" || s == "\u{2029}"
        }

        /// The end of a match of `tokens` from `pos`, nil when there is none.
        mutating func run(_ tokens: ArraySlice<Token>, at pos: Int) -> Int? {
            steps += 1
            if exhausted { return nil }
            guard let token = tokens.first else { return pos }
            let rest = tokens.dropFirst()
            switch token {
            case .literal(let l):
                guard pos + l.count <= text.count, text[pos..<(pos + l.count)].elementsEqual(l) else { return nil }
                return run(rest, at: pos + l.count)
            case .answer, .hint:
                var end = pos + 1
                while end <= text.count, !Self.isLineBreak(text[end - 1]) {
                    let saved = captures
                    if token == .answer { captures.answer = pos..<end } else { captures.hint = pos..<end }
                    if let done = run(rest, at: end) { return done }
                    captures = saved
                    if exhausted { return nil }
                    end += 1
                }
                return nil
            case .number, .sequence:
                var end = pos
                while end < text.count,
                    token == .number ? ("0"..."9").contains(text[end]) : "ash".unicodeScalars.contains(text[end])
                {
                    end += 1
                }
                while end > pos {
                    let saved = captures
                    if captures.seq == nil { captures.seq = pos..<end }
                    if let done = run(rest, at: end) { return done }
                    captures = saved
                    if exhausted { return nil }
                    end -= 1
                }
                return nil
            case .optional(let group):
                let saved = captures
                if let done = run(ArraySlice(group + Array(rest)), at: pos) { return done }
                captures = saved
                return run(rest, at: pos)
            }
        }
    }
}
