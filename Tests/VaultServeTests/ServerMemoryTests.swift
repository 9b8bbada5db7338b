import Foundation
import Testing
import VaultProcess

/// A server frees each request's notes and events: what a command keeps
/// until exit (KeptUntilExit) is let go once `vault serve` says so.
@Suite("vault serve memory")
struct ServerMemoryTests {
    final class Big {}

    @Test("after freeFromNowOn, values handed over are freed as usual")
    func freed() {
        KeptUntilExit.freeFromNowOn()
        weak var watched: Big?
        do {
            let value = Big()
            watched = value
            KeptUntilExit.keep(value)
        }
        #expect(watched == nil)
    }

    /// The resident size in kB (Linux), from /proc/self/status.
    static func residentKB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    @Test("memory freed by a large read goes back to the system", .enabled(if: residentKB() != nil))
    func returned() throws {
        // 120 MB in small blocks, as a decoded catalog is, then freed: glibc keeps them.
        var blocks: [[UInt8]]? = (0..<120_000).map { [UInt8](repeating: UInt8($0 & 0xff), count: 1000) }
        #expect(blocks?.count == 120_000)
        blocks = nil
        let kept = try #require(Self.residentKB())
        FreedMemory.returnToSystem()
        let after = try #require(Self.residentKB())
        #expect(after < kept - 60_000, "resident \(kept) kB before, \(after) kB after")
    }
}
