import Foundation

/// Whole-file reads and writes with plain POSIX calls: notes are read 100,000
/// at a time and ledger files reach 100 MB, so no Foundation layers and no
/// chunked copies.
enum FileIO {
    /// Reads the file at `path` into `buffer` with one allocation and
    /// `read(2)` straight into it; false (with errno set) on failure.
    static func read(_ path: String, into buffer: inout [UInt8]) -> Bool {
        var info = stat()
        return read(path, from: 0, into: &buffer, info: &info)
    }

    /// Reads the file at `path` from byte `offset` to its end (as `fstat`
    /// saw it when opened, stored in `info`) into `buffer`.
    static func read(_ path: String, from offset: Int, into buffer: inout [UInt8], info: inout stat) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { return false }
        let size = max(0, Int(info.st_size) - offset)
        var failed = false
        buffer = [UInt8](unsafeUninitializedCapacity: size) { raw, count in
            var done = 0
            while done < size {
                let n = pread(fd, raw.baseAddress! + done, size - done, off_t(offset + done))
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    break
                }
                if n == 0 { break }  // the file shrank meanwhile: keep what was read
                done += n
            }
            count = done
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
