/// Where the YAML front matter of a note is, found without parsing it.
///
/// Front matter is a block that starts at byte 0 (after an optional UTF-8
/// BOM) with a line holding only `---`, and ends at the next line holding
/// only `---` or `...`. Trailing spaces and CRLF line ends are allowed.
public struct FrontMatterBlock: Equatable, Sendable {
    /// Byte range of the YAML text between the fences.
    public var yaml: Range<Int>
    /// Byte offset where the body starts (after the closing fence's line end).
    public var bodyStart: Int
    /// 1-based line of the first body line.
    public var bodyLine: Int
    /// Byte offset of the opening fence (3 when a BOM precedes it).
    public var start: Int
    /// Byte range of the closing fence line, line end included.
    public var closingFence: Range<Int>

    /// The result of looking for a front matter block.
    public enum Search: Equatable, Sendable {
        case none
        case found(FrontMatterBlock)
        /// An opening fence with no closing one: the whole file is body.
        case unterminated
    }

    /// Looks for front matter at the start of `bytes`.
    public static func find(in bytes: UnsafeBufferPointer<UInt8>) -> Search {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        guard let firstEnd = lineEnd(bytes, from: start), isFence(bytes, start..<firstEnd, closing: false)
        else { return .none }
        var lineStart = nextLine(bytes, after: firstEnd)
        let yamlStart = lineStart
        var line = 2
        while lineStart < bytes.count {
            let end = lineEnd(bytes, from: lineStart) ?? bytes.count
            if isFence(bytes, lineStart..<end, closing: true) {
                let after = nextLine(bytes, after: end)
                return .found(
                    FrontMatterBlock(
                        yaml: yamlStart..<lineStart, bodyStart: after, bodyLine: line + 1, start: start,
                        closingFence: lineStart..<after))
            }
            lineStart = nextLine(bytes, after: end)
            line += 1
        }
        return .unterminated
    }

    /// The offset of the `\n` (or the end of the buffer) that ends the line at `from`.
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard from <= bytes.count else { return nil }
        var i = from
        while i < bytes.count, bytes[i] != 0x0A { i += 1 }
        return i
    }

    private static func nextLine(_ bytes: UnsafeBufferPointer<UInt8>, after end: Int) -> Int {
        min(end + 1, bytes.count)
    }

    /// True when the line is `---` (or `...` for a closing fence), allowing
    /// trailing spaces, tabs and a carriage return.
    private static func isFence(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, closing: Bool) -> Bool {
        guard range.count >= 3 else { return false }
        let c = bytes[range.lowerBound]
        guard c == 0x2D || (closing && c == 0x2E) else { return false }
        guard bytes[range.lowerBound + 1] == c, bytes[range.lowerBound + 2] == c else { return false }
        for i in (range.lowerBound + 3)..<range.upperBound where ![0x20, 0x09, 0x0D].contains(bytes[i]) {
            return false
        }
        return true
    }
}
