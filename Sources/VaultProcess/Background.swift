import Foundation

/// Work started on another thread while the caller goes on with its own;
/// ``value()`` waits for it.
///
/// Commands read independent caches at once this way: the note catalog's
/// stat scan spends its time in the kernel, while the ledger's replay cache
/// and the stored catalog decode in user space on the other core.
/// (Unchecked sendable: `result` is written once, before `done` is signalled.)
public final class Background<Value: Sendable>: @unchecked Sendable {
    private var result: Value?
    private let done = DispatchSemaphore(value: 0)

    /// Starts `work` at once.
    public init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = work()
            self.done.signal()
        }
    }

    /// True once the work has finished (does not wait).
    public var isFinished: Bool {
        guard done.wait(timeout: .now()) == .success else { return false }
        done.signal()
        return true
    }

    /// The work's result, once it has finished (waits until then).
    public func value() -> Value {
        done.wait()
        defer { done.signal() }  // a second call returns at once
        return result!
    }
}
