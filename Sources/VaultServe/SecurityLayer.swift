import Foundation
import HTTPTypes
import Hummingbird
import VaultMarkdown

/// Everything between the socket and a page, for every request (assets and
/// errors included): size limits, the `Host` the request names (the bound
/// address, this machine's loopback names or a `--host` name: a DNS name
/// rebound to this machine is refused before any token is looked at), the
/// token (in the URL once, then an HttpOnly SameSite=Strict cookie), wrong
/// tokens rate limited per client (``FailedTokens``; a valid cookie is let
/// in before any limit), POSTs only from this origin and with the page's
/// CSRF token, read within ``bodyTimeout``, and the security headers on
/// every answer.
struct SecurityLayer: RouterMiddleware {
    typealias Context = WebContext

    /// The longest request line's target.
    static let maxURIBytes = 4096
    /// The most header bytes (names and values).
    static let maxHeaderBytes = 16 * 1024
    /// The largest request body (the forms are a few fields; a batch of offline answers a few kB).
    static let maxBodyBytes = 256 * 1024

    /// The Content-Security-Policy: the page's own script, style, pictures,
    /// sounds, fonts (KaTeX's) and connections only; no inline code, no
    /// frames, no other origin.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; media-src 'self'; font-src 'self'; connect-src 'self'; "
        + "manifest-src 'self'; worker-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    /// The longest a POST's body may take to arrive (the socket's own read
    /// timeout only counts the time between its parts).
    static let bodyTimeout: Duration = .seconds(10)

    let secrets: ServerSecrets
    let failures: FailedTokens
    /// The names a request's `Host` may carry.
    var hosts = AllowedHosts(listen: "127.0.0.1", names: [])
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
        case 408: sentence = "The request took too long to arrive."
        case 414: sentence = "The address is too long."
        case 421: sentence = "This server does not answer to that name."
        case 429: sentence = "Too many wrong tokens from this browser; wait a minute, or open the address vault serve printed in a browser that has not tried others."
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
        // DNS rebinding: a page of evil.example whose name now leads here sends `Host: evil.example`.
        guard hosts.allows(request.head.authority) else {
            return Self.problem(status: .init(code: 421, reasonPhrase: "Misdirected Request"))
        }
        let cookie = request.cookies[ServerSecrets.cookieName]?.value
        // The owner's tabs: a valid cookie is let in before any limit is asked, whatever else was tried.
        let signedIn = cookie.map(secrets.isToken) ?? false
        let given = request.uri.queryParameters.get("token")
        if !signedIn, given != nil || cookie != nil {
            let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!]
            let clientCookie = request.cookies[FailedTokens.cookieName]?.value
            let client = failures.client(
                cookie: clientCookie, address: context.clientKey, crossSite: site == "cross-site" || site == "same-site")
            if failures.isBlocked(client) { return Self.problem(status: .tooManyRequests, headers: [.retryAfter: "60"]) }
            var answer: Response
            if let given, secrets.isToken(given) {
                answer = signIn(request)
            } else {
                failures.record(client, token: given ?? cookie ?? "")
                answer = Self.problem(status: .forbidden)
                // A stale cookie (a tab from the server's last run) is dropped, so it is not sent again.
                if cookie != nil && given == nil { answer.headers.append(HTTPField(name: .setCookie, value: expiredCookie)) }
            }
            // A browser that keeps cookies becomes a client of its own: its wrong tokens block only it.
            if case .cookieless = client {
                answer.headers.append(
                    HTTPField(
                        name: .setCookie,
                        value: "\(FailedTokens.cookieName)=\(failures.issue()); Path=/; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")))
            }
            return answer
        }
        if given != nil {
            // Signed in already: the token (right or an old one) only leaves the address.
            return signIn(request)
        }
        // The calendar feed: a calendar app brings the feed's own read-only token, never the cookie.
        if !signedIn, request.method == .get || request.method == .head, request.uri.path == CalendarFeed.path,
            let feed = request.uri.queryParameters.get("feed")
        {
            let client = failures.client(
                cookie: request.cookies[FailedTokens.cookieName]?.value, address: context.clientKey, crossSite: false)
            if failures.isBlocked(client) { return Self.problem(status: .tooManyRequests, headers: [.retryAfter: "60"]) }
            guard secrets.isFeed(String(feed)) else {
                failures.record(client, token: String(feed))
                return Self.problem(status: .forbidden)
            }
            return try await next(request, context)
        }
        guard signedIn else { return Self.problem(status: .unauthorized) }
        if request.method == .post {
            guard Self.isSameOrigin(request) else { return Self.problem(status: .forbidden) }
            // Every write carries the page's CSRF token in its form: checked here, for
            // every route, before any handler runs; the handler reads the same bytes.
            guard let body = try await Self.collectBody(request) else { return Self.problem(status: .requestTimeout) }
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

    /// The redirect that takes the token out of the address, with the cookie that carries it from now on.
    private func signIn(_ request: Request) -> Response {
        // The token leaves the address bar (and the history) at once: a cookie carries it from now on.
        var headers: HTTPFields = [.location: Self.withoutToken(path: request.uri.path, query: request.uri.query)]
        headers[.setCookie] =
            "\(ServerSecrets.cookieName)=\(secrets.token); Path=/; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
        return Response(status: .seeOther, headers: headers)
    }

    /// A `Set-Cookie` that removes the token cookie.
    private var expiredCookie: String {
        "\(ServerSecrets.cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The body of `request` (at most ``maxBodyBytes``), nil when it does not
    /// arrive within ``bodyTimeout``: a client that sends a byte now and then
    /// holds no connection for long.
    /// - Throws: 413 past the size limit.
    static func collectBody(_ request: Request) async throws -> ByteBuffer? {
        try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask { try await request.body.collect(upTo: maxBodyBytes) }
            group.addTask {
                try await Task.sleep(for: bodyTimeout)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
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

    /// The request's path and query with `token=` taken out, always a path
    /// of this server: `//evil.example/` (which a browser reads as another
    /// host) and `/\evil.example` become `/evil.example/`, never an open redirect.
    static func withoutToken(path: String, query: String?) -> String {
        var path = Substring(path)
        while let first = path.first, first == "/" || first == "\\" { path = path.dropFirst() }
        path = "/" + path
        let kept = (query ?? "").split(separator: "&").filter { !$0.hasPrefix("token=") && $0 != "token" }
        return kept.isEmpty ? String(path) : path + "?" + kept.joined(separator: "&")
    }
}
