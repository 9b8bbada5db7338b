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
        var table = NoteKeyTable()  // starts small: grows many times
        var model: [NoteKey: Int] = [:]
        for (i, k) in random.permutation(keys.count).enumerated() {
            table.set(keys[k], i)
            model[keys[k]] = i
        }
        // Replacements keep the count.
        for k in stride(from: 0, to: keys.count, by: 7) {
            table.set(keys[k], 42)
            model[keys[k]] = 42
        }
        #expect(table.count == model.count)
        #expect(keys.allSatisfy { table[$0] == model[$0] })
        let misses: [NoteKey] = [
            .uuid(1, 2), .uuid(0x0a00_0000_0000_4000, 0x8000_0000_0000_0000 | 3000), .text("note-200"), .uuid(0, 1),
        ]
        #expect(misses.allSatisfy { table[$0] == nil })
        #expect(NoteKeyTable(capacity: 100_000)[.uuid(5, 5)] == nil)
    }
}
