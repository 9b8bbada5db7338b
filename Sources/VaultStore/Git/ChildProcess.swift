import Foundation
import Synchronization

/// A program run to its end with both of its output streams read at once.
///
/// Reading stdout to its end before stderr hangs as soon as the program
/// writes more to stderr than a pipe holds (64 KB on Linux): it blocks on
/// stderr and never closes stdout (issue 34, `vault sync` with a chatty git).
/// Here stderr is read on a thread of its own while stdout is read on the
/// caller's, so neither pipe can fill up unread.
struct ChildProcess {
    /// What the program printed, and how it ended.
    struct Result: Sendable {
        var status: Int32
        var output: Data
        var errors: Data
    }

    var executable: URL
    var arguments: [String]
    var folder: URL? = nil

    /// Runs the program with stdin from /dev/null; nil when it cannot be started.
    func run() -> Result? {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let errors = Mutex(Data())
        let reader = err.fileHandleForReading
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let data = reader.readDataToEndOfFile()
            errors.withLock { $0 = data }
            done.signal()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: output, errors: errors.withLock { $0 })
    }
}
