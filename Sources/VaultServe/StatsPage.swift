import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation

/// `/stats`: the report `vault stats --html` writes, the same page, with its
/// style sheet served from `/stats.css` instead of inline (the policy forbids
/// inline style) and a link back to the dashboard.
enum StatsPage {
    static func get(_ context: AppContext, query: FormFields) -> WebResponse {
        let days = query.int("days").map { min(max($0, 7), 365) } ?? 30
        let stats = VaultStats.load(context, folder: query["folder"].flatMap { $0.isEmpty ? nil : $0 }, days: days)
        let title = context.files.location(of: "").lastPathComponent
        var html = StatsHTML(stats: stats, title: title).page
        html = html.replacingOccurrences(
            of: "<style>\(StatsHTML.css)</style>", with: "<link rel=\"stylesheet\" href=\"/stats.css\">")
        html = html.replacingOccurrences(
            of: "<body>", with: "<body><nav aria-label=\"Main\"><a href=\"/\">Back to the dashboard</a></nav>")
        return .page(HTML(trusted: html))
    }

    /// The report's style sheet.
    static var css: WebResponse {
        WebResponse(status: 200, contentType: "text/css; charset=utf-8", body: Array(StatsHTML.css.utf8), noStore: false)
    }
}
