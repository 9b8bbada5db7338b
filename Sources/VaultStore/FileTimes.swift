import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's modification and status-change times in nanoseconds, from
/// `stat`: the one place that knows Linux calls the fields `st_mtim` and
/// `st_ctim` and Darwin `st_mtimespec` and `st_ctimespec`.
extension stat {
    /// Modification time, nanoseconds since 1970.
    var modifiedNanoseconds: Int64 {
        #if canImport(Darwin)
            Self.nanoseconds(st_mtimespec)
        #else
            Self.nanoseconds(st_mtim)
        #endif
    }

    /// Status-change time (an edit that restores the old mtime still changes it), nanoseconds since 1970.
    var changedNanoseconds: Int64 {
        #if canImport(Darwin)
            Self.nanoseconds(st_ctimespec)
        #else
            Self.nanoseconds(st_ctim)
        #endif
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
