import Foundation

/// `session-start`: a timed study session began (its time is the start).
/// The running session is a fact of the ledger, not of a process: any
/// terminal, any clone after `vault sync`, can stop it.
public struct SessionStart: TypedEvent, Hashable {
    public static let kind = "session-start"
    public var time: Date
    /// The session's id (a UUID, lowercase).
    public var session: String
    public var subject: String
    public var note: String?

    public init(time: Date, session: String, subject: String, note: String? = nil) {
        self.time = time
        self.session = session
        self.subject = subject
        self.note = note
    }

    public var fields: [(key: String, value: String)] {
        [("session", session), ("subject", subject)] + (note.map { [("note", $0)] } ?? [])
    }

    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        self.init(
            time: event.time, session: try Self.required("session", in: event),
            subject: try Self.required("subject", in: event), note: Self.note(in: event))
    }
}

/// `session-stop`: the running session `session` ended, at `end` when given
/// (`vault session stop --at`, for a session left running), else at the
/// event's time; with the questions attempted and answered correctly, when given.
public struct SessionStop: TypedEvent, Hashable {
    public static let kind = "session-stop"
    public var time: Date
    public var session: String
    /// When the session ended, if not at the event's time.
    public var end: Date?
    public var questions: Int?
    public var correct: Int?
    public var note: String?

    public init(
        time: Date, session: String, end: Date? = nil, questions: Int? = nil, correct: Int? = nil, note: String? = nil
    ) {
        self.time = time
        self.session = session
        self.end = end
        self.questions = questions
        self.correct = correct
        self.note = note
    }

    /// The moment the session ended: `end`, or the event's time.
    public var ended: Date { end ?? time }

    public var fields: [(key: String, value: String)] {
        [(key: "session", value: session)] + (end.map { [(key: "end", value: VaultDate.isoString($0))] } ?? [])
            + Self.outcomeFields(questions: questions, correct: correct, note: note)
    }

    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        var end: Date?
        if let text = event["end"].map(Self.trimmed), !text.isEmpty {
            guard let moment = VaultDate.parse(text, in: VaultDate.utc) else {
                throw Self.unreadable(event, "has an 'end' that is not a moment")
            }
            end = moment
        }
        self.init(
            time: event.time, session: try Self.required("session", in: event), end: end,
            questions: try Self.count("questions", in: event, in: StudyRanges.questions),
            correct: try Self.count("correct", in: event, in: StudyRanges.questions), note: Self.note(in: event))
    }
}

/// An event that names one session and says nothing more of it: its kind is
/// the whole message (`session-cancel`, `session-rm`). Its field and its
/// reading back are written once, here.
public protocol SessionMark: TypedEvent {
    /// The session's id.
    var session: String { get }
    init(time: Date, session: String)
}

extension SessionMark {
    public var fields: [(key: String, value: String)] { [("session", session)] }

    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        self.init(time: event.time, session: try Self.required("session", in: event))
    }
}

/// `session-cancel`: the running session `session` is dropped, nothing recorded.
public struct SessionCancel: SessionMark, Hashable {
    public static let kind = "session-cancel"
    public var time: Date
    public var session: String

    public init(time: Date, session: String) {
        self.time = time
        self.session = session
    }
}

/// `session`: a session entered by hand (`vault session add`): its start
/// and length in minutes; the event's time is when it was entered.
public struct SessionEntry: TypedEvent, Hashable {
    public static let kind = "session"
    public var time: Date
    public var session: String
    public var subject: String
    public var start: Date
    public var minutes: Int
    public var questions: Int?
    public var correct: Int?
    public var note: String?

    public init(
        time: Date, session: String, subject: String, start: Date, minutes: Int, questions: Int? = nil,
        correct: Int? = nil, note: String? = nil
    ) {
        self.time = time
        self.session = session
        self.subject = subject
        self.start = start
        self.minutes = minutes
        self.questions = questions
        self.correct = correct
        self.note = note
    }

