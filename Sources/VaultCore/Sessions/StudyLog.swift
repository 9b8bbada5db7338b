import Foundation

/// A completed study session.
public struct StudySessionRecord: Hashable, Sendable {
    public var id: String
    public var subject: String
    public var start: Date
    public var end: Date
    public var questions: Int?
    public var correct: Int?
    public var note: String?
    /// True for a session entered by hand (`vault session add`).
    public var manual: Bool

    public init(
        id: String, subject: String, start: Date, end: Date, questions: Int? = nil, correct: Int? = nil,
        note: String? = nil, manual: Bool = false
    ) {
        self.id = id
        self.subject = subject
        self.start = start
        self.end = end
        self.questions = questions
        self.correct = correct
        self.note = note
        self.manual = manual
    }

    /// Its length in whole minutes.
    public var minutes: Int { max(0, Int((end.timeIntervalSince(start) / 60).rounded())) }

    /// Correct answers over questions, nil without questions.
    public var accuracy: Double? {
        guard let questions, questions > 0 else { return nil }
        return Double(correct ?? 0) / Double(questions)
    }
}

/// A session running now (started, neither stopped nor cancelled).
public struct RunningSession: Hashable, Sendable {
    public var id: String
    public var subject: String
    public var start: Date
    public var note: String?

    public init(id: String, subject: String, start: Date, note: String? = nil) {
        self.id = id
        self.subject = subject
        self.start = start
        self.note = note
    }

    /// The whole minutes it has run by `now` (0 before its start).
    public func minutes(at now: Date) -> Int { max(0, Int(now.timeIntervalSince(start) / 60)) }
}

/// A goal as set, and whether it was withdrawn.
public struct StudyGoal: Hashable, Sendable {
    public var id: String
    /// Nil: every subject.
    public var subject: String?
    public var hours: Double
    /// The last day that counts (day number in the vault's zone).
    public var lastDay: Int
    public var created: Date

    public init(id: String, subject: String?, hours: Double, lastDay: Int, created: Date) {
        self.id = id
        self.subject = subject
        self.hours = hours
        self.lastDay = lastDay
        self.created = created
    }
}

/// The follow-up review of a session: its step on the ladder and when it is due; nil when done.
public struct FollowUp: Hashable, Sendable {
    public var session: String
    public var subject: String
    /// 0 for the 1-day review, 1 for 7 days…
    public var step: Int
    public var due: Date
    /// Reviews done so far.
    public var done: Int

    public init(session: String, subject: String, step: Int, due: Date, done: Int) {
        self.session = session
        self.subject = subject
        self.step = step
        self.due = due
        self.done = done
    }
}

/// Study tracking replayed from the ledger's session and goal events, in
/// replay order: a pure function, so every clone that has the same events
/// (merged through git in any order) gets the same log.
public struct StudyLog: Sendable {
    public private(set) var sessions: [StudySessionRecord] = []
    public private(set) var running: [RunningSession] = []
    public private(set) var goals: [StudyGoal] = []
    /// Follow-ups still to do, by session id.
    public private(set) var followUps: [String: FollowUp] = [:]
    /// When each follow-up review of a session was done (the ones that counted: a session still followed up).
    public private(set) var reviewsDone: [Date] = []
    /// Events that could not be read (reported by `vault check`).
    public private(set) var problems: [VaultCoreError] = []
    /// Every subject name the ledger renames (lowercased) → its latest name.
    public private(set) var renames: [String: String] = [:]

    /// The session and goal kinds.
    public static let kinds: Set<String> = [
        SessionStart.kind, SessionStop.kind, SessionCancel.kind, SessionEntry.kind, SessionWithdrawal.kind,
        SessionReviewDone.kind, GoalSet.kind, GoalWithdrawal.kind, SubjectRename.kind,
    ]

    public init() {}

