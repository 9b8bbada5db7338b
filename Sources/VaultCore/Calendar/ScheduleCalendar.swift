import Foundation

/// `vault calendar`: the review schedule as an iCalendar file (RFC 5545)
/// for calendar apps. Every item has a stable UID, so importing the file
/// again updates instead of duplicating:
///
/// - the weekly, monthly and yearly reviews as repeating events on their
///   review days (`review_day:`; by default Sunday, the 1st of the month, 1 January) at 18:00 in the
///   vault's zone, 30 minutes, with a 10-minute alarm;
/// - each missed review as a to-do, due on its review day;
/// - a study event each of the next days, at the end of the quiet hours,
///   with the number of cards forecast for it;
/// - a walk of each memory palace on each of the next days it has
///   locations due (those overdue on the first day), at the same hour;
/// - the follow-up reviews of study sessions due on each of the next days
///   (overdue ones on the first), at the same hour.
public enum ScheduleCalendar {
    /// The follow-up reviews of study sessions due on one day (overdue ones on the first).
    public struct FollowUpDay: Sendable, Equatable {
        public var day: Int
        /// The subjects of the sessions to review, each once, in order.
        public var subjects: [String]
        public var reviews: Int
        public init(day: Int, subjects: [String], reviews: Int) {
            (self.day, self.subjects, self.reviews) = (day, subjects, reviews)
        }
    }

    /// The locations of one memory palace due on one day (overdue ones on the first).
    public struct PalaceDay: Sendable, Equatable {
        public var palace: String
        public var day: Int
        public var locations: Int
        public init(palace: String, day: Int, locations: Int) {
            (self.palace, self.day, self.locations) = (palace, day, locations)
        }
    }

    /// One day of the study forecast: its day number and the cards due (new ones on the first day).
    public struct StudyDay: Sendable {
        public var day: Int
        public var cards: Int
        public init(day: Int, cards: Int) {
            self.day = day
            self.cards = cards
        }
    }

    /// The calendar text.
    /// - Parameters:
    ///   - vaultName: names the vault in titles.
    ///   - vaultKey: what makes the UIDs this vault's (`@vault-HASH`): the
    ///     same on every clone and after a rename of the folder, so calendar
    ///     apps update the events instead of adding them twice.
    ///   - missed: the missed periods with their pending notes.
    ///   - studyAt: minutes after midnight of the daily study event.
    public static func text(
        vaultName: String, vaultKey: String, timeZone: TimeZone, now: Date, missed: [(period: ReviewPeriod, pending: Int)],
        study: [StudyDay], studyAt: Int, reviewAt: Int = 18 * 60, palaces: [PalaceDay] = [],
        schedule: ReviewSchedule = .standard, followUps: [FollowUpDay] = []
    ) -> String {
        var ics = ICalendarText()
        let domain = "vault-" + String(format: "%08x", UInt32(truncatingIfNeeded: StableHash.fnv1a(vaultKey)))
        let stamp = ICalendarText.utc(now)
        let today = VaultDate.dayNumber(of: now, in: timeZone)
        ics.add("BEGIN", "VCALENDAR")
        ics.add("VERSION", "2.0")
        ics.add("PRODID", "-//vault//vault calendar//EN")
        ics.add("CALSCALE", "GREGORIAN")
        ics.text("X-WR-CALNAME", "\(vaultName): reviews and study")
        ics.add("X-WR-TIMEZONE", timeZone.identifier)
        ics.timeZone(timeZone, from: now.addingTimeInterval(-400 * 86_400), to: now.addingTimeInterval(800 * 86_400))
        let tzid = "TZID=\(timeZone.identifier)"
        func alarm(_ description: String) {
            ics.add("BEGIN", "VALARM")
            ics.add("ACTION", "DISPLAY")
            ics.text("DESCRIPTION", description)
            ics.add("TRIGGER", "-PT10M")
            ics.add("END", "VALARM")
        }
        // The repeating reviews, from the next review day of each level.
        let reviews: [(ReviewLevel, String)] = [
            (.weekly, "Weekly review: keep or archive the week's notes (vault review weekly)"),
            (.monthly, "Monthly review: the month's weekly notes (vault review monthly)"),
            (.yearly, "Yearly review: the year's monthly notes (vault review yearly)"),
        ]
        for (level, summary) in reviews {
            let rule = schedule.recurrence(level)
            let period = schedule.nextReview(level, from: today)
            ics.add("BEGIN", "VEVENT")
            ics.add("UID", "review-\(level.rawValue)@\(domain)")
            ics.add("DTSTAMP", stamp)
            ics.add("DTSTART;\(tzid)", ICalendarText.local(day: schedule.reviewDay(of: period), minutes: reviewAt))
            ics.add("DURATION", "PT30M")
            ics.add("RRULE", rule)
            ics.text("SUMMARY", summary)
            ics.text("DESCRIPTION", "vault review \(level.rawValue) in \(vaultName)")
            alarm(summary)
            ics.add("END", "VEVENT")
        }
        for (period, pending) in missed {
            ics.add("BEGIN", "VTODO")
            ics.add("UID", "missed-\(period.id)@\(domain)")
            ics.add("DTSTAMP", stamp)
            ics.add("DUE;VALUE=DATE", ICalendarText.date(day: schedule.reviewDay(of: period)))
            ics.add("STATUS", "NEEDS-ACTION")
            ics.text("SUMMARY", "Missed review: \(period.title) (\(pending) notes pending)")
            ics.text("DESCRIPTION", "vault review \(period.level.rawValue) \(period.id)")
            ics.add("END", "VTODO")
        }
        /// An event at `studyAt` on `day`, named `uid` (with the day), with a reminder.
        func dayEvent(_ uid: String, day: Int, minutes: Int, summary: String, reminder: String) {
            ics.add("BEGIN", "VEVENT")
            ics.add("UID", "\(uid)-\(VaultDate.dayString(dayNumber: day))@\(domain)")
            ics.add("DTSTAMP", stamp)
            ics.add("DTSTART;\(tzid)", ICalendarText.local(day: day, minutes: studyAt))
            ics.add("DURATION", "PT\(minutes)M")
            ics.text("SUMMARY", summary)
            alarm(reminder)
            ics.add("END", "VEVENT")
        }
        for day in study where day.cards > 0 {
            dayEvent(
                "study", day: day.day, minutes: max(10, min(120, day.cards)),
                summary: "Study \(day.cards) flashcard\(day.cards == 1 ? "" : "s") (vault study)",
                reminder: "\(day.cards) flashcards to study")
        }
        for walk in palaces where walk.locations > 0 {
            let key = String(format: "%08x", UInt32(truncatingIfNeeded: StableHash.fnv1a(walk.palace)))
            let command = walk.palace.contains(" ") ? "vault loci review \"\(walk.palace)\"" : "vault loci review \(walk.palace)"
            dayEvent(
                "loci-\(key)", day: walk.day, minutes: max(10, min(60, walk.locations * 2)),
                summary: "Walk \(walk.palace): \(walk.locations) location\(walk.locations == 1 ? "" : "s") due (\(command))",
                reminder: "\(walk.locations) locations of \(walk.palace) due")
        }
        for day in followUps where day.reviews > 0 {
            let what = day.reviews == 1 ? "1 study session" : "\(day.reviews) study sessions"
            dayEvent(
                "follow-up", day: day.day, minutes: max(10, min(60, day.reviews * 10)),
                summary: "Review \(what): \(day.subjects.joined(separator: ", ")) (vault session review)",
                reminder: "\(what) to review")
        }
        ics.add("END", "VCALENDAR")
        return ics.text
    }
}
