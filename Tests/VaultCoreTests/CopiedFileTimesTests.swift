import Testing

@testable import VaultCore

@Suite("Modification times that say when a vault was copied")
struct CopiedFileTimesTests {
    let minute: Int64 = 60_000_000_000
    let start: Int64 = 1_795_000_000 * 1_000_000_000 - (1_795_000_000 * 1_000_000_000) % (60 * 1_000_000_000)

    @Test("twenty notes modified in one minute read as a copy; nineteen do not")
    func burstThreshold() {
        let twenty = (0..<20).map { start + Int64($0) * 1_000_000_000 }
        #expect(CopiedFileTimes.copied(twenty) == Set(0..<20))
        #expect(CopiedFileTimes.copied(Array(twenty.prefix(19))).isEmpty)
    }

    @Test("notes written minutes apart keep their times beside a copied burst")
    func onlyTheBurstMinute() {
        let burst = (0..<25).map { start + Int64($0) * 100_000_000 }
        let written = (1...30).map { start + Int64($0) * 5 * minute }
        let copied = CopiedFileTimes.copied(written + burst)
        #expect(copied == Set(30..<55))
    }

    @Test("a burst that straddles a minute's edge counts per minute")
    func perCalendarMinute() {
        let before = (0..<15).map { start - 1 - Int64($0) }
        let after = (0..<15).map { start + Int64($0) }
        #expect(CopiedFileTimes.copied(before + after).isEmpty)
    }

    @Test("times before 1970 fall in their own minute, not in minute zero's")
    func negativeTimes() {
        #expect(CopiedFileTimes.minute(-1) == -1)
        #expect(CopiedFileTimes.minute(0) == 0)
        #expect(CopiedFileTimes.minute(-minute) == -1)
        #expect(CopiedFileTimes.minute(-minute - 1) == -2)
    }
}
