import Foundation
import VaultCore

@testable import VaultApp

/// An in-memory ledger: appended events replay like the real one's.
final class MemoryLedger: LedgerSource {
    private(set) var events: [LedgerEvent]
    let timeZone: TimeZone
    let device = "testdevice"

    init(events: [LedgerEvent] = [], timeZone: TimeZone) {
        self.events = events
        self.timeZone = timeZone
    }

    func prefetch() {}
    func replay() -> LedgerReplay { LedgerReplay(history(), timeZone: timeZone) }
    func diagnostics() -> [Diagnostic] { [] }
    func history() -> LedgerHistory { LedgerHistory(events.sorted(by: LedgerEvent.replayOrder)) }

    func cardSchedules(cards: [Card], config: SchedulerConfig) -> [String: CardSchedule] {
        cardReplay(cards: cards, config: config).schedules
    }

    func cardReplay(cards: [Card], config: SchedulerConfig) -> CardReplay {
        CardScheduleReplay.replay(cardLog(), cards: cards, config: config)
    }

    func cardLog() -> CardEventLog { CardEventLog(events: history().events) }

    /// Events that arrive from elsewhere (a pull), as they were written there.
    func receive(_ incoming: [LedgerEvent]) { events += incoming }

    @discardableResult
    func append(_ event: some TypedEvent, given: String?) throws -> LedgerEvent {
        let sequence = (events.filter { $0.device == device }.map(\.sequence).max() ?? 0) + 1
        var written = event.ledgerEvent(
            device: device, sequence: sequence, utcOffset: timeZone.secondsFromGMT(for: event.time))
        written.fields = GivenID.fields(written.fields, given: given)
        // As the real ledger: an id it holds already is not written again.
        if let given, events.contains(where: { GivenID.of($0) == given }) {
            written.sequence = 0
            return written
        }
        events.append(written)
        return written
    }
}

/// In-memory notes: summaries are the full notes' summaries.
struct MemoryNotes: NoteSource {
    var all: [Note]
    var cards: [Card] = []

    func summaries() -> NoteSummaries {
        NoteSummaries(notes: all.map(\.summary), cards: cards, problems: [])
    }

    func notes() -> (notes: [Note], problems: [Diagnostic]) { (all, []) }

    func note(at path: String) throws -> Note {
        guard let note = all.first(where: { $0.path == path }) else { throw CocoaError(.fileNoSuchFile) }
        return note
    }
}

/// In-memory id adoption: hands out the ids it is given, in order, and
/// remembers which notes it gave one.
final class MemoryNoteIDs: NoteIDWriter {
    var fresh: [String]
    private(set) var adopted: [String] = []

    init(fresh: [String] = []) { self.fresh = fresh }

    func ensureID(of note: some NoteNaming) throws -> (id: String, adopted: Bool) {
        if let id = note.id { return (id, false) }
        guard !fresh.isEmpty else { throw CocoaError(.fileWriteNoPermission) }
        adopted.append(note.path)
        return (fresh.removeFirst(), true)
    }
}
