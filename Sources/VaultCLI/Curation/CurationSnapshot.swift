import Foundation
import VaultCore
import VaultStore

/// The notes and the ledger, read once and replayed, for the commands that
/// need curation state.
struct CurationSnapshot {
    let context: CommandContext
    /// The notes: as the catalog keeps them (no body, front matter or links),
    /// or parsed in full when asked for.
    let notes: [Note]
    /// The flashcards of those notes (nil when the notes were parsed: no command that asks for that needs them).
    let cards: [Card]?
    /// The ledger replayed (from the replay cache when it holds).
    let ledger: ReplayedLedger
    let state: CurationState
    let board: CurationBoard
    /// The flashcard counts for `vault status`, when asked for: worked out
    /// on another thread while the board is built.
    let flashcards: Background<FlashcardCounts>?

    /// Today's day number in the vault's zone.
    var today: Int { VaultDate.dayNumber(of: context.now, in: context.timeZone) }
    var store: LedgerStore { LedgerStore(layout: context.vault.layout) }

    /// - Parameters:
    ///   - parsed: parse every note in full (for `vault list --json`, which
    ///     prints links and front matter) instead of reading the note catalog.
    ///   - countingFlashcards: also count the flashcards due and new (see ``flashcards``).
    static func load(_ context: CommandContext, parsed: Bool = false, countingFlashcards: Bool = false)
        -> CurationSnapshot
    {
        var trace = PhaseTrace()
        // The ledger's replay cache loads on another thread while the notes are scanned.
        let (layout, timeZone) = (context.vault.layout, context.timeZone)
        let replaying = Background { ReplayCache(layout: layout, timeZone: timeZone).load() }
        let loaded: (notes: [Note], keys: [NoteKey?]?, cards: [Card]?)
        if parsed {
            loaded = (context.vault.loadNotes().notes, nil, nil)
        } else {
            let catalog = context.loadCatalog()
            loaded = (catalog.notes, catalog.keys, catalog.cards)
        }
        trace.mark("notes (\(loaded.notes.count))")
        let ledger = replaying.value()
        trace.mark("ledger (\(ledger.replay.eventCount) events, \(ledger.source))")
        var flashcards: Background<FlashcardCounts>?
        if countingFlashcards {
            let notes = loaded.notes
            let (cards, config, now) = (loaded.cards, context.config.schedulers, context.now)
            flashcards = Background {
                var trace = PhaseTrace()
                let cards = cards ?? CardLoader(layout: layout).cards(of: notes)
                let schedules = ledger.cardSchedules(cards: cards, config: config)
                trace.mark("card schedules (\(cards.count) cards, beside the board)")
                defer { trace.mark("flashcard counts") }
                return FlashcardCounts.count(cards: cards, schedules: schedules, now: now, timeZone: timeZone)
            }
        }
        let state = ledger.replay.curation
        let board = CurationBoard(notes: loaded.notes, keys: loaded.keys, state: state, timeZone: context.timeZone)
        trace.mark("board")
        let snapshot = CurationSnapshot(
            context: context, notes: loaded.notes, cards: loaded.cards, ledger: ledger, state: state, board: board,
            flashcards: flashcards)
        KeptUntilExit.keep(snapshot)  // 100,000 notes and a million events are not freed one by one
        return snapshot
    }

    /// Prints a warning naming the lower-level periods inside `period` that are not done.
    func warnAboutIncompleteLowerPeriods(_ period: ReviewPeriod) {
        let incomplete = board.incompleteLowerPeriods(of: period)
        guard !incomplete.isEmpty else { return }
        let names = incomplete.map { "\($0.period.id) (\($0.pendingCount) pending)" }.joined(separator: ", ")
        context.output.warning(
            "reviewing \(period.title) while these periods inside it are not completed: \(names). Their undecided notes are not in this review yet."
        )
    }
}

/// A decision to record about one note, as the scripted and interactive reviews make them.
struct ReviewRecorder {
    let snapshot: CurationSnapshot
    let period: ReviewPeriod
    let appender: LedgerAppender

    init(snapshot: CurationSnapshot, period: ReviewPeriod) throws {
        self.snapshot = snapshot
        self.period = period
        self.appender = try LedgerAppender(
            store: snapshot.store, timeZone: snapshot.context.timeZone, replay: snapshot.ledger.replay)
    }

    /// Records `decision` about `note`, first giving the note an id if it has none.
    /// Returns the id and whether one was written into the note.
    @discardableResult
    func record(_ decision: CurationDecision, _ note: Note) throws -> (id: String, adopted: Bool) {
        let identity = try NoteIdentity.ensure(note, in: snapshot.context.vault.layout)
        try appender.append(
            CurationEvent(time: snapshot.context.now, note: identity.id, period: period, decision: decision))
        return identity
    }

    /// Records that the period is finished, leaving undecided notes unpromoted.
    func finish() throws {
        try appender.append(FinishEvent(time: snapshot.context.now, period: period))
    }
}

/// Phase timings on stderr when `VAULT_TRACE` is set (for benchmarks).
struct PhaseTrace {
    let enabled = ProcessInfo.processInfo.environment["VAULT_TRACE"] != nil
    var last = Date()

    mutating func mark(_ phase: String) {
        guard enabled else { return }
        let now = Date()
        FileHandle.standardError.write(Data("trace: \(phase): \(Int(now.timeIntervalSince(last) * 1000)) ms\n".utf8))
        last = now
    }
}
