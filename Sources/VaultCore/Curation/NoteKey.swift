/// How the curation state knows a note: by its id, in any case.
///
/// An id in the canonical UUID form (`8-4-4-4-12` hex digits, what `vault`
/// writes) is kept as its 128 bits: comparing and hashing two integers
/// costs nothing next to reading a 36-byte string from cold memory, and the
/// board matches 100,000 notes to their decisions this way. Any other id is
/// kept as text, lowercased. The two forms never describe the same id, so
/// equal keys mean equal ids, exactly.
public enum NoteKey: Hashable, Sendable {
    case uuid(UInt64, UInt64)
    case text(String)

    /// The key of the note id `id` (any case).
    public init(id: String) {
        var copy = id
        if let (high, low) = copy.withUTF8(Self.parseUUID) {
            self = .uuid(high, low)
            return
        }
        var lower = Self.lowercase(id)  // one that only lowercasing makes a UUID is still one
        if let (high, low) = lower.withUTF8(Self.parseUUID) {
            self = .uuid(high, low)
        } else {
            self = .text(lower)
        }
    }

    /// The id, lowercased.
    public var text: String {
        switch self {
        case .text(let text):
            return text
        case .uuid(let high, let low):
            return String(unsafeUninitializedCapacity: 36) { buffer in
                var out = 0
                for k in 0..<32 {
                    if k == 8 || k == 12 || k == 16 || k == 20 {
                        buffer[out] = UInt8(ascii: "-")
                        out += 1
                    }
                    let word = k < 16 ? high : low
                    let nibble = UInt8(truncatingIfNeeded: word >> UInt64(60 - 4 * (k % 16))) & 0xF
                    buffer[out] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
                    out += 1
                }
                return out
            }
        }
    }

    /// The 128 bits of a canonical UUID, or nil for any other text.
    /// Without a branch per digit: digits and letters come in random
    /// order, so a branch on which one it is would be mispredicted often.
    static func parseUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        let dash = UInt8(ascii: "-")
        guard bytes.count == 36, bytes[8] == dash, bytes[13] == dash, bytes[18] == dash, bytes[23] == dash else {
            return nil
        }
        var words: (UInt64, UInt64) = (0, 0)
        var invalid: UInt8 = 0
        var digit = 0
        for i in 0..<36 where i != 8 && i != 13 && i != 18 && i != 23 {
            let byte = bytes[i]
            let decimal = byte &- UInt8(ascii: "0")  // 0...9 for a digit
            let letter = (byte | 0x20) &- UInt8(ascii: "a")  // 0...5 for a-f or A-F
            let isDecimal = decimal < 10
            invalid |= (isDecimal || letter < 6) ? 0 : 1
            let value = UInt64(isDecimal ? decimal : letter &+ 10)
            if digit < 16 {
                words.0 = words.0 << 4 | value
            } else {
                words.1 = words.1 << 4 | value
            }
            digit += 1
        }
        return invalid == 0 ? words : nil
    }

    /// `id` in lowercase, without allocating when it already is (ids usually are).
    static func lowercase(_ id: String) -> String {
        id.utf8.contains(where: { $0 >= 65 && $0 <= 90 }) || !id.utf8.allSatisfy({ $0 < 128 }) ? id.lowercased() : id
    }
}
