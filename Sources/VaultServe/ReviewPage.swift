import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// `/review/LEVEL/PERIOD`: the curation review over ``ReviewFlow``, as the
/// terminal screen drives it. The flow is made anew from the ledger for each
/// request (the server keeps no state of its own): `?at=N` is the note shown
/// (default: where the flow resumes, the first undecided note); keep and
/// archive are POSTs sent through ``CurationReview`` (the same `curate`
/// events as `vault review`), skip and back are links.
enum ReviewPage {
    /// The review named by the path, or nil for a level or period that does not read.
    static func review(_ context: AppContext, level: String, period: String) -> CurationReview? {
        guard let level = ReviewLevel(rawValue: level), let period = ReviewPeriod(period, level: level) else { return nil }
        return CurationReview(CurationSnapshot.load(context), level: level, period: period)
    }

    /// The flow of `review` showing note `at` (clamped to the notes and the end page).
    static func flow(_ review: CurationReview, at: Int?) -> ReviewFlow {
        var flow = ReviewFlow(review)
        if let at {
            let target = max(0, min(at, flow.notes.count))
            while flow.index < target { _ = flow.handle(.skip) }
            while flow.index > target { _ = flow.handle(.previous) }
        }
        return flow
    }

    static func address(_ review: CurationReview) -> String {
        "/review/\(review.period.level.rawValue)/\(HTML.urlComponent(review.period.id))"
    }

    /// GET: the note shown, its decision, the buttons.
    static func get(_ context: AppContext, level: String, period: String, query: FormFields, csrf: String) -> WebResponse {
        guard let review = review(context, level: level, period: period) else {
            return .problem("No such review", "“\(level) \(period)” is not a review period (weekly 2026-W47, monthly 2026-11, yearly 2026).", status: 404, csrf: csrf)
        }
        let flow = flow(review, at: query.int("at"))
        return .page(render(flow, review: review, context: context, csrf: csrf, notice: query["adopted"]))
    }

    /// POST `decision=keep|archive&path=P&csrf=…`: the decision recorded through the flow; then the next note.
    static func post(_ context: AppContext, level: String, period: String, form: FormFields) -> WebResponse {
        guard let review = review(context, level: level, period: period) else {
            return .text("no such review period", status: 404)
        }
        let input: ReviewFlow.Input
        switch form["decision"] {
        case "keep": input = .keep
        case "archive": input = .archive
        default: return .text("decision must be keep or archive", status: 400)
        }
        var flow = ReviewFlow(review)
        guard let path = form["path"], let at = flow.notes.firstIndex(where: { $0.path == path }) else {
            return .text("that note is not in this review", status: 409)
        }
        flow = self.flow(review, at: at)
        do {
            _ = try flow.send(input, through: review)
        } catch {
            return .problem("Not saved", "The decision was not saved: \(error.localizedDescription)", status: 500)
        }
        var location = address(review) + "?at=\(flow.index)"
        if case .adoptedID(let id, _) = flow.notice { location += "&adopted=\(HTML.urlComponent(id))" }
        return .redirect(location)
    }

    static func render(_ flow: ReviewFlow, review: CurationReview, context: AppContext, csrf: String, notice: String?) -> HTML {
        let base = address(review)
        let title = flow.period.title
        var html: HTML = "<h1>Review: \(title)</h1>"
        let total = flow.notes.count
        html += "<p class=\"progress\" role=\"status\">\(min(flow.index + 1, total)) of \(total) · \(flow.decidedCount) decided · \(flow.pendingCount) pending</p>"
        html += "<progress max=\"\(max(total, 1))\" value=\"\(flow.decidedCount)\" aria-label=\"Decided\"></progress>"
        if let notice, !notice.isEmpty {
            html += "<p class=\"notice\">The note had no id: \(notice) was written into it.</p>"
        }
        guard let note = flow.note else {
            html +=
                flow.isComplete
                ? "<p class=\"done\">Every note of \(title) is decided.</p>"
                : "<p>\(flow.pendingCount) \(flow.pendingCount == 1 ? "note is" : "notes are") still undecided.</p>"
            html += "<nav class=\"keys\" aria-label=\"Review\">"
            if total > 0 { html += PageLayout.linkButton(href: base + "?at=\(flow.index - 1)", label: "Back", key: "p") }
            html += PageLayout.linkButton(href: "/", label: "Dashboard", key: "q")
            html += "</nav>"
            return PageLayout.page(title: "Review \(title)", csrf: csrf, body: html, bodyClass: "review")
        }
        let decision: HTML
        switch flow.decision {
        case .keep: decision = "<span class=\"tag decided\">kept</span>"
        case .archive: decision = "<span class=\"tag decided\">archived</span>"
        default: decision = ""
        }
        let resolver = LinkResolver(paths: review.snapshot.notes.map(\.path))
        html += "<article class=\"note\" data-swipe=\"review\" aria-labelledby=\"note-title\">"
        html += "<h2 id=\"note-title\">\(note.title) \(decision)</h2>"
        html += "<p class=\"meta\"><a href=\"/notes/\(HTML.urlPath(note.path))\">\(note.path)</a>"
        if let category = note.category { html += " · \(category)" }
        if !note.tags.isEmpty { html += " · \(note.tags.map { "#" + $0 }.joined(separator: " "))" }
        html += "</p>"
        html += "<div class=\"body\">\(NoteHTML.body(of: note.path, context: context, resolver: resolver, title: note.title))</div></article>"
        let fields = [("path", note.path)]
        var keys: HTML = "<nav class=\"keys sticky\" aria-label=\"Decide\">"
        keys += PageLayout.postButton(
            action: base, csrf: csrf, fields: [("decision", "keep")] + fields, label: "Keep", key: "k", className: "button primary")
        keys += PageLayout.postButton(
            action: base, csrf: csrf, fields: [("decision", "archive")] + fields, label: "Archive", key: "a",
            className: "button danger")
        keys += PageLayout.linkButton(href: base + "?at=\(flow.index + 1)", label: "Skip", key: "s")
        if flow.index > 0 { keys += PageLayout.linkButton(href: base + "?at=\(flow.index - 1)", label: "Back", key: "p") }
        keys += PageLayout.linkButton(href: "/", label: "Quit", key: "q", className: "button quiet")
        keys += "</nav>"
        return PageLayout.page(title: "Review \(title)", csrf: csrf, body: PageLayout.withKeyBar(html, keys), bodyClass: "review")
    }
}
