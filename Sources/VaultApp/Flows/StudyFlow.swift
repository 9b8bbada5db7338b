import Foundation
import VaultCore

/// The full-screen study session as a flow: one card of the queue at a time,
/// its question, the answer revealed, a rating; each rating written to the
/// ledger as it is given (by ``Studying``, which also computes the card's new
/// schedule), then the next card. The session finishes after the last card
/// or when left, and its summary counts the answers given.
///
/// Moments come in the inputs as milliseconds since the session started, so
/// the flow reads no clock: answers are timed from ``start`` (the command's
/// `now`) plus the time spent, as the scripted `--rate` times them from `now`.
public struct StudyFlow: InteractiveFlow {
    /// What the person did.
    public enum Input: Hashable, Sendable {
        /// Show the answer of the card shown.
        case reveal
        /// Show the hint of the card shown (before the answer; cards with a `%%hint: …%%`).
        case hint
        /// Take the promotion offered for the card shown (``promotionOffered``): a `tier` event,
        /// `elapsedMilliseconds` since the session started.
        case promote(elapsedMilliseconds: Int)
        /// The promotion was written; the card's schedule now.
        case promoted(Card, schedule: CardSchedule)
        /// Rate the card shown (once revealed): `elapsedMilliseconds` since the
        /// session started (the event's moment), `responseMilliseconds` from the
        /// question shown to the rating; `given`, the id it was given with
        /// where it may be sent twice (a web page's answer: ``GivenID``).
        case rate(ReviewAnswer, elapsedMilliseconds: Int, responseMilliseconds: Int, given: String? = nil)
        /// An answer was written (``Effect/record(_:replay:)`` carried out); the card's schedule now.
        case recorded(Answer, schedule: CardSchedule)
        /// Take back the last answer of this session (``canUndo``):
        /// `elapsedMilliseconds` since the session started (the undo's moment).
        case undo(elapsedMilliseconds: Int)
        /// The undo was written (``Effect/undo(_:previous:at:)`` carried out): the card is shown again.
        case undone(Answer)
        /// The reminders that were waiting are recorded as answered by studying
        /// (``Effect/answerReminders(_:)`` carried out).
        case remindersAnswered
        /// Leave the session (the answers given are saved already).
        case quit
    }

    /// One answer to write.
    public struct Answer: Hashable, Sendable {
        /// The card answered.
        public var card: Card
        /// The rating given, in the card's scheduler's scale.
        public var answer: ReviewAnswer
        /// The event's moment.
        public var time: Date
        /// From the question shown to the rating.
        public var responseMilliseconds: Int
        /// True in a cram session: a `cram` event, the schedule unchanged.
        public var cram = false
        /// The id the answer was given with (``GivenID``), nil in a terminal.
        public var given: String? = nil
    }

    /// What the flow asks to be done.
    public enum Effect: Sendable {
        /// Write the answer (a `card-link` first when the card continues an
        /// edited card's history, then the `rate` event) and compute the card's
        /// new schedule from `replay`; reported back as ``Input/recorded(_:schedule:)``.
        case record(Answer, replay: CardReplay)
        /// Move `card` to `tier` (tiers scheduler): a `tier` event; reported back as ``Input/promoted(_:schedule:)``.
        case promote(Card, to: StudyTier, at: Date)
        /// Take `answer` back: an `answer-undo` event at `at`, the card's
        /// schedule `previous` again; reported back as ``Input/undone(_:)``.
        case undo(Answer, previous: CardSchedule, at: Date)
        /// The first answer of the session acts on the reminders raised and not
        /// acted on: record them as answered by studying (`study`).
        case answerReminders([ReminderEntry])
        /// The session is over: show ``StudyFlow/summary(elapsedMilliseconds:)``.
        case finish
    }

    /// What the session did.
    public struct Summary: Sendable {
        /// Cards in the queue.
        public var queued: Int
        /// True when the session was left before the last card.
        public var stopped: Bool
        /// The answers given.
        public var session: StudySession
        /// The session's length.
        public var elapsedMilliseconds: Int
        /// The session's end (``StudyFlow/start`` plus the time spent).
        public var end: Date
        /// When a card is next due after the end, if any is.
        public var nextDue: Date?
    }

    /// The cards asked, in order.
    public let queue: StudyQueue
    /// The replay the queue was planned from, each answered card's schedule updated.
    public private(set) var replay: CardReplay
    /// The scheduler settings (for the intervals each rating would give).
    public let config: SchedulerConfig
    /// The moment the session started at.
    public let start: Date
    /// True under a given moment (`VAULT_NOW`): every answer is stamped at ``start``.
    public var fixedMoment = false
    /// The card shown; `queue.entries.count` when finished.
    public private(set) var index = 0
    /// Whether the answer of the card shown is shown.
    public private(set) var revealed = false
    /// Whether the hint of the card shown is shown.
    public private(set) var hintShown = false
    /// The timer's thresholds, in seconds (`study.timer`): green below the first, amber below the second, red after.
    public var timer = (amber: 5, red: 15)
    /// The answers given so far.
    public private(set) var session = StudySession()
    /// True when the session was left before the last card.
    public private(set) var stopped = false
    /// True once the session is over (``Effect/finish`` given): after the last card, or left.
    public private(set) var ended = false
    /// The reminders raised and not acted on when the session began (the
    /// latest first): shown first, and answered by the session's first answer.
    public private(set) var pendingReminders: [ReminderEntry] = []
    /// The answers written in this session, each with the card's schedule
    /// before it, the last one last: what ``Input/undo(elapsedMilliseconds:)`` takes back.
    private var written: [(answer: Answer, previous: CardSchedule)] = []

