import Foundation
import VaultProcess

/// Independent parts of `vault check` run on all cores: each part's result
/// is kept in its own slot and handed back in the parts' order, whichever
/// finished first, so that the report reads the same however the threads ran.
enum CheckParts {
    /// Runs `part(0)`, …, `part(count - 1)` on all cores (the first ones
    /// first: put the longest part at 0) and returns their results in that order.
    ///
    /// The parts must share nothing they change (the context, the
    /// configuration and what was read before are only read): the compiler
    /// cannot tell, as the context is not `Sendable`.
    static func run<Value>(_ count: Int, _ part: (Int) -> Value) -> [Value] {
        let slots = ParallelSlots<Value>(count: count)
        withoutActuallyEscaping(part) { part in
            let shared = Shared(part)
            DispatchQueue.concurrentPerform(iterations: count) { slots.store(shared.value($0), at: $0) }
        }
        return slots.values
    }

    /// Runs `first` and `second` at the same time and returns both results.
    /// (As with ``run(_:_:)``, the two share nothing they change.)
    ///
    /// `second` runs on a thread of its own and `first` on the caller's, not
    /// as an apply: the loaders inside them spread their own work over the
    /// cores with `concurrentPerform`, which, nested in another, gets one
    /// thread per outer iteration (one, on two cores).
    static func both<A, B>(_ first: () -> A, _ second: @escaping () -> B) -> (A, B) {
        let b = ParallelSlots<B>(count: 1)
        let shared = Shared(second)
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { b.store(shared.value(), at: 0) }
        let a = first()
        done.wait()
        return (a, b.values[0])
    }

    /// A part handed to the threads. (Unchecked sendable: see ``run(_:_:)``.)
    private struct Shared<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
