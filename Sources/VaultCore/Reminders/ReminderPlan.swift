import Foundation

/// What is waiting, as `vault remind` counts it.
public struct DueWork: Hashable, Sendable {
    /// Notes pending in the reviews due now and in missed ones.
    public var notesToCurate: Int
    /// The ids of the periods due and missed with notes pending (`2026-W46`).
    public var periods: [String]
    /// Cards to study today (due and new, as `vault status` counts them).
    public var cardsToStudy: Int
    /// Cards in rotation (every card of a deck that is not inactive): sizes the batch.
    public var cardsInRotation: Int
    /// The questions of the first cards of today's queue (at least the
    /// batch's), in queue order, planned as `vault study` plans it: the
    /// `study:` settings, held cards and suspended leeches left out.
    public var firstQuestions: [String]
    /// Follow-up reviews of study sessions due.
    public var sessionReviews: Int
    /// Locations of memory palaces due now, in all palaces.
    public var locationsDue: Int
    /// The names of the palaces with a location due, as `vault status` lists them.
    public var palacesDue: [String]
    /// The day's study limit (the weekday's in `study.limits_by_day`, `study.daily_limit` or the preset's;
    /// 0 on a day off; `Int.max`: none).
    public var dailyLimit: Int
    /// Cards answered today, which count against ``dailyLimit``.
    public var studiedToday: Int

    public init(
        notesToCurate: Int, periods: [String], cardsToStudy: Int, cardsInRotation: Int, firstQuestions: [String],
        sessionReviews: Int, locationsDue: Int = 0, palacesDue: [String] = [], dailyLimit: Int = .max,
        studiedToday: Int = 0
    ) {
        self.notesToCurate = notesToCurate
        self.periods = periods
        self.cardsToStudy = cardsToStudy
        self.cardsInRotation = cardsInRotation
        self.firstQuestions = firstQuestions
        self.sessionReviews = sessionReviews
        self.locationsDue = locationsDue
        self.palacesDue = palacesDue
        self.dailyLimit = dailyLimit
        self.studiedToday = studiedToday
    }

    /// Cards the daily limit leaves for today.
    public var dayLeft: Int { max(0, dailyLimit - studiedToday) }

    /// True when cards wait but the day's limit is used up: no batch can be studied today.
    public var dailyLimitReached: Bool { cardsToStudy > 0 && dayLeft == 0 }

    /// `the daily limit of 30 is reached (30 answered today)`.
    public var dailyLimitText: String {
        if dailyLimit == 0 { return "today is a day off from study" }
        return "the daily limit of \(dailyLimit) is reached (\(studiedToday) answered today)"
    }

    public var isEmpty: Bool { notesToCurate == 0 && cardsToStudy == 0 && sessionReviews == 0 && locationsDue == 0 }
}

/// Whether `vault remind` raises a notification now, and what it says: a
/// pure function of what is due, the settings, the last reminder and the moment.
public enum ReminderPlan: Equatable, Sendable {
    case remind(title: String, body: String, batch: Int)
    case nothingDue
    case quietHours(until: String)
    case dayOff(String)
    case tooSoon(next: Date)
    /// Not in the hour `remind.at` names (`HH:MM`, its start).
    case outsideHour(String)
    /// Only cards wait and the day's study limit is used up: nothing to act
    /// on until tomorrow, so nothing is raised (`limit`, cards answered today).
    case dailyLimitReached(limit: Int, answered: Int)

    /// StudyFlow's batch: 1 card when fewer than 20 are in rotation, 2-3 for
    /// 20-100 (3 from 60), 5-8 above (one more per 100 beyond 100, at most 8).
    public static func batch(inRotation n: Int) -> Int {
        if n < 20 { return 1 }
        if n <= 100 { return n < 60 ? 2 : 3 }
        return min(8, 5 + (n - 101) / 100)
    }

