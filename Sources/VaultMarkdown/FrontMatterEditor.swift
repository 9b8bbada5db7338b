import Foundation
import VaultCore

/// Byte-exact edits of one front matter key, leaving every other byte of the
/// note as it was (line ends, BOM, comments, key order, the body).
public enum FrontMatterEditor {
    /// Why an edit could not be made safely.
    public enum Failure: Error, Equatable, Sendable {
        /// The key's value spans several lines (a list or block scalar); it is
        /// left alone rather than rewritten.
        case multiLineValue(key: String, line: Int)
        /// Front matter opened but never closed.
        case unterminatedFrontMatter
    }

    /// Sets `key` to the one-line `value`: replaces the line `key: …` when
    /// present, else inserts `key: value` as the first line of the front
    /// matter, creating the block when the note has none.
    /// - Throws: ``Failure`` when the existing value spans several lines or the block is unterminated.
    public static func set(_ key: String, to value: String, in data: Data) throws(Failure) -> Data {
        try edit(key, in: data) { "\(key): \(value)" }
    }

    /// Removes the line `key: …`; returns the data unchanged when the key is absent.
    /// - Throws: ``Failure`` when the existing value spans several lines or the block is unterminated.
    public static func remove(_ key: String, in data: Data) throws(Failure) -> Data {
        try edit(key, in: data, insertIfMissing: false) { nil }
    }

    private static func edit(
        _ key: String, in data: Data, insertIfMissing: Bool = true, newLine: () -> String?
    ) throws(Failure) -> Data {
        let bytes = [UInt8](data)
        let result: Result<[UInt8], Failure> = bytes.withUnsafeBufferPointer { buffer in
            let eol: [UInt8] = usesCRLF(buffer) ? [0x0D, 0x0A] : [0x0A]
            switch FrontMatterBlock.find(in: buffer) {
            case .unterminated:
                return .failure(.unterminatedFrontMatter)
            case .none:
                guard insertIfMissing, let line = newLine() else { return .success(bytes) }
                let bom = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
                let block = Array("---".utf8) + eol + Array(line.utf8) + eol + Array("---".utf8) + eol
                return .success(Array(bytes[..<bom]) + block + Array(bytes[bom...]))
            case .found(let block):
                var lineStart = block.yaml.lowerBound
                var lineNumber = 2
                while lineStart < block.yaml.upperBound {
                    var lineEnd = lineStart
                    while lineEnd < block.yaml.upperBound, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                    let next = min(lineEnd + 1, block.yaml.upperBound)
                    if startsWithKey(bytes, at: lineStart, key: key) {
                        // The value continues when the next line is indented or a list item.
                        if next < block.yaml.upperBound, [0x20, 0x09, 0x2D].contains(bytes[next]) {
                            return .failure(.multiLineValue(key: key, line: lineNumber))
                        }
                        var replacement: [UInt8] = []
                        if let line = newLine() {
                            let keepsEOL = lineEnd < block.yaml.upperBound
                            let ownEOL: [UInt8] =
                                lineEnd > lineStart && bytes[lineEnd - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
                            replacement = Array(line.utf8) + (keepsEOL ? ownEOL : [])
                        }
                        return .success(Array(bytes[..<lineStart]) + replacement + Array(bytes[next...]))
                    }
                    lineStart = next
                    lineNumber += 1
                }
                guard insertIfMissing, let line = newLine() else { return .success(bytes) }
                let at = block.yaml.lowerBound
                return .success(Array(bytes[..<at]) + Array(line.utf8) + eol + Array(bytes[at...]))
            }
        }
        return Data(try result.get())
    }

    private static func startsWithKey(_ bytes: [UInt8], at start: Int, key: String) -> Bool {
        let keyBytes = Array(key.utf8)
        guard start + keyBytes.count < bytes.count, Array(bytes[start..<(start + keyBytes.count)]) == keyBytes else {
            return false
        }
        return bytes[start + keyBytes.count] == UInt8(ascii: ":")
    }

    private static func usesCRLF(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let newline = buffer.firstIndex(of: 0x0A) else { return false }
        return newline > 0 && buffer[newline - 1] == 0x0D
    }
}
