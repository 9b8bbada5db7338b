import Foundation
import VaultCore

/// `vault session` and `vault goal`: study sessions, goals, follow-up
/// reviews and points, replayed from the ledger's feature events
/// (``StudyLog``) and recorded as typed events. Every rule that can refuse
/// is checked before anything is written.
public struct StudyTracking {
    public let context: AppContext
    /// The log as of the replay read at start.
    public let log: StudyLog
    /// The vault's config with its subjects caught up with the ledger's
    /// renames (``SubjectEdits/catchingUp(_:renames:)``): what subject edits
    /// start from, so the next one also writes a rename cut short.
    public let config: VaultConfig

    public init(_ context: AppContext) {
        self.context = context
        var trace = PhaseTrace(context.tracer)
        let events = context.ledger.replay().featureEvents
        trace.mark("ledger replay")
        log = StudyLog(events: events, timeZone: context.timeZone)
        config = SubjectEdits.catchingUp(context.config, renames: log.renames)
        trace.mark("study log (\(log.sessions.count) sessions)")
    }

    /// How many recorded sessions and goals name `subject` (they keep the name when the subject is removed).
    public func records(naming subject: String) -> (sessions: Int, goals: Int) {
        (log.sessions.filter { $0.subject == subject }.count, goals().filter { $0.goal.subject == subject }.count)
    }

    /// The longest session `add` takes, and the longest a `stop` records.
    public static let longestMinutes = 24 * 60

    /// The subject of the config that `name` names.
    /// - Throws: ``AppError/unknownSubject(_:known:)``.
    public func subject(_ name: String) throws -> Subject {
        guard let subject = config.subject(named: name.trimmingSpaces()) else {
            throw AppError.unknownSubject(name, known: config.subjects.map(\.name))
        }
        return subject
    }

    /// Starts a session of `subject` now; with `switching`, stops the running one first.
    /// With `id` (a web page's given id, ``GivenID``), the session takes it,
    /// and a start sent twice starts one session: the one the ledger holds is returned.
    /// - Throws: ``AppError/sessionRunning(subject:since:)`` when one runs and `switching` is false.
    @discardableResult
    public func start(_ subjectName: String, note: String?, switching: Bool, id given: String? = nil) throws -> (
        started: RunningSession, stopped: StudySessionRecord?
    ) {
        if let given = given?.lowercased() {
            if let running = log.running.first(where: { $0.id == given }) { return (running, nil) }
            if let record = log.sessions.first(where: { $0.id == given }) {
                return (RunningSession(id: record.id, subject: record.subject, start: record.start, note: record.note), nil)
            }
        }
        let subject = try subject(subjectName)
        var stopped: StudySessionRecord?
        if let running = log.running.last {
            guard switching else {
                throw AppError.sessionRunning(subject: running.subject, since: describe(running.start))
            }
            // Switched within a minute of its start (a wrong subject): nothing was studied, so stop cancels it.
            if case .recorded(let record) = try stop(id: running.id, questions: nil, correct: nil, note: nil) {
                stopped = record
            }
        }
        let id = given?.lowercased() ?? context.newIDs.newID()
        try context.ledger.append(
            SessionStart(time: context.now, session: id, subject: subject.name, note: note), given: given?.lowercased())
        return (RunningSession(id: id, subject: subject.name, start: context.now, note: note), stopped)
    }

    /// The running session `id` names (an id prefix), or the only one running.
    /// - Throws: ``AppError/noRunningSession``, ``AppError/severalRunning(_:)``.
    public func running(_ id: String?) throws -> RunningSession {
        if let id {
            guard let found = log.running.first(where: { $0.id.hasPrefix(id.lowercased()) }) else {
                throw AppError.noRunningSession
            }
            return found
        }
        guard let only = log.running.first else { throw AppError.noRunningSession }
        guard log.running.count == 1 else { throw AppError.severalRunning(log.running.map { String($0.id.prefix(8)) }) }
        return only
    }

    /// What `vault session stop` did.
    public enum Stopped: Sendable {
        /// The session, recorded.
        case recorded(StudySessionRecord)
        /// The session ran under a minute: cancelled, not recorded (no 0-minute session worth points).
        case cancelled(RunningSession)
    }

