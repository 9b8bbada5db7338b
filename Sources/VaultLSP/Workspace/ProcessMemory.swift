#if canImport(Glibc)
    import Glibc
#endif

/// The server's memory handed back to the system after a large build.
enum ProcessMemory {
    #if canImport(Glibc)
        /// glibc's `malloc_trim` (in `malloc.h`, which Swift's Glibc module does not import).
        private static let trim: (@convention(c) (Int) -> Int32)? = {
            guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        }()
    #endif

    /// Gives the pages glibc's allocator holds free back to the system
    /// (`malloc_trim`): it would keep what a build over 100,000 notes'
    /// summaries (the resolver, the names) freed, its temporaries, for the
    /// life of the server (at the end of the bench, 178 MB without, 155 MB
    /// with). Nothing elsewhere.
    static func returnFreed() {
        #if canImport(Glibc)
            _ = trim?(0)
        #endif
    }
}
