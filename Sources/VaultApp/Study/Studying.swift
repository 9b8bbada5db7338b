import Foundation
import VaultCore

/// `vault study` and `vault cards`: the flashcards of the notes in a deck,
/// their schedules replayed from the ledger, the study queue, and answers
/// recorded as typed events.
public struct Studying {
    public let context: AppContext
    /// The cards of the notes in a deck, in note path order then reading order.
    public let cards: [Card]

    /// Reads the cards (from the note source's summaries: the catalog on disk).
    public init(_ context: AppContext) {
        var trace = PhaseTrace(context.tracer)
        context.ledger.prefetch()  // the replay decodes on another thread while the notes are scanned
        let summaries = context.notes.summaries()
        self.context = context
        self.cards = summaries.cards
        trace.mark("notes (\(summaries.notes.count)) and cards (\(cards.count))")
    }

    /// Over the cards of one note only (every card of it, in reading order: a card's history
    /// may continue an edited sibling's): what answering one of them needs, without reading the
    /// vault's other cards (the language server answers a card of the note open in the editor).
    public init(_ context: AppContext, cardsOfOneNote cards: [Card]) {
        self.init(context, cards: cards)
    }

    /// Over `cards` already read (in note path order then reading order), as
    /// `vault remind` has them from the status's scan.
    init(_ context: AppContext, cards: [Card]) {
        self.context = context
        self.cards = cards
    }

    /// Every card's schedule (new cards included).
    public func schedules() -> [String: CardSchedule] {
        var trace = PhaseTrace(context.tracer)
        defer { trace.mark("card schedules") }
        return context.ledger.cardSchedules(cards: cards, config: context.config.schedulers)
    }

    /// The full card replay: schedules, re-links (answering needs them) and problems.
    public func replay() -> CardReplay {
        context.ledger.cardReplay(cards: cards, config: context.config.schedulers)
    }

    /// Checks that `request.folder`, when given, holds cards at all: an empty
    /// queue for a misspelt folder would read as "nothing to study".
    /// - Throws: ``AppError/noCardsInFolder(_:)``.
    public func checkFolder(_ request: StudyRequest) throws {
        try checkFolder(request.folder)
    }

    /// ``checkFolder(_:)-(StudyRequest)`` for options already resolved.
    /// - Throws: ``AppError/noCardsInFolder(_:)``.
    func checkFolder(_ options: StudyOptions) throws {
        try checkFolder(options.folder)
    }

    private func checkFolder(_ folder: String?) throws {
        guard let folder else { return }
        let prefix = SchedulerConfig.folderPrefix(folder)
        guard prefix.isEmpty || cards.contains(where: { $0.notePath.hasPrefix(prefix) }) else {
            throw AppError.noCardsInFolder(folder)
        }
    }

    /// The cards held out of study now (suspended, or buried today), by card id (`card-hold` events).
    public func holds() -> [String: CardHold] {
        let events = context.ledger.replay().events(CardHoldEvent.self).events
        return events.isEmpty ? [:] : CardHoldEvent.holds(events, now: context.now, timeZone: context.timeZone)
    }

    /// The cards that may come up for study: every card but the held ones.
    public func studiable() -> [Card] {
        let held = holds()
        return held.isEmpty ? cards : cards.filter { held[$0.id] == nil }
    }

    /// The study queue `request` asks for, from `schedules`: resolved against
    /// the config and the ledger (``options(for:schedules:)``), held cards left out.
    public func queue(_ request: StudyRequest, schedules: [String: CardSchedule]) -> StudyQueue {
        queue(options(for: request, schedules: schedules), schedules: schedules)
    }

    /// What `request` comes to under `study:` in the config (the daily limit:
    /// `--exam`'s 50, else `daily_limit`, else the preset's; the share of
    /// long-overdue cards a day) and the ledger (suspended leeches): the one
    /// place a front end's words meet the config, so every front end plans
    /// the same queue for the same request.
    public func options(for request: StudyRequest, schedules: [String: CardSchedule]) -> StudyOptions {
        let options = context.config.study.options(
            mode: request.mode, folder: request.folder, limit: request.batch, exam: request.exam, focus: request.focus,
            weekday: weekday)
        return configured(options, schedules: schedules)
    }

    /// Today's weekday in the vault's zone, 0 Monday … 6 Sunday: which of `study.limits_by_day` holds.
    public var weekday: Int { ISOWeek.weekday(ofDay: context.today) - 1 }

    /// True when today is a day off from study (`study.limits_by_day` gives it 0): no card comes up, `vault remind` offers none.
    public var isDayOff: Bool { context.config.study.isDayOff(weekday) }

