import Foundation

/// A value made when it is first asked for, then kept; the first caller
/// makes it, one asking meanwhile waits for it.
final class MadeOnFirstUse<Value> {
    private let make: () -> Value
    private var made: Value?
    private let lock = NSLock()

    init(_ make: @escaping () -> Value) { self.make = make }

    var value: Value {
        lock.withLock {
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}
