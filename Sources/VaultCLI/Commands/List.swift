import ArgumentParser
import Foundation
import VaultApp
import VaultCore
import VaultPresentation
import VaultWiring

extension VaultCommand {
    /// `vault list [daily|weekly|monthly|yearly]`: the notes, newest first,
    /// or one of the four curation tabs.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", 
            abstract: "List notes, newest first, or one curation tab.",
            discussion: """
                daily: every note, grouped by ISO week, each week headed with its review status.
                weekly: notes kept at least weekly, grouped by month. monthly: kept at least monthly, grouped by year.
                yearly: notes kept in a yearly review (evergreen). Archived notes are hidden unless --archived.

                Examples:
                  vault list
                  vault list weekly
                  vault list --archived --json
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "daily, weekly, monthly or yearly (default: every note, ungrouped).")
        var tab: CurationTab?

        @Flag(help: "Print JSON.")
        var json = false

        @Flag(help: "Include archived notes.")
        var archived = false

        func run() throws {
            let context = try global.context()
            let app = context.app()
            // Plain `--json` prints each note whole (links, front matter): that needs every note parsed.
            let full = json && tab == nil ? app.notes.notes().notes : nil
            let listing = NoteListing(CurationSnapshot.load(app, notes: full), includeArchived: archived)
            guard let tab else { return try listAll(listing, full: full, context: context) }
            let groups = listing.groups(tab)
            if json {
                try context.output.json(
                    TabJSON(
                        tab: tab.rawValue,
                        groups: groups.map { group in
                            TabJSON.Group(
                                id: group.id, title: group.title, status: group.review.map { PeriodJSON($0, timeZone: context.timeZone) },
                                notes: group.items.map { ListedNoteJSON($0, timeZone: context.timeZone) })
                        }))
                return
            }
            let style = context.output.style
            var count = 0
            let tables = groups.map { group in
                // Narrow: the path, then the category, then the cycle make room for the title.
                var table = Table(flexible: [2, 3, 5], droppable: [5, 3, 4])
                for item in group.items { table.add(row(item, context: context)) }
                return table
            }
            // One set of widths, so the columns line up from group to group.
            let widths = Table.sharedWidths(tables)
            for (group, table) in zip(groups, tables) {
                var header = style.bold(group.title)
                if let review = group.review {
                    header += style.dim(
                        "  review: \(review.status.rawValue), \(review.decidedCount)/\(review.items.count) decided")
                }
                context.output.line(header)
                count += table.rows.count
                context.output.line(table.render(width: context.output.width, columnWidths: widths))
                context.output.line()
            }
            context.output.line(style.dim(plural(count, "note")))
        }

        func row(_ item: CurationBoard.Item, context: CommandContext) -> [String] {
            let style = context.output.style
            let day = VaultDate.dayString(item.note.created!, in: context.timeZone)
            let category =
                item.note.category.map { name in
                    style.color(name, hex: context.config.category(named: name)?.color ?? "")
                } ?? ""
            let cycle = item.archived ? style.red("archived") : style.dim(item.cycle.name)
            return [
                "  " + style.dim(day), style.dim(shortID(item.note.id)), truncated(item.note.title, 60), category,
                cycle, style.dim(item.note.path),
            ]
        }

        /// Plain `vault list`: every note, newest first (notes without a date last).
        func listAll(_ listing: NoteListing, full: [Note]?, context: CommandContext) throws {
            let notes = listing.notes()
            if json {
                let byPath = Dictionary((full ?? []).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
                try context.output.json(
                    notes.compactMap { byPath[$0.path] }.map { NoteJSON($0, timeZone: context.timeZone) })
                return
            }
            let style = context.output.style
            // Narrow: the path, then the tags, then the category make room for the title.
            var table = Table(flexible: [2, 3, 4, 5], droppable: [5, 4, 3])
            for note in notes {
                let day = note.created.map { VaultDate.dayString($0, in: context.timeZone) } ?? "----------"
                let category =
                    note.category.map { name in
                        style.color(name, hex: context.config.category(named: name)?.color ?? "")
                    } ?? ""
                let tags = note.tags.map { "#" + $0 }.joined(separator: " ")
                table.add([
                    style.dim(day), style.dim(shortID(note.id)), truncated(note.title, 60), category, style.dim(tags),
                    style.dim(note.path),
                ])
            }
            if !table.rows.isEmpty { context.output.line(table.render(width: context.output.width)) }
            context.output.line(style.dim(plural(notes.count, "note")))
        }
    }
}

extension CurationTab: ExpressibleByArgument {}

/// The JSON of a curation tab.
struct TabJSON: Encodable {
    struct Group: Encodable {
        var id: String
        var title: String
        /// The week's review status (daily tab only).
        var status: PeriodJSON?
        var notes: [ListedNoteJSON]
    }
    var tab: String
    var groups: [Group]
}

/// A note in a curation tab.
struct ListedNoteJSON: Encodable {
    var id: String?
    var path: String
    var title: String
    var created: String?
    var category: String?
    var tags: [String]
    var cycle: String
    var archived: Bool

    init(_ item: CurationBoard.Item, timeZone: TimeZone) {
        id = item.note.id
        path = item.note.path
        title = item.note.title
        created = item.note.created.map { VaultDate.isoString($0, in: timeZone) }
        category = item.note.category
        tags = item.note.tags
        cycle = item.cycle.name
        archived = item.archived
    }
}
