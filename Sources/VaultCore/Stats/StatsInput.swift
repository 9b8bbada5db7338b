import Foundation

/// What `vault stats` is computed from: everything read once at the edge,
/// so ``VaultStatistics/compute(_:)`` is a pure function of it.
public struct StatsInput: Sendable {
    /// The memory palaces (of the folder) and their locations' SM-2 states.
    public var walks: [LociWalk]
    public var lociStates: LociStates
    /// The notes (of the folder, when one is given).
    public var notes: [NoteSummary]
    /// Curation: each note's cycle and the periods' reviews.
    public var board: CurationBoard
    /// Every card's answers (the card log replay keeps), and the ids of the
    /// cards counted (those under the folder; nil: every card of the log).
    public var cardLog: CardEventLog
    public var countedCards: Set<String>?
    /// The cards of the notes in a deck, and every card's schedule.
    public var cards: [Card]
    public var schedules: [String: CardSchedule]
    /// Cards that continue an edited card's history, and histories no card continues.
    public var relinked: Int
    public var orphaned: Int
    public var sessions: [StudySessionRecord]
    public var goals: [GoalProgress]
    /// Ratings and decisions per day (the replay's).
    public var activity: StudyActivity
    public var now: Date
    public var timeZone: TimeZone
    /// How many days the per-day charts cover.
    public var days: Int
    /// The folder the notes were taken from (vault-relative, ending in `/`;
    /// nil: the whole vault): the board's notes outside it are left out.
    public var folder: String?
    /// The schedulers in force (for the calibration of the FSRS weights).
    public var schedulers = SchedulerConfig()
    /// The answers of cram sessions (`cram` events), counted apart as cramming.
    public var cramAnswers: [CramAnswer] = []
    /// Lapses that make a card a leech (`study.leech_lapses`).
    public var leechLapses = 8

    public init(
        notes: [NoteSummary], board: CurationBoard, cardLog: CardEventLog, countedCards: Set<String>?, cards: [Card],
        schedules: [String: CardSchedule], relinked: Int, orphaned: Int, sessions: [StudySessionRecord],
        goals: [GoalProgress], activity: StudyActivity, now: Date, timeZone: TimeZone, days: Int,
        folder: String? = nil, walks: [LociWalk] = [], lociStates: LociStates = LociStates(ratings: [])
    ) {
        self.walks = walks
        self.lociStates = lociStates
        self.notes = notes
        self.board = board
        self.cardLog = cardLog
        self.countedCards = countedCards
        self.cards = cards
        self.schedules = schedules
        self.relinked = relinked
        self.orphaned = orphaned
        self.sessions = sessions
        self.goals = goals
        self.activity = activity
        self.now = now
        self.timeZone = timeZone
        self.days = days
        self.folder = folder.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// A name and a number: one bar of a chart.
public struct Tally: Hashable, Sendable, Encodable {
    public var name: String
    public var count: Double

    public init(_ name: String, _ count: Double) {
        self.name = name
        self.count = count
    }
}
