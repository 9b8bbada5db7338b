/// A 64-bit FNV-1a digest of values fed in order: what a cache is keyed by
/// (stable across processes, unlike `Hasher`). Not for security.
struct Digest {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ string: String) {
        for byte in string.utf8 {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
        add(string.utf8.count)  // so that ("ab", "c") and ("a", "bc") differ
    }

    mutating func add(_ number: Int) {
        var n = UInt64(bitPattern: Int64(number))
        for _ in 0..<8 {
            value ^= n & 0xff
            value &*= 0x100_0000_01b3
            n >>= 8
        }
    }
}
