import Foundation

/// Everything `vault stats` shows (SPEC section 9), computed by one pure
/// function of ``StatsInput``: the terminal dashboard, `--json` and the
/// HTML report all render this value.
public struct VaultStatistics: Sendable, Encodable {
    public var today: String
    public var days: Int
    public var notes: NoteStats
    public var curation: CurationStats
    public var cards: CardStats
    public var reviews: ReviewStats
    public var studyTime: StudyTimeStats
    public var streak: Int
    public var bestStreak: Int
    public var calendar: ActivityCalendar
    /// Memory palaces: locations due, answers and how they went.
    public var loci: LociStats
    /// The FSRS weights' predicted recall against the answers.
    public var calibration = CalibrationStats()
    /// Every milestone reached, in the order reached (``Milestone``).
    public var milestones: [Milestone] = []
    /// Recall by hour of the day, by position in a sitting and by sitting length, the best hour, the hardest cards.
    public var insights = Insights([])
    /// How this machine's reminders of the last 30 days were answered; nil when no reminder log was read.
    public var reminders: ReminderAnswers?

    /// The statistics of `input`.
    public static func compute(_ input: StatsInput) -> VaultStatistics {
        let reviews = ReviewKind.classify(
            input.cardLog, cards: input.countedCards, now: input.now, timeZone: input.timeZone)
        let sessionDays = Set(input.sessions.filter { $0.start <= input.now }.map {
            VaultDate.dayNumber(of: $0.start, in: input.timeZone)
        })
        let streak = StudyStreak(activity: input.activity, now: input.now, extraDays: sessionDays)
        var statistics = VaultStatistics(
            today: VaultDate.dayString(input.now, in: input.timeZone), days: input.days, notes: NoteStats(input),
            curation: CurationStats(input), cards: CardStats(input), reviews: ReviewStats(input, reviews: reviews),
            studyTime: StudyTimeStats(input), streak: streak.current, bestStreak: streak.best,
            calendar: ActivityCalendar(input),
            loci: LociStats(
                walks: input.walks, states: input.lociStates, now: input.now,
                since: input.now.addingTimeInterval(-Double(input.days) * 86_400)))
        statistics.calibration = CalibrationStats(input)
        statistics.milestones = Milestone.reached(
            activeDays: input.activity.activeDays(upTo: input.now).union(sessionDays), reviews: reviews, log: input.cardLog,
            board: input.board, sessions: input.sessions, now: input.now, timeZone: input.timeZone)
        statistics.insights = Insights(reviews, ids: input.cardLog.ids)
        if !statistics.insights.hardestCards.isEmpty {
            let hard = Set(statistics.insights.hardestCards.map(\.card))
            var questions: [String: String] = [:]
            for card in input.cards where hard.contains(card.id) { questions[card.id] = card.question }
            for k in statistics.insights.hardestCards.indices {
                statistics.insights.hardestCards[k].question = questions[statistics.insights.hardestCards[k].card]
            }
        }
        return statistics
    }
}