    /// Why no reminder may be raised at `now`, whatever is due: a day off,
    /// the quiet hours, or the minimum interval since the last reminder
    /// (`.dayOff`, `.quietHours`, `.tooSoon`); nil when one may. It needs no
    /// note, so `vault remind` asks it before scanning the vault.
    public static func hold(settings: RemindSettings, lastReminder: Date?, now: Date, timeZone: TimeZone)
        -> ReminderPlan?
    {
        let local = now.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: now))
        let day = Int((local / 86_400).rounded(.down))
        let minute = Int(local - Double(day) * 86_400) / 60
        // Day 0 (1 January 1970) was a Thursday: weekday 3 when Monday is 0.
        let weekday = ((day + 3) % 7 + 7) % 7
        if settings.daysOff.contains(weekday) { return .dayOff(RemindSettings.weekdayNames[weekday]) }
        if settings.isQuiet(minute: minute) { return .quietHours(until: RemindSettings.clock(settings.quietEnd)) }
        if let hour = settings.resolvedHour, minute / 60 != hour { return .outsideHour(RemindSettings.clock(hour * 60)) }
        if let last = lastReminder {
            let next = last.addingTimeInterval(Double(settings.minimumInterval) * 60)
            if next > now { return .tooSoon(next: next) }
        }
        return nil
    }

    /// The plan at `now`; `force` skips quiet hours, days off and the interval.
    ///
    /// `work.sessionReviews` is the seam for session follow-up reviews: what
    /// the study log counts as due is passed in, and a reminder names them.
    ///
    /// The batch is cards now, whatever was answered earlier today, within
    /// what the daily limit leaves. When the limit is used up the reminder
    /// says so instead of offering cards (batch 0: no "Study now"), and when
    /// only cards wait it is not raised at all (``dailyLimitReached(limit:answered:)``).
    public static func plan(
        _ work: DueWork, settings: RemindSettings, lastReminder: Date?, now: Date, timeZone: TimeZone,
        force: Bool = false
    ) -> ReminderPlan {
        guard !work.isEmpty else { return .nothingDue }
        if !force, let held = hold(settings: settings, lastReminder: lastReminder, now: now, timeZone: timeZone) {
            return held
        }
        if work.dailyLimitReached, work.notesToCurate == 0, work.sessionReviews == 0, work.locationsDue == 0 {
            return .dailyLimitReached(limit: work.dailyLimit, answered: work.studiedToday)
        }
        let batch = min(
            work.cardsToStudy, settings.batch ?? Self.batch(inRotation: work.cardsInRotation), work.dayLeft)
        var parts: [String] = []
        if work.dailyLimitReached {
            parts.append(work.dailyLimitText)
        } else if work.cardsToStudy > 0 {
            parts.append("\(work.cardsToStudy) card\(work.cardsToStudy == 1 ? "" : "s") to study")
        }
        if work.notesToCurate > 0 {
            parts.append(
                "\(work.notesToCurate) note\(work.notesToCurate == 1 ? "" : "s") to review (\(work.periods.joined(separator: ", ")))"
            )
        }
        if work.sessionReviews > 0 {
            parts.append("\(work.sessionReviews) session review\(work.sessionReviews == 1 ? "" : "s")")
        }
        if work.locationsDue > 0 {
            parts.append(
                "\(work.locationsDue) location\(work.locationsDue == 1 ? "" : "s") to walk (\(work.palacesDue.joined(separator: ", ")))")
        }
        var body = parts.joined(separator: " · ")
        let questions = work.firstQuestions.prefix(batch)
        if !questions.isEmpty {
            body +=
                "\n"
                + questions.map { "• " + $0.replacingOccurrences(of: "\n", with: " ").elided(to: 80) }.joined(
                    separator: "\n")
        }
        let title = batch > 0 ? "vault: \(batch) card\(batch == 1 ? "" : "s") now?" : "vault: time to review"
        return .remind(title: title, body: body, batch: batch)
    }
}
