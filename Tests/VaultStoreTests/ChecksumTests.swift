import Foundation
import Testing

@testable import VaultStore

@Suite("Cache checksum")
struct ChecksumTests {
    /// Bytes that are the same on every run.
    static func bytes(_ count: Int) -> [UInt8] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    @Test("fed in pieces of any sizes, the checksum is that of the bytes in one piece")
    func pieces() {
        let all = Self.bytes(1000)
        let whole = all.withUnsafeBytes { CacheFile.checksum($0) }
        for cuts in [[0], [1], [15], [16], [17], [3, 5, 7], [16, 32, 48], [999], [1, 2, 3, 4, 5, 600], [0, 0, 500]] {
            var sum = Checksum()
            var start = 0
            for cut in cuts + [all.count] {
                all[start..<max(start, cut)].withUnsafeBytes { sum.add($0) }
                start = max(start, cut)
            }
            #expect(sum.value == whole, "cut at \(cuts)")
        }
    }

    @Test("any one byte changed, or one more or fewer byte, changes the checksum")
    func catchesChanges() {
        let all = Self.bytes(100)
        let whole = all.withUnsafeBytes { CacheFile.checksum($0) }
        for k in all.indices {
            var changed = all
            changed[k] ^= 1
            #expect(changed.withUnsafeBytes { CacheFile.checksum($0) } != whole)
        }
        #expect(all.dropLast().withUnsafeBytes { CacheFile.checksum($0) } != whole)
        #expect((all + [0]).withUnsafeBytes { CacheFile.checksum($0) } != whole)
    }

    @Test("a catalog written in parts reads back as the one written whole")
    func partsWritten() throws {
        let dir = TempFolder()
        let file = CacheFile(url: dir.url.appendingPathComponent("x.bin"), magic: Array("testtest".utf8), version: 1)
        let all = Self.bytes(5000)
        #expect(file.write(parts: [Array(all[..<7]), [], Array(all[7..<4000]), Array(all[4000...])]))
        #expect(file.withPayload { Array($0) } == all)
    }
}
