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
    public static func classify(_ line: UnsafeBufferPointer<UInt8>) -> LineKind {
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

    /// Files at least this large are read in parallel chunks.
    static let parallelBytes = 1 << 22

    /// Reads a whole file, or the end of one from a line start on (its
    /// first line then numbered `firstLine`). `path` (vault-relative) names
    /// it in diagnostics.
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, path: String, firstLine: Int = 1) -> Contents {
        read(bytes, path: path, firstLine: firstLine, parallelAbove: parallelBytes)
    }

    /// ``read(_:path:firstLine:)``, in chunks from `parallelAbove` bytes on (tests cut small files).
    ///
    /// A large file is cut at line ends into a few chunks per core, read
    /// side by side: the same contents as one pass, in about half the time
    /// on two cores. Each chunk writes its events straight into its part of
    /// one array (room for one per line), and the parts are then slid
    /// together: events are moved, never copied, so a million of them cost
    /// no reference counting.
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, firstLine: Int, parallelAbove: Int, cores: Int? = nil
    ) -> Contents {
        let cores = cores ?? ProcessInfo.processInfo.activeProcessorCount
        // Chunk k starts just after the first newline at or after k/n of the way.
        let n = bytes.count >= parallelAbove && cores > 1 ? cores * 4 : 1
        var starts = [0]
        for k in 1..<max(n, 1) {
            var cut = max(bytes.count * k / n, starts.last!)
            while cut < bytes.count, bytes[cut] != 0x0A { cut += 1 }
            if cut + 1 < bytes.count, cut + 1 > starts.last! { starts.append(cut + 1) }
        }
        starts.append(bytes.count)
        let chunkCount = starts.count - 1
        // Room for an event per line: chunk k's lines start at `room[k]`.
        var room = [0]
        for k in 0..<chunkCount { room.append(room[k] + lineCount(bytes, starts[k]..<starts[k + 1])) }
        var contents = Contents()
        var parts: [Part] = []
        contents.lines = [Int](unsafeUninitializedCapacity: room[chunkCount]) { lines, linesCount in
            contents.events = [LedgerEvent](unsafeUninitializedCapacity: room[chunkCount]) { events, eventsCount in
                let chunks = Chunks(
                    bytes: bytes, starts: starts, room: room, events: events.baseAddress, lines: lines.baseAddress)
                if chunkCount == 1 {
                    chunks.read(0, path: path, firstLine: firstLine)
                } else {
                    DispatchQueue.concurrentPerform(iterations: chunkCount) { k in
                        // Every chunk but the first is numbered from 1, and shifted below.
                        chunks.read(k, path: path, firstLine: k == 0 ? firstLine : 1)
                    }
                }
                parts = chunks.parts
                // Slide each chunk's events down to follow the previous chunk's.
                var filled = 0
                for k in 0..<chunkCount {
                    if filled != room[k], parts[k].events > 0 {
                        (events.baseAddress! + filled).moveInitialize(
                            from: events.baseAddress! + room[k], count: parts[k].events)
                        (lines.baseAddress! + filled).moveInitialize(
                            from: lines.baseAddress! + room[k], count: parts[k].events)
                    }
                    filled += parts[k].events
                }
                eventsCount = filled
            }
            linesCount = contents.events.count
        }
        // Line numbers: each chunk's are shifted by the lines before it.
        var shift = 0
        var filled = 0
        for (k, part) in parts.enumerated() {
            if k > 0, shift != 0 {
                for i in filled..<(filled + part.events) { contents.lines[i] += shift }
                contents.diagnostics += part.diagnostics.map { diagnostic in
                    var shifted = diagnostic
                    shifted.line = diagnostic.line.map { $0 + shift }
                    return shifted
                }
            } else {
                contents.diagnostics += part.diagnostics
            }
            filled += part.events
            contents.lacksFinalNewline = part.lacksFinalNewline
            if k == 0 {
                contents.completeBytes = part.completeBytes
                contents.lastCompleteLine = part.lastCompleteLine
            } else if part.lastCompleteLine > 0 {  // a last chunk of just a cut-short line has none
                contents.completeBytes = part.completeBytes
                contents.lastCompleteLine = part.lastCompleteLine + shift
            }
            shift = contents.lastCompleteLine
        }
        return contents
    }

    /// The lines in `bytes[range]`: its newlines, plus a last line without one.
    private static func lineCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
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

    /// What one chunk held besides its events (which it wrote in place).
    private struct Part {
        var events = 0
        var diagnostics: [Diagnostic] = []
        var lacksFinalNewline = false
        var completeBytes = 0
        var lastCompleteLine = 0
    }

    /// A file cut into chunks, the array their events go to, and what each
    /// chunk found, stored by the thread that read it. (Unchecked sendable:
    /// threads only read `bytes`, each writes only its own room of the
    /// arrays, and `parts` is written under the lock.)
    private final class Chunks: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
        let starts: [Int]
        let room: [Int]
        let events: UnsafeMutablePointer<LedgerEvent>?
        let lines: UnsafeMutablePointer<Int>?
        private(set) var parts: [Part]
        private let lock = NSLock()

        init(
            bytes: UnsafeBufferPointer<UInt8>, starts: [Int], room: [Int], events: UnsafeMutablePointer<LedgerEvent>?,
            lines: UnsafeMutablePointer<Int>?
        ) {
            self.bytes = bytes
            self.starts = starts
            self.room = room
            self.events = events
            self.lines = lines
            parts = Array(repeating: Part(), count: starts.count - 1)
        }

        /// Reads chunk `k`, its first line numbered `firstLine`.
        func read(_ k: Int, path: String, firstLine: Int) {
            let part = LedgerText.read(
                bytes, starts[k]..<starts[k + 1], path: path, firstLine: firstLine, mayHoldHeader: k == 0,
                events: events.map { $0 + room[k] }, lines: lines.map { $0 + room[k] })
            lock.lock()
            parts[k] = part
            lock.unlock()
        }
    }

    /// Reads the lines of `bytes[range]` (which starts at a line start, and
    /// ends at a line end unless it is the end of the file), initializing
    /// its events and their line numbers at `events` and `lines` (room for
    /// one per line); `completeBytes` is counted from the start of `bytes`.
    /// Its line 1 is the file's header only when `mayHoldHeader` (not for a
    /// chunk of the middle of a file).
    private static func read(
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
            if mayHoldHeader, lineNumber == 1, line.count > 0, line[0] == 0x23 {
                checkHeader(line, path: path, into: &contents.diagnostics)
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
                    contents.diagnostics.append(
                        Diagnostic(
                            code: "ledger-malformed", severity: .error, path: path, line: lineNumber,
                            message:
                                "not a ledger event: \(failure.reason). The line is skipped; `vault check --fix` removes it."
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
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let prefix = "# vault-ledger v"
        guard text.hasPrefix(prefix), let version = Int(text.dropFirst(prefix.count)) else { return }
        if version > LedgerLine.version {
            diagnostics.append(
                Diagnostic(
                    code: "ledger-version", severity: .warning, path: path, line: 1,
                    message:
                        "the file is ledger format v\(version), newer than this vault (v\(LedgerLine.version)); lines it cannot read are skipped. Update vault."
                ))
        }
    }

    /// The file cleaned for `vault check --fix`: the header, then every
    /// well-formed event line in its original bytes and order, each identity
    /// once (those in `seen` already kept elsewhere are dropped too).
    /// Conflict markers, malformed lines and a truncated last line go.
    public static func repaired(
        _ bytes: UnsafeBufferPointer<UInt8>, seen: inout Set<LedgerEvent.Identity>
    ) -> (text: [UInt8], removed: Int, duplicates: Int) {
        var out = Array((LedgerLine.header + "\n").utf8)
        var removed = 0
        var duplicates = 0
        var start = 0
        var lineNumber = 0
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let isLast = end >= bytes.count
            switch classify(line) {
            case .event(let event) where !isLast:
                if seen.insert(event.identity).inserted {
                    out.append(contentsOf: line)
                    out.append(0x0A)
                } else {
                    duplicates += 1
                }
            case .blank:
                break
            case .comment where lineNumber == 1:
                break  // the header, written above
            case .comment where !isLast:
                out.append(contentsOf: line)
                out.append(0x0A)
            default:
                removed += 1
            }
            start = end + 1
        }
        return (out, removed, duplicates)
    }
}
