/// For a process that runs on (`vault serve`): glibc keeps the memory a
/// large read freed (a catalog decoded, a ledger replayed) for its next
/// allocations, so the resident size stays at the highest it ever was.
/// Handing the free pages back after such a read lets it fall to what is
/// still in use.
public enum FreedMemory {
    /// Returns the allocator's free pages to the system (a few milliseconds
    /// on a large heap; nothing where the allocator is not glibc's).
    public static func returnToSystem() {
        #if os(Linux)
            _ = glibcMallocTrim(0)
        #endif
    }
}

#if os(Linux)
    /// glibc's `malloc_trim` (declared in `<malloc.h>`, which the Glibc module does not bring in).
    @_silgen_name("malloc_trim")
    private func glibcMallocTrim(_ pad: Int) -> Int32
#endif
