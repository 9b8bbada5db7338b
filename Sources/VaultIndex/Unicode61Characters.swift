import Foundation
import GRDB

/// What SQLite's `unicode61` tokenizer (as the index configures it) makes
/// of each character, learnt from the tokenizer itself one character at a
/// time and kept, so a body's text of other scripts is tokenized in Swift
/// by table lookups (``SnippetTokens``) instead of by SQLite.
///
/// `unicode61` reads its text one character at a time and decides from that
/// character alone: a token character starts or continues a token, a
/// diacritic (a combining mark) only continues one, anything else ends it;
/// and each character of a token is folded on its own (case, and with
/// `remove_diacritics` its accents) into at most one character, or dropped.
/// So each character's class and folded bytes are asked of the tokenizer
/// once (``entry(_:tokenizer:)``: the character alone, then after an `a`),
/// and a text of valid characters is then tokenized exactly as `unicode61`
/// would. A character whose answer does not fit that model is marked
/// ``Class/unknown``, and the stretch holding it is left to SQLite.
///
/// The table covers every code point, allocated zeroed (only the pages of
/// the scripts met are ever touched); a table belongs to one thread.
struct Unicode61Characters {
    /// A character's part in a token.
    enum Class: UInt64 {
        /// Not learnt yet (a zero entry).
        case unlearnt = 0
        /// Starts or continues a token.
        case token = 1
        /// Continues a token, never starts one (a combining mark).
        case diacritic = 2
        /// Ends a token.
        case separator = 3
        /// The tokenizer's answer did not fit the model: let SQLite tokenize.
        case unknown = 4
    }

    /// One entry per code point: the class in bits 40-42, the folded bytes'
    /// count in bits 32-34, the folded bytes (at most 4) in bits 0-31.
    private let entries: UnsafeMutablePointer<UInt64>
    private static let count = 0x11_0000

    init() {
        entries = calloc(Self.count, MemoryLayout<UInt64>.stride)!.assumingMemoryBound(to: UInt64.self)
    }

    /// Frees the table (its owner calls this once).
    func deallocate() { free(entries) }

    /// The class of `entry`.
    @inline(__always)
    static func kind(_ entry: UInt64) -> Class { Class(rawValue: (entry >> 40) & 7) ?? .unknown }

    /// The folded bytes of `entry`, appended to `out`.
    @inline(__always)
    static func appendFolded(_ entry: UInt64, to out: inout [UInt8]) {
        var count = Int((entry >> 32) & 7)
        var bytes = UInt32(truncatingIfNeeded: entry)
        while count > 0 {
            out.append(UInt8(truncatingIfNeeded: bytes))
            bytes >>= 8
            count -= 1
        }
    }

    /// The number of folded bytes of `entry`, and the first of them.
    @inline(__always)
    static func folded(_ entry: UInt64) -> (count: Int, first: UInt8) {
        (Int((entry >> 32) & 7), UInt8(truncatingIfNeeded: entry))
    }

    /// The entry of the valid Unicode scalar `scalar`, learnt from `tokenizer` the first time.
    @inline(__always)
    func entry(_ scalar: UInt32, tokenizer: any FTS5Tokenizer) -> UInt64 {
        let known = entries[Int(scalar)]
        if known != 0 { return known }
        let learnt = Self.learn(scalar, tokenizer: tokenizer)
        entries[Int(scalar)] = learnt
        return learnt
    }

