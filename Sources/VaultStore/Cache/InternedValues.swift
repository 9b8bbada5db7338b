import Foundation

/// Values a decoder made, found again by the bytes they were decoded from:
/// a vault's notes repeat their sources, categories and tag lists, and each
/// string of more than 15 bytes (Swift keeps shorter ones inline) and each
/// non-empty list is a heap block of its own. Decoded once per chunk of the
/// catalog, a source named on 8,000 notes of 100,000 is 25 strings, not 8,000.
///
/// An open-addressing table of the byte strings seen, holding at most
/// ``limit`` values; values that do not repeat fill it and then stop being
/// looked up (``isWorthLookingUp``).
struct InternedValues<Value> {
    /// Each slot: the index of an entry + 1 (0: empty). A power of two long.
    private var slots = [Int32](repeating: 0, count: 64)
    private var hashes: [UInt64] = []
    /// Where each entry's key is in ``keys``.
    private var starts: [Int] = []
    private var keys: [UInt8] = []
    private var values: [Value] = []

    private var lookups = 0
    private var hits = 0

    /// The most values kept.
    static var limit: Int { 4096 }

    /// False once the table was asked ``trialLookups`` times and found
    /// fewer than one value in eight: the values do not repeat (a generated
    /// vault's tag lists, every one different), and the decoder then makes
    /// them without hashing and looking up. At 100,000 such notes the
    /// lookups cost the catalog's read more than they saved.
    var isWorthLookingUp: Bool { lookups < Self.trialLookups || hits &* 8 >= lookups }

    /// How many lookups decide ``isWorthLookingUp``.
    static var trialLookups: Int { 512 }

    /// The value decoded from `bytes` before, if one was kept.
    mutating func value(for bytes: UnsafeRawBufferPointer, hash: UInt64) -> Value? {
        lookups &+= 1
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if hashes[entry] == hash, equal(entry, bytes) {
                hits &+= 1
                return values[entry]
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Keeps `value`, decoded from `bytes` (not found by ``value(for:hash:)``), unless the table is full.
    mutating func keep(_ value: Value, for bytes: UnsafeRawBufferPointer, hash: UInt64) {
        guard values.count < Self.limit else { return }
        if (values.count + 1) * 2 > slots.count { grow() }
        let entry = values.count
        hashes.append(hash)
        starts.append(keys.count)
        keys.append(contentsOf: bytes)
        values.append(value)
        place(entry)
    }

    /// What the table is keyed by: `bytes` mixed eight at a time (a
    /// multiply and a shift per word), cheaper than FNV-1a's byte at a
    /// time in the catalog's read; only this process's memory keeps it.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
        var i = 0
        while i + 8 <= count {
            h = (h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 29
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < count {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 32)
    }

    private func equal(_ entry: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let start = starts[entry]
        let end = entry + 1 < starts.count ? starts[entry + 1] : keys.count
        guard end - start == bytes.count else { return false }
        return keys.withUnsafeBytes { stored in
            bytes.isEmpty || memcmp(stored.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0
        }
    }

    private mutating func place(_ entry: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hashes[entry]) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry + 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for entry in values.indices { place(entry) }
    }
}

/// What the catalog's decoder interns, one table for each kind of value.
struct CatalogInterning {
    /// Categories, sources, source types, decks.
    var strings = InternedValues<String>()
    /// Tag lists and alias lists, by the bytes of the whole list.
    var lists = InternedValues<[String]>()
}
