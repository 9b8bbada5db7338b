import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation

/// `/list/daily|weekly|monthly|yearly`: the four tabs of the curation design
/// as `vault list TAB` shows them (``NoteListing``, ``CurationTab``): every
/// note by ISO week with the week's review status, the notes kept at least
/// weekly by month, at least monthly by year, the evergreen ones; archived
/// notes hidden. Long tabs come a page of groups at a time (`?from=N`, the
/// first group of the page), each page at least ``pageNotes`` notes.
enum ListPage {
    /// The notes a page shows at least (whole groups).
    static let pageNotes = 100

    static func get(_ context: AppContext, tab: String, query: FormFields, csrf: String) -> WebResponse {
        guard let tab = CurationTab(rawValue: tab) else {
            return .problem("No such tab", "“\(tab)” is not a tab: daily, weekly, monthly or yearly.", status: 404, csrf: csrf)
        }
        let listing = NoteListing(CurationSnapshot.load(context), includeArchived: false)
        let groups = listing.groups(tab)
        let from = min(max(query.int("from") ?? 0, 0), max(groups.count - 1, 0))
        var html: HTML = "<h1>Notes</h1>"
        html += "<nav class=\"tabs\" aria-label=\"Tabs\">"
        for other in CurationTab.allCases {
            let current: HTML = other == tab ? " aria-current=\"page\"" : ""
            html += "<a href=\"/list/\(other.rawValue)\"\(current)>\(name(other))</a>"
        }
        html += "</nav>"
        html += "<p class=\"dim\">\(description(tab)) <span data-count=\"notes\">\(groups.reduce(0) { $0 + $1.items.count })</span> in all.</p>"
        if groups.isEmpty { html += "<p class=\"dim\">No note here yet.</p>" }
        var shown = 0
        var next: Int?
        for (k, group) in groups.enumerated().dropFirst(from) {
            if shown >= pageNotes {
                next = k
                break
            }
            html += "<section class=\"group\"><h2>\(group.title)"
            if let review = group.review {
                html += " <span class=\"dim review-status\">review: \(review.status.rawValue), \(review.decidedCount)/\(review.items.count) decided</span>"
            }
            html += "</h2><ul class=\"notes\">"
            for item in group.items {
                let note = item.note
                let day = note.created.map { VaultDate.dayString($0, in: context.timeZone) } ?? ""
                html += "<li><a href=\"/notes/\(HTML.urlPath(note.path))\">\(note.title)</a>"
                html += "<span class=\"meta\"> \(day)"
                if let category = note.category { html += " · \(category)" }
                html += " · \(item.cycle.name)</span></li>"
                shown += 1
            }
            html += "</ul></section>"
        }
        if from > 0 || next != nil {
            html += "<nav class=\"actions pager\" aria-label=\"Pages\">"
            if from > 0 {
                // Back a page: the first group from which a page reaches this one.
                var start = from
                var count = 0
                while start > 0, count < pageNotes {
                    start -= 1
                    count += groups[start].items.count
                }
                html += PageLayout.linkButton(href: "/list/\(tab.rawValue)?from=\(start)", label: "Newer")
            }
            if let next { html += PageLayout.linkButton(href: "/list/\(tab.rawValue)?from=\(next)", label: "Older") }
            html += "</nav>"
        }
        html += "<p class=\"actions\">" + PageLayout.linkButton(href: "/new", label: "New note", className: "button primary") + "</p>"
        return .page(PageLayout.page(title: "Notes: \(name(tab))", csrf: csrf, body: html))
    }

    /// The tab's name on its button.
    static func name(_ tab: CurationTab) -> String {
        switch tab {
        case .daily: "Daily"
        case .weekly: "Weekly"
        case .monthly: "Monthly"
        case .yearly: "Yearly"
        }
    }

    /// What the tab holds, as `vault list --help` says it.
    static func description(_ tab: CurationTab) -> String {
        switch tab {
        case .daily: "Every note, by ISO week, with the week's review."
        case .weekly: "Notes kept at least weekly, by month."
        case .monthly: "Notes kept at least monthly, by year."
        case .yearly: "Notes kept in a yearly review: the evergreen ones."
        }
    }
}