    /// True when an answer of this session may be taken back (one was given, the session goes on).
    public var canUndo: Bool { !written.isEmpty && !ended }
    /// The answer an undo would take back.
    public var lastAnswer: Answer? { written.last?.answer }

    /// The session over `queue`, planned from `replay`, started at `start`.
    public init(queue: StudyQueue, replay: CardReplay, config: SchedulerConfig, start: Date) {
        self.queue = queue
        self.replay = replay
        self.config = config
        self.start = start
    }

    /// The session `request` asks for over `studying`'s cards (resolved
    /// against the config and the ledger), at its context's `now`.
    public init(_ studying: Studying, request: StudyRequest) {
        // Answering needs the re-links too, so the full card replay.
        let replay = studying.replay()
        self.init(studying, queue: studying.queue(request, schedules: replay.schedules), replay: replay)
    }

    /// The session over `studying`'s cards under `options` as given (the tests' way in).
    init(_ studying: Studying, options: StudyOptions) {
        let replay = studying.replay()
        self.init(studying, queue: studying.queue(options, schedules: replay.schedules), replay: replay)
    }

    private init(_ studying: Studying, queue: StudyQueue, replay: CardReplay) {
        self.init(queue: queue, replay: replay, config: studying.context.config.schedulers, start: studying.context.now)
        fixedMoment = studying.context.clock.isFixed
        timer = (studying.context.config.study.timerAmber, studying.context.config.study.timerRed)
        pendingReminders = Reminding.pending(studying.context)
    }

    /// The flow over `queue`, with `pending` reminders waiting for it (see ``pendingReminders``).
    public init(queue: StudyQueue, replay: CardReplay, config: SchedulerConfig, start: Date, pending: [ReminderEntry]) {
        self.init(queue: queue, replay: replay, config: config, start: start)
        pendingReminders = pending
    }

    /// Seconds a card takes, for the estimate before a session (question, answer and rating).
    public static let secondsPerCard = 20

    /// "N cards, ~M min": the cards of the queue and the minutes they should take, at least 1.
    public var estimate: (cards: Int, minutes: Int) {
        let cards = queue.entries.count
        return (cards, max(1, (cards * Self.secondsPerCard + 59) / 60))
    }

    /// The timer's colour after `seconds` on a question.
    public enum TimerLevel: Hashable, Sendable { case green, amber, red }

    /// The timer's colour after `seconds` since the question was shown.
    public func timerLevel(seconds: Int) -> TimerLevel {
        seconds < timer.amber ? .green : seconds < timer.red ? .amber : .red
    }

    /// The tier the card shown may be promoted to, once revealed: under the
    /// tiers scheduler after `promotion_streak` correct answers in a row; nil otherwise.
    public var promotionOffered: StudyTier? {
        guard let entry, revealed, queue.focus != .cram else { return nil }
        let schedule = replay.schedules[entry.card.id] ?? entry.schedule
        guard schedule.promotionSuggested else { return nil }
        switch schedule.tier {
        case .learning: return .reviewing
        case .reviewing: return .mastered
        case .mastered, .inactive: return nil
        }
    }

    /// The card shown, nil once finished.
    public var entry: StudyQueue.Entry? { index < queue.entries.count ? queue.entries[index] : nil }
    /// True once every card of the queue is answered (at once for an empty queue).
    public var isFinished: Bool { index >= queue.entries.count }

    /// The moment `elapsedMilliseconds` after the start; the start itself under a given moment
    /// (answers then keep their order by the ledger's sequence).
    public func time(elapsedMilliseconds: Int) -> Date {
        fixedMoment ? start : start.addingTimeInterval(Double(elapsedMilliseconds) / 1000)
    }

    /// The schedule `answer` would give the card shown at `time` (nothing is written).
    public func outcome(of answer: ReviewAnswer, at time: Date) -> CardSchedule? {
        guard let entry else { return nil }
        return CardAnswering.answer(
            entry.card, with: answer, at: time, responseMilliseconds: nil, replay: replay, config: config
        ).schedule
    }

    /// The summary of the session ended `elapsedMilliseconds` after the start.
    public func summary(elapsedMilliseconds: Int) -> Summary {
        let end = time(elapsedMilliseconds: elapsedMilliseconds)
        return Summary(
            queued: queue.entries.count, stopped: stopped, session: session,
            elapsedMilliseconds: elapsedMilliseconds, end: end,
            nextDue: StudySession.nextDue(replay.schedules.values, after: end))
    }

