import Foundation

/// Whole-file reads and writes with plain POSIX calls: notes are read 100,000
/// at a time and ledger files reach 100 MB, so no Foundation layers and no
/// chunked copies.
enum FileIO {
    /// Reads the file at `path` into `buffer` with one allocation and
    /// `read(2)` straight into it; false (with errno set) on failure.
    static func read(_ path: String, into buffer: inout [UInt8]) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return false }
        let size = Int(info.st_size)
        var failed = false
        buffer = [UInt8](unsafeUninitializedCapacity: size) { raw, count in
            var offset = 0
            while offset < size {
                let n = Foundation.read(fd, raw.baseAddress! + offset, size - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    break
                }
                if n == 0 { break }  // the file shrank meanwhile: keep what was read
                offset += n
            }
            count = offset
        }
        return !failed
    }

    /// Writes all of `bytes` to `fd`, retrying short and interrupted writes.
    /// Returns a description of the error, or nil on success.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> String? {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errnoDescription()
            }
            offset += written
        }
        return nil
    }
}