    /// The log of `events` (the replay's feature events, in replay order), days in `timeZone`.
    public init(events: [LedgerEvent], timeZone: TimeZone) {
        var started: [String: RunningSession] = [:]
        var order: [String] = []
        var recorded: [String: StudySessionRecord] = [:]
        var sessionOrder: [String] = []
        var withdrawn: Set<String> = []
        // Stops and cancels met before their start: another clone's clock ran
        // behind, so replay order puts them first. Kept for the start.
        var earlyStops: [String: (stop: SessionStop, event: LedgerEvent)] = [:]
        var earlyCancels: Set<String> = []
        var goals: [String: StudyGoal] = [:]
        var goalOrder: [String] = []
        var followUps: [String: FollowUp] = [:]
        // Subject renames, folded: each name once renamed → its latest name (any case).
        var renamed: [String: String] = [:]
        // Zone offsets per day over the events' span and the ladder's reach
        // (the earliest and latest event: a damaged ledger need not be in order).
        var first = Int.max
        var last = Int.min
        for event in events where Self.kinds.contains(event.kind) {
            let day = Int((event.time.timeIntervalSince1970 / 86_400).rounded(.down))
            first = min(first, day)
            last = max(last, day)
        }
        let span = first <= last ? (first - 1_200)...(last + 200) : 0...0
        var offsets = DayNumberCache(timeZone: timeZone, days: span)
        recorded.reserveCapacity(events.count)
        sessionOrder.reserveCapacity(events.count)
        followUps.reserveCapacity(events.count)
        func record(_ session: StudySessionRecord) {
            if recorded[session.id] == nil { sessionOrder.append(session.id) }
            recorded[session.id] = session
            if followUps[session.id] == nil, !withdrawn.contains(session.id) {
                followUps[session.id] = FollowUp(
                    session: session.id, subject: session.subject, step: 0,
                    due: FollowUpLadder.due(step: 0, from: session.end, offsets: &offsets), done: 0)
            }
        }
        for event in events where Self.kinds.contains(event.kind) {
            do {
                switch event.kind {
                case SessionStart.kind:
                    let start = try SessionStart(event)
                    guard recorded[start.session] == nil, started[start.session] == nil,
                        !earlyCancels.contains(start.session)
                    else { continue }
                    let run = RunningSession(id: start.session, subject: start.subject, start: start.time, note: start.note)
                    if let early = earlyStops.removeValue(forKey: start.session) {
                        if Self.tooLong(run, stoppedBy: early.stop) {
                            problems.append(Self.tooLongProblem(early.event))
                        } else if let session = Self.session(run, stoppedBy: early.stop) {
                            record(session)
                            continue
                        }
                    }
                    started[start.session] = run
                    order.append(start.session)
                case SessionStop.kind:
                    let stop = try SessionStop(event)
                    guard let run = started[stop.session] else {
                        if recorded[stop.session] == nil, earlyStops[stop.session] == nil {
                            earlyStops[stop.session] = (stop, event)
                        }
                        continue
                    }
                    // A stop more than a day after the start is out of range: reported, and the session runs on.
                    if Self.tooLong(run, stoppedBy: stop) { throw Self.tooLongProblem(event) }
                    // A stop not after the start is ignored: the session runs on.
                    guard let session = Self.session(run, stoppedBy: stop) else { continue }
                    started[stop.session] = nil
                    record(session)
                case SessionCancel.kind:
                    let id = try SessionCancel(event).session
                    if started.removeValue(forKey: id) == nil, recorded[id] == nil { earlyCancels.insert(id) }
                case SessionEntry.kind:
                    let entry = try SessionEntry(event)
                    guard recorded[entry.session] == nil else { continue }
                    record(
                        StudySessionRecord(
                            id: entry.session, subject: entry.subject, start: entry.start,
                            end: entry.start.addingTimeInterval(Double(entry.minutes) * 60), questions: entry.questions,
                            correct: entry.correct, note: entry.note, manual: true))
                case SessionWithdrawal.kind:
                    let id = try SessionWithdrawal(event).session
                    withdrawn.insert(id)
                    followUps[id] = nil
                case SessionReviewDone.kind:
                    let done = try SessionReviewDone(event)
                    guard let current = followUps[done.session] else { continue }
                    reviewsDone.append(done.time)
                    if let next = FollowUpLadder.next(after: current.step, done.result) {
                        followUps[done.session] = FollowUp(
                            session: current.session, subject: current.subject, step: next,
                            due: FollowUpLadder.due(step: next, from: done.time, offsets: &offsets), done: current.done + 1)
                    } else {
                        followUps[done.session] = nil
                    }
                case GoalSet.kind:
                    let goal = try GoalSet(event)
                    guard let lastDay = VaultDate.parseDay(goal.by), goals[goal.goal] == nil else { continue }
                    goals[goal.goal] = StudyGoal(
                        id: goal.goal, subject: goal.subject, hours: goal.hours, lastDay: lastDay, created: goal.time)
                    goalOrder.append(goal.goal)
                case GoalWithdrawal.kind:
                    goals[try GoalWithdrawal(event).goal] = nil
                case SubjectRename.kind:
                    let rename = try SubjectRename(event)
                    for (old, current) in renamed where current.lowercased() == rename.from.lowercased() {
                        renamed[old] = rename.to
                    }
                    renamed[rename.from.lowercased()] = rename.to
                default:
                    break
                }
            } catch let error as VaultCoreError {
                problems.append(error)
            } catch {}
        }
        func name(_ subject: String) -> String { renamed[subject.lowercased()] ?? subject }
        running = order.compactMap { started[$0] }.map { var r = $0; r.subject = name(r.subject); return r }
        sessions = sessionOrder.compactMap { withdrawn.contains($0) ? nil : recorded[$0] }.map {
            var s = $0
            s.subject = name(s.subject)
            return s
        }.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        self.goals = goalOrder.compactMap { goals[$0] }.map { var g = $0; g.subject = g.subject.map(name); return g }
        self.followUps = followUps.mapValues { var f = $0; f.subject = name(f.subject); return f }
        self.renames = renamed
    }