    /// Stops the running session, now or at `end` (a session left running: `vault session stop --at`).
    /// A session stopped within a minute of its start is cancelled instead (`vault session cancel`).
    /// - Throws: as ``running(_:)``; ``AppError/badSession(_:)`` for counts that do not add up, an end
    ///   in the future or before the start, and a session longer than a day.
    @discardableResult
    public func stop(id: String?, at end: Date? = nil, questions: Int?, correct: Int?, note: String?) throws
        -> Stopped
    {
        let run = try running(id)
        try Self.checkCounts(questions: questions, correct: correct)
        let ended = end ?? context.now
        if let end, end > context.now.addingTimeInterval(60) {
            throw AppError.badSession("--at \(describe(end)) is in the future; give the moment the session ended.")
        }
        // Under a minute (or at its very start, as under a fixed VAULT_NOW): nothing to record.
        if end == nil || ended > run.start, ended.timeIntervalSince(run.start) < 60 {
            return .cancelled(try cancel(id: run.id))
        }
        guard ended > run.start else {
            throw AppError.badSession("the session started at \(describe(run.start)), after the moment it would stop.")
        }
        guard ended.timeIntervalSince(run.start) <= Double(Self.longestMinutes) * 60 else {
            let example = VaultDate.isoString(run.start.addingTimeInterval(3_600), in: context.timeZone).prefix(16)
            throw AppError.badSession(
                "the session of \(run.subject) has run since \(describe(run.start)), more than a day; give the moment it ended with `vault session stop --at \(example)`, or drop it with `vault session cancel`."
            )
        }
        try context.ledger.append(
            SessionStop(
                time: context.now, session: run.id, end: end, questions: questions, correct: correct, note: note))
        let noteText = [run.note, note].compactMap { $0 }.joined(separator: " · ")
        return .recorded(
            StudySessionRecord(
                id: run.id, subject: run.subject, start: run.start, end: ended, questions: questions,
                correct: correct, note: noteText.isEmpty ? nil : noteText, manual: false))
    }

    /// Drops the running session.
    @discardableResult
    public func cancel(id: String?) throws -> RunningSession {
        let run = try running(id)
        try context.ledger.append(SessionCancel(time: context.now, session: run.id))
        return run
    }

    /// Records a past session by hand, `minutes` long, started at `start` (default: `minutes` before now).
    /// - Throws: ``AppError/badSession(_:)`` for absurd minutes, counts or a start in the future.
    @discardableResult
    public func add(
        _ subjectName: String, minutes: Int, start: Date?, questions: Int?, correct: Int?, note: String?
    ) throws -> StudySessionRecord {
        let subject = try subject(subjectName)
        guard minutes > 0 else { throw AppError.badSession("--minutes must be at least 1 (it is \(minutes)).") }
        guard minutes <= Self.longestMinutes else {
            throw AppError.badSession("--minutes \(minutes) is more than a day (1440); record one session a day.")
        }
        try Self.checkCounts(questions: questions, correct: correct)
        let begin = start ?? context.now.addingTimeInterval(-Double(minutes) * 60)
        guard begin.addingTimeInterval(Double(minutes) * 60) <= context.now.addingTimeInterval(60) else {
            throw AppError.badSession(
                "the session would end at \(describe(begin.addingTimeInterval(Double(minutes) * 60))), in the future; give an earlier --at."
            )
        }
        let id = context.newIDs.newID()
        try context.ledger.append(
            SessionEntry(
                time: context.now, session: id, subject: subject.name, start: begin, minutes: minutes,
                questions: questions, correct: correct, note: note))
        return StudySessionRecord(
            id: id, subject: subject.name, start: begin, end: begin.addingTimeInterval(Double(minutes) * 60),
            questions: questions, correct: correct, note: note, manual: true)
    }

    /// The recorded session `id` names (an id prefix of 4 or more characters).
    public func session(_ id: String) throws -> StudySessionRecord {
        let matches = log.sessions.filter { $0.id.hasPrefix(id.lowercased()) }
        guard id.count >= 4, let first = matches.first else { throw AppError.noSuchSession(id) }
        guard matches.count == 1 else { throw AppError.ambiguousSession(id, candidates: matches.map { String($0.id.prefix(8)) }) }
        return first
    }

    /// Withdraws a recorded session (a `session-rm` event; the ledger keeps the session's events).
    @discardableResult
    public func remove(_ id: String) throws -> StudySessionRecord {
        let found = try session(id)
        try context.ledger.append(SessionWithdrawal(time: context.now, session: found.id))
        return found
    }

