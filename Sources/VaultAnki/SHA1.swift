import Foundation

/// SHA-1 (FIPS 180-4), for the media map of a current-format package: Anki
/// records each file's SHA-1 and compares it with the files it holds. Not
/// for security: only to name the bytes as Anki names them.
struct SHA1 {
    private var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
    )
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    init() { pending.reserveCapacity(64) }

    /// The 20-byte digest of `data`.
    static func digest(_ data: Data) -> [UInt8] {
        var sha = SHA1()
        sha.update(data)
        return sha.finish()
    }

    mutating func update(_ data: Data) {
        length += UInt64(data.count)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var i = 0
            let bytes = raw.bindMemory(to: UInt8.self)
            if !pending.isEmpty {
                while i < bytes.count, pending.count < 64 {
                    pending.append(bytes[i])
                    i += 1
                }
                if pending.count == 64 {
                    let full = pending
                    full.withUnsafeBufferPointer { block($0, at: 0) }
                    pending.removeAll(keepingCapacity: true)
                }
            }
            while i + 64 <= bytes.count {
                block(bytes, at: i)
                i += 64
            }
            while i < bytes.count {
                pending.append(bytes[i])
                i += 1
            }
        }
    }

    mutating func finish() -> [UInt8] {
        let bits = length &* 8
        var tail = pending + [0x80]
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
        }
        tail.withUnsafeBufferPointer { buffer in
            var i = 0
            while i < buffer.count {
                block(buffer, at: i)
                i += 64
            }
        }
        var out: [UInt8] = []
        for word in [h.0, h.1, h.2, h.3, h.4] {
            out += [UInt8(word >> 24), UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF)]
        }
        return out
    }

    private mutating func block(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
        var w = [UInt32](repeating: 0, count: 80)
        for t in 0..<16 {
            let i = start + t * 4
            w[t] =
                UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
        }
        for t in 16..<80 {
            let x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]
            w[t] = x << 1 | x >> 31
        }
        var (a, b, c, d, e) = h
        for t in 0..<80 {
            let f: UInt32
            let k: UInt32
            switch t {
            case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
            case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
            case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
            default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
            }
            let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[t]
            e = d
            d = c
            c = b << 30 | b >> 2
            b = a
            a = temp
        }
        h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
    }
}