    public var fields: [(key: String, value: String)] {
        [
            ("session", session), ("subject", subject), ("start", VaultDate.isoString(start)),
            ("minutes", String(minutes)),
        ] + Self.outcomeFields(questions: questions, correct: correct, note: note)
    }

    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        guard let start = VaultDate.parse(try Self.required("start", in: event), in: VaultDate.utc) else {
            throw Self.unreadable(event, "has a 'start' that is not a moment")
        }
        guard let minutes = try Self.count("minutes", in: event, in: StudyRanges.minutes) else {
            throw Self.unreadable(event, "has no positive 'minutes'")
        }
        self.init(
            time: event.time, session: try Self.required("session", in: event),
            subject: try Self.required("subject", in: event), start: start, minutes: minutes,
            questions: try Self.count("questions", in: event, in: StudyRanges.questions),
            correct: try Self.count("correct", in: event, in: StudyRanges.questions), note: Self.note(in: event))
    }
}

/// `session-rm`: a recorded session withdrawn (an event, never a rewrite).
public struct SessionWithdrawal: SessionMark, Hashable {
    public static let kind = "session-rm"
    public var time: Date
    public var session: String

    public init(time: Date, session: String) {
        self.time = time
        self.session = session
    }
}

/// `session-review`: a follow-up review of session `session` done, with how it went.
public struct SessionReviewDone: TypedEvent, Hashable {
    public static let kind = "session-review"
    public var time: Date
    public var session: String
    public var result: FollowUpResult

    public init(time: Date, session: String, result: FollowUpResult) {
        self.time = time
        self.session = session
        self.result = result
    }

    public var fields: [(key: String, value: String)] { [("session", session), ("result", result.rawValue)] }

    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        guard let result = FollowUpResult(rawValue: try Self.required("result", in: event)) else {
            throw Self.unreadable(event, "has a 'result' other than easy, ok or hard")
        }
        self.init(time: event.time, session: try Self.required("session", in: event), result: result)
    }
}

extension TypedEvent {
    /// `questions`, `correct` and `note`, each when given: how a session went.
    static func outcomeFields(questions: Int?, correct: Int?, note: String?) -> [(key: String, value: String)] {
        var fields: [(key: String, value: String)] = []
        if let questions { fields.append(("questions", String(questions))) }
        if let correct { fields.append(("correct", String(correct))) }
        if let note { fields.append(("note", note)) }
        return fields
    }

    /// `note`, nil when absent or empty.
    static func note(in event: LedgerEvent) -> String? { event["note"].flatMap { $0.isEmpty ? nil : $0 } }

    /// The whole number in `key`, nil when absent or empty.
    /// - Throws: ``VaultCoreError/badEvent(kind:device:sequence:reason:)`` for a value that is not one
    ///   (or negative), or is outside `range`.
    static func count(_ key: String, in event: LedgerEvent, in range: ClosedRange<Int> = 0...Int.max) throws -> Int? {
        guard let text = event[key].map(trimmed), !text.isEmpty else { return nil }
        guard let value = Int(text), value >= 0 else { throw unreadable(event, "has a '\(key)' that is not a count") }
        guard range.contains(value) else {
            throw unreadable(event, "has a '\(key)' of \(value), outside \(range.lowerBound)-\(range.upperBound)")
        }
        return value
    }
}

/// `subject-rename`: sessions and goals recorded under `from` count under `to`
/// from now on (`vault subject rename`; the config is edited too).
public struct SubjectRename: TypedEvent, Hashable {
    public static let kind = "subject-rename"
    public var time: Date
    public var from: String
    public var to: String

    public init(time: Date, from: String, to: String) {
        self.time = time
        self.from = from
        self.to = to
    }

    public var fields: [(key: String, value: String)] { [("from", from), ("to", to)] }

    public init(_ event: LedgerEvent) throws {
        try Self.expectKind(of: event)
        self.init(time: event.time, from: try Self.required("from", in: event), to: try Self.required("to", in: event))
    }
}
