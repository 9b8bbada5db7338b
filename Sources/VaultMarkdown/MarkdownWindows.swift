import Foundation

/// A note's body cut into windows that libcmark parses one at a time, so
/// that what a parse holds is bounded whatever the note's size: libcmark
/// keeps a node of about 100 bytes for every `[` and every piece of text
/// until the parse ends, so a 4.5 MB note of `[[links]]` held about 1 KB per
/// link (0.7-2 GB for `vault status`, 4 GB for a 20 MB buffer in the editor).
///
/// A body of at most ``size`` bytes is one window: nothing changes for it.
/// A larger one is cut where Markdown is least disturbed: at the last blank
/// line of the window outside a fenced code block; else at the last line
/// end (a fence open there is opened again at the next window's start, so
/// code stays code); else at the last space; else at a character's end.
/// What spans a cut (a reference link defined in another window, a list
/// whose items are far apart, a link in a line of megabytes) reads as it
/// would in a note that ends there: at most that, never more memory.
public enum MarkdownWindows {
    /// The most bytes of one window: 256 kB, about 25 MB held while a window
    /// of `[[` is parsed, and room for a paragraph of 20,000 clozes in one piece.
    public static let size = 256 << 10

    /// One window: its bytes in the body, the body line it starts on (from
    /// 0), and a fence line to put before it (the fence a cut left open).
    public struct Window: Equatable, Sendable {
        public var range: Range<Int>
        public var firstLine: Int
        public var fence: [UInt8]
    }

    /// The windows of `bytes`, in order, covering every byte once.
    public static func windows(of bytes: UnsafeBufferPointer<UInt8>, size: Int = size) -> [Window] {
        guard bytes.count > size else { return [Window(range: 0..<bytes.count, firstLine: 0, fence: [])] }
        var windows: [Window] = []
        var start = 0
        var line = 0
        var openFence: [UInt8] = []
        while start < bytes.count {
            let limit = min(bytes.count, start + size)
            var end = limit
            var endLine = line
            var fenceAtEnd = openFence
            if limit < bytes.count {
                // Walk the window's lines, noting the last blank line outside a fence and the last line end.
                var fence = openFence
                var lastBlank: (end: Int, line: Int)?
                var lastNewline: (end: Int, line: Int, fence: [UInt8])?
                var lineStart = start
                var lines = line
                var previousBlank = false
                var i = start
                while i < limit {
                    if bytes[i] == 0x0A {
                        let content = UnsafeBufferPointer(rebasing: bytes[lineStart..<i])
                        let blank = content.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
                        if let marker = fenceMarker(content) {
                            if fence.isEmpty {
                                fence = marker
                            } else if marker.first == fence.first, marker.count >= fence.count {
                                fence = []
                            }
                        }
                        lines += 1
                        if blank, fence.isEmpty, !previousBlank { lastBlank = (i + 1, lines) }
                        previousBlank = blank
                        lastNewline = (i + 1, lines, fence)
                        lineStart = i + 1
                    }
                    i += 1
                }
                if let lastBlank, lastBlank.end > start + size / 4 {
                    (end, endLine, fenceAtEnd) = (lastBlank.end, lastBlank.line, [])
                } else if let lastNewline {
                    (end, endLine, fenceAtEnd) = (lastNewline.end, lastNewline.line, lastNewline.fence)
                } else if let space = (start..<limit).last(where: { bytes[$0] == 0x20 }), space > start {
                    (end, endLine, fenceAtEnd) = (space + 1, line, openFence)
                } else {
                    // Back to the start of a UTF-8 sequence.
                    end = limit
                    while end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
                    (endLine, fenceAtEnd) = (line, openFence)
                }
            } else {
                endLine = line
            }
            windows.append(Window(range: start..<end, firstLine: line, fence: openFence.isEmpty ? [] : openFence + [0x0A]))
            start = end
            line = endLine
            openFence = fenceAtEnd
        }
        return windows
    }

    /// The fence a line opens or closes (three or more backticks or tildes
    /// after at most three spaces), nil for any other line.
    static func fenceMarker(_ line: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var i = 0
        while i < line.count, i < 3, line[i] == 0x20 { i += 1 }
        guard i < line.count, line[i] == 0x60 || line[i] == 0x7E else { return nil }
        let mark = line[i]
        var count = 0
        while i < line.count, line[i] == mark {
            count += 1
            i += 1
        }
        return count >= 3 ? [UInt8](repeating: mark, count: count) : nil
    }
}
