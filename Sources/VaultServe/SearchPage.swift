import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// `/search?q=…`: the search form and the ranked hits with their snippets
/// (the words found marked), as `vault search` finds them: the same query
/// language (`tag:`, `category:`, `created:2026-11`, `-word`, `a OR b`), the
/// same total (every hit counted, as `vault search` without `--limit` lists
/// them), a page of ``pageSize`` at a time (`?page=N`). The form's filter
/// fields (tag, category, created from and to) are written into the query
/// as the CLI's filters, so the address a person shares is one query.
enum SearchPage {
    /// Hits per page.
    static let pageSize = 50

    /// The query the form's fields make: the words, then a filter per field given.
    static func queryText(_ query: FormFields) -> String {
        var parts = [(query["q"] ?? "").trimmingCharacters(in: .whitespaces)]
        func token(_ text: String) -> String {
            text.contains(" ") ? "\"\(text.replacingOccurrences(of: "\"", with: ""))\"" : text
        }
        if let tag = query["tag"]?.trimmingCharacters(in: .whitespaces), !tag.isEmpty {
            parts.append("tag:" + token(tag.hasPrefix("#") ? String(tag.dropFirst()) : tag))
        }
        if let category = query["category"], !category.isEmpty { parts.append("category:" + token(category)) }
        let from = query["from"] ?? ""
        let to = query["to"] ?? ""
        if !from.isEmpty || !to.isEmpty { parts.append("created:\(from)..\(to)") }
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func get(_ context: AppContext, query: FormFields, csrf: String) -> WebResponse {
        let text = queryText(query)
        let page = max(query.int("page") ?? 1, 1)
        var html: HTML = "<h1>Search</h1>"
        html += "<form class=\"search-form\" method=\"get\" action=\"/search\" role=\"search\">"
        html += "<div class=\"search-row\"><label class=\"visually-hidden\" for=\"q\">Words to search for</label>"
        html += "<input id=\"q\" name=\"q\" type=\"search\" value=\"\(text)\" autocomplete=\"off\" autocapitalize=\"none\">"
        html += "<button class=\"button primary\" type=\"submit\">Search</button></div>"
        html += "<details class=\"filters\"\(text.contains(":") ? " open" : "")><summary>Filters</summary><div class=\"filter-fields\">"
        html += "<label for=\"f-tag\">Tag</label><input id=\"f-tag\" name=\"tag\" type=\"text\" autocapitalize=\"none\">"
        html += "<label for=\"f-category\">Category</label>"
        html += NewNotePage.select("f-category", name: "category", options: context.config.categories.map(\.name), chosen: nil)
        html += "<label for=\"f-from\">Created from</label><input id=\"f-from\" name=\"from\" type=\"date\">"
        html += "<label for=\"f-to\">Created to</label><input id=\"f-to\" name=\"to\" type=\"date\">"
        html += "</div><p class=\"dim\">Or in the words: <code>tag:habits</code> <code>category:Health</code> "
        html += "<code>created:2026-11</code> <code>created:&gt;=2026-01-01</code> <code>-word</code> <code>a OR b</code>, as <code>vault search</code> reads them.</p></details></form>"
        guard !text.isEmpty else { return .page(PageLayout.page(title: "Search", csrf: csrf, body: html)) }
        do {
            let parsed = try SearchQueryParser.parse(text)
            // The total, as `vault search -l` would list them (counted, not ranked), then this page's hits with snippets.
            let total = try VaultSearch.count(context, query: parsed)
            let pages = max(1, (total + pageSize - 1) / pageSize)
            let shown = min(page, pages)
            let first = (shown - 1) * pageSize
            let hits = total == 0 ? [] : Array(try context.search.search(parsed, limit: first + pageSize, pathsOnly: false).dropFirst(first))
            html += "<p role=\"status\"><span data-count=\"total\">\(total)</span> \(total == 1 ? "note" : "notes")"
            if pages > 1 { html += " · page \(shown) of \(pages), \(first + 1)–\(first + hits.count)" }
            html += "</p><ol class=\"hits\" start=\"\(first + 1)\">"
            for hit in hits {
                let snippet = HTML.joined(hit.snippet.parts.map { $0.isMatch ? "<mark>\($0.text)</mark>" : HTML(escaping: $0.text) })
                html += "<li><a href=\"/notes/\(HTML.urlPath(hit.path))\">\(hit.title)</a>"
                html += "<div class=\"meta\">\(hit.path)\(hit.category.map { " · " + $0 } ?? "")</div><div>\(snippet)</div></li>"
            }
            html += "</ol>"
            if pages > 1 {
                let base = "/search?q=" + HTML.urlComponent(text)
                html += "<nav class=\"actions pager\" aria-label=\"Pages\">"
                if shown > 1 { html += PageLayout.linkButton(href: base + "&page=\(shown - 1)", label: "Previous") }
                if shown < pages { html += PageLayout.linkButton(href: base + "&page=\(shown + 1)", label: "Next") }
                html += "</nav>"
            }
        } catch {
            html += "<p class=\"problem\">\(error.localizedDescription)</p>"
        }
        return .page(PageLayout.page(title: "Search", csrf: csrf, body: html))
    }
}
