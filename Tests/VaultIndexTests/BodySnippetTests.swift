import Foundation
import GRDB
import Testing
import VaultCore

@testable import VaultIndex

/// Issue 47: `vault search` makes its snippets in Swift (``BodySnippet``)
/// instead of asking FTS5 for each hit; they must be FTS5's, byte for byte.
@Suite("search snippets made from the body agree with FTS5's snippet()")
struct BodySnippetTests {
    /// A deterministic generator (the same bodies and queries every run).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Words whose folding matters: case, diacritics, other scripts, a Thai run with no spaces.
    static let words = [
        "walrus", "Walrus", "WALRUS", "wälrus", "walruses", "ice", "Ice", "été", "ete", "ÉTÉ", "naïve", "naive",
        "море", "Море", "θάλασσα", "ΘΆΛΑΣΣΑ", "ทะเลสาบทะเลสาบ", "deep", "work", "deep-work", "x", "a", "of",
        "ice.", "walrus:", "work,", "(walrus)", "[[Walrus]]", "sea", "2026", "café",
    ]
    static let separators = [" ", " ", " ", "  ", ". ", ": ", ".\n", "\n", "\n\n", " - ", ", ", "\t", ":\n", "."]
    static let queries = [
        "walrus", "ice", "ete", "naive", "море", "θαλασσα", "wal*", "\"deep work\"", "\"ice walrus\"", "walrus ice",
        "walrus OR sea", "deep work walrus", "walrus walrus", "e*", "\"walrus walrus\"", "2026", "cafe", "a",
        "ice OR ete deep",
    ]

    func body(_ random: inout Generator) -> String {
        var text = ""
        let count = random.next(4) == 0 ? random.next(8) : random.next(90)
        for i in 0..<count {
            if i > 0 { text += Self.separators[random.next(Self.separators.count)] }
            text += Self.words[random.next(Self.words.count)]
        }
        return text
    }

    @Test("on thousands of bodies and queries, the marked snippet and whether the body matches are FTS5's")
    func agreesWithFTS5() throws {
        var random = Generator(state: 47)
        var bodies: [String] = []
        for _ in 0..<400 { bodies.append(body(&random)) }
        bodies += ["", "walrus", "Walrus.", "ice walrus", ". walrus", "   walrus   "]
        let (compared, matched, skipped) = try compareWithFTS5(bodies: bodies, queries: Self.queries)
        #expect(compared == Self.queries.count * bodies.count)
        #expect(skipped > 100, "bodies of ASCII without the query's words must be skipped (\(skipped))")
        #expect(matched > 1000, "the queries must match many bodies for the comparison to mean much (\(matched))")
    }

