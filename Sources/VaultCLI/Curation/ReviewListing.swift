import Foundation
import VaultApp
import VaultCore
import VaultPresentation

/// The JSON shape of a review period (in `review --list --json` and `status --json`).
struct PeriodJSON: Encodable {
    var level: String
    var period: String
    var title: String
    var status: String
    var eligible: Int
    var decided: Int
    var pending: Int
    var finished: Bool
    /// Notes kept and archived by the decisions in force.
    var kept: Int
    var archived: Int
    /// The first decision's time; null before one.
    var started: String?
    /// When the review was done (finished, or its last decision once all are decided); null while notes wait.
    var completed: String?

    init(_ review: CurationBoard.Review, timeZone: TimeZone) {
        level = review.period.level.rawValue
        period = review.period.id
        title = review.period.title
        status = review.status.rawValue
        eligible = review.items.count
        decided = review.decidedCount
        pending = review.pendingCount
        finished = review.finishedAt != nil
        kept = review.keptCount
        archived = review.archivedCount
        started = review.startedAt.map { VaultDate.isoString($0, in: timeZone) }
        completed = review.completedAt.map { VaultDate.isoString($0, in: timeZone) }
    }
}

/// One note in a review listing.
struct ReviewNoteJSON: Encodable {
    var id: String?
    var path: String
    var title: String
    var created: String?
    var category: String?
    var cycle: String
    var archived: Bool
    /// keep, archive, or null while pending.
    var decision: String?
    var device: String?

    init(_ item: CurationBoard.Item, decided: CurationState.Decided?, timeZone: TimeZone) {
        id = item.note.id
        path = item.note.path
        title = item.note.title
        created = item.note.created.map { VaultDate.isoString($0, in: timeZone) }
        category = item.note.category
        cycle = item.cycle.name
        archived = item.archived
        decision = decided?.decision.rawValue
        device = decided?.device
    }
}

/// `vault review LEVEL [PERIOD] --list`.
struct ReviewListing {
    let review: CurationReview
    let context: CommandContext

    func print(json: Bool) throws {
        let period = self.review.period
        let review = self.review.review
        if json {
            struct Listing: Encodable {
                var period: PeriodJSON
                var notes: [ReviewNoteJSON]
            }
            let notes = zip(review.items, review.decisions).map {
                ReviewNoteJSON($0, decided: $1, timeZone: context.timeZone)
            }
            try context.output.json(Listing(period: PeriodJSON(review, timeZone: context.timeZone), notes: notes))
            return
        }
        let style = context.output.style
        context.output.line(
            style.bold("\(period.title) (\(period.id))") + ": \(review.status.rawValue), "
                + "\(review.decidedCount) of \(plural(review.items.count, "note")) decided")
        var table = Table(flexible: [3, 4, 5])
        for (item, decided) in zip(review.items, review.decisions) {
            let mark =
                decided.map { $0.decision == .keep ? style.green("keep") : style.red("archive") }
                ?? style.dim("pending")
            let day = VaultDate.dayString(item.note.created!, in: context.timeZone)
            let category =
                item.note.category.map { style.color($0, hex: context.config.category(named: $0)?.color ?? "") } ?? ""
            table.add([
                mark, style.dim(shortID(item.note.id)), style.dim(day), truncated(item.note.title, 60), category,
                style.dim(item.note.path),
            ])
        }
        if !table.rows.isEmpty { context.output.line(table.render(width: context.output.width)) }
    }
}
