import Foundation
import VaultCore
import VaultProcess

/// The notes and the ledger, read once and replayed, for the use cases that
/// need curation state: the board of every note's cycle and every period's review.
public struct CurationSnapshot {
    public let context: AppContext
    /// Every note's summary.
    public let notes: [NoteSummary]
    /// The flashcards of the notes in a deck.
    public let cards: [Card]
    /// The memory palaces' itineraries among ``notes`` (found once: the
    /// board leaves their notes out, and the status and stats count them).
    public let walks: [LociWalk]
    /// The ledger replayed.
    public let replay: LedgerReplay
    public let board: CurationBoard
    /// Problems met while walking the vault.
    public let problems: [Diagnostic]
    /// The flashcard counts, when asked for: worked out on another thread while the board is built.
    private let counting: Background<CardsCounted>?

    /// The schedules the counts were worked out from, and the counts.
    struct CardsCounted: Sendable {
        var schedules: [String: CardSchedule]
        var counts: FlashcardCounts
    }

    public var state: CurationState { replay.curation }

    /// Reads the notes' summaries and the replayed ledger (the ledger port
    /// loads on another thread meanwhile) and builds the board.
    /// - Parameters:
    ///   - notes: full notes to use instead of the source's summaries (for a listing that prints them whole).
    ///   - countingFlashcards: also count the flashcards due and new (see ``flashcards``).
    public static func load(_ context: AppContext, notes full: [Note]? = nil, countingFlashcards: Bool = false)
        -> CurationSnapshot
    {
        var trace = PhaseTrace(context.tracer)
        context.ledger.prefetch()  // the replay decodes on another thread while the notes are scanned
        let loaded =
            full.map { NoteSummaries(notes: $0.map(\.summary), cards: [], problems: []) }
            ?? context.notes.summaries()
        trace.mark("notes (\(loaded.notes.count))")
        let replay = context.ledger.replay()
        trace.mark("ledger (\(replay.eventCount) events)")
        var counting: Background<CardsCounted>?
        if countingFlashcards {
            // Held cards (suspended, buried today) are not up for study.
            let holdEvents = replay.events(CardHoldEvent.self).events
            let held = holdEvents.isEmpty ? [:] : CardHoldEvent.holds(holdEvents, now: context.now, timeZone: context.timeZone)
            let (cards, ledger, config) = (
                held.isEmpty ? loaded.cards : loaded.cards.filter { held[$0.id] == nil }, context.ledger, context.config.schedulers
            )
            let study = context.config.study
            let unsuspensions = replay.events(CardUnsuspension.self).events
            let (now, timeZone, tracer) = (context.now, context.timeZone, context.tracer)
            nonisolated(unsafe) let source = ledger  // the ledger port is read-only here and thread-safe
            counting = Background {
                var trace = PhaseTrace(tracer)
                let schedules = source.cardSchedules(cards: cards, config: config)
                trace.mark("card schedules (\(cards.count) cards, beside the board)")
                defer { trace.mark("flashcard counts") }
                // Planned as `vault study` plans the day (Studying.configured), without a limit.
                var options = StudyOptions.unlimited(
                    overduePerDay: study.overduePerDay,
                    suspended: Leeches.suspended(schedules, habits: study, unsuspensions: unsuspensions))
                options.preset = study.preset
                options.learningAgainAfter = StudySettings.learningAgainAfter(
                    cards: cards, schedules: schedules, folder: nil)
                var counts = FlashcardCounts.count(
                    cards: cards, schedules: schedules, now: now, timeZone: timeZone, options: options)
                counts.leeches = schedules.values.reduce(0) { $0 + ($1.isLeech(threshold: study.leechLapses) ? 1 : 0) }
                return CardsCounted(schedules: schedules, counts: counts)
            }
        }
        let walks = LociPalaces.walks(in: loaded.notes, files: context.files)
        let (curated, keys) = Self.curated(loaded, walks: walks)
        let board = CurationBoard(
            notes: curated, keys: keys, state: replay.curation, timeZone: context.timeZone,
            baseline: Baseline(replay.events(BaselineEvent.self).events), schedule: context.config.reviewSchedule)
        trace.mark("board")
        return CurationSnapshot(
            context: context, notes: loaded.notes, cards: loaded.cards, walks: walks, replay: replay, board: board,
            problems: loaded.problems, counting: counting)
    }

    /// The notes that curation reviews: all but the memory palaces' (an
    /// itinerary's index and location notes, practised with `vault loci`).
    /// Usually there is no itinerary and nothing is read.
    static func curated(_ loaded: NoteSummaries, walks: [LociWalk]) -> ([NoteSummary], [NoteKey?]?) {
        guard !walks.isEmpty else { return (loaded.notes, loaded.keys) }
        let palace = Set(walks.flatMap { [$0.indexPath] + $0.stops.map(\.path) })
        let kept = loaded.notes.indices.filter { !palace.contains(loaded.notes[$0].path) }
        return (kept.map { loaded.notes[$0] }, loaded.keys.map { keys in kept.map { keys[$0] } })
    }

    /// The flashcard counts for `vault status` (waits for them), when asked for.
    public var flashcards: FlashcardCounts? { counting?.value().counts }

    /// Every card's schedule, as the counts used it (waits for them); nil unless counting was asked for.
    public var cardSchedules: [String: CardSchedule]? { counting?.value().schedules }

    /// Today's day number in the vault's zone.
    public var today: Int { context.today }

    /// The note a command-line argument names (id, id prefix or path).
    /// - Throws: ``AppError`` naming what was not found or what was ambiguous.
    public func resolve(_ reference: String) throws -> NoteSummary {
        try NoteLookup.find(reference, in: notes)
    }
}
