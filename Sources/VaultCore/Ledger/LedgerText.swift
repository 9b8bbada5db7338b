import Foundation

/// Reads the text of one ledger file into events and diagnostics.
///
/// Nothing in a ledger file stops a replay: git conflict markers are
/// skipped and reported, a last line without its newline (a crash while
/// writing) is ignored and reported, malformed lines are reported with their
/// line number, and events of unknown kinds are kept for the layers that
/// know them.
public enum LedgerText {
    /// What one file holds.
    public struct Contents: Sendable {
        /// Every well-formed event, in file order (duplicates included).
        public var events: [LedgerEvent] = []
        /// The 1-based line of each event in ``events``.
        public var lines: [Int] = []
        public var diagnostics: [Diagnostic] = []
        /// True when the file ends without a newline (the next append must start with one).
        public var lacksFinalNewline = false
        /// The bytes up to and including the last newline: the complete lines.
        public var completeBytes = 0
        /// The number of the last complete line (0 when there is none).
        public var lastCompleteLine = 0

        public init() {}
    }

    /// The code of the diagnostic for a last line without its newline.
    public static let truncatedCode = "ledger-truncated"

    /// The kind of a line that is not an event.
    public enum LineKind: Equatable, Sendable {
        case event(LedgerEvent)
        case blank
        case comment
        case conflictMarker
        case malformed(LedgerLine.Failure)
    }

    /// Classifies one line (without its newline).
    public static func classify(_ line: [UInt8]) -> LineKind {
        line.withUnsafeBufferPointer { classify($0) }
    }

    /// `line` without a UTF-8 byte order mark before it (an editor's, as before an event line):
    /// a header or a comment behind one is still a header or a comment.
    static func withoutByteOrderMark(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF else { return line }
        return UnsafeBufferPointer(rebasing: line[3...])
    }

    /// Classifies one line (without its newline), in place.
    package static func classify(_ whole: UnsafeBufferPointer<UInt8>) -> LineKind {
        let line = withoutByteOrderMark(whole)
        if line.isEmpty || (line.count == 1 && line[0] == 0x0D) { return .blank }
        if line[0] == 0x23 { return .comment }  // '#'
        let first = line[0]
        if line.count >= 7, first == 0x3C || first == 0x3D || first == 0x3E || first == 0x7C,
            (1..<7).allSatisfy({ line[$0] == line[0] }), line.count == 7 || line[7] == 0x20 || line[7] == 0x0D
        {
            return .conflictMarker  // <<<<<<< ======= >>>>>>> |||||||
        }
        switch LedgerLine.parse(line) {
        case .success(let event): return .event(event)
        case .failure(let failure): return .malformed(failure)
        }
    }

    /// Reads a whole file, or the end of one from a line start on (its
    /// first line then numbered `firstLine`), in one pass. `path`
    /// (vault-relative) names it in diagnostics. (VaultStore reads large
    /// files in chunks on all cores with ``readLines(_:_:path:firstLine:mayHoldHeader:events:lines:)``
    /// and gets the same contents.)
    public static func read(_ bytes: [UInt8], path: String, firstLine: Int = 1) -> Contents {
        bytes.withUnsafeBufferPointer { bytes in
            let room = lineCount(bytes, 0..<bytes.count)
            var contents = Contents()
            var part = Part()
            contents.lines = [Int](unsafeUninitializedCapacity: room) { lines, linesCount in
                contents.events = [LedgerEvent](unsafeUninitializedCapacity: room) { events, eventsCount in
                    part = readLines(
                        bytes, 0..<bytes.count, path: path, firstLine: firstLine, mayHoldHeader: true,
                        events: events.baseAddress, lines: lines.baseAddress)
                    eventsCount = part.events
                }
                linesCount = part.events
            }
            contents.diagnostics = part.diagnostics
            contents.lacksFinalNewline = part.lacksFinalNewline
            contents.completeBytes = part.completeBytes
            contents.lastCompleteLine = part.lastCompleteLine
            return contents
        }
    }

