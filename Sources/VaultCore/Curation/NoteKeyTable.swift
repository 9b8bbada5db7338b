/// A map from ``NoteKey`` to its position in an array of keys the caller
/// keeps (`keys[position] == key`), for the curation state's one look-up per
/// note.
///
/// UUID keys, nearly all of them, live in an open-addressing table probed
/// linearly: the slot is found from the 128 bits by one multiplication, with
/// no `Hasher` set up per look-up, and a look-up usually reads one cache
/// line. Text keys go to an ordinary dictionary. Faster than `[NoteKey: Int]`
/// by about half on 100,000 notes, which the board looks up each run.
///
/// A slot holds 32 bits of the key's hash and the position, 8 bytes, not the
/// key again: a key whose bits match is compared with the caller's
/// `keys[position]`. At 100,000 notes the table is 2 MB, where slots of the
/// whole key took 6.3 MB (`vault serve` keeps the curation state).
package struct NoteKeyTable: Sendable {
    /// Each slot: the low 32 bits of the key's hash, then the position + 1 (0: empty).
    private var slots: [UInt64]
    /// `slots.count - 1`; the count is a power of two.
    private var mask: Int
    private var shift: UInt64
    private var uuids = 0
    private var texts: [String: Int32] = [:]

    /// An empty table with room for `capacity` keys before it grows.
    package init(capacity: Int = 0) {
        var bits: UInt64 = 4
        while (1 << bits) * 7 / 10 < capacity { bits += 1 }
        slots = [UInt64](repeating: 0, count: 1 << bits)
        mask = (1 << Int(bits)) - 1
        shift = 64 - bits
    }

    /// The number of keys.
    package var count: Int { uuids + texts.count }

    /// The position of `key` in `keys`, the array whose positions were
    /// inserted (``insert(_:of:)``), if it was.
    package func position(of key: NoteKey, in keys: [NoteKey]) -> Int? {
        switch key {
        case .uuid(let high, let low):
            let hash = Self.hash(high, low)
            let tag = hash & 0xFFFF_FFFF
            return slots.withUnsafeBufferPointer { slots in
                var i = Int(truncatingIfNeeded: hash >> shift)
                while true {
                    let slot = slots[i]
                    if slot == 0 { return nil }
                    if slot >> 32 == tag {
                        let position = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                        if case .uuid(high, low) = keys[position] { return position }
                    }
                    i = (i + 1) & mask
                }
            }
        case .text(let text):
            return texts[text].map(Int.init)
        }
    }

    /// Stores `position` (0 ≤ position < `Int32.max`) for the key
    /// `keys[position]`, unless that key is stored already; true when it was not.
    @discardableResult
    package mutating func insert(_ position: Int, of keys: [NoteKey]) -> Bool {
        precondition(position >= 0 && position < Int(Int32.max))
        switch keys[position] {
        case .uuid(let high, let low):
            if (uuids + 1) * 10 > slots.count * 7 { grow(keys) }
            guard place(high, low, position, keys) else { return false }
            uuids += 1
            return true
        case .text(let text):
            guard texts[text] == nil else { return false }
            texts[text] = Int32(position)
            return true
        }
    }

    /// A multiplicative hash of the 128 bits: the slot from its top bits, the tag from its low 32.
    private static func hash(_ high: UInt64, _ low: UInt64) -> UInt64 {
        (high ^ (low &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
    }

    /// Puts a UUID key's position in its slot; false when the key was there already.
    private mutating func place(_ high: UInt64, _ low: UInt64, _ position: Int, _ keys: [NoteKey]) -> Bool {
        let hash = Self.hash(high, low)
        let tag = hash & 0xFFFF_FFFF
        var i = Int(truncatingIfNeeded: hash >> shift)
        while slots[i] != 0 {
            if slots[i] >> 32 == tag, case .uuid(high, low) = keys[Int(truncatingIfNeeded: slots[i] & 0xFFFF_FFFF) - 1] {
                return false
            }
            i = (i + 1) & mask
        }
        slots[i] = tag << 32 | UInt64(position + 1)
        return true
    }

    private mutating func grow(_ keys: [NoteKey]) {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        shift -= 1
        for slot in old where slot != 0 {
            let position = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
            guard case .uuid(let high, let low) = keys[position] else { continue }
            _ = place(high, low, position, keys)
        }
    }
}
