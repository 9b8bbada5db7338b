import Foundation

/// The frame every page shares: the head (the one style sheet and the one
/// script, both served from the binary, so the Content-Security-Policy can
/// forbid inline code and every other origin), the navigation and `main`.
enum PageLayout {
    /// The whole document around `body`; `csrf` is the token forms send back.
    static func page(title: String, csrf: String, body: String, bodyClass: String = "") -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta name="csrf" content="\(HTML.escape(csrf))">
        <title>\(HTML.escape(title)) · vault</title>
        <link rel="stylesheet" href="/assets/app.css">
        <link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials">
        <script src="/assets/app.js" defer></script>
        </head>
        <body\(bodyClass.isEmpty ? "" : " class=\"\(HTML.escape(bodyClass))\"")>
        <a class="skip-link" href="#main">Skip to the content</a>
        <header class="top"><nav aria-label="Main">
        <a href="/">Dashboard</a><a href="/study">Study</a><a href="/sessions">Sessions</a><a href="/loci">Palaces</a><a href="/search">Search</a><a href="/stats">Stats</a>
        </nav></header>
        <main id="main" tabindex="-1">
        \(body)
        </main>
        </body>
        </html>

        """
    }

    /// A POST form of one button (a write), with the CSRF token and hidden fields.
    static func postButton(
        action: String, csrf: String, fields: [(String, String)], label: String, key: String? = nil,
        className: String = "button"
    ) -> String {
        var html = "<form method=\"post\" action=\"\(HTML.escape(action))\" class=\"inline\">"
        html += "<input type=\"hidden\" name=\"csrf\" value=\"\(HTML.escape(csrf))\">"
        for (name, value) in fields {
            html += "<input type=\"hidden\" name=\"\(HTML.escape(name))\" value=\"\(HTML.escape(value))\">"
        }
        let keyAttribute = key.map { " data-key=\"\(HTML.escape($0))\" aria-keyshortcuts=\"\(HTML.escape($0))\"" } ?? ""
        let hint = key.map { " <kbd>\(HTML.escape($0))</kbd>" } ?? ""
        html += "<button type=\"submit\" class=\"\(HTML.escape(className))\"\(keyAttribute)>\(label)\(hint)</button></form>"
        return html
    }

    /// A link styled as a button, with a key.
    static func linkButton(href: String, label: String, key: String? = nil, className: String = "button") -> String {
        let keyAttribute = key.map { " data-key=\"\(HTML.escape($0))\" aria-keyshortcuts=\"\(HTML.escape($0))\"" } ?? ""
        let hint = key.map { " <kbd>\(HTML.escape($0))</kbd>" } ?? ""
        return "<a class=\"\(HTML.escape(className))\" href=\"\(HTML.escape(href))\"\(keyAttribute)>\(label)\(hint)</a>"
    }
}
