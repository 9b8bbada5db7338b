import Foundation
import Testing

@testable import VaultCore

@Suite("Note summaries stored small")
struct NoteSummaryLayoutTests {
    @Test("a summary takes the bytes counted for it (vault serve keeps one per note)")
    func size() {
        #expect(
            MemoryLayout<NoteSummary>.stride <= 136,
            "was 152 with its one-byte fields among the strings: keep them after `created`")
    }
}
