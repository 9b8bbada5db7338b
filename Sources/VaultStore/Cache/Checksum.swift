import VaultCore

/// The 64-bit checksum of every cache file (``CacheFile/checksum(_:)``),
/// fed its bytes in pieces: a file written from several buffers is summed
/// without first copying them into one.
///
/// Two lanes of 8-byte words, each step a bijection (xor, odd multiply,
/// xor-shift), so any change to one word is always caught and random damage
/// is missed with odds of 2^-64. It runs over 20 MB in a few milliseconds,
/// where byte-wise FNV-1a takes 40. The bytes after the last whole 16-byte
/// block are folded in one at a time, then the length.
struct Checksum {
    private var a: UInt64 = 0x243F_6A88_85A3_08D3
    private var b: UInt64 = 0x1319_8A2E_0370_7344
    private var count = 0
    /// The bytes of a block not yet complete (`count % 16` of them).
    private var pending: (UInt64, UInt64) = (0, 0)

    /// Adds `bytes` after those added so far.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var i = 0
        // Complete a block begun by the last piece.
        while count % 16 != 0, i < bytes.count {
            withUnsafeMutableBytes(of: &pending) { $0[count % 16] = base.load(fromByteOffset: i, as: UInt8.self) }
            count += 1
            i += 1
            if count % 16 == 0 { block(pending.0, pending.1) }
        }
        while i + 16 <= bytes.count {
            block(
                base.loadUnaligned(fromByteOffset: i, as: UInt64.self),
                base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
            i += 16
            count += 16
        }
        while i < bytes.count {
            withUnsafeMutableBytes(of: &pending) { $0[count % 16] = base.load(fromByteOffset: i, as: UInt8.self) }
            count += 1
            i += 1
        }
    }

    private mutating func block(_ first: UInt64, _ second: UInt64) {
        a = (a ^ UInt64(littleEndian: first)) &* 0x9E37_79B9_7F4A_7C15
        a ^= a >> 29
        b = (b ^ UInt64(littleEndian: second)) &* 0xC2B2_AE3D_27D4_EB4F
        b ^= b >> 31
    }

    /// The checksum of all bytes added.
    var value: UInt64 {
        var a = self.a
        withUnsafeBytes(of: pending) { tail in
            for k in 0..<(count % 16) { a = (a ^ UInt64(tail[k])) &* StableHash.fnvPrime }
        }
        return StableHash.mix(a ^ (b << 32 | b >> 32) ^ UInt64(count))
    }
}
