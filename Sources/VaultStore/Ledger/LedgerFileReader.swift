import Foundation
import VaultCore

/// Reads the text of a ledger file into events, large files in chunks on
/// all cores: the same ``LedgerText/Contents`` as ``LedgerText/read(_:path:firstLine:)``'s
/// one pass, in about half the time on two cores.
///
/// A large file is cut at line ends into a few chunks per core, read side by
/// side. Each chunk writes its events straight into its part of one array
/// (room for one per line), and the parts are then slid together: events
/// are moved, never copied, so a million of them cost no reference counting.
enum LedgerFileReader {
    /// Files at least this large are read in parallel chunks.
    static let parallelBytes = 1 << 22

    /// Reads a whole file, or the end of one from a line start on (its first
    /// line then numbered `firstLine`). `path` names it in diagnostics.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, path: String, firstLine: Int = 1) -> LedgerText.Contents {
        read(bytes, path: path, firstLine: firstLine, parallelAbove: parallelBytes)
    }

    /// ``read(_:path:firstLine:)``, in chunks from `parallelAbove` bytes on (tests cut small files).
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, firstLine: Int, parallelAbove: Int, cores: Int? = nil
    ) -> LedgerText.Contents {
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
        for k in 0..<chunkCount { room.append(room[k] + LedgerText.lineCount(bytes, starts[k]..<starts[k + 1])) }
        var contents = LedgerText.Contents()
        var parts: [LedgerText.Part] = []
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
        private(set) var parts: [LedgerText.Part]
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
            parts = Array(repeating: LedgerText.Part(), count: starts.count - 1)
        }

        /// Reads chunk `k`, its first line numbered `firstLine`.
        func read(_ k: Int, path: String, firstLine: Int) {
            let part = LedgerText.readLines(
                bytes, starts[k]..<starts[k + 1], path: path, firstLine: firstLine, mayHoldHeader: k == 0,
                events: events.map { $0 + room[k] }, lines: lines.map { $0 + room[k] })
            lock.lock()
            parts[k] = part
            lock.unlock()
        }
    }
}
