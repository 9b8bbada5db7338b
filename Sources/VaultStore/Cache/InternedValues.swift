import Foundation
import VaultCore

/// Values a decoder made, found again by the bytes they were decoded from:
/// a vault's notes repeat their sources, categories and tag lists, and each
/// string of more than 15 bytes (Swift keeps shorter ones inline) and each
/// non-empty list is a heap block of its own. Decoded once per chunk of the
/// catalog, a source named on 8,000 notes of 100,000 is 25 strings, not 8,000.
///
/// An open-addressing table of the byte strings seen, holding at most
/// ``limit`` values (a chunk of unique titles fills it and stops growing).
struct InternedValues<Value> {
    /// Each slot: the index of an entry + 1 (0: empty). A power of two long.
    private var slots = [Int32](repeating: 0, count: 64)
    private var hashes: [UInt64] = []
    /// Where each entry's key is in ``keys``.
    private var starts: [Int] = []
    private var keys: [UInt8] = []
    private var values: [Value] = []

    /// The most values kept.
    static var limit: Int { 4096 }

    /// The value decoded from `bytes` before, if one was kept.
    func value(for bytes: UnsafeRawBufferPointer, hash: UInt64) -> Value? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if hashes[entry] == hash, equal(entry, bytes) { return values[entry] }
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

    /// FNV-1a of `bytes`, what the table is keyed by.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 { StableHash.fnv1a(bytes) }

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
