import Foundation
import VaultCore

/// ``FileReading`` over a file descriptor: `read(2)` a piece at a time,
/// closed when let go.
final class OpenedFile: FileReading, @unchecked Sendable {
    let size: Int
    private let descriptor: Int32
    private let lock = NSLock()

    init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    deinit { close(descriptor) }

    func read(upTo count: Int) throws -> Data {
        try lock.withLock {
            var data = Data(count: max(0, count))
            let read = data.withUnsafeMutableBytes { buffer -> Int in
                while true {
                    let n = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
                    if n < 0 && errno == EINTR { continue }
                    return n
                }
            }
            guard read >= 0 else { throw VaultStoreError.unreadable(path: "an attachment", reason: errnoDescription()) }
            data.count = read
            return data
        }
    }
}