    /// Whether `stop` ends `run` more than ``StudyRanges/minutes`` after its start.
    static func tooLong(_ run: RunningSession, stoppedBy stop: SessionStop) -> Bool {
        stop.ended.timeIntervalSince(run.start) > Double(StudyRanges.minutes.upperBound) * 60
    }

    /// The problem `vault check` reports for a `session-stop` that ends its session more than a day after its start.
    static func tooLongProblem(_ event: LedgerEvent) -> VaultCoreError {
        SessionStop.unreadable(
            event,
            "ends its session more than \(StudyRanges.minutes.upperBound) minutes after it started; the stop is ignored and the session runs on")
    }

    /// The session `run` makes when `stop` ends it; nil when the stop is not after the start.
    static func session(_ run: RunningSession, stoppedBy stop: SessionStop) -> StudySessionRecord? {
        guard stop.ended > run.start else { return nil }
        let note = [run.note, stop.note].compactMap { $0 }.joined(separator: " · ")
        return StudySessionRecord(
            id: run.id, subject: run.subject, start: run.start, end: stop.ended, questions: stop.questions,
            correct: stop.correct, note: note.isEmpty ? nil : note, manual: false)
    }

    /// The follow-ups due by `now`, earliest first.
    public func followUpsDue(at now: Date) -> [FollowUp] {
        followUps.values.filter { $0.due <= now }.sorted { ($0.due, $0.session) < ($1.due, $1.session) }
    }

    /// Every follow-up still to do, earliest first.
    public var pendingFollowUps: [FollowUp] {
        followUps.values.sorted { ($0.due, $0.session) < ($1.due, $1.session) }
    }

    /// The ids of recorded sessions and running ones that start with `prefix` (any case).
    public func sessions(matching prefix: String) -> [String] {
        let p = prefix.lowercased()
        return (sessions.map(\.id) + running.map(\.id)).filter { $0.hasPrefix(p) }
    }
}