    /// The lines in `bytes[range]`: its newlines, plus a last line without one.
    package static func lineCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        var count = 0
        var position = bytes.baseAddress! + range.lowerBound
        let end = bytes.baseAddress! + range.upperBound
        while position < end, let newline = memchr(position, 0x0A, end - position) {
            count += 1
            position = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) + 1
        }
        return position < end ? count + 1 : count
    }

    /// What one run of lines held besides its events (which it wrote in place).
    package struct Part: Sendable {
        package var events = 0
        package var diagnostics: [Diagnostic] = []
        package var lacksFinalNewline = false
        package var completeBytes = 0
        package var lastCompleteLine = 0

        package init() {}
    }

    /// Reads the lines of `bytes[range]` (which starts at a line start, and
    /// ends at a line end unless it is the end of the file), initializing
    /// its events and their line numbers at `events` and `lines` (room for
    /// one per line); `completeBytes` is counted from the start of `bytes`.
    /// Its line 1 is the file's header only when `mayHoldHeader` (not for a
    /// chunk of the middle of a file).
    package static func readLines(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, path: String, firstLine: Int, mayHoldHeader: Bool,
        events: UnsafeMutablePointer<LedgerEvent>?, lines: UnsafeMutablePointer<Int>?
    ) -> Part {
        var contents = Part()
        var start = range.lowerBound
        var lineNumber = firstLine - 1
        contents.lastCompleteLine = lineNumber
        let count = range.upperBound
        while start < count {
            lineNumber += 1
            var end = start
            if let newline = memchr(bytes.baseAddress! + start, 0x0A, count - start) {
                end = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress!
            } else {
                end = count
            }
            let isLast = end >= count
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if mayHoldHeader, lineNumber == 1, case let header = withoutByteOrderMark(line), header.count > 0,
                header[0] == 0x23
            {
                checkHeader(header, path: path, into: &contents.diagnostics)
            } else if isLast {
                // No newline: a write that a crash cut short, whatever it looks like.
                contents.lacksFinalNewline = true
                if case .blank = classify(line) {
                } else {
                    contents.diagnostics.append(
                        Diagnostic(
                            code: truncatedCode, severity: .warning, path: path, line: lineNumber,
                            message:
                                "the last line has no newline (a write cut short by a crash); it is ignored. `vault check --fix` removes it."
                        ))
                }
            } else {
                switch classify(line) {
                case .event(let event):
                    (events! + contents.events).initialize(to: event)
                    (lines! + contents.events).initialize(to: lineNumber)
                    contents.events += 1
                case .blank, .comment:
                    break
                case .conflictMarker:
                    contents.diagnostics.append(
                        Diagnostic(
                            code: "ledger-conflict-marker", severity: .error, path: path, line: lineNumber,
                            message:
                                "a git conflict marker; the ledger should merge by union (.gitattributes: .vault/ledger/*.log merge=union). The line is skipped; `vault check --fix` removes it."
                        ))
                case .malformed(let failure):
                    // What --fix removes (``repaired(_:seen:)``), and what it leaves to a person.
                    let remedy =
                        isCutShort(line, failure)
                        ? "`vault check --fix` removes it (a write cut short)"
                        : "correct or delete it by hand: `vault check --fix` does not guess what it meant"
                    contents.diagnostics.append(
                        Diagnostic(
                            code: "ledger-malformed", severity: .error, path: path, line: lineNumber,
                            message: "not a ledger event: \(failure.reason). The line is skipped; \(remedy)."
                        ))
                }
            }
            if !isLast {
                contents.completeBytes = end + 1
                contents.lastCompleteLine = lineNumber
            }
            start = end + 1
        }
        return contents
    }

    static func checkHeader(_ line: UnsafeBufferPointer<UInt8>, path: String, into diagnostics: inout [Diagnostic]) {
        guard let version = headerVersion(line) else { return }
        if version > LedgerLine.version {
            diagnostics.append(
                Diagnostic(
                    code: "ledger-version", severity: .warning, path: path, line: 1,
                    message:
                        "the file is ledger format v\(version), newer than this vault (v\(LedgerLine.version)); lines it cannot read are skipped. Update vault."
                ))
        }
    }

    /// Why `vault check --fix` leaves a ledger file as it is.
    public enum RepairRefusal: Error, Equatable, Sendable {
        /// The header names a newer ledger format than this build reads.
        case newerVersion(Int)
        /// A complete line that is neither an event, a comment, a blank line nor a conflict marker.
        case unreadableLine(Int)
    }

    /// The file cleaned for `vault check --fix`: the header, then every
    /// event line in its original bytes and order, each different event once
    /// (`seen` holds those kept in files before this one); two different
    /// events that claim one identity are both kept. A last line without its
    /// newline is kept (and given one) when it is a whole event, and removed
    /// when it was cut short; conflict markers go. A line that is none of
    /// these, or a header of a newer format, makes it refuse, so that no line
    /// it does not understand is ever deleted.
    public static func repaired(
        _ bytes: [UInt8], seen: inout Set<LedgerEvent>
    ) -> Result<(text: [UInt8], removed: Int, duplicates: Int), RepairRefusal> {
        bytes.withUnsafeBufferPointer { repaired($0, seen: &seen) }
    }

    static func repaired(
        _ bytes: UnsafeBufferPointer<UInt8>, seen: inout Set<LedgerEvent>
    ) -> Result<(text: [UInt8], removed: Int, duplicates: Int), RepairRefusal> {
        var out = Array((LedgerLine.header + "\n").utf8)
        var removed = 0
        var duplicates = 0
        var start = 0
        var lineNumber = 0
        var kept = seen
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let isLast = end >= bytes.count
            switch classify(line) {
            case .event(let event):
                if kept.insert(event).inserted {
                    out.append(contentsOf: line)
                    out.append(0x0A)
                } else {
                    duplicates += 1
                }
            case .blank:
                break
            case .comment where lineNumber == 1:
                if let version = headerVersion(withoutByteOrderMark(line)), version > LedgerLine.version {
                    return .failure(.newerVersion(version))
                }
            case .comment:
                out.append(contentsOf: line)
                out.append(0x0A)
            case .conflictMarker:
                removed += 1
            case .malformed where isLast:
                removed += 1  // a write cut short by a crash
            case .malformed(let failure) where isCutShort(line, failure):
                removed += 1  // cut short by a crash, then ended by the next append's newline
            case .malformed:
                return .failure(.unreadableLine(lineNumber))
            }
            start = end + 1
        }
        seen = kept
        return .success((out, removed, duplicates))
    }

    /// True for what a write cut short leaves: a line that starts as an
    /// event does (a valid time) and fails only for lack of what should follow.
    static func isCutShort(_ line: UnsafeBufferPointer<UInt8>, _ failure: LedgerLine.Failure) -> Bool {
        guard let tab = line.firstIndex(of: 0x09), LedgerLine.parseTime(line, 0..<tab) != nil else { return false }
        switch failure {
        case .tooFewFields, .badKind: return true
        case .badField(let n): return line.filter { $0 == 0x09 }.count == n + 3  // the last field was cut
        default: return false
        }
    }

    /// The version a `# vault-ledger vN` header names.
    static func headerVersion(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let prefix = "# vault-ledger v"
        guard text.hasPrefix(prefix) else { return nil }
        return Int(text.dropFirst(prefix.count))
    }
}
