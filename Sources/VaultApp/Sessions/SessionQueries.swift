import Foundation
import VaultCore

/// The span `vault session report` counts: this ISO week unless told otherwise.
public enum ReportSpan: Equatable, Sendable {
    /// Monday to today.
    case week
    /// The first of the month to today.
    case month
    /// Every session.
    case all
    /// From the day `YYYY-MM-DD` to today.
    case since(String)
}

/// A report of sessions, and the days it spans.
public struct SessionSpanReport {
    public var report: SessionReport
    /// The sessions of the span, as klog records them.
    public var sessions: [StudySessionRecord]
    public var firstDay: Int
    public var lastDay: Int
}

extension StudyTracking {
    /// `vault session list`: the sessions of `subject` (nil: every one) from
    /// the day `since` to the day `until` (`YYYY-MM-DD`, either end open), in `sort` order.
    /// - Throws: ``AppError/badSession(_:)`` for a day that does not read.
    public func sessions(subject: String?, since: String?, until: String?, sort: SessionSort) throws
        -> [StudySessionRecord]
    {
        let first = try since.map { try Self.day($0, flag: "--since") } ?? Int.min
        let last = try until.map { try Self.day($0, flag: "--until") } ?? Int.max
        guard first <= last else { return [] }
        return SessionSelection.sessions(
            log.sessions, days: first...last, subject: subject, sort: sort, timeZone: context.timeZone)
    }

    /// `vault session report`: the sessions started by now, from the span's first day to today, `by` grouping.
    /// - Throws: ``AppError/badSession(_:)`` for a `since` day that does not read.
    public func report(_ span: ReportSpan, by grouping: SessionReport.Grouping) throws -> SessionSpanReport {
        let today = context.today
        let first: Int
        switch span {
        case .all: first = SessionSelection.beginning
        case .month: first = SessionSelection.monthStart(of: today)
        case .since(let text): first = try Self.day(text, flag: "--since")
        case .week: first = SessionSelection.weekStart(of: today)
        }
        let started = log.sessions.filter { $0.start <= context.now }
        let inSpan =
            first <= today
            ? SessionSelection.sessions(
                started, days: first...today, subject: nil, sort: .date, timeZone: context.timeZone)
            : []
        return SessionSpanReport(
            report: SessionReport(sessions: started, from: first, to: today, by: grouping, timeZone: context.timeZone),
            sessions: inSpan, firstDay: first, lastDay: today)
    }

    /// The moment an `--at` names: `2026-11-17T18:00` (in the vault's zone unless it gives an offset), or `18:00` today.
    /// - Throws: ``AppError/badSession(_:)`` when it names none.
    public func moment(_ text: String) throws -> Date {
        guard let date = SessionSelection.moment(text, now: context.now, timeZone: context.timeZone) else {
            throw AppError.badSession("--at '\(text)' is not a moment; write 2026-11-17T18:00 or 18:00.")
        }
        return date
    }

    /// The day number of `YYYY-MM-DD` given with `flag`.
    /// - Throws: ``AppError/badSession(_:)`` when it is not a day.
    public static func day(_ text: String, flag: String) throws -> Int {
        guard let day = VaultDate.parseDay(text) else {
            throw AppError.badSession("\(flag) '\(text)' is not a day; write it as 2026-11-18.")
        }
        return day
    }
}
