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
/// `/list/all` is plain `vault list`: every note, newest first, those without
/// a date last (in an adopted vault, often all of them), ``pageNotes`` a page.
enum ListPage {
    /// The notes a page shows at least (whole groups).
    static let pageNotes = 100

    static func get(_ context: AppContext, tab asked: String, query: FormFields, csrf: String) -> WebResponse {
        let listing = NoteListing(CurationSnapshot.load(context), includeArchived: false)
        if asked == "all" { return all(listing, context: context, query: query, csrf: csrf) }
        guard let tab = CurationTab(rawValue: asked) else {
            return .problem(
                "No such tab", "“\(asked)” is not a tab: all, daily, weekly, monthly or yearly.", status: 404, csrf: csrf)
        }
        let groups = listing.groups(tab)
        let from = min(max(query.int("from") ?? 0, 0), max(groups.count - 1, 0))
        var html: HTML = "<h1>Notes</h1>" + tabs(current: tab.rawValue)
        html += "<p class=\"dim\">\(description(tab)) <span data-count=\"notes\">\(groups.reduce(0) { $0 + $1.items.count })</span> in all.</p>"
        if groups.isEmpty {
            let undated = listing.undatedCount
            html +=
                undated > 0
                ? "<p class=\"dim\">No note here yet: \(undated) \(undated == 1 ? "note has" : "notes have") no created date, so no week holds \(undated == 1 ? "it" : "them"). <a href=\"/list/all\">All notes</a> lists every note.</p>"
                : "<p class=\"dim\">No note here yet.</p>"
        }
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

    /// The tabs' buttons, `current` marked.
    static func tabs(current: String) -> HTML {
        var html: HTML = "<nav class=\"tabs\" aria-label=\"Tabs\">"
        for (path, label) in [("all", "All")] + CurationTab.allCases.map({ ($0.rawValue, name($0)) }) {
            let mark: HTML = path == current ? " aria-current=\"page\"" : ""
            html += "<a href=\"/list/\(path)\"\(mark)>\(label)</a>"
        }
        return html + "</nav>"
    }

    /// `/list/all`: every note, newest first, as plain `vault list` prints them; a page of ``pageNotes``.
    static func all(_ listing: NoteListing, context: AppContext, query: FormFields, csrf: String) -> WebResponse {
        let notes = listing.notes()
        let from = min(max(query.int("from") ?? 0, 0), max(notes.count - 1, 0)) / pageNotes * pageNotes
        var html: HTML = "<h1>Notes</h1>" + tabs(current: "all")
        html += "<p class=\"dim\">Every note, newest first; notes without a date last. <span data-count=\"notes\">\(notes.count)</span> in all.</p>"
        if notes.isEmpty { html += "<p class=\"dim\">No note here yet.</p>" }
        html += "<ul class=\"notes\">"
        for note in notes.dropFirst(from).prefix(pageNotes) {
            let day = note.created.map { VaultDate.dayString($0, in: context.timeZone) } ?? "no date"
            html += "<li><a href=\"/notes/\(HTML.urlPath(note.path))\">\(note.title)</a>"
            html += "<span class=\"meta\"> \(day)"
            if let category = note.category { html += " · \(category)" }
            html += " · \(note.path)</span></li>"
        }
        html += "</ul>"
        if from > 0 || from + pageNotes < notes.count {
            html += "<nav class=\"actions pager\" aria-label=\"Pages\">"
            if from > 0 { html += PageLayout.linkButton(href: "/list/all?from=\(from - pageNotes)", label: "Newer") }
            if from + pageNotes < notes.count {
                html += PageLayout.linkButton(href: "/list/all?from=\(from + pageNotes)", label: "Older")
            }
            html += "</nav>"
        }
        html += "<p class=\"actions\">" + PageLayout.linkButton(href: "/new", label: "New note", className: "button primary") + "</p>"
        return .page(PageLayout.page(title: "Notes: All", csrf: csrf, body: html))
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
