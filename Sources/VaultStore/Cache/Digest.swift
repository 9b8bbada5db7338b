import VaultCore

/// A 64-bit digest of values fed in order: what a cache is keyed by (stable
/// across processes, unlike `Hasher`). Strings go through
/// ``CacheFile/checksum(_:)``, eight bytes at a time. Not for security.
struct Digest {
    private(set) var value: UInt64 = StableHash.fnvOffset

    mutating func add(_ string: String) {
        var string = string
        mix(string.withUTF8 { CacheFile.checksum(UnsafeRawBufferPointer($0)) })  // the checksum counts the length
    }

    mutating func add(_ number: Int) { mix(UInt64(bitPattern: Int64(number))) }

    private mutating func mix(_ x: UInt64) { value = StableHash.mix(value ^ x) }
}
