import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("The use-case context over in-memory ports")
struct AppContextTests {
    let zone = TimeZone(identifier: "Europe/Berlin")!

    @Test("a typed event appended to the ledger port replays into the curation state")
    func appendedEventReplays() throws {
        let ledger = MemoryLedger(timeZone: zone)
        let period = try #require(ReviewPeriod("2026-W47", level: .weekly))
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        try ledger.append(CurationEvent(time: now, note: "abc", period: period, decision: .keep))
        let context = AppContext(
            notes: MemoryNotes(all: []), ledger: ledger, ids: MemoryNoteIDs(),
            config: VaultConfig(timeZoneIdentifier: "Europe/Berlin"), now: now)
        let decided = try #require(context.ledger.replay().curation.decision(note: "ABC", period: period))
        #expect(decided.decision == .keep)
        #expect(ledger.events.map(\.kind) == ["curate"])
    }
}
