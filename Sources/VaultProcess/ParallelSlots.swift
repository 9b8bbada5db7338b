/// A fixed number of results that parallel workers (`concurrentPerform`)
/// store at distinct indices, read once every worker has finished.
///
/// Unchecked sendable: each index is written by one worker only, and read
/// after every worker has finished; a raw buffer, so no array is shared
/// between threads.
public final class ParallelSlots<Value>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Value?>
    private let count: Int

    public init(count: Int) {
        self.count = count
        storage = .allocate(capacity: max(count, 1))
        storage.initialize(repeating: nil, count: max(count, 1))
    }

    deinit {
        storage.deinitialize(count: max(count, 1))
        storage.deallocate()
    }

    /// Stores `value` at `index` (each index by one worker only).
    public func store(_ value: Value, at index: Int) { storage[index] = value }

    /// The values, once every index was stored.
    public var values: [Value] { (0..<count).map { storage[$0]! } }
}