    /// The study queue under `options`, from `schedules`, with held cards
    /// left out, the config's share of long-overdue cards a day, and suspended leeches left out.
    /// Internal: a front end asks with a ``StudyRequest``, so it cannot leave the config out.
    func queue(_ options: StudyOptions, schedules: [String: CardSchedule]) -> StudyQueue {
        var trace = PhaseTrace(context.tracer)
        defer { trace.mark("plan") }
        return StudyPlanner.plan(
            cards: studiable(), schedules: schedules, now: context.now, timeZone: context.timeZone,
            options: configured(options, schedules: schedules))
    }

    /// `options` with what the config and the ledger say: the overdue share
    /// a day, the suspended cards, and whether learning cards come back
    /// today (fewer than ``StudySettings/learningAgainBelow`` learning cards in the folder).
    func configured(_ options: StudyOptions, schedules: [String: CardSchedule]) -> StudyOptions {
        var options = options
        options.overduePerDay = context.config.study.overduePerDay
        options.suspended = suspended(schedules)
        options.learningAgainAfter = StudySettings.learningAgainAfter(
            cards: cards, schedules: schedules, folder: options.folder)
        return options
    }

    /// The `unsuspend` events of the ledger.
    func unsuspensions() -> [CardUnsuspension] {
        context.config.study.leechAction == .suspend
            ? context.ledger.replay().events(CardUnsuspension.self).events : []
    }

    /// The cards out of study now (suspended leeches; none under `leech_action: flag`).
    public func suspended(_ schedules: [String: CardSchedule]) -> Set<String> {
        Leeches.suspended(schedules, habits: context.config.study, unsuspensions: unsuspensions())
    }

    /// The pictures embedded in `card`'s paragraph (vault-relative paths,
    /// read from the note as it is now): what the study screen draws.
    public func pictures(of card: Card) -> [String] {
        media(of: card).pictures
    }

    /// The pictures and the sounds of `card`'s paragraph (vault-relative
    /// paths, read from the note as it is now, the attachments listed once):
    /// what the web's study page shows and plays.
    public func media(of card: Card) -> (pictures: [String], sounds: [String]) {
        guard let data = try? context.files.read(card.notePath) else { return ([], []) }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard card.line >= 1, card.line <= lines.count else { return ([], []) }
        var paragraph: [Substring] = []
        for line in lines[(card.line - 1)...] {
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { break }
            paragraph.append(line)
        }
        let text = paragraph.joined(separator: "\n")
        var listed: [String]?
        let attachments = {
            if listed == nil { listed = context.files.attachments() }
            return listed!
        }
        func resolved(_ references: [String]) -> [String] {
            references.compactMap {
                CardPictures.resolve($0, notePath: card.notePath, exists: context.files.exists, attachments: attachments)
            }
        }
        return (resolved(CardPictures.references(in: text)), resolved(CardSounds.references(in: text)))
    }

    /// The leeches of the deck, most lapses first (`vault cards --leeches`).
    public func leeches() -> [Leeches.Leech] {
        Leeches.list(
            cards: cards, schedules: schedules(), habits: context.config.study, unsuspensions: unsuspensions())
    }

    /// Brings the suspended leeches named by `references` (ids or id prefixes) back into
    /// study, one `unsuspend` event each, all resolved before anything is written.
    /// - Throws: ``VaultCoreError`` for a reference that names no card;
    ///   ``AppError/notSuspended(_:)`` for a card that is not suspended; the ledger's error.
    public func unsuspend(_ references: [String]) throws -> [Card] {
        let resolved = try references.map { try CardReference.resolve($0, in: cards) }
        let out = suspended(schedules())
        for card in resolved where !out.contains(card.id) { throw AppError.notSuspended(card.id) }
        for card in resolved {
            try context.ledger.append(CardUnsuspension(time: context.now, card: card.id, note: card.noteKey))
        }
        return resolved
    }

    /// Plans every answer first (so a bad argument records nothing), then appends the events.
    /// - Throws: ``VaultCoreError`` for an argument that names no card or no
    ///   answer; the ledger's error when it cannot be written.
    /// With `cram`, the answers are `cram` events that change no schedule.
    public func answer(rates: [String], tiers: [String], cram: Bool = false) throws -> [StudyAnswers.Outcome] {
        try answerWritingBack(rates: rates, tiers: tiers, cram: cram).outcomes
    }

