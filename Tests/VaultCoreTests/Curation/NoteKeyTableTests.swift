import Foundation
import Testing

@testable import VaultCore

@Suite("Note key table")
struct NoteKeyTableTests {
    /// Random, sequential and clustered UUID keys and text keys, checked
    /// against a dictionary after every kind of insertion.
    @Test("it answers as a dictionary does, through growth, replacements and misses")
    func matchesDictionary() {
        var random = SplitMix(seed: 7)
        var keys: [NoteKey] = []
        for _ in 0..<3000 {
            keys.append(.uuid(UInt64(random.next(Int.max)), UInt64(random.next(Int.max))))
        }
        // Sequential ids, as in the test fixtures.
        for k in 0..<3000 { keys.append(.uuid(0x0a00_0000_0000_4000, 0x8000_0000_0000_0000 | UInt64(k))) }
        for k in 0..<500 { keys.append(.uuid(UInt64(k) << 48, 0)) }  // equal low words, differing high bits
        for k in 0..<200 { keys.append(.text("note-\(k)")) }
        // Keys stored in a shuffled order, each once more later (a second insertion keeps the first position).
        var stored: [NoteKey] = random.permutation(keys.count).map { keys[$0] }
        stored += stride(from: 0, to: keys.count, by: 7).map { keys[$0] }
        var table = NoteKeyTable()  // starts small: grows many times
        var model: [NoteKey: Int] = [:]
        for position in stored.indices {
            let fresh = model[stored[position]] == nil
            let inserted = table.insert(position, of: stored)
            #expect(inserted == fresh)
            if fresh { model[stored[position]] = position }
        }
        #expect(table.count == model.count)
        #expect(keys.allSatisfy { table.position(of: $0, in: stored) == model[$0] })
        let misses: [NoteKey] = [
            .uuid(1, 2), .uuid(0x0a00_0000_0000_4000, 0x8000_0000_0000_0000 | 3000), .text("note-200"), .uuid(0, 1),
        ]
        #expect(misses.allSatisfy { table.position(of: $0, in: stored) == nil })
        #expect(NoteKeyTable(capacity: 100_000).position(of: .uuid(5, 5), in: []) == nil)
    }

    @Test("keys whose 32 bits of hash collide are told apart by the keys themselves")
    func tagCollisions() {
        // Keys equal in the low 32 bits of the hash: with high = 0, low = k << 32 zeroes them.
        let keys: [NoteKey] = (1...64).map { .uuid(0, UInt64($0) << 32) }
        var table = NoteKeyTable(capacity: 4)
        for position in keys.indices {
            let inserted = table.insert(position, of: keys)
            #expect(inserted)
        }
        #expect(keys.indices.allSatisfy { table.position(of: keys[$0], in: keys) == $0 })
        #expect(table.position(of: .uuid(0, 65 << 32), in: keys) == nil)
        #expect(table.count == 64)
    }
}
