import Foundation
import GRDB

/// The tokens of a body as ``BodySnippet`` needs them: each token's byte
/// range, the sentence starts and the tokens matching a query token, found
/// as the index's `unicode61` tokenizer finds them, at less cost.
///
/// `unicode61` classes each character on its own (a token character or a
/// separator) and folds each token on its own, so the text may be cut at
/// any separator without changing its tokens. ASCII letters and digits are
/// token characters, every other ASCII byte a separator, and ASCII folds by
/// case alone: a word of ASCII letters and digits between ASCII separators
/// is one token, handled here in Swift by bytes; the words holding other
/// characters are tokenized here too, character by character, by what
/// `unicode61` makes of each (``Unicode61Characters``, learnt from SQLite's
/// tokenizer). Only a body holding bytes that are not UTF-8, or a character
/// that fits no class, is tokenized the older way: its ASCII words here,
/// the stretches of other words by SQLite's tokenizer, whose offsets are
/// moved by where the stretch starts.
///
/// It lives behind a pointer (``BodySnippet`` allocates it) so the
/// tokenizer's callback reaches it with no reference counting and no
/// exclusivity checks.
struct SnippetTokens {
    /// Byte ranges of the tokens, in order.
    var starts: [Int32] = []
    var ends: [Int32] = []
    /// Positions of sentence starts (FTS5's `fts5SentenceFinderCb`).
    var sentences: [Int32] = []
    /// Positions of tokens matching some query token, with the mask of those tokens.
    var matched: [(position: Int32, mask: UInt64)] = []
    /// The text being tokenized.
    var text = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Where the stretch SQLite is tokenizing starts in ``text``.
    var offset: Int32 = 0

    /// The folded query tokens, one after another in ``queryBytes``.
    private let queryBytes: [UInt8]
    private let query: [(start: Int, count: Int, isPrefix: Bool)]
    /// Whether some query token starts with the byte (all true when one is empty).
    private let firstBytes: [Bool]
    /// What `unicode61` makes of each character, learnt as met.
    let characters = Unicode61Characters()
    /// The first folded bytes of the token being read in ``scan(tokenizer:)``.
    private let fold: UnsafeMutablePointer<UInt8>
    /// How many bytes ``fold`` holds: the longest query token's length.
    private let foldCapacity: Int

    init(phrases: SnippetPhrases) {
        var bytes: [UInt8] = []
        var query: [(start: Int, count: Int, isPrefix: Bool)] = []
        var first = [Bool](repeating: false, count: 256)
        for token in phrases.tokens {
            query.append((bytes.count, token.bytes.count, token.isPrefix))
            bytes += token.bytes
            if let byte = token.bytes.first {
                first[Int(byte)] = true
            } else {
                first = [Bool](repeating: true, count: 256)
            }
        }
        queryBytes = bytes
        self.query = query
        firstBytes = first
        foldCapacity = query.map(\.count).max() ?? 0
        fold = .allocate(capacity: max(foldCapacity, 1))
    }

    /// Frees the character table and the folding buffer (the owner calls this once).
    func deallocate() {
        characters.deallocate()
        fold.deallocate()
    }

