import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation

/// `/stats`: the report `vault stats --html` writes (its milestones,
/// insights, charts and tables: ``StatsHTML/content``), inside the app: the
/// app's navigation and colours, the vault's name in the title, the
/// report's style sheet served from `/stats.css` scoped to the report
/// (`.stats-report`), so it neither restyles the app nor needs inline style
/// (the policy forbids it).
enum StatsPage {
    static func get(_ context: AppContext, query: FormFields, csrf: String = "") -> WebResponse {
        let days = query.int("days").map { min(max($0, 7), 365) } ?? 30
        let stats = VaultStats.load(context, folder: query["folder"].flatMap { $0.isEmpty ? nil : $0 }, days: days)
        let name = context.files.location(of: "").lastPathComponent
        let report = StatsHTML(stats: stats, title: "Statistics: \(name)").content
        let body: HTML = "<div class=\"stats-report\">\(report)</div>"
        return .page(PageLayout.page(title: "Statistics · \(name)", csrf: csrf, body: body, styles: ["/stats.css"]))
    }

    /// The report's style sheet, every rule scoped to `.stats-report` (`:root` and `body` become it).
    static var css: WebResponse {
        WebResponse(status: 200, contentType: "text/css; charset=utf-8", body: Array(scopedCSS.utf8), noStore: false)
    }

    static let scopedCSS = scope(StatsHTML.css, under: ".stats-report")

    /// `css` (rules and `@media` blocks, no comments) with every selector under `scope`.
    static func scope(_ css: String, under scope: String) -> String {
        var out = ""
        var rest = Substring(css)
        while let open = rest.firstIndex(of: "{") {
            let head = rest[..<open].trimmingCharacters(in: .whitespacesAndNewlines)
            if head.hasPrefix("@") {
                // A block of rules: find its matching brace, scope what is inside.
                var depth = 0
                var end = open
                for index in rest[open...].indices {
                    if rest[index] == "{" { depth += 1 }
                    if rest[index] == "}" {
                        depth -= 1
                        if depth == 0 {
                            end = index
                            break
                        }
                    }
                }
                let inner = String(rest[rest.index(after: open)..<end])
                out += head + "{" + Self.scope(inner, under: scope) + "}"
                rest = rest[rest.index(after: end)...]
                continue
            }
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let selectors = head.split(separator: ",").map { selector -> String in
                let s = selector.trimmingCharacters(in: .whitespacesAndNewlines)
                if s == ":root" || s == "body" { return scope }
                return scope + " " + s
            }
            out += selectors.joined(separator: ",") + String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return out
    }
}
