import Foundation

/// A QR code (ISO/IEC 18004) of a short text in byte mode at error
/// correction level L, versions 1 to 10 (up to 271 bytes: a URL with its
/// token fits in version 4 or 5), after Project Nayuki's reference
/// algorithm. `vault serve --listen 0.0.0.0` draws the URL with it, so a
/// phone opens the page by pointing its camera at the terminal.
struct QRCode: Equatable {
    /// Modules per side.
    let size: Int
    /// The version (1 to 10).
    let version: Int
    /// The mask applied (0 to 7).
    private(set) var mask: Int
    /// `modules[y][x]`: true is dark.
    private(set) var modules: [[Bool]]
    private var isFunction: [[Bool]]

    /// Error correction codewords per block, and blocks, at level L (index: version).
    private static let eccPerBlock = [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18]
    private static let blocks = [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4]

    /// The code of `text` in the smallest version that holds it, with the
    /// mask of least penalty (or `mask` when given); nil when too long.
    static func encode(_ text: String, mask: Int? = nil) -> QRCode? {
        let bytes = Array(text.utf8)
        for version in 1...10 {
            let countBits = version < 10 ? 8 : 16
            let capacity = dataCodewords(version) * 8
            guard 4 + countBits + bytes.count * 8 <= capacity else { continue }
            var bits: [Bool] = []
            func append(_ value: Int, _ count: Int) {
                for i in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> i) & 1 == 1) }
            }
            append(0b0100, 4)
            append(bytes.count, countBits)
            for byte in bytes { append(Int(byte), 8) }
            append(0, min(4, capacity - bits.count))
            append(0, (8 - bits.count % 8) % 8)
            var data: [UInt8] = stride(from: 0, to: bits.count, by: 8).map { start in
                (0..<8).reduce(UInt8(0)) { $0 << 1 | (bits[start + $1] ? 1 : 0) }
            }
            var pad: UInt8 = 0xEC
            while data.count < dataCodewords(version) {
                data.append(pad)
                pad ^= 0xEC ^ 0x11
            }
            return QRCode(version: version, codewords: interleaved(data, version: version), mask: mask)
        }
        return nil
    }

    private init(version: Int, codewords: [UInt8], mask chosen: Int?) {
        self.version = version
        size = version * 4 + 17
        modules = Array(repeating: Array(repeating: false, count: size), count: size)
        isFunction = modules
        mask = 0
        drawFunctionPatterns()
        drawCodewords(codewords)
        if let chosen {
            apply(mask: chosen)
        } else {
            var best = (mask: 0, penalty: Int.max)
            for candidate in 0..<8 {
                apply(mask: candidate)
                let penalty = self.penalty()
                if penalty < best.penalty { best = (candidate, penalty) }
                apply(mask: candidate)  // XOR again: undone
            }
            apply(mask: best.mask)
        }
    }

    private mutating func apply(mask: Int) {
        self.mask = mask
        drawFormatBits(mask)
        for y in 0..<size {
            for x in 0..<size where !isFunction[y][x] {
                let invert: Bool
                switch mask {
                case 0: invert = (x + y) % 2 == 0
                case 1: invert = y % 2 == 0
                case 2: invert = x % 3 == 0
                case 3: invert = (x + y) % 3 == 0
                case 4: invert = (x / 3 + y / 2) % 2 == 0
                case 5: invert = x * y % 2 + x * y % 3 == 0
                case 6: invert = (x * y % 2 + x * y % 3) % 2 == 0
                default: invert = ((x + y) % 2 + x * y % 3) % 2 == 0
                }
                if invert { modules[y][x].toggle() }
            }
        }
    }

    /// Data modules of a version (all but the function patterns).
    static func rawDataModules(_ version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let align = version / 7 + 2
            result -= (25 * align - 10) * align - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    static func dataCodewords(_ version: Int) -> Int {
        rawDataModules(version) / 8 - eccPerBlock[version] * blocks[version]
    }

    /// The data split into blocks, each with its Reed-Solomon codewords, interleaved.
    static func interleaved(_ data: [UInt8], version: Int) -> [UInt8] {
        let count = blocks[version]
        let ecc = eccPerBlock[version]
        let raw = rawDataModules(version) / 8
        let shortBlocks = count - raw % count
        let shortLength = raw / count
        let divisor = ReedSolomon.divisor(degree: ecc)
        var split: [[UInt8]] = []
        var k = 0
        for i in 0..<count {
            let length = shortLength - ecc + (i < shortBlocks ? 0 : 1)
            var block = Array(data[k..<(k + length)])
            k += length
            let remainder = ReedSolomon.remainder(block, divisor: divisor)
            if i < shortBlocks { block.append(0) }
            split.append(block + remainder)
        }
        var result: [UInt8] = []
        for i in 0..<split[0].count {
            for (j, block) in split.enumerated() where i != shortLength - ecc || j >= shortBlocks {
                result.append(block[i])
            }
        }
        return result
    }

    private mutating func set(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y][x] = dark
        isFunction[y][x] = true
    }

    private mutating func drawFunctionPatterns() {
        for i in 0..<size {
            set(6, i, i % 2 == 0)
            set(i, 6, i % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 where (0..<size).contains(x + dx) && (0..<size).contains(y + dy) {
                    let distance = max(abs(dx), abs(dy))
                    set(x + dx, y + dy, distance != 2 && distance != 4)
                }
            }
        }
        let positions = alignmentPositions()
        let last = positions.count - 1
        for i in positions.indices {
            for j in positions.indices where !((i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0)) {
                for dy in -2...2 {
                    for dx in -2...2 { set(positions[i] + dx, positions[j] + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        drawFormatBits(0)  // reserved now, written with the mask chosen
        if version >= 7 {
            var remainder = version
            for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
            let bits = version << 12 | remainder
            for i in 0..<18 {
                let dark = (bits >> i) & 1 == 1
                let (a, b) = (size - 11 + i % 3, i / 3)
                set(a, b, dark)
                set(b, a, dark)
            }
        }
    }

    private func alignmentPositions() -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let step = (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var result = [6]
        var position = size - 7
        for _ in 0..<(count - 1) {
            result.insert(position, at: 1)
            position -= step
        }
        return result
    }

    private mutating func drawFormatBits(_ mask: Int) {
        let data = 1 << 3 | mask  // level L is 01
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        for i in 0...5 { set(8, i, bit(i)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for i in 9..<15 { set(14 - i, 8, bit(i)) }
        for i in 0..<8 { set(size - 1 - i, 8, bit(i)) }
        for i in 8..<15 { set(8, size - 15 + i, bit(i)) }
        set(8, size - 8, true)
    }

    private mutating func drawCodewords(_ data: [UInt8]) {
        var i = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for j in 0..<2 {
                    let x = right - j
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    if !isFunction[y][x] && i < data.count * 8 {
                        modules[y][x] = (data[i >> 3] >> (7 - (i & 7))) & 1 == 1
                        i += 1
                    }
                }
            }
            right -= 2
        }
    }

    /// The standard's penalty score (runs, 2×2 blocks, finder-like patterns, balance).
    private func penalty() -> Int {
        var result = 0
        func lines(_ transposed: Bool) -> [[Bool]] {
            transposed ? (0..<size).map { x in (0..<size).map { modules[$0][x] } } : modules
        }
        for transposed in [false, true] {
            for line in lines(transposed) {
                var run = 1
                for i in 1..<size {
                    if line[i] == line[i - 1] {
                        run += 1
                        if run == 5 { result += 3 } else if run > 5 { result += 1 }
                    } else {
                        run = 1
                    }
                }
                let pattern = [true, false, true, true, true, false, true]
                for i in 0...(size - 7) where Array(line[i..<(i + 7)]) == pattern {
                    let before = i >= 4 && !line[(i - 4)..<i].contains(true)
                    let after = i + 11 <= size && !line[(i + 7)..<(i + 11)].contains(true)
                    if before || after { result += 40 }
                }
            }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let c = modules[y][x]
                if c == modules[y][x + 1] && c == modules[y + 1][x] && c == modules[y + 1][x + 1] { result += 3 }
            }
        }
        let dark = modules.reduce(0) { $0 + $1.filter { $0 }.count }
        let total = size * size
        let k = (abs(dark * 20 - total * 10) + total - 1) / total - 1
        result += max(0, k) * 10
        return result
    }

    /// The code drawn for a terminal, two rows a line with half blocks, the
    /// light modules drawn (as `qrencode -t UTF8` does, for a dark terminal)
    /// inside a quiet zone of two modules.
    func terminalText() -> String {
        let quiet = 2
        let span = size + 2 * quiet
        func light(_ x: Int, _ y: Int) -> Bool {
            let (mx, my) = (x - quiet, y - quiet)
            guard (0..<size).contains(mx), (0..<size).contains(my) else { return true }
            return !modules[my][mx]
        }
        var lines: [String] = []
        for y in stride(from: 0, to: span, by: 2) {
            var line = ""
            for x in 0..<span {
                let top = light(x, y)
                let bottom = y + 1 < span ? light(x, y + 1) : false
                line += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " "
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// `text` drawn for a terminal, or nil when too long for version 10.
    static func terminalText(_ text: String) -> String? { encode(text)?.terminalText() }
}

/// Reed-Solomon error correction over GF(2⁸) with the QR polynomial 0x11D.
enum ReedSolomon {
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var z = 0
        for i in stride(from: 7, through: 0, by: -1) {
            z = (z << 1) ^ ((z >> 7) * 0x11D)
            z ^= ((Int(y) >> i) & 1) * Int(x)
        }
        return UInt8(z & 0xFF)
    }

    static func divisor(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree - 1) + [1]
        var root: UInt8 = 1
        for _ in 0..<degree {
            for j in 0..<degree {
                result[j] = multiply(result[j], root)
                if j + 1 < degree { result[j] ^= result[j + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    static func remainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for i in result.indices { result[i] ^= multiply(divisor[i], factor) }
        }
        return result
    }
}
