import Foundation
import VaultMarkdown

/// The frame every page shares: the head (the one style sheet and the one
/// script, both served from the binary, so the Content-Security-Policy can
/// forbid inline code and every other origin), the navigation and `main`.
enum PageLayout {
    /// The whole document around `body`; `csrf` is the token forms send back.
    static func page(title: String, csrf: String, body: HTML, bodyClass: String = "") -> HTML {
        let bodyAttributes: HTML = bodyClass.isEmpty ? "" : " class=\"\(bodyClass)\""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="csrf" content="\(csrf)">
            <title>\(title) · vault</title>
            <link rel="stylesheet" href="/assets/app.css">
            <link rel="stylesheet" href="/assets/markdown.css">
            <link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials">
            <script src="/assets/app.js" defer></script>
            <script src="/assets/math.js" defer></script>
            </head>
            <body\(bodyAttributes)>
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
        action: String, csrf: String, fields: [(String, String)], label: HTML, key: String? = nil,
        className: String = "button"
    ) -> HTML {
        var html: HTML = "<form method=\"post\" action=\"\(action)\" class=\"inline\">"
        html += "<input type=\"hidden\" name=\"csrf\" value=\"\(csrf)\">"
        for (name, value) in fields {
            html += "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">"
        }
        html += "<button type=\"submit\" class=\"\(className)\"\(keyAttributes(key))>\(label)\(keyHint(key))</button></form>"
        return html
    }

    /// A link styled as a button, with a key.
    static func linkButton(href: String, label: HTML, key: String? = nil, className: String = "button") -> HTML {
        "<a class=\"\(className)\" href=\"\(href)\"\(keyAttributes(key))>\(label)\(keyHint(key))</a>"
    }

    /// `data-key` and `aria-keyshortcuts` for a control that a key works.
    private static func keyAttributes(_ key: String?) -> HTML {
        key.map { " data-key=\"\($0)\" aria-keyshortcuts=\"\($0)\"" } ?? ""
    }

    /// The key shown after a control's label.
    private static func keyHint(_ key: String?) -> HTML { key.map { " <kbd>\($0)</kbd>" } ?? "" }
}
