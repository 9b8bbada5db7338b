#if canImport(CMalloc) && os(Linux)
    import CMalloc
#endif
import Foundation

/// For a process that runs on (`vault serve`): glibc keeps the memory a
/// large read freed (a catalog decoded, a ledger replayed) for its next
/// allocations, so the resident size stays at the highest it ever was.
/// Handing the free pages back after such a read lets it fall to what is
/// still in use.
public enum FreedMemory {
    /// Returns the allocator's free pages to the system (a few milliseconds
    /// on a large heap; nothing where the allocator is not glibc's).
    public static func returnToSystem() {
        #if canImport(CMalloc) && os(Linux)
            _ = malloc_trim(0)
        #endif
    }

    /// Sets the allocator up for a process that runs on and reads large
    /// things now and then (`vault serve`). Call it first thing, before any
    /// thread starts: glibc fixes the number of heaps when a second thread
    /// first allocates.
    /// - Threads share two heaps (`M_ARENA_MAX`; by default up to eight per
    ///   core), each of which keeps free space of its own. Measured at
    ///   100,000 notes with the other two settings, every page once: 141-150
    ///   MB resident with one or two heaps, 144-151 with eight; 20 clients
    ///   at 10,000 notes: p99 82 ms with one heap, 78 with two, 57 with
    ///   eight (the heap's lock is shared). Without the other two settings,
    ///   eight heaps were 184 MB and one 157.
    /// - Blocks of 1 MB or more are mapped on their own (`M_MMAP_THRESHOLD`,
    ///   which glibc would otherwise raise to 32 MB after the first large
    ///   free), so a large array goes back to the system when it is freed.
    /// - Free space past 8 MB at the heap's top is returned at once (`M_TRIM_THRESHOLD`).
    public static func settleForServing() {
        #if canImport(CMalloc) && os(Linux)
            _ = mallopt(M_ARENA_MAX, 2)
            _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
            _ = mallopt(M_TRIM_THRESHOLD, 8 << 20)
        #endif
    }

    /// What the allocator counts as in use (`mallinfo2`: one walk of its
    /// free lists, so both figures come from one call), and the bytes of the
    /// process's own (anonymous) resident memory beyond that: space freed on
    /// pages that some live block still holds. After a trim `scattered` is
    /// small when what is kept was read into pages of its own, and large
    /// when it was allocated among a large read's temporaries (a vault read
    /// for the first time), a block here and there on every page of that
    /// work. Nil where unknown.
    public static func usage() -> (inUse: Int, scattered: Int)? {
        #if canImport(CMalloc) && os(Linux)
            guard let resident = residentAnonymousBytes() else { return nil }
            let info = mallinfo2()
            let inUse = Int(info.uordblks) + Int(info.hblkhd)
            return (inUse, max(0, resident - inUse))
        #else
            return nil
        #endif
    }

    /// `RssAnon` of `/proc/self/status`, in bytes.
    static func residentAnonymousBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("RssAnon:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kilobytes * 1024
    }
}
