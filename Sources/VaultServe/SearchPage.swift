import Foundation
import VaultApp
import VaultCore

/// `/search?q=…`: the search form and the ranked hits with their snippets
/// (the words found marked), as `vault search` finds them.
enum SearchPage {
    static func get(_ context: AppContext, query: FormFields, csrf: String) -> WebResponse {
        let text = (query["q"] ?? "").trimmingCharacters(in: .whitespaces)
        var html = "<h1>Search</h1>"
        html +=
            "<form class=\"search-form\" method=\"get\" action=\"/search\" role=\"search\">"
            + "<label class=\"visually-hidden\" for=\"q\">Words to search for</label>"
            + "<input id=\"q\" name=\"q\" type=\"search\" value=\"\(HTML.escape(text))\" autocomplete=\"off\">"
            + "<button class=\"button primary\" type=\"submit\">Search</button></form>"
        guard !text.isEmpty else { return .page(PageLayout.page(title: "Search", csrf: csrf, body: html)) }
        do {
            let parsed = try SearchQueryParser.parse(text)
            let hits = try VaultSearch.run(context, query: parsed, limit: 50, pathsOnly: false)
            html += "<p role=\"status\">\(hits.count) \(hits.count == 1 ? "note" : "notes")</p><ol class=\"hits\">"
            for hit in hits {
                let snippet = hit.snippet.parts.map { $0.isMatch ? "<mark>\(HTML.escape($0.text))</mark>" : HTML.escape($0.text) }
                    .joined()
                html +=
                    "<li><a href=\"/notes/\(HTML.escape(HTML.urlPath(hit.path)))\">\(HTML.escape(hit.title))</a>"
                    + "<div class=\"meta\">\(HTML.escape(hit.path))</div><div>\(snippet)</div></li>"
            }
            html += "</ol>"
        } catch {
            html += "<p class=\"problem\">\(HTML.escape(error.localizedDescription))</p>"
        }
        return .page(PageLayout.page(title: "Search", csrf: csrf, body: html))
    }
}