    /// ASCII letters and digits: `unicode61`'s token characters below 0x80.
    private static let isAlphanumeric: [Bool] = (0..<128).map { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Tokenizes `body` into `tokens`, replacing what was recorded before.
    /// Static, each access to `tokens` short: SQLite's callback writes
    /// into `tokens` while its tokenizer runs.
    static func tokenize(
        _ body: UnsafeBufferPointer<UInt8>, into tokens: UnsafeMutablePointer<SnippetTokens>,
        tokenizer: any FTS5Tokenizer
    ) {
        tokens.pointee.reset(body)
        guard let base = body.baseAddress, !body.isEmpty else { return }
        if tokens.pointee.scan(tokenizer: tokenizer) { return }
        // Bytes that are not UTF-8, or a character of unknown class: ASCII
        // words here, the stretches between them by SQLite.
        tokens.pointee.reset(body)
        let count = body.count
        isAlphanumeric.withUnsafeBufferPointer { alphanumeric in
            /// Whether `byte` can be part of a token: an ASCII letter or digit, or any byte of another character.
            func isWordByte(_ byte: UInt8) -> Bool { byte >= 0x80 || alphanumeric[Int(byte)] }
            /// The end of the word at `start`, and whether it is all ASCII.
            func word(from start: Int) -> (end: Int, isASCII: Bool) {
                var i = start
                var high: UInt8 = 0
                while i < count, isWordByte(base[i]) {
                    high |= base[i]
                    i += 1
                }
                return (i, high < 0x80)
            }
            var i = 0
            while i < count {
                while i < count, !isWordByte(base[i]) { i += 1 }
                guard i < count else { break }
                let start = i
                let (end, isASCII) = word(from: start)
                if isASCII {
                    tokens.pointee.asciiToken(from: start, to: end)
                    i = end
                    continue
                }
                // A stretch of words with other bytes, up to the next all-ASCII word.
                var stretchEnd = end
                var next = end
                while true {
                    while next < count, !isWordByte(base[next]) { next += 1 }
                    guard next < count else { break }
                    let (wordEnd, wordIsASCII) = word(from: next)
                    if wordIsASCII { break }
                    stretchEnd = wordEnd
                    next = wordEnd
                }
                tokens.pointee.offset = Int32(start)
                _ = UnsafeRawPointer(base + start).withMemoryRebound(to: CChar.self, capacity: stretchEnd - start) {
                    tokenizer.tokenize(
                        context: UnsafeMutableRawPointer(tokens), tokenization: .document, pText: $0,
                        nText: CInt(stretchEnd - start), tokenCallback: snippetTokensToken)
                }
                i = stretchEnd
            }
        }
    }

    /// Tokenizes ``text`` as `unicode61` would, in Swift alone: ASCII
    /// words by bytes, every other character by its entry in
    /// ``characters``. False, with the tokens recorded so far to be thrown
    /// away, when the text holds bytes that are not valid UTF-8 or a
    /// character whose entry is ``Unicode61Characters/Class/unknown``.
    mutating func scan(tokenizer: any FTS5Tokenizer) -> Bool {
        guard let base = text.baseAddress else { return true }
        let count = text.count
        return Self.isAlphanumeric.withUnsafeBufferPointer { alphanumeric in
            var i = 0
            while i < count {
                let byte = base[i]
                if byte < 0x80 {
                    guard alphanumeric[Int(byte)] else {
                        i += 1
                        continue
                    }
                    let start = i
                    i += 1
                    while i < count, base[i] < 0x80, alphanumeric[Int(base[i])] { i += 1 }
                    if i == count || base[i] < 0x80 {
                        asciiToken(from: start, to: i)
                        continue
                    }
                    // The word goes on with other characters.
                    guard let end = token(from: start, ascii: i, alphanumeric: alphanumeric, tokenizer: tokenizer)
                    else { return false }
                    i = end
                    continue
                }
                guard let (scalar, next) = Unicode61Characters.decode(base, at: i, end: count) else { return false }
                switch Unicode61Characters.kind(characters.entry(scalar, tokenizer: tokenizer)) {
                case .token:
                    guard let end = token(from: i, ascii: i, alphanumeric: alphanumeric, tokenizer: tokenizer) else {
                        return false
                    }
                    i = end
                case .diacritic, .separator:
                    i = next
                case .unknown, .unlearnt:
                    return false
                }
            }
            return true
        }
    }

    /// Records the token that starts at `start` with the ASCII letters and
    /// digits up to `ascii` and goes on with any characters: where it ends,
    /// or nil at bytes that are not UTF-8 or a character of unknown class.
    /// Only the first ``foldCapacity`` folded bytes are kept (no query token
    /// is longer), and the folded length.
    private mutating func token(
        from start: Int, ascii: Int, alphanumeric: UnsafeBufferPointer<Bool>, tokenizer: any FTS5Tokenizer
    ) -> Int? {
        guard let base = text.baseAddress else { return nil }
        let count = text.count
        let fold = self.fold
        let capacity = foldCapacity
        var length = 0
        // False once the first folded byte starts no query token: the rest need not be folded.
        var wanted = true
        @inline(__always) func add(_ byte: UInt8) {
            if length == 0 && !firstBytes[Int(byte)] { wanted = false }
            if length < capacity { fold[length] = byte }
            length += 1
        }
        var i = start
        while i < ascii && wanted {
            var byte = base[i]
            if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
            add(byte)
            i += 1
        }
        i = ascii
        reading: while i < count {
            let byte = base[i]
            if byte < 0x80 {
                guard alphanumeric[Int(byte)] else { break }
                if wanted { add(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
                i += 1
                continue
            }
            guard let (scalar, next) = Unicode61Characters.decode(base, at: i, end: count) else { return nil }
            let entry = characters.entry(scalar, tokenizer: tokenizer)
            switch Unicode61Characters.kind(entry) {
            case .token, .diacritic:
                var (folded, bytes) = (Unicode61Characters.folded(entry).count, UInt32(truncatingIfNeeded: entry))
                while wanted && folded > 0 {
                    add(UInt8(truncatingIfNeeded: bytes))
                    bytes >>= 8
                    folded -= 1
                }
                i = next
            case .separator:
                break reading
            case .unknown, .unlearnt:
                return nil
            }
        }
        var mask: UInt64 = 0
        if wanted {
            mask = matches(length: length) { fold[$0] }
        }
        record(start: Int32(start), end: Int32(i), mask: mask)
        return i
    }

    /// False when no token of `window` can match a query token, found
    /// without tokenizing it: the window is all ASCII (its tokens are then
    /// its ASCII words, folded by case alone, so a query token with other
    /// bytes matches none) and holds none of the ASCII query tokens, in any
    /// case, anywhere (a word equal to one, or starting with a prefix, holds
    /// it). True otherwise, when the window must be tokenized to know.
    func mayMatch(_ window: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = window.baseAddress, !window.isEmpty else { return true }
        var ascii: [(start: Int, count: Int)] = []
        for token in query {
            if token.count == 0 { return true }
            if queryBytes[token.start..<token.start + token.count].allSatisfy({ $0 < 0x80 }) {
                ascii.append((token.start, token.count))
            }
        }
        let count = window.count
        // All ASCII: no byte has its high bit set, eight at a time.
        var high: UInt64 = 0
        var i = 0
        while i + 8 <= count {
            high |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            i += 8
        }
        while i < count {
            high |= UInt64(base[i])
            i += 1
        }
        if high & 0x8080_8080_8080_8080 != 0 { return true }
        return queryBytes.withUnsafeBufferPointer { queryBytes in
            for token in ascii where token.count <= count {
                let first = queryBytes[token.start]
                var at = 0
                while at + token.count <= count {
                    var byte = base[at]
                    if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                    if byte == first {
                        var k = 1
                        while k < token.count {
                            var b = base[at + k]
                            if b >= 0x41 && b <= 0x5A { b |= 0x20 }
                            if b != queryBytes[token.start + k] { break }
                            k += 1
                        }
                        if k == token.count { return true }
                    }
                    at += 1
                }
            }
            return false
        }
    }

    /// Forgets the tokens recorded, keeping the memory, to tokenize `body`.
    private mutating func reset(_ body: UnsafeBufferPointer<UInt8>) {
        starts.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        sentences.removeAll(keepingCapacity: true)
        matched.removeAll(keepingCapacity: true)
        text = body
        offset = 0
    }

    /// Records the ASCII word `start..<end`, folded by case.
    private mutating func asciiToken(from start: Int, to end: Int) {
        var mask: UInt64 = 0
        let length = end - start
        var first = text[start]
        if first >= 0x41 && first <= 0x5A { first |= 0x20 }
        if firstBytes[Int(first)] {
            mask = matches(length: length) { text[start + $0] }
        }
        record(start: Int32(start), end: Int32(end), mask: mask)
    }

    /// Records a token SQLite found, `folded`, at `start..<end` of the stretch.
    mutating func sqliteToken(_ folded: UnsafeBufferPointer<UInt8>, start: Int32, end: Int32) {
        var mask: UInt64 = 0
        if folded.isEmpty || firstBytes[Int(folded[0])] {
            mask = matches(length: folded.count) { folded[$0] }
        }
        record(start: start + offset, end: end + offset, mask: mask)
    }

    /// The bit mask of the query tokens that a body token of `length`
    /// bytes matches, its folded bytes given by `byte` (ASCII case folded here).
    private func matches(length: Int, byte: (Int) -> UInt8) -> UInt64 {
        var mask: UInt64 = 0
        for (id, token) in query.enumerated() {
            guard token.isPrefix ? length >= token.count : length == token.count else { continue }
            var k = 0
            while k < token.count {
                var b = byte(k)
                if b >= 0x41 && b <= 0x5A { b |= 0x20 }
                if b != queryBytes[token.start + k] { break }
                k += 1
            }
            if k == token.count { mask |= 1 << UInt64(id) }
        }
        return mask
    }

    /// Appends the token at `start..<end`, a sentence start when it follows
    /// white space after '.' or ':' (or is the first).
    private mutating func record(start: Int32, end: Int32, mask: UInt64) {
        let position = Int32(starts.count)
        if position == 0 {
            sentences.append(0)
        } else {
            var i = Int(start) - 1
            var c: UInt8 = 0
            while i >= 0 {
                c = text[i]
                if c != 0x20 && c != 0x09 && c != 0x0A && c != 0x0D { break }
                i -= 1
            }
            if i != Int(start) - 1 && (c == 0x2E || c == 0x3A) { sentences.append(position) }
        }
        starts.append(start)
        ends.append(end)
        if mask != 0 { matched.append((position, mask)) }
    }
}

/// The tokenizer's callback: hands each token to the ``SnippetTokens`` in `context`.
private func snippetTokensToken(
    _ context: UnsafeMutableRawPointer?, _ flags: CInt, _ token: UnsafePointer<CChar>?, _ count: CInt,
    _ start: CInt, _ end: CInt
) -> CInt {
    guard let context else { return 0 }
    let tokens = context.assumingMemoryBound(to: SnippetTokens.self)
    let bytes = UnsafeBufferPointer(
        start: token.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }, count: Int(count))
    tokens.pointee.sqliteToken(bytes, start: start, end: end)
    return 0
}
