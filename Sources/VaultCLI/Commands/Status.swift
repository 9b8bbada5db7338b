import ArgumentParser
import Foundation
import VaultCore

extension VaultCommand {
    /// `vault status` (and bare `vault`): what to review now.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the reviews due and missed, with counts and status.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print JSON.")
        var json = false

        func run() throws {
            let context = try global.context()
            let snapshot = CurationSnapshot.load(context)
            let report = StatusReport(board: snapshot.board, today: snapshot.today)
            if json { return try context.output.json(StatusJSON(report, snapshot: snapshot)) }
            let style = context.output.style
            let out = context.output
            out.line(style.bold("\(plural(snapshot.notes.count, "note")), \(report.notesToReview) to review now") + style.dim("  (\(VaultDate.dayString(context.now, in: context.timeZone)), \(context.config.timeZoneIdentifier))"))
            var table = Table()
            for line in report.periods {
                let r = line.review
                let role: String
                switch line.role {
                case .due: role = r.pendingCount > 0 ? style.yellow("due") : "due"
                case .missed: role = style.red("missed")
                case .current: role = style.dim("current")
                }
                let command = r.pendingCount > 0 && line.role != .current ? style.dim("vault review \(r.period.level.rawValue) \(r.period.id)") : ""
                table.add([
                    role, r.period.level.rawValue, r.period.id, r.status.rawValue,
                    "\(r.decidedCount)/\(r.items.count) decided", r.pendingCount > 0 ? "\(r.pendingCount) pending" : "", command,
                ])
            }
            if !table.rows.isEmpty { out.line(table.render()) }
            if let cards = report.dueFlashcards { out.line("\(plural(cards, "flashcard")) due") }
            if let streak = report.streak { out.line("Streak: \(plural(streak, "day"))") }
        }
    }
}

/// The JSON shape of `vault status --json`.
struct StatusJSON: Encodable {
    struct Line: Encodable {
        var role: String
        var review: PeriodJSON
    }
    var today: String
    var timezone: String
    var notes: Int
    var notesToReview: Int
    var periods: [Line]
    /// Filled in by the flashcards feature; null until then.
    var dueFlashcards: Int?
    /// Filled in by the streaks feature; null until then.
    var streak: Int?

    init(_ report: StatusReport, snapshot: CurationSnapshot) {
        today = VaultDate.dayString(snapshot.context.now, in: snapshot.context.timeZone)
        timezone = snapshot.context.config.timeZoneIdentifier
        notes = snapshot.notes.count
        notesToReview = report.notesToReview
        periods = report.periods.map { Line(role: $0.role.rawValue, review: PeriodJSON($0.review)) }
        dueFlashcards = report.dueFlashcards
        streak = report.streak
    }

    enum CodingKeys: String, CodingKey {
        case today, timezone, notes, periods, streak
        case notesToReview = "notes_to_review"
        case dueFlashcards = "due_flashcards"
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(today, forKey: .today)
        try c.encode(timezone, forKey: .timezone)
        try c.encode(notes, forKey: .notes)
        try c.encode(notesToReview, forKey: .notesToReview)
        try c.encode(periods, forKey: .periods)
        try c.encode(dueFlashcards, forKey: .dueFlashcards)
        try c.encode(streak, forKey: .streak)
    }
}
