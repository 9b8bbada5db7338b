import Foundation

/// Whole-file reads and writes with plain POSIX calls: notes are read 100,000
/// at a time and ledger files reach 100 MB, so no Foundation layers and no
/// chunked copies.
enum FileIO {
    /// Opens `path` for reading when it is a regular file; nil otherwise
    /// (errno set: `EISDIR` for a folder, `ENODEV` for a FIFO, a socket or a
    /// device, which would block a read forever or never end; `ELOOP` for a
    /// symbolic link when not `followingLinks`). Opened without blocking, so
    /// even a FIFO with no writer cannot hold the open up. `info` is the file's
    /// `fstat`, which callers use for its size (one `fstat` per file: a cold
    /// index opens 100,000).
    static func openRegularFile(_ path: String, info: inout stat, followingLinks: Bool = true) -> Int32? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return nil }
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            let folder = info.st_mode & S_IFMT == S_IFDIR
            close(fd)
            errno = folder ? EISDIR : ENODEV
            return nil
        }
        return fd
    }

    /// Reads the file at `path` into `buffer` with one allocation and
    /// `read(2)` straight into it; false (with errno set) on failure.
    static func read(_ path: String, into buffer: inout [UInt8], followingLinks: Bool = true) -> Bool {
        var info = stat()
        return read(path, from: 0, into: &buffer, info: &info, followingLinks: followingLinks)
    }

    /// Reads the file at `path` from byte `offset` to its end (as `fstat`
    /// saw it when opened, stored in `info`) into `buffer`.
    static func read(
        _ path: String, from offset: Int, into buffer: inout [UInt8], info: inout stat, followingLinks: Bool = true
    ) -> Bool {
        guard let fd = openRegularFile(path, info: &info, followingLinks: followingLinks) else { return false }
        defer { close(fd) }
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

    /// Calls `body` with the whole file at `path`, read with `read(2)` into
    /// memory mapped for it with every page in place up front: a fresh
    /// process would otherwise take a page fault per 4 KB of a 30 MB file.
    /// Nil when the file cannot be read; the memory is
    /// released when `body` returns.
    static func withContents<T>(of path: String, _ body: (UnsafeRawBufferPointer) -> T) -> T? {
        var info = stat()
        guard let fd = openRegularFile(path, info: &info) else { return nil }
        defer { close(fd) }
        let size = Int(info.st_size)
        guard size > 0 else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        #if os(Linux)
            let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE
        #else
            let flags = MAP_PRIVATE | MAP_ANON
        #endif
        guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, flags, -1, 0), memory != MAP_FAILED else {
            return nil
        }
        defer { munmap(memory, size) }
        var offset = 0
        while offset < size {
            let n = Foundation.read(fd, memory + offset, size - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }  // the file shrank meanwhile: keep what was read
            offset += n
        }
        return body(UnsafeRawBufferPointer(start: memory, count: offset))
    }

    /// Asks the kernel to put in place, in one call, the pages of a large
    /// buffer about to be written from start to end (Linux 5.14 and later;
    /// elsewhere, or when refused, the pages fault in one by one as usual).
    static func populate<T>(_ buffer: UnsafeMutableBufferPointer<T>) {
        #if os(Linux)
            guard let base = buffer.baseAddress else { return }
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let start = (Int(bitPattern: base) + page - 1) / page * page
            let end = Int(bitPattern: base + buffer.count)
            guard end - start >= page, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            let madvPopulateWrite: Int32 = 23  // MADV_POPULATE_WRITE, not in every Glibc module
            _ = madvise(pointer, (end - start) / page * page, madvPopulateWrite)
        #endif
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
