import Foundation
import Testing
import VaultProcess

/// The allocator figures `vault serve` decides by (glibc's, through <malloc.h>).
@Suite("vault serve: the allocator's figures")
struct FreedMemoryTests {
    #if os(Linux)
        @Test("in use and scattered are read on Linux; a trim leaves what is in use in use")
        func figures() throws {
            let held = [UInt8](repeating: 1, count: 8 << 20)
            let inUse = try #require(FreedMemory.usage()).inUse
            #expect(inUse >= held.count)
            FreedMemory.returnToSystem()
            #expect(try #require(FreedMemory.usage()).scattered >= 0)
            #expect(held[held.count - 1] == 1)
        }
    #endif
}