    /// Asks `tokenizer` what it makes of `scalar`: alone (one token of the
    /// whole character: a token character, its folded bytes the token's),
    /// then after `a` (one token of both: a diacritic; `a` alone: a separator).
    static func learn(_ scalar: UInt32, tokenizer: any FTS5Tokenizer) -> UInt64 {
        guard let unicode = Unicode.Scalar(scalar) else { return encode(.unknown, folded: []) }
        let bytes = Array(String(Character(unicode)).utf8)
        let alone = tokens(bytes, tokenizer: tokenizer)
        if alone.count == 1, alone[0].start == 0, alone[0].end == bytes.count {
            return encode(.token, folded: alone[0].folded)
        }
        guard alone.isEmpty else { return encode(.unknown, folded: []) }
        let after = tokens([0x61] + bytes, tokenizer: tokenizer)
        if after.count == 1, after[0].start == 0, after[0].end == 1 + bytes.count, after[0].folded.first == 0x61 {
            return encode(.diacritic, folded: Array(after[0].folded.dropFirst()))
        }
        if after.count == 1, after[0].start == 0, after[0].end == 1, after[0].folded == [0x61] {
            return encode(.separator, folded: [])
        }
        return encode(.unknown, folded: [])
    }

    private static func encode(_ kind: Class, folded: [UInt8]) -> UInt64 {
        guard folded.count <= 4 else { return Class.unknown.rawValue << 40 }
        var bytes: UInt64 = 0
        for (i, byte) in folded.enumerated() { bytes |= UInt64(byte) << UInt64(8 * i) }
        return kind.rawValue << 40 | UInt64(folded.count) << 32 | bytes
    }

    /// The tokens `tokenizer` finds in `bytes`: ranges and folded bytes.
    private static func tokens(_ bytes: [UInt8], tokenizer: any FTS5Tokenizer) -> [(
        start: Int, end: Int, folded: [UInt8]
    )] {
        final class Found { var tokens: [(start: Int, end: Int, folded: [UInt8])] = [] }
        let found = Found()
        bytes.withUnsafeBufferPointer { buffer in
            _ = buffer.withMemoryRebound(to: CChar.self) { chars in
                tokenizer.tokenize(
                    context: Unmanaged.passUnretained(found).toOpaque(), tokenization: .document,
                    pText: chars.baseAddress, nText: CInt(chars.count)
                ) { context, _, token, count, start, end in
                    let folded = token.map {
                        Array(UnsafeRawBufferPointer(start: $0, count: Int(count)).bindMemory(to: UInt8.self))
                    }
                    Unmanaged<Found>.fromOpaque(context!).takeUnretainedValue().tokens.append(
                        (Int(start), Int(end), folded ?? []))
                    return 0
                }
            }
        }
        return found.tokens
    }

    /// The valid UTF-8 character at `i` of `text` (before `end`): its scalar
    /// and where the next one starts; nil for bytes that are not one
    /// (SQLite reads those its own way).
    @inline(__always)
    static func decode(_ text: UnsafePointer<UInt8>, at i: Int, end: Int) -> (scalar: UInt32, next: Int)? {
        let b0 = UInt32(text[i])
        if b0 < 0x80 { return (b0, i + 1) }
        @inline(__always) func continuation(_ k: Int) -> UInt32? {
            guard k < end else { return nil }
            let byte = text[k]
            return byte & 0xC0 == 0x80 ? UInt32(byte & 0x3F) : nil
        }
        if b0 >= 0xC2 && b0 <= 0xDF {
            guard let b1 = continuation(i + 1) else { return nil }
            return ((b0 & 0x1F) << 6 | b1, i + 2)
        }
        if b0 >= 0xE0 && b0 <= 0xEF {
            guard let b1 = continuation(i + 1), let b2 = continuation(i + 2) else { return nil }
            let scalar = (b0 & 0x0F) << 12 | b1 << 6 | b2
            guard scalar >= 0x800, scalar & 0xFFFF_F800 != 0xD800 else { return nil }
            return (scalar, i + 3)
        }
        if b0 >= 0xF0 && b0 <= 0xF4 {
            guard let b1 = continuation(i + 1), let b2 = continuation(i + 2), let b3 = continuation(i + 3) else {
                return nil
            }
            let scalar = (b0 & 0x07) << 18 | b1 << 12 | b2 << 6 | b3
            guard scalar >= 0x1_0000, scalar <= 0x10_FFFF else { return nil }
            return (scalar, i + 4)
        }
        return nil
    }
}
