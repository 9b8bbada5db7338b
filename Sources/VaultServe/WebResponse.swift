import Foundation
import VaultMarkdown

/// What a page handler answers, before it becomes an HTTP response: a page
/// (or another document) with its status, or a redirect after a POST.
/// Handlers return it so they are tested without a server.
struct WebResponse: Sendable, Equatable {
    /// The HTTP status code.
    var status: Int
    /// The `Content-Type`.
    var contentType: String
    /// The body.
    var body: [UInt8]
    /// A `Location` for a redirect.
    var location: String?
    /// True for the pages of one moment (every page): `Cache-Control: no-store`;
    /// false for the assets served from the binary, which may be cached.
    var noStore = true

    /// An HTML page.
    static func page(_ html: HTML, status: Int = 200) -> WebResponse {
        WebResponse(status: status, contentType: "text/html; charset=utf-8", body: Array(html.rendered.utf8))
    }

    /// A 303 to `location` (after a POST: the next page is a GET).
    static func redirect(_ location: String) -> WebResponse {
        WebResponse(status: 303, contentType: "text/plain; charset=utf-8", body: [], location: location)
    }

    /// A plain-text answer (an error for a script).
    static func text(_ text: String, status: Int) -> WebResponse {
        WebResponse(status: status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    /// A page saying what went wrong, with `status`.
    static func problem(_ title: String, _ sentence: String, status: Int, csrf: String = "") -> WebResponse {
        .page(
            PageLayout.page(
                title: title, csrf: csrf,
                body: "<h1>\(title)</h1><p class=\"problem\">\(sentence)</p><p><a class=\"button\" href=\"/\">Back to the dashboard</a></p>"),
            status: status)
    }

    /// The body as text (tests).
    var text: String { String(decoding: body, as: UTF8.self) }
}
