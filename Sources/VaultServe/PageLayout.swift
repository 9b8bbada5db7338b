import Foundation
import VaultMarkdown

/// The frame every page shares: the head (the one style sheet and the one
/// script, both served from the binary, so the Content-Security-Policy can
/// forbid inline code and every other origin), the navigation and `main`.
enum PageLayout {
    /// The whole document around `body`; `csrf` is the token forms send back.
    static func page(title: String, csrf: String, body: HTML, bodyClass: String = "", styles: [String] = []) -> HTML {
        let bodyAttributes: HTML = bodyClass.isEmpty ? "" : " class=\"\(bodyClass)\""
        let sheets = HTML.joined(styles.map { "<link rel=\"stylesheet\" href=\"\($0)\">" })
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
            <link rel="stylesheet" href="/assets/markdown.css">\(sheets)
            <link rel="icon" href="/favicon.ico" sizes="32x32">
            <link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
            <link rel="apple-touch-icon" href="/apple-touch-icon.png">
            <meta name="theme-color" content="#0b57d0">
            <link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials">
            <script src="/assets/app.js" defer></script>
            <script src="/assets/math.js" defer></script>
            </head>
            <body\(bodyAttributes)>
            <a class="skip-link" href="#main">Skip to the content</a>
            <header class="top"><nav aria-label="Main">
            <a href="/">Today</a><a href="/decks">Study</a><a href="/list/daily">Notes</a><a href="/new">New</a><a href="/search">Search</a><a href="/sessions">Sessions</a><a href="/loci">Palaces</a><a href="/stats">Stats</a>
            </nav></header>
            <main id="main" tabindex="-1">
            \(body)
            </main>
            </body>
            </html>

            """
    }

    /// A page's content with its bar of keys under it (a review, a study card, a palace walk):
    /// the content in a block of its own, so that the style sheet can keep the bar at the
    /// foot of the screen under short content, and after long content when scrolled to its end.
    static func withKeyBar(_ content: HTML, _ keys: HTML) -> HTML {
        "<div class=\"above-keys\">\(content)</div>\(keys)"
    }

    /// A POST form of one button (a write), with the CSRF token, an empty
    /// `given` field (the script puts a new id in it when the button is
    /// pressed: ``GivenID``) and hidden fields. With `queue`, the script keeps
    /// the write for later when the network is gone (an answer, a decision).
    static func postButton(
        action: String, csrf: String, fields: [(String, String)], label: HTML, key: String? = nil,
        className: String = "button", queue: Bool = false
    ) -> HTML {
        let queued: HTML = queue ? " data-queue" : ""
        var html: HTML = "<form method=\"post\" action=\"\(action)\" class=\"inline\"\(queued)>"
        html += "<input type=\"hidden\" name=\"csrf\" value=\"\(csrf)\">"
        html += "<input type=\"hidden\" name=\"given\" value=\"\">"
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