    /// Completes the follow-up review of session `id` (default: the first due) and returns it and the next one.
    /// - Throws: ``AppError/noFollowUpDue``, ``AppError/noSuchSession(_:)``.
    public func review(_ id: String?, result: FollowUpResult) throws -> (done: FollowUp, next: FollowUp?) {
        let followUp: FollowUp
        if let id {
            let session = try session(id)
            guard let found = log.followUps[session.id] else {
                throw AppError.badSession("session \(session.id.prefix(8)) has no review left on the ladder.")
            }
            // Done before its day, a review would climb the ladder early (twice in a row: 1 → 7 → 30 days at once).
            let dueDay = VaultDate.dayNumber(of: found.due, in: context.timeZone)
            guard dueDay <= context.today else {
                throw AppError.badSession(
                    "the \(FollowUpLadder.steps[found.step])-day review of session \(session.id.prefix(8)) is not due until \(VaultDate.dayString(dayNumber: dueDay)); `vault session reviews` lists the ones due.")
            }
            followUp = found
        } else {
            guard let first = log.followUpsDue(at: context.now).first else { throw AppError.noFollowUpDue }
            followUp = first
        }
        try context.ledger.append(SessionReviewDone(time: context.now, session: followUp.session, result: result))
        let next = FollowUpLadder.next(after: followUp.step, result).map {
            FollowUp(
                session: followUp.session, subject: followUp.subject, step: $0,
                due: FollowUpLadder.due(step: $0, from: context.now, in: context.timeZone), done: followUp.done + 1)
        }
        return (followUp, next)
    }

    /// Sets a goal of `hours` for `subject` (nil: every subject) by the day `by` (`YYYY-MM-DD`).
    @discardableResult
    public func addGoal(_ subjectName: String?, hours: Double, by: String) throws -> StudyGoal {
        let subject = try subjectName.map { try self.subject($0).name }
        guard StudyRanges.isGoalHours(hours) else {
            throw AppError.badSession(
                "--hours must be more than 0 and at most \(GoalSet.hoursText(StudyRanges.maxGoalHours)) (it is \(GoalSet.hoursText(hours))).")
        }
        guard let day = VaultDate.parseDay(by) else {
            throw AppError.badSession("--by '\(by)' is not a day; write it as 2026-12-31.")
        }
        guard day >= context.today else { throw AppError.badSession("--by \(by) has passed; give a day from today on.") }
        let id = context.newIDs.newID()
        try context.ledger.append(GoalSet(time: context.now, goal: id, subject: subject, hours: hours, by: by))
        return StudyGoal(id: id, subject: subject, hours: hours, lastDay: day, created: context.now)
    }

    /// Withdraws the goal `id` names (an id prefix).
    @discardableResult
    public func removeGoal(_ id: String) throws -> StudyGoal {
        let matches = log.goals.filter { $0.id.hasPrefix(id.lowercased()) }
        guard id.count >= 4, let goal = matches.first, matches.count == 1 else { throw AppError.noSuchGoal(id) }
        try context.ledger.append(GoalWithdrawal(time: context.now, goal: goal.id))
        return goal
    }

    /// Every goal's progress now.
    public func goals() -> [GoalProgress] {
        log.goals.map { GoalProgress($0, sessions: log.sessions, now: context.now, timeZone: context.timeZone) }
    }

    /// The points now.
    public func points() -> StudyPoints {
        StudyPoints(sessions: log.sessions, reviewsDone: log.reviewsDone, activity: context.ledger.replay().activity, now: context.now)
    }

    /// The days with a session, for the streak.
    public func sessionDays() -> Set<Int> {
        Set(log.sessions.filter { $0.start <= context.now }.map { VaultDate.dayNumber(of: $0.start, in: context.timeZone) })
    }

    /// `--questions` and `--correct` are in ``StudyRanges/questions``; `--correct` must not exceed `--questions`, and needs it.
    static func checkCounts(questions: Int?, correct: Int?) throws {
        let most = StudyRanges.questions.upperBound
        if let questions, !StudyRanges.questions.contains(questions) {
            throw AppError.badSession(
                questions < 0 ? "--questions must be 0 or more." : "--questions must be at most \(most) (it is \(questions)).")
        }
        if let correct, !StudyRanges.questions.contains(correct) {
            throw AppError.badSession(
                correct < 0 ? "--correct must be 0 or more." : "--correct must be at most \(most) (it is \(correct)).")
        }
        if let correct {
            guard let questions else { throw AppError.badSession("--correct needs --questions.") }
            guard correct <= questions else {
                throw AppError.badSession("--correct \(correct) is more than --questions \(questions).")
            }
        }
    }

    /// `09:00 (45 min ago)` in the vault's zone.
    func describe(_ date: Date) -> String {
        let iso = VaultDate.isoString(date, in: context.timeZone)
        return "\(iso.prefix(16).replacingOccurrences(of: "T", with: " ")) (\(RelativeTime.describe(date, from: context.now, in: context.timeZone)))"
    }
}