    /// Compares ``BodySnippet/matching(body:words:)`` with FTS5's `MATCH`
    /// and `snippet()` for every body and query: how many were compared, and how many matched.
    func compareWithFTS5(bodies: [String], queries: [String]) throws -> (compared: Int, matched: Int, skipped: Int) {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql: "CREATE VIRTUAL TABLE t USING fts5(body, cjk, tokenize = '\(IndexSchema.tokenizer)')")
        }
        try queue.write { db in
            for (i, body) in bodies.enumerated() {
                try db.execute(sql: "INSERT INTO t (rowid, body, cjk) VALUES (?, ?, '')", arguments: [i + 1, body])
            }
        }
        var compared = 0
        var matched = 0
        var skipped = 0
        try queue.read { db in
            let descriptor = FTS5TokenizerDescriptor(
                components: IndexSchema.tokenizer.split(separator: " ").map(String.init))
            let tokenizer = try db.makeTokenizer(descriptor)
            for text in queries {
                let query = try SearchQueryParser.parse(text)
                let match = FTSExpression.all(query.groups)
                let phrases = try #require(SnippetPhrases(query.groups, tokenizer: tokenizer), "\(text)")
                let maker = BodySnippet(phrases: phrases, tokenizer: tokenizer)
                var expected: [Int: String] = [:]
                let rows = try Row.fetchAll(
                    db,
                    sql: "SELECT rowid, snippet(t, 0, char(2), char(3), '…', 14) FROM t WHERE t MATCH ?",
                    arguments: [match])
                for row in rows { expected[row[0]] = row[1] as String? ?? "" }
                for (i, body) in bodies.enumerated() {
                    var body = body
                    let ours = body.withUTF8 { maker.matching(body: $0, words: 14) }.map {
                        String(decoding: $0, as: UTF8.self)
                    }
                    #expect(ours == expected[i + 1], "query \(text) on body \(i + 1): \(body.debugDescription)")
                    // The window skip of long notes: a body it rules out is one FTS5 does not match.
                    if !body.withUTF8({ maker.mayMatch(body: $0) }) {
                        #expect(
                            expected[i + 1] == nil, "query \(text) on body \(i + 1) skipped: \(body.debugDescription)")
                        skipped += 1
                    }
                    compared += 1
                    if ours != nil { matched += 1 }
                }
            }
        }
        return (compared, matched, skipped)
    }

    /// Words where ``SnippetTokens``'s ASCII words meet SQLite's stretches:
    /// ASCII glued to other characters, separators that are not ASCII,
    /// characters that fold to ASCII (a combining accent, the Kelvin sign,
    /// fullwidth letters, a dotted capital I), ASCII separators inside words.
    static let mixedWords = [
        "walrus", "Walrus", "walrus_ice", "walrus—ice", "walrus…", "«walrus»", "e\u{301}te", "ete", "\u{212A}elp",
        "kelp", "ｗａｌｒｕｓ", "İce", "ice", "WALRUS2026", "2026", "море-walrus", "walrusморе", "naïve", "café",
        "straße", "strasse", "ice.", "—", "…", "a", "x=y", "ΘΆΛΑΣΣΑ", "مرحبا", "walrus\u{00A0}ice",
    ]
    static let mixedQueries = [
        "walrus", "ice", "ete", "kelp", "elp", "2026", "walrus2026", "naive", "море", "wal*", "\"walrus ice\"",
        "walrus OR kelp", "strasse", "straße", "cafe", "y", "θαλασσα",
    ]

    func mixedBody(_ random: inout Generator) -> String {
        var text = ""
        for i in 0..<random.next(60) {
            if i > 0 { text += Self.separators[random.next(Self.separators.count)] }
            text += Self.mixedWords[random.next(Self.mixedWords.count)]
        }
        return text
    }

    @Test("words of ASCII glued to, or between, other characters are tokenized as unicode61 does")
    func mixedScriptsAgreeWithFTS5() throws {
        var random = Generator(state: 4747)
        var bodies: [String] = (0..<400).map { _ in mixedBody(&random) }
        bodies += ["walrus_ice", "walrus—ice.", "e\u{301}te", "\u{212A}elp kelp", "море walrus море", "walrus море"]
        let (compared, matched, _) = try compareWithFTS5(bodies: bodies, queries: Self.mixedQueries)
        #expect(compared == Self.mixedQueries.count * bodies.count)
        #expect(matched > 1000, "the queries must match many bodies for the comparison to mean much (\(matched))")
    }

    /// The byte ranges unicode61 gives the tokens of `text`, tokenizing it whole.
    static func unicode61Ranges(_ text: String, tokenizer: any FTS5Tokenizer) -> [Range<Int>] {
        final class Box { var ranges: [Range<Int>] = [] }
        let box = Box()
        var text = text
        text.withUTF8 { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) { chars in
                tokenizer.tokenize(
                    context: Unmanaged.passUnretained(box).toOpaque(), tokenization: .document,
                    pText: chars.baseAddress, nText: CInt(chars.count)
                ) { context, _, _, _, start, end in
                    Unmanaged<Box>.fromOpaque(context!).takeUnretainedValue().ranges.append(Int(start)..<Int(end))
                    return 0
                }
            }
        }
        return box.ranges
    }

    @Test("the token ranges found word by word are those of unicode61 over the whole body")
    func tokenRangesAreUnicode61s() throws {
        let queue = try DatabaseQueue()
        var random = Generator(state: 470)
        var bodies: [String] = (0..<300).map { _ in mixedBody(&random) } + (0..<100).map { _ in body(&random) }
        bodies += ["", "   ", "walrus", "море", "a—b", "x_y", "e\u{301}"]
        try queue.read { db in
            let tokenizer = try db.makeTokenizer(
                FTS5TokenizerDescriptor(components: IndexSchema.tokenizer.split(separator: " ").map(String.init)))
            let phrases = try #require(
                SnippetPhrases(try SearchQueryParser.parse("walrus").groups, tokenizer: tokenizer))
            let tokens = UnsafeMutablePointer<SnippetTokens>.allocate(capacity: 1)
            tokens.initialize(to: SnippetTokens(phrases: phrases))
            defer {
                tokens.pointee.deallocate()
                tokens.deinitialize(count: 1)
                tokens.deallocate()
            }
            var asciiTokens = 0
            for body in bodies {
                var text = body
                let ranges = text.withUTF8 { bytes in
                    SnippetTokens.tokenize(bytes, into: tokens, tokenizer: tokenizer)
                    return zip(tokens.pointee.starts, tokens.pointee.ends).map { Int($0)..<Int($1) }
                }
                #expect(ranges == Self.unicode61Ranges(body, tokenizer: tokenizer), "\(body.debugDescription)")
                asciiTokens +=
                    ranges.filter { range in
                        body.utf8.dropFirst(range.lowerBound).prefix(range.count).allSatisfy { $0 < 0x80 }
                    }.count
            }
            #expect(asciiTokens > 1000, "the bodies must hold many ASCII words (\(asciiTokens))")
        }
    }

    /// Code points of many kinds: letters with case in every plane, combining
    /// marks, scripts with vowel signs, separators that are not ASCII,
    /// noncharacters, private use, emoji.
    static let scalarRanges: [ClosedRange<UInt32>] = [
        0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x20...0x2F, 0xA0...0x24F, 0x300...0x36F, 0x370...0x3FF,
        0x400...0x52F, 0x590...0x5FF, 0x600...0x6FF, 0x900...0x97F, 0x980...0x9FF, 0xB80...0xBFF, 0xE00...0xE7F,
        0x10A0...0x10FF, 0x1E00...0x1FFF, 0x2000...0x206F, 0x2100...0x218F, 0x3000...0x30FF, 0x4E00...0x4E7F,
        0xAC00...0xAC7F, 0xE000...0xE00F, 0xFB00...0xFB4F, 0xFE00...0xFE2F, 0xFF00...0xFFEF, 0xFFF0...0xFFFF,
        0x1_0400...0x1_044F, 0x1_D400...0x1_D4FF, 0x1_E900...0x1_E95F, 0x1_F300...0x1_F64F, 0xE_0000...0xE_007F,
        0x0...0x10_FFFF,
    ]

    /// `count` characters from ``scalarRanges`` and, when `invalid`, now and
    /// then bytes that are not UTF-8 (a stray continuation, a cut sequence).
    func scalarBody(_ random: inout Generator, count: Int, invalid: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<count {
            if invalid && random.next(40) == 0 {
                bytes +=
                    [[0x80], [0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80]][
                        random.next(6)]
                continue
            }
            if random.next(4) == 0 {
                bytes.append(0x20)
                continue
            }
            let range = Self.scalarRanges[random.next(Self.scalarRanges.count)]
            let value = range.lowerBound + UInt32(random.next(Int(range.upperBound - range.lowerBound) + 1))
            guard let scalar = Unicode.Scalar(value) else { continue }
            bytes += Array(String(Character(scalar)).utf8)
        }
        return bytes
    }

    /// The tokens unicode61 gives `bytes`, tokenizing them whole: ranges and folded bytes.
    static func unicode61Tokens(_ bytes: [UInt8], tokenizer: any FTS5Tokenizer) -> [(
        range: Range<Int>, folded: [UInt8]
    )] {
        final class Box { var tokens: [(range: Range<Int>, folded: [UInt8])] = [] }
        let box = Box()
        bytes.withUnsafeBufferPointer { buffer in
            _ = buffer.withMemoryRebound(to: CChar.self) { chars in
                tokenizer.tokenize(
                    context: Unmanaged.passUnretained(box).toOpaque(), tokenization: .document,
                    pText: chars.baseAddress, nText: CInt(chars.count)
                ) { context, _, token, count, start, end in
                    let folded = token.map {
                        Array(UnsafeRawBufferPointer(start: $0, count: Int(count)).bindMemory(to: UInt8.self))
                    }
                    Unmanaged<Box>.fromOpaque(context!).takeUnretainedValue().tokens.append(
                        (Int(start)..<Int(end), folded ?? []))
                    return 0
                }
            }
        }
        return box.tokens
    }

    @Test("text of every script, each character learnt from unicode61, is tokenized and folded as unicode61 does")
    func charactersLearntAgreeWithUnicode61() throws {
        let queue = try DatabaseQueue()
        var random = Generator(state: 61)
        try queue.read { db in
            let tokenizer = try db.makeTokenizer(
                FTS5TokenizerDescriptor(components: IndexSchema.tokenizer.split(separator: " ").map(String.init)))
            var phrases = try #require(
                SnippetPhrases(try SearchQueryParser.parse("walrus").groups, tokenizer: tokenizer))
            var compared = 0
            var matches = 0
            var nonASCII = 0
            for round in 0..<600 {
                let body = scalarBody(&random, count: random.next(120), invalid: round % 3 == 0)
                let expected = Self.unicode61Tokens(body, tokenizer: tokenizer)
                // Query tokens taken from the body's own folded tokens (one as a prefix), so they match.
                var queryTokens: [SnippetPhrases.Token] = []
                for k in 0..<min(3, expected.count) {
                    let folded = expected[random.next(expected.count)].folded
                    queryTokens.append(
                        k == 2
                            ? .init(bytes: Array(folded.prefix(1 + random.next(3))), isPrefix: true)
                            : .init(bytes: folded, isPrefix: false))
                }
                if queryTokens.isEmpty { queryTokens = [.init(bytes: Array("walrus".utf8), isPrefix: false)] }
                phrases.tokens = queryTokens
                phrases.phrases = queryTokens.indices.map { [$0] }
                phrases.groups = [Array(queryTokens.indices)]
                let tokens = UnsafeMutablePointer<SnippetTokens>.allocate(capacity: 1)
                tokens.initialize(to: SnippetTokens(phrases: phrases))
                defer {
                    tokens.pointee.deallocate()
                    tokens.deinitialize(count: 1)
                    tokens.deallocate()
                }
                let (ranges, matched) = body.withUnsafeBufferPointer { bytes in
                    SnippetTokens.tokenize(bytes, into: tokens, tokenizer: tokenizer)
                    return (
                        zip(tokens.pointee.starts, tokens.pointee.ends).map { Int($0)..<Int($1) },
                        tokens.pointee.matched.map { [Int($0.position), Int($0.mask)] }
                    )
                }
                var expectedMatched: [[Int]] = []
                for (position, token) in expected.enumerated() {
                    var mask = 0
                    for (id, query) in queryTokens.enumerated()
                    where query.isPrefix ? token.folded.starts(with: query.bytes) : token.folded == query.bytes {
                        mask |= 1 << id
                    }
                    if mask != 0 { expectedMatched.append([position, mask]) }
                    if token.folded.contains(where: { $0 >= 0x80 }) { nonASCII += 1 }
                }
                #expect(ranges == expected.map(\.range), "body \(round): \(body)")
                #expect(matched == expectedMatched, "body \(round): \(body)")
                compared += 1
                matches += expectedMatched.count
            }
            #expect(compared == 600)
            #expect(matches > 1000, "the query tokens must match often for the comparison to mean much (\(matches))")
            #expect(nonASCII > 5000, "the bodies must hold many tokens of other scripts (\(nonASCII))")
        }
    }

    @Test("terms FTS5 searches as CJK bigrams are left to FTS5")
    func cjkLeftToFTS5() throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            let tokenizer = try db.makeTokenizer(
                FTS5TokenizerDescriptor(components: IndexSchema.tokenizer.split(separator: " ").map(String.init)))
            #expect(SnippetPhrases(try SearchQueryParser.parse("東京").groups, tokenizer: tokenizer) == nil)
            #expect(SnippetPhrases(try SearchQueryParser.parse("walrus").groups, tokenizer: tokenizer) != nil)
        }
    }
}
