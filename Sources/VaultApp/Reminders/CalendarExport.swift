import Foundation
import VaultCore

/// `vault calendar`: the inputs of ``ScheduleCalendar`` read through the ports.
public enum CalendarExport {
    /// The iCalendar text for the next `days` days.
    public static func text(_ context: AppContext, vaultName: String, days: Int) -> String {
        let snapshot = CurationSnapshot.load(context, countingFlashcards: true)
        let today = context.today
        var missed: [(ReviewPeriod, Int)] = []
        for level in [ReviewLevel.weekly, .monthly, .yearly] {
            for review in snapshot.board.missed(level, today: today) { missed.append((review.period, review.pendingCount)) }
        }
        let schedules =
            snapshot.cardSchedules
            ?? context.ledger.cardSchedules(cards: snapshot.cards, config: context.config.schedulers)
        var perDay = Array(repeating: 0, count: days)
        for schedule in schedules.values where !schedule.isNew && schedule.tier != .inactive {
            guard let due = schedule.due else { continue }
            let k = VaultDate.dayNumber(of: due, in: context.timeZone) - today
            if k >= 1, k < days { perDay[k] += 1 }
        }
        perDay[0] = snapshot.flashcards?.toStudy ?? 0
        let study = perDay.enumerated().map { ScheduleCalendar.StudyDay(day: today + $0, cards: $1) }
        // The vault's first decision or rating is the same moment on every clone
        // and whatever the folder is called; a vault with none yet goes by its name.
        let first = snapshot.replay.activity.firstEvent.min { $0.key < $1.key }?.value
        let key = first.map { "first-event " + VaultDate.isoString($0) } ?? vaultName
        return ScheduleCalendar.text(
            vaultName: vaultName, vaultKey: key, timeZone: context.timeZone, now: context.now, missed: missed, study: study,
            studyAt: context.config.remind.quietEnd, palaces: palaceDays(context, notes: snapshot.notes, days: days),
            schedule: snapshot.board.schedule, followUps: followUpDays(context, days: days))
    }

    /// The session follow-up reviews due on each of the next `days` days (overdue ones today), from the study log.
    static func followUpDays(_ context: AppContext, days: Int) -> [ScheduleCalendar.FollowUpDay] {
        let today = context.today
        var byDay: [Int: ScheduleCalendar.FollowUpDay] = [:]
        for followUp in StudyTracking(context).log.pendingFollowUps {
            let k = max(0, VaultDate.dayNumber(of: followUp.due, in: context.timeZone) - today)
            guard k < days else { continue }
            var day = byDay[today + k] ?? ScheduleCalendar.FollowUpDay(day: today + k, subjects: [], reviews: 0)
            day.reviews += 1
            if !day.subjects.contains(followUp.subject) { day.subjects.append(followUp.subject) }
            byDay[today + k] = day
        }
        return byDay.values.sorted { $0.day < $1.day }
    }

    /// Each palace's locations due on each of the next `days` days (overdue ones today), from their SM-2 states.
    static func palaceDays(_ context: AppContext, notes: [NoteSummary], days: Int) -> [ScheduleCalendar.PalaceDay] {
        let palaces = LociPalaces(context, summaries: notes)
        let today = context.today
        var result: [ScheduleCalendar.PalaceDay] = []
        for walk in palaces.walks {
            var perDay = Array(repeating: 0, count: days)
            for stop in walk.stops {
                guard let due = palaces.states.states[stop.key]?.due else { continue }
                let k = max(0, VaultDate.dayNumber(of: due, in: context.timeZone) - today)
                if k < days { perDay[k] += 1 }
            }
            for (k, count) in perDay.enumerated() where count > 0 {
                result.append(ScheduleCalendar.PalaceDay(palace: walk.name, day: today + k, locations: count))
            }
        }
        return result
    }
}