    /// ``answer(rates:tiers:cram:)``, with what writing each answer back into its note did
    /// (`obsidian_sr.write_back`; ``ObsidianSRWriteBack``), in the answers' order.
    public func answerWritingBack(rates: [String], tiers: [String], cram: Bool = false) throws -> (
        outcomes: [StudyAnswers.Outcome], writeBacks: [ObsidianSRWriteBack.Outcome]
    ) {
        let replay = replay()
        let planned = try StudyAnswers.plan(
            rates: rates, tiers: tiers, cards: cards, replay: replay, config: context.config.schedulers,
            at: context.now, cram: cram)
        try record(planned.events)
        guard !cram else { return (planned.outcomes, []) }
        var schedules = replay.schedules
        var writeBacks: [ObsidianSRWriteBack.Outcome] = []
        for outcome in planned.outcomes where !outcome.given.hasPrefix("tier=") {
            schedules[outcome.card.id] = outcome.schedule
            writeBacks.append(
                ObsidianSRWriteBack(context: context).write(outcome.card, schedule: outcome.schedule, siblings: schedules))
        }
        return (planned.outcomes, writeBacks)
    }

    /// `vault cards --tier FOLDER=TIER`: plans moving every card of the notes
    /// under the folder to the tier (``FolderTierMove``) and, unless
    /// `dryRun`, appends one `tier` event per card that moves.
    /// - Throws: ``VaultCoreError/badAnswer(argument:reason:)`` for an argument
    ///   not written FOLDER=TIER, a tier that is none, or a folder whose cards are
    ///   all under a scheduler that places them itself; ``AppError/noCardsInFolder(_:)``;
    ///   the ledger's error when it cannot be written (events already written stay).
    public func moveFolder(_ argument: String, dryRun: Bool) throws -> FolderTierMove {
        guard let equals = argument.lastIndex(of: "="), equals != argument.startIndex,
            argument.index(after: equals) != argument.endIndex
        else {
            throw VaultCoreError.badAnswer(argument: argument, reason: "is not written as FOLDER=TIER, e.g. lectures/week-3=reviewing.")
        }
        let folder = String(argument[..<equals])
        guard let tier = StudyTier(rawValue: argument[argument.index(after: equals)...].lowercased()) else {
            throw VaultCoreError.badAnswer(argument: argument, reason: "names no tier; use learning, reviewing, mastered or inactive.")
        }
        guard
            let move = FolderTierMove.plan(
                folder: folder, tier: tier, cards: cards, replay: replay(), config: context.config.schedulers, at: context.now)
        else { throw AppError.noCardsInFolder(folder) }
        if move.moving.isEmpty, move.alreadyThere == 0 {
            throw VaultCoreError.badAnswer(
                argument: argument,
                reason:
                    "moves no card: the \(move.otherScheduler) cards under '\(folder)' are placed by their scheduler; tiers are set by hand only under the tiers scheduler."
            )
        }
        if !dryRun { try record(move.events) }
        return move
    }

    /// Records one answer given on the study screen: a `card-link` first when
    /// the card continues an edited card's history (a re-link in `replay` not
    /// yet recorded), then the `rate` event, through the ledger port. Returns
    /// the card's new schedule, computed from its schedule in `replay`.
    /// - Throws: when the ledger cannot be written; events already written stay.
    /// In a cram session (`cram`), a `cram` event and the schedule as it was.
    /// With `given` (the id a web page gave the answer: ``GivenID``), the
    /// answer's event carries it, and an answer the ledger holds already is not written again.
    /// With `writingBack` false the note is not written (``ObsidianSRWriteBack``): the caller
    /// writes it, as the language server does through the editor that holds the note.
    public func answer(
        _ card: Card, with answer: ReviewAnswer, at time: Date, responseMilliseconds: Int?, replay: CardReplay,
        cram: Bool = false, given: String? = nil, writingBack: Bool = true
    ) throws -> CardSchedule {
        let answered = CardAnswering.answer(
            card, with: answer, at: time, responseMilliseconds: responseMilliseconds, replay: replay,
            config: context.config.schedulers, cram: cram)
        try record(answered.events, given: given)
        // The answer is in the ledger, which is what counts; a comment that cannot be written
        // back now is written with the card's next answer.
        if !cram, writingBack {
            _ = ObsidianSRWriteBack(context: context).write(card, schedule: answered.schedule, siblings: replay.schedules)
        }
        return answered.schedule
    }

    /// Appends the events an answer asks for, in order; `given` goes on the
    /// answer itself (the `rate` or `cram` event), not on a `card-link` before it.
    /// - Throws: when the ledger cannot be written; events already written stay.
    public func record(_ events: [PendingCardEvent], given: String? = nil) throws {
        for event in events {
            switch event {
            case .rate, .cram: try context.ledger.append(event.typed, given: given)
            case .link, .tier: try context.ledger.append(event.typed)
            }
        }
    }

