/// A map from ``NoteKey`` to a position (a non-negative `Int32`), for the
/// curation state's one look-up per note.
///
/// UUID keys, nearly all of them, live in an open-addressing table probed
/// linearly: the slot is found from the 128 bits by one multiplication, with
/// no `Hasher` set up per look-up, and a look-up usually reads one cache
/// line. Text keys go to an ordinary dictionary. Faster than `[NoteKey: Int]`
/// by about half on 100,000 notes, which the board looks up each run.
package struct NoteKeyTable: Sendable {
    private struct Slot {
        var high: UInt64
        var low: UInt64
        /// -1: empty.
        var value: Int32
    }

    private var slots: [Slot]
    /// `slots.count - 1`; the count is a power of two.
    private var mask: Int
    private var shift: UInt64
    private var uuids = 0
    private var texts: [String: Int32] = [:]

    /// An empty table with room for `capacity` keys before it grows.
    package init(capacity: Int = 0) {
        var bits: UInt64 = 4
        while (1 << bits) * 7 / 10 < capacity { bits += 1 }
        slots = [Slot](repeating: Slot(high: 0, low: 0, value: -1), count: 1 << bits)
        mask = (1 << Int(bits)) - 1
        shift = 64 - bits
    }

    /// The number of keys.
    package var count: Int { uuids + texts.count }

    /// The position stored for `key`, if any.
    package subscript(key: NoteKey) -> Int? {
        switch key {
        case .uuid(let high, let low):
            return slots.withUnsafeBufferPointer { slots in
                var i = index(high, low)
                while true {
                    let slot = slots[i]
                    if slot.value < 0 { return nil }
                    if slot.high == high && slot.low == low { return Int(slot.value) }
                    i = (i + 1) & mask
                }
            }
        case .text(let text):
            return texts[text].map(Int.init)
        }
    }

    /// Stores `value` (0 ≤ value ≤ `Int32.max`) for `key`, replacing any it had.
    package mutating func set(_ key: NoteKey, _ value: Int) {
        precondition(value >= 0 && value <= Int(Int32.max))
        switch key {
        case .uuid(let high, let low):
            if (uuids + 1) * 10 > slots.count * 7 { grow() }
            if insert(high, low, Int32(value)) { uuids += 1 }
        case .text(let text):
            texts[text] = Int32(value)
        }
    }

    /// The slot a key's probe starts at: the top bits of a multiplicative hash.
    private func index(_ high: UInt64, _ low: UInt64) -> Int {
        Int(truncatingIfNeeded: ((high ^ (low &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> shift)
    }

    /// Puts a UUID key in its slot; true when it was not there before.
    private mutating func insert(_ high: UInt64, _ low: UInt64, _ value: Int32) -> Bool {
        var i = index(high, low)
        while slots[i].value >= 0 {
            if slots[i].high == high && slots[i].low == low {
                slots[i].value = value
                return false
            }
            i = (i + 1) & mask
        }
        slots[i] = Slot(high: high, low: low, value: value)
        return true
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(high: 0, low: 0, value: -1), count: old.count * 2)
        mask = slots.count - 1
        shift -= 1
        for slot in old where slot.value >= 0 { _ = insert(slot.high, slot.low, slot.value) }
    }
}
