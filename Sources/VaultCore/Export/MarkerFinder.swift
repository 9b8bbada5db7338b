#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds an ASCII marker (`[[`, `href="`) in UTF-8 bytes, in time linear in
/// the bytes however many times it is asked, as long as each search starts
/// no earlier than the one before.
///
/// Foundation's `range(of:)` copies the rest of a Swift string to UTF-16 on
/// every call, so a loop over the links of a long note took the square of
/// its length: a 40 MB note took 39 s to export. A marker found after the
/// start of a search is remembered, so the next search from before it
/// costs nothing; a marker that is not there is looked for once.
///
/// `package`, not `public`: it holds an unsafe pointer into the caller's
/// bytes (valid only inside their `withUTF8`), and no unsafe pointer is
/// part of the core's public API (docs/ARCHITECTURE.md, "A pure core").
package struct MarkerFinder {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let marker: [UInt8]
    /// The first occurrence at or after ``searchedFrom`` (nil: none there).
    private var found: Int?
    private var searchedFrom = Int.max

    /// - Parameter marker: ASCII, so that a match is never inside a character.
    package init(_ marker: String, in bytes: UnsafeBufferPointer<UInt8>) {
        precondition(!marker.isEmpty && marker.utf8.allSatisfy { $0 < 0x80 })
        self.bytes = bytes
        self.marker = Array(marker.utf8)
    }

    /// The offset of the first occurrence starting at or after `offset`.
    package mutating func first(from offset: Int) -> Int? {
        if offset >= searchedFrom, found.map({ $0 >= offset }) ?? true { return found }
        searchedFrom = offset
        found = Self.search(marker, in: bytes, from: offset)
        return found
    }

    /// `memchr` to the marker's first byte, then a comparison of the rest
    /// (markers are a few bytes long).
    static func search(_ marker: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int? {
        guard let base = bytes.baseAddress, offset >= 0 else { return nil }
        var i = offset
        while i + marker.count <= bytes.count {
            guard let hit = memchr(base + i, Int32(marker[0]), bytes.count - marker.count + 1 - i) else { return nil }
            let at = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            if (1..<marker.count).allSatisfy({ base[at + $0] == marker[$0] }) { return at }
            i = at + 1
        }
        return nil
    }
}
