import Foundation
import Testing

@testable import VaultStore

/// Issue 34: `vault sync` hung forever when git wrote more than a pipe
/// holds to stderr, because stdout was read to its end first.
@Suite("child processes: both streams read at once")
struct ChildProcessTests {
    /// Runs `script` with /bin/sh through ``ChildProcess``, failing instead of hanging after `seconds`.
    func run(_ script: String, seconds: Int = 20) throws -> ChildProcess.Result {
        let child = ChildProcess(executable: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", script])
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.set(child.run())
            done.signal()
        }
        guard done.wait(timeout: .now() + .seconds(seconds)) == .success else {
            Issue.record("the child's output was not read within \(seconds) s: a pipe filled up unread")
            throw CancellationError()
        }
        return try #require(box.get())
    }

    @Test("a program writing 1 MB to stderr, then to stdout, ends and both outputs are whole")
    func bigStderr() throws {
        let result = try run("yes e | head -c 1048576 >&2; echo done; exit 3")
        #expect(result.status == 3)
        #expect(result.errors.count == 1_048_576)
        #expect(String(decoding: result.output, as: UTF8.self) == "done\n")
    }

    @Test("a program writing 1 MB to stdout, then to stderr, ends too")
    func bigStdout() throws {
        let result = try run("head -c 1048576 /dev/zero; echo oops >&2")
        #expect(result.status == 0)
        #expect(result.output.count == 1_048_576)
        #expect(String(decoding: result.errors, as: UTF8.self) == "oops\n")
    }
}

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: ChildProcess.Result?
    func set(_ result: ChildProcess.Result?) { lock.withLock { value = result } }
    func get() -> ChildProcess.Result? { lock.withLock { value } }
}