    /// Writes an answer to `card` that is not the one the queue shows (another
    /// device moved the queue on, an answer given offline, a page without its
    /// script), at `elapsedMilliseconds` after the start, through `studying`;
    /// like the flow's own first answer, it acts on the reminders waiting.
    /// The flow itself does not move on.
    public func answerOutOfTurn(
        _ card: Card, with answer: ReviewAnswer, elapsedMilliseconds: Int, responseMilliseconds: Int?,
        given: String? = nil, through studying: Studying
    ) throws {
        _ = try studying.answer(
            card, with: answer, at: time(elapsedMilliseconds: elapsedMilliseconds),
            responseMilliseconds: responseMilliseconds, replay: replay, cram: queue.focus == .cram, given: given)
        if !pendingReminders.isEmpty { _ = try studying.perform(.answerReminders(pendingReminders)) }
    }

    /// Moves on for `input`; answers come back as inputs once written.
    public mutating func handle(_ input: Input) -> [Effect] {
        guard !ended else { return [] }
        switch input {
        case .reveal:
            if entry != nil { revealed = true }
        case .hint:
            if entry?.card.hint != nil, !revealed { hintShown = true }
        case .promote(let elapsed):
            guard let entry, let tier = promotionOffered else { return [] }
            return [.promote(entry.card, to: tier, at: time(elapsedMilliseconds: elapsed))]
        case .promoted(let card, let schedule):
            guard entry?.card.id == card.id else { return [] }
            replay.schedules[card.id] = schedule
        case .rate(let answer, let elapsed, let response, let id):
            guard let entry, revealed else { return [] }
            let given = Answer(
                card: entry.card, answer: answer, time: time(elapsedMilliseconds: elapsed),
                responseMilliseconds: response, cram: queue.focus == .cram, given: id)
            guard !pendingReminders.isEmpty else { return [.record(given, replay: replay)] }
            defer { pendingReminders = [] }
            return [.record(given, replay: replay), .answerReminders(pendingReminders)]
        case .recorded(let given, let schedule):
            guard entry?.card.id == given.card.id else { return [] }
            written.append((given, replay.schedules[given.card.id] ?? entry!.schedule))
            replay.schedules[given.card.id] = schedule
            session.record(
                .init(
                    card: given.card, answer: given.answer, responseMilliseconds: given.responseMilliseconds,
                    schedule: schedule))
            index += 1
            revealed = false
            hintShown = false
            guard isFinished else { return [] }
            ended = true
            return [.finish]
        case .undo(let elapsed):
            guard canUndo, let last = written.last else { return [] }
            return [.undo(last.answer, previous: last.previous, at: time(elapsedMilliseconds: elapsed))]
        case .undone(let given):
            guard let last = written.last, last.answer == given, index > 0 else { return [] }
            written.removeLast()
            replay.schedules[given.card.id] = last.previous
            session.removeLast()
            index -= 1
            revealed = false
            hintShown = false
        case .remindersAnswered:
            break
        case .quit:
            stopped = !isFinished
            ended = true
            return [.finish]
        }
        return []
    }
}

extension Studying: FlowEffectRunner {
    /// The session's answers are written by the study use case.
    public typealias Flow = StudyFlow

    /// Writes a ``StudyFlow/Effect/record(_:replay:)`` answer through
    /// ``answer(_:with:at:responseMilliseconds:replay:cram:)``, and a promotion as a `tier` event.
    /// - Throws: when the ledger cannot be written.
    public func perform(_ effect: StudyFlow.Effect) throws -> StudyFlow.Input? {
        if case .promote(let card, let tier, let time) = effect {
            let schedule =
                replay().schedules[card.id]
                ?? CardSchedule(settings: context.config.schedulers.settings(forNotePath: card.notePath))
            try record([.tier(TierChange(time: time, card: card.id, note: card.noteKey, tier: tier))])
            return .promoted(card, schedule: schedule.moving(to: tier, at: time))
        }
        if case .undo(let given, let previous, let time) = effect {
            try context.ledger.append(
                AnswerUndo(time: time, card: given.card.id, note: given.card.noteKey, cram: given.cram, answered: given.time))
            // As for the answer: the ledger counts, a comment not put back now is rewritten by the next answer.
            if !given.cram {
                _ = ObsidianSRWriteBack(context: context).restore(
                    given.card, previous: previous, siblings: replay().schedules)
            }
            return .undone(given)
        }
        if case .answerReminders(let reminders) = effect {
            // A reminder log that cannot be written leaves them pending (they
            // expire in a day); the answer itself is saved, and the session goes on.
            try? Reminding.answerByStudying(context, reminders)
            return .remindersAnswered
        }
        guard case .record(let given, let replay) = effect else { return nil }
        let schedule = try answer(
            given.card, with: given.answer, at: given.time, responseMilliseconds: given.responseMilliseconds,
            replay: replay, cram: given.cram, given: given.given)
        return .recorded(given, schedule: schedule)
    }
}
