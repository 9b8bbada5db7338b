import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// `/search?q=…`: the search form and the ranked hits with their snippets
/// (the words found marked), as `vault search` finds them.
enum SearchPage {
    static func get(_ context: AppContext, query: FormFields, csrf: String) -> WebResponse {
        let text = (query["q"] ?? "").trimmingCharacters(in: .whitespaces)
        var html: HTML = "<h1>Search</h1>"
        html += "<form class=\"search-form\" method=\"get\" action=\"/search\" role=\"search\">"
        html += "<label class=\"visually-hidden\" for=\"q\">Words to search for</label>"
        html += "<input id=\"q\" name=\"q\" type=\"search\" value=\"\(text)\" autocomplete=\"off\">"
        html += "<button class=\"button primary\" type=\"submit\">Search</button></form>"
        guard !text.isEmpty else { return .page(PageLayout.page(title: "Search", csrf: csrf, body: html)) }
        do {
            let parsed = try SearchQueryParser.parse(text)
            let hits = try VaultSearch.run(context, query: parsed, limit: 50, pathsOnly: false)
            html += "<p role=\"status\">\(hits.count) \(hits.count == 1 ? "note" : "notes")</p><ol class=\"hits\">"
            for hit in hits {
                let snippet = HTML.joined(hit.snippet.parts.map { $0.isMatch ? "<mark>\($0.text)</mark>" : HTML(escaping: $0.text) })
                html += "<li><a href=\"/notes/\(HTML.urlPath(hit.path))\">\(hit.title)</a>"
                html += "<div class=\"meta\">\(hit.path)</div><div>\(snippet)</div></li>"
            }
            html += "</ol>"
        } catch {
            html += "<p class=\"problem\">\(error.localizedDescription)</p>"
        }
        return .page(PageLayout.page(title: "Search", csrf: csrf, body: html))
    }
}
