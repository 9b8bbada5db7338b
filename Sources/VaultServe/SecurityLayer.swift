import Foundation
import HTTPTypes
import Hummingbird
import VaultMarkdown

/// Everything between the socket and a page, for every request (assets and
/// errors included): size limits, the token (in the URL once, then an
/// HttpOnly SameSite=Strict cookie), wrong tokens rate limited, POSTs only
/// from this origin and with the page's CSRF token, and the security headers
/// on every answer.
struct SecurityLayer: RouterMiddleware {
    typealias Context = WebContext

    /// The longest request line's target.
    static let maxURIBytes = 4096
    /// The most header bytes (names and values).
    static let maxHeaderBytes = 16 * 1024
    /// The largest request body (the forms are a few fields; a batch of offline answers a few kB).
    static let maxBodyBytes = 256 * 1024

    /// The Content-Security-Policy: the page's own script, style, pictures
    /// and connections only; no inline code, no frames, no other origin.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; media-src 'self'; connect-src 'self'; "
        + "manifest-src 'self'; worker-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    let secrets: ServerSecrets
    let failures: FailedTokens
    /// True when served over TLS: the cookie is then `Secure` too.
    var secure = false

    func handle(
        _ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await check(request, context: context, next: next)
        } catch let error as HTTPResponseError {
            response = Self.problem(status: error.status)
        } catch {
            response = Self.problem(status: .internalServerError)
        }
        Self.addHeaders(&response.headers)
        return response
    }

    /// The headers every answer carries.
    static func addHeaders(_ headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        // same-origin, not no-referrer: with no-referrer Chromium sends `Origin: null` on a form POST.
        headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        headers[HTTPField.Name("Cross-Origin-Opener-Policy")!] = "same-origin"
        headers[HTTPField.Name("Cross-Origin-Resource-Policy")!] = "same-origin"
        headers[HTTPField.Name("Permissions-Policy")!] = "camera=(), microphone=(), geolocation=()"
        if headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
    }

    /// A short page for an error status.
    static func problem(status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        let sentence: String
        switch status.code {
        case 401: sentence = "Open the address vault serve printed when it started (it holds the token)."
        case 403: sentence = "That token is not this server's, or the form did not come from this page."
        case 404: sentence = "Nothing here."
        case 413: sentence = "The request is too large."
        case 414: sentence = "The address is too long."
        case 429: sentence = "Too many wrong tokens from this address; wait a minute."
        case 431: sentence = "The request's headers are too large."
        default: sentence = "Something went wrong on the server."
        }
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        let html = PageLayout.page(
            title: "\(status.code) \(status.reasonPhrase)", csrf: "",
            body: "<h1>\(status.code) \(status.reasonPhrase)</h1><p class=\"problem\">\(sentence)</p>")
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: html.rendered)))
    }

    private func check(
        _ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response
    ) async throws -> Response {
        let target = request.uri.string
        if target.utf8.count > Self.maxURIBytes { return Self.problem(status: .uriTooLong) }
        let headerBytes = request.headers.reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4 }
        if headerBytes > Self.maxHeaderBytes { return Self.problem(status: .init(code: 431, reasonPhrase: "Request Header Fields Too Large")) }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > Self.maxBodyBytes {
            return Self.problem(status: .contentTooLarge)
        }
        let client = context.clientKey
        if let given = request.uri.queryParameters.get("token") {
            if failures.isBlocked(client) { return Self.problem(status: .tooManyRequests, headers: [.retryAfter: "60"]) }
            guard secrets.isToken(given) else {
                failures.record(client)
                return Self.problem(status: .forbidden)
            }
            // The token leaves the address bar (and the history) at once: a cookie carries it from now on.
            var headers: HTTPFields = [.location: Self.withoutToken(path: request.uri.path, query: request.uri.query)]
            headers[.setCookie] =
                "\(ServerSecrets.cookieName)=\(secrets.token); Path=/; HttpOnly; SameSite=Strict"
                + (secure ? "; Secure" : "")
            return Response(status: .seeOther, headers: headers)
        }
        // The calendar feed: a calendar app brings the feed's own read-only token, never the cookie.
        if request.method == .get || request.method == .head, request.uri.path == CalendarFeed.path,
            let feed = request.uri.queryParameters.get("feed")
        {
            if failures.isBlocked(client) { return Self.problem(status: .tooManyRequests, headers: [.retryAfter: "60"]) }
            guard secrets.isFeed(String(feed)) else {
                failures.record(client)
                return Self.problem(status: .forbidden)
            }
            return try await next(request, context)
        }
        guard let cookie = request.cookies[ServerSecrets.cookieName]?.value else {
            return Self.problem(status: .unauthorized)
        }
        if failures.isBlocked(client) { return Self.problem(status: .tooManyRequests, headers: [.retryAfter: "60"]) }
        guard secrets.isToken(cookie) else {
            failures.record(client)
            return Self.problem(status: .forbidden)
        }
        if request.method == .post {
            guard Self.isSameOrigin(request) else { return Self.problem(status: .forbidden) }
            // Every write carries the page's CSRF token in its form: checked here, for
            // every route, before any handler runs; the handler reads the same bytes.
            let body = try await request.body.collect(upTo: Self.maxBodyBytes)
            guard let given = FormFields(encoded: String(buffer: body))["csrf"], secrets.isCSRF(given) else {
                return Self.problem(status: .forbidden)
            }
            var request = request
            request.body = RequestBody(buffer: body)
            return try await next(request, context)
        } else if request.method != .get && request.method != .head {
            return Self.problem(status: .methodNotAllowed)
        }
        return try await next(request, context)
    }

    /// False when the request says it comes from another site: SameSite=Strict
    /// keeps the cookie off other sites' forms, and a `Sec-Fetch-Site` other
    /// than `same-origin` (or `none`, a person's own navigation), or an
    /// `Origin` other than this server's (`null` included: a sandboxed frame,
    /// a `data:` page, a redirect across sites), is refused as well.
    static func isSameOrigin(_ request: Request) -> Bool {
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!], site != "same-origin", site != "none" {
            return false
        }
        if let origin = request.headers[.origin] {
            guard let host = request.head.authority, origin == "http://\(host)" || origin == "https://\(host)" else {
                return false
            }
        }
        return true
    }

    /// The request's path and query with `token=` taken out.
    static func withoutToken(path: String, query: String?) -> String {
        let path = path.isEmpty ? "/" : path
        let kept = (query ?? "").split(separator: "&").filter { !$0.hasPrefix("token=") && $0 != "token" }
        return kept.isEmpty ? path : path + "?" + kept.joined(separator: "&")
    }
}
