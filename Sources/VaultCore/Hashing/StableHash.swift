/// Hashes that are the same in every process, release and platform (unlike
/// `Hasher`, which is seeded per process): for card ids, scan fingerprints,
/// cache keys and checksums. Not for security.
public enum StableHash {
    /// FNV-1a's 64-bit offset basis.
    public static let fnvOffset: UInt64 = 0xcbf2_9ce4_8422_2325
    /// FNV-1a's 64-bit prime.
    public static let fnvPrime: UInt64 = 0x100_0000_01b3

    /// FNV-1a (64 bits) of `bytes`, continuing from `seed`.
    @inlinable
    public static func fnv1a<Bytes: Sequence>(_ bytes: Bytes, seed: UInt64 = fnvOffset) -> UInt64
    where Bytes.Element == UInt8 {
        var h = seed
        for byte in bytes {
            h ^= UInt64(byte)
            h &*= fnvPrime
        }
        return h
    }

    /// FNV-1a (64 bits) of the UTF-8 bytes of `text` (read in place when
    /// the string holds them contiguously, as native strings do: a scan
    /// hashes 100,000 paths).
    @inlinable
    public static func fnv1a(_ text: String, seed: UInt64 = fnvOffset) -> UInt64 {
        text.utf8.withContiguousStorageIfAvailable { fnv1a($0, seed: seed) } ?? fnv1a(text.utf8, seed: seed)
    }

    /// SplitMix64's output function: a bijection on 64 bits that spreads
    /// every input bit over the whole word (golden-ratio increment, then two
    /// xor-shift-multiply rounds).
    @inlinable
    public static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9e37_79b9_7f4a_7c15
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}

/// SplitMix64: a small seeded generator whose sequence is the same
/// everywhere, for generated test data and reproducible shuffles.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        return StableHash.mix(state &- 0x9e37_79b9_7f4a_7c15)
    }

    /// A number in `0..<bound` (bound > 0).
    public mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// `0..<count` in a random order.
    public mutating func permutation(_ count: Int) -> [Int] {
        var result = Array(0..<count)
        for i in stride(from: count - 1, to: 0, by: -1) { result.swapAt(i, next(i + 1)) }
        return result
    }
}
