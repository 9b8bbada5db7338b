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
    static func parseUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        guard bytes.count == 36 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        var digit = 0
        for i in 0..<36 {
            let byte = bytes[i]
            if i == 8 || i == 13 || i == 18 || i == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte &- UInt8(ascii: "A") &+ 10
            default: return nil
            }
            if digit < 16 {
                words.0 = words.0 << 4 | UInt64(value)
            } else {
                words.1 = words.1 << 4 | UInt64(value)
            }
            digit += 1
        }
        return words
    }

    /// `id` in lowercase, without allocating when it already is (ids usually are).
    static func lowercase(_ id: String) -> String {
        id.utf8.contains(where: { $0 >= 65 && $0 <= 90 }) || !id.utf8.allSatisfy({ $0 < 128 }) ? id.lowercased() : id
    }
}