    /// The moment of `card`'s last answer still standing (a `rate` event, or
    /// with `cram` a `cram` event, that no `answer-undo` cancels), nil when it has none.
    public func lastAnswer(of card: Card, cram: Bool) -> Date? {
        if cram {
            let replay = context.ledger.replay()
            let answers = replay.events(CramAnswer.self).events.filter { $0.card == card.id }
            return AnswerUndo.standing(answers, undos: replay.events(AnswerUndo.self).events).last?.time
        }
        let log = context.ledger.cardLog()
        guard let slot = log.slots(of: [card.id]).first ?? nil else { return nil }
        for event in log.histories[slot].reversed() {
            if case .answer(let time, _, _) = event { return time }
        }
        return nil
    }

    /// Takes back `card`'s last answer (``lastAnswer(of:cram:)``): an
    /// `answer-undo` event at the context's moment (or the answer's, when the
    /// browser's clock put it later), carrying `given`. Returns the moment of
    /// the answer taken back, nil when the card has none.
    /// - Throws: the ledger's error when it cannot be written.
    @discardableResult
    /// An undo sent twice (its `given` id in the ledger already) is done: the moment it took back is returned again.
    /// With `puttingBack` (``writtenGroup(before:replay:cram:)`` of the answer), the card's
    /// comment is put back as it was (``ObsidianSRWriteBack/restore(_:group:siblings:)``), as
    /// the study flow's undo puts it back; doing so again writes the same bytes.
    public func undoLastAnswer(of card: Card, cram: Bool, given: String? = nil, puttingBack group: String? = nil) throws
        -> Date?
    {
        let answered = try recordUndo(of: card, cram: cram, given: given)
        if answered != nil, let group, !cram {
            _ = ObsidianSRWriteBack(context: context).restore(card, group: group, siblings: replay().schedules)
        }
        return answered
    }

    /// What an undo of an answer to `card` puts back in its note with write-back on
    /// (``ObsidianSRWriteBack/group(before:)``), from its schedule in `replay`, the one before
    /// the answer: text a web page can carry to its undo. Nil when nothing is written back.
    public func writtenGroup(before card: Card, replay: CardReplay, cram: Bool) -> String? {
        guard !cram else { return nil }
        let schedule =
            replay.schedules[card.id]
            ?? CardSchedule(settings: context.config.schedulers.settings(forNotePath: card.notePath))
        return ObsidianSRWriteBack(context: context).group(before: schedule)
    }

    /// The `answer-undo` of ``undoLastAnswer(of:cram:given:puttingBack:)``: the moment taken back, nil for none.
    private func recordUndo(of card: Card, cram: Bool, given: String?) throws -> Date? {
        if let given {
            let replay = context.ledger.replay()
            if replay.holds(givenID: given) {
                let key = NoteKey(id: given)
                return replay.featureEvents.last { $0.kind == AnswerUndo.kind && GivenID.replayKey(of: $0) == key }
                    .flatMap { try? AnswerUndo($0).answered }
            }
        }
        guard let answered = lastAnswer(of: card, cram: cram) else { return nil }
        let undo = AnswerUndo(
            time: max(context.now, answered), card: card.id, note: card.noteKey, cram: cram, answered: answered)
        try context.ledger.append(undo, given: given)
        return answered
    }

    /// The cards counted per folder (`vault cards --tree`): all, to study today (as `--due` lists them), new, mastered.
    public func tree() -> CardTree {
        let due = listing(dueOnly: true)
        let replay = replay()
        return CardTree(cards: cards, schedules: replay.schedules, dueToday: Set(due.cards.map(\.0.id)))
    }

    /// The cards with their schedules; with `dueOnly`, only those to study
    /// today as `vault study` and `vault status` count them (due or new, in
    /// queue order, set-aside cards and buried siblings left out: see
    /// ``StudyPlanner``), with the queue they came from.
    public func listing(dueOnly: Bool) -> (
        cards: [(Card, CardSchedule)], problems: [VaultCoreError], queue: StudyQueue?
    ) {
        let replay = replay()
        if dueOnly {
            let queue = StudyPlanner.plan(
                cards: studiable(), schedules: replay.schedules, now: context.now, timeZone: context.timeZone,
                options: configured(.unlimited(), schedules: replay.schedules))
            return (queue.entries.map { ($0.card, $0.schedule) }, replay.problems, queue)
        }
        let listed: [(Card, CardSchedule)] = cards.map { card in
            let schedule =
                replay.schedules[card.id]
                ?? CardSchedule(settings: context.config.schedulers.settings(forNotePath: card.notePath))
            return (card, schedule)
        }
        return (listed, replay.problems, nil)
    }
}
