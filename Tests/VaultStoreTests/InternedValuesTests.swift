import Foundation
import Testing

@testable import VaultStore

@Suite("Interned values")
struct InternedValuesTests {
    /// `body` with the UTF-8 bytes of `text`.
    func withBytes<T>(_ text: String, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        Array(text.utf8).withUnsafeBytes(body)
    }

    @Test("a value is found again by equal bytes only, even when another's hash is the same")
    func foundByBytes() {
        var table = InternedValues<Int>()
        withBytes("a source of some length") { table.keep(1, for: $0, hash: 7) }
        withBytes("another source, same hash") { table.keep(2, for: $0, hash: 7) }
        #expect(withBytes("a source of some length") { table.value(for: $0, hash: 7) } == 1)
        #expect(withBytes("another source, same hash") { table.value(for: $0, hash: 7) } == 2)
        #expect(withBytes("a source of some lengtH") { table.value(for: $0, hash: 7) } == nil)
        #expect(withBytes("a source of some length") { table.value(for: $0, hash: 8) } == nil)
        #expect(withBytes("") { table.value(for: $0, hash: 7) } == nil)
    }

    @Test("the table keeps at most its limit, growing as it fills, and finds every value it kept")
    func bounded() {
        var table = InternedValues<Int>()
        let count = InternedValues<Int>.limit + 100
        for i in 0..<count {
            withBytes("value number \(i)") { table.keep(i, for: $0, hash: InternedValues<Int>.hash($0)) }
        }
        for i in [0, 1, 2047, InternedValues<Int>.limit - 1] {
            #expect(withBytes("value number \(i)") { table.value(for: $0, hash: InternedValues<Int>.hash($0)) } == i)
        }
        let past = InternedValues<Int>.limit
        #expect(withBytes("value number \(past)") { table.value(for: $0, hash: InternedValues<Int>.hash($0)) } == nil)
    }

    @Test("a table that finds too few repeats stops being asked; one that finds them goes on")
    func notWorthIt() {
        let trial = InternedValues<Int>.trialLookups
        var unique = InternedValues<Int>()
        var repeated = InternedValues<Int>()
        for i in 0..<trial {
            withBytes("unique value \(i)") { bytes in
                let hash = InternedValues<Int>.hash(bytes)
                if unique.value(for: bytes, hash: hash) == nil { unique.keep(i, for: bytes, hash: hash) }
            }
            withBytes("repeated value \(i % 4)") { bytes in
                let hash = InternedValues<Int>.hash(bytes)
                if repeated.value(for: bytes, hash: hash) == nil { repeated.keep(i, for: bytes, hash: hash) }
            }
            // Decided only after the trial.
            #expect(unique.isWorthLookingUp == (i + 1 < trial))
        }
        #expect(!unique.isWorthLookingUp)
        #expect(repeated.isWorthLookingUp)
    }
}
