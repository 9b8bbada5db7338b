import Foundation

/// The one writer of the process's stdout and stderr (behind the command
/// line's `Output`, and `vault-serve`'s lines): what is written comes out in
/// the order it was produced.
///
/// Text for stdout collects in one buffer (written at once on a terminal,
/// as stdio's line buffering did, and in large writes to a pipe or file);
/// a line for stderr first writes out what the buffer holds. So when both
/// go to one place (a terminal, `2>&1`), a warning or an error sits after
/// the lines printed before it. Everything goes out with write(2): no stdio
/// or `FileHandle` buffer of its own can reorder it. Safe to call from any
/// thread (trace lines come from the threads that time their work).
package final class StandardStreams: @unchecked Sendable {
    /// The process's own streams, flushed at exit.
    package static let process: StandardStreams = {
        let streams = StandardStreams(
            out: STDOUT_FILENO, error: STDERR_FILENO, writingThrough: isatty(STDOUT_FILENO) == 1)
        atexit { StandardStreams.process.flush() }
        return streams
    }()

    /// Bytes for stdout kept before they are written (a pipe takes 64 KiB at a time).
    package static let capacity = 1 << 16

    private let out: Int32
    private let error: Int32
    @usableFromInline let writingThrough: Bool
    @usableFromInline let lock = NSLock()
    @usableFromInline var buffer: [UInt8] = []

    /// Streams over the descriptors `out` and `error`; with `writingThrough`,
    /// stdout text is written at each call instead of collected.
    package init(out: Int32, error: Int32, writingThrough: Bool) {
        self.out = out
        self.error = error
        self.writingThrough = writingThrough
    }

    /// Writes `text`'s UTF-8 to stdout (after everything written before).
    /// Not generic: the generic form below, called from another module, was
    /// left unspecialized, and its `append(contentsOf:)` looked its
    /// collection's conformances up at run time, a scan of all 5,000 of them
    /// that was a fifth of `vault --version` (benchmarks/STARTUP.md).
    package func writeOut(_ text: String.UTF8View) {
        lock.lock()
        defer { lock.unlock() }
        buffer.append(contentsOf: text)
        if writingThrough || buffer.count >= Self.capacity { flushLocked() }
    }

    /// Writes `bytes` to stdout (after everything written before).
    @inlinable
    package func writeOut<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        lock.lock()
        defer { lock.unlock() }
        buffer.append(contentsOf: bytes)
        if writingThrough || buffer.count >= Self.capacity { flushLocked() }
    }

    /// Writes `text` to stderr, after what stdout was given before it.
    package func writeError(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
        Self.writeAll(Array(text.utf8), to: error)
    }

    /// Writes out what stdout's buffer holds: before the terminal is handed
    /// to another program or a screen, and at exit.
    package func flush() {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
    }

    @usableFromInline func flushLocked() {
        guard !buffer.isEmpty else { return }
        Self.writeAll(buffer, to: out)
        buffer.removeAll(keepingCapacity: buffer.count <= Self.capacity)
    }

    /// All of `bytes` to `fd`, however many writes it takes; stops at an
    /// error other than an interruption (a closed pipe: nobody reads on).
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
