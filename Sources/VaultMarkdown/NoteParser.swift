import Foundation
import VaultCore

/// Turns the bytes of a note file into a ``Note``.
///
/// Never fails: an empty file, a file without front matter, malformed front
/// matter, invalid UTF-8 or binary content all yield a note (possibly with
/// only a title) plus diagnostics naming the file and line.
public enum NoteParser {
    /// Notes larger than this get a warning: they are slow to index and
    /// usually an export or attachment saved with a `.md` name.
    public static let largeNoteBytes = 1 << 20

    /// Parses one note.
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - path: vault-relative path, used in diagnostics and as the fallback title.
    ///   - timeZone: the vault's zone, for zone-less dates.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, path: String, timeZone: TimeZone) -> Note {
        var diagnostics: [Diagnostic] = []
        if bytes.count > largeNoteBytes {
            diagnostics.append(
                Diagnostic(
                    code: "large-note", severity: .warning, path: path, line: nil,
                    message:
                        "the note is \(formatSize(bytes.count)), over the \(formatSize(largeNoteBytes)) that notes are expected to be; it is indexed, but check that it is really a note."
                ))
        }
        if let nul = bytes.firstIndex(of: 0) {
            diagnostics.append(
                Diagnostic(
                    code: "binary-file", severity: .error, path: path, line: lineNumber(at: nul, in: bytes),
                    message:
                        "the file holds binary data (a NUL byte at offset \(nul)), not Markdown text; rename it or list it in .vault/ignore."
                ))
            return Note(
                path: path, frontMatter: FrontMatter(), body: BodyFacts(), timeZone: timeZone, diagnostics: diagnostics)
        }
        let invalidUTF8 = firstInvalidUTF8(bytes)
        if let bad = invalidUTF8 {
            diagnostics.append(
                Diagnostic(
                    code: "invalid-utf8", severity: .error, path: path, line: lineNumber(at: bad, in: bytes),
                    message:
                        "the file is not valid UTF-8 (byte offset \(bad)); invalid bytes are read as U+FFFD. Re-save it as UTF-8."
                ))
        }

        var frontMatter = FrontMatter()
        var bodyRange = 0..<bytes.count
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { bodyRange = 3..<bytes.count }
        switch FrontMatterBlock.find(in: bytes) {
        case .none:
            break
        case .unterminated:
            diagnostics.append(
                Diagnostic(
                    code: "front-matter", severity: .error, path: path, line: 1,
                    message:
                        "front matter opened with '---' on line 1 is never closed; add a '---' line after it. The whole file is read as body."
                ))
        case .found(let block):
            bodyRange = block.bodyStart..<bytes.count
            do {
                frontMatter = try FrontMatterParser.parse(
                    UnsafeBufferPointer(rebasing: bytes[block.yaml]), firstLine: 2)
            } catch {
                diagnostics.append(
                    Diagnostic(
                        code: "front-matter", severity: .error, path: path, line: error.line,
                        message: "malformed front matter: \(error.reason). The note's body is still read."))
            }
        }
        var body = CommonMark.facts(of: UnsafeBufferPointer(rebasing: bytes[bodyRange]))
        // The links' places in the file, as `vault check` would find them by
        // scanning the whole file: the body's lines moved down past the
        // front matter. Unknown (nil) where that scan could see otherwise:
        // invalid UTF-8 (read as U+FFFD there) or a body that starts
        // mid-line (after a byte-order mark, which is a column there).
        if invalidUTF8 != nil || (bodyRange.lowerBound > 0 && bytes[bodyRange.lowerBound - 1] != 0x0A) {
            body.wikiLinkPlaces = nil
        } else if let places = body.wikiLinkPlaces, !places.isEmpty, bodyRange.lowerBound > 0 {
            let first = lineNumber(at: bodyRange.lowerBound, in: bytes) - 1
            body.wikiLinkPlaces = places.map { LinkPlace(line: $0.line + first, column: $0.column) }
        }
        if let deep = body.tooDeepLine {
            diagnostics.append(
                Diagnostic(
                    code: "deep-markdown", severity: .warning, path: path,
                    line: lineNumber(at: bodyRange.lowerBound, in: bytes) + deep - 1,
                    message:
                        "the Markdown here is nested more than \(CommonMark.maxDepth) levels deep; below that it is shown as plain text and makes no flashcards."
                ))
        }
        return Note(path: path, frontMatter: frontMatter, body: body, timeZone: timeZone, diagnostics: diagnostics)
    }

    /// Parses a note held in memory.
    public static func parse(_ data: Data, path: String, timeZone: TimeZone) -> Note {
        data.withUnsafeBytes { raw in
            parse(raw.bindMemory(to: UInt8.self), path: path, timeZone: timeZone)
        }
    }

    /// The Markdown body of a note (after any front matter), for rendering.
    public static func body(of data: Data) -> Data {
        data.withUnsafeBytes { raw -> Data in
            let bytes = raw.bindMemory(to: UInt8.self)
            if case .found(let block) = FrontMatterBlock.find(in: bytes) {
                return Data(bytes[block.bodyStart...])
            }
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return Data(bytes[3...]) }
            return Data(bytes)
        }
    }

    static func lineNumber(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var line = 1
        for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A { line += 1 }
        return line
    }

    /// The offset of the first byte that breaks UTF-8, or nil.
    static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let length: Int
            if b & 0xE0 == 0xC0, b >= 0xC2 {
                length = 2
            } else if b & 0xF0 == 0xE0 {
                length = 3
            } else if b & 0xF8 == 0xF0, b <= 0xF4 {
                length = 4
            } else {
                return i
            }
            guard i + length <= n else { return i }
            for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }

    static func formatSize(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? String(format: "%.1f MB", Double(bytes) / 1_048_576) : "\(bytes / 1024) KB"
    }
}
