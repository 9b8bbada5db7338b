import Foundation
import VaultCore

/// The base protocol's framing: `Content-Length: N` (and any other header
/// lines), an empty line, then N bytes of JSON. Bytes arrive as the pipe
/// gives them, a message split over several reads or several messages in
/// one; ``push(_:)`` keeps what is not yet a whole message.
///
/// A header that cannot be read, or a length over ``limit``, is a
/// ``Frame/malformed(_:)``: the bytes of that message are skipped (as many as
/// its length says, when it says one) and the next message is read as usual.
public struct MessageFramer: Sendable {
    /// One message's content, or why a message could not be read.
    public enum Frame: Equatable, Sendable {
        case message([UInt8])
        case malformed(String)
    }

    /// The largest content accepted, in bytes.
    public let limit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of an over-long message still to be dropped as they arrive.
    private var skipping = 0

    /// - Parameter limit: the largest message accepted (16 MB by default,
    ///   ``InputBudget/languageServerMessage``: a note of several megabytes,
    ///   opened whole, fits with JSON's escapes; 64 MB let a buffer of `[[`
    ///   cost the server gigabytes).
    public init(limit: Int = Int(InputBudget.languageServerMessage.limits.heldBytes)) { self.limit = limit }

    /// Adds `bytes` read from the input and returns the messages now whole, in order.
    public mutating func push(_ bytes: some Sequence<UInt8>) -> [Frame] {
        buffer.append(contentsOf: bytes)
        var frames: [Frame] = []
        while true {
            if skipping > 0 {
                let dropped = min(skipping, buffer.count - start)
                skipping -= dropped
                start += dropped
                if skipping > 0 { break }
            }
            guard let headerEnd = Self.headerEnd(in: buffer, from: start) else {
                // A header this long is no header: drop it and read on from its end.
                if buffer.count - start > 8192 {
                    frames.append(.malformed("a message header longer than 8 KB"))
                    start = buffer.count
                }
                break
            }
            let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
            let contentStart = headerEnd + 4
            guard let length = Self.contentLength(header) else {
                frames.append(.malformed("a message header without a valid Content-Length: \(header.prefix(200))"))
                start = contentStart
                continue
            }
            if length > limit {
                frames.append(.malformed("a message of \(length) bytes, over the limit of \(limit)"))
                start = contentStart
                skipping = length
                continue
            }
            guard buffer.count - contentStart >= length else { break }
            frames.append(.message(Array(buffer[contentStart..<(contentStart + length)])))
            start = contentStart + length
        }
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.count < 1 << 20)
            start = 0
        } else if start > 1 << 16 && start > buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        return frames
    }

    /// True when bytes of an unfinished message are held.
    public var holdsPartialMessage: Bool { start < buffer.count || skipping > 0 }

    /// The index of the `\r\n\r\n` that ends the header starting at `from`.
    static func headerEnd(in bytes: [UInt8], from: Int) -> Int? {
        var i = from
        while i + 3 < bytes.count {
            if bytes[i] == 13, bytes[i + 1] == 10, bytes[i + 2] == 13, bytes[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    /// The `Content-Length` of a header (field names are case-insensitive).
    static func contentLength(_ header: String) -> Int? {
        for line in header.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            if name == "content-length" {
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                guard let length = Int(value), length >= 0 else { return nil }
                return length
            }
        }
        return nil
    }

    /// `content` with its header, ready to write.
    public static func frame(_ content: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(content.count)\r\n\r\n".utf8) + content
    }
}
