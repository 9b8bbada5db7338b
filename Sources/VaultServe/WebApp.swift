import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import VaultApp
import VaultCore
import VaultWiring

/// The web app: the routes, each a page handler over a context made for
/// the request by the composition root (``ServedVault/context()``), behind
/// the ``SecurityLayer``.
struct WebApp: Sendable {
    let vault: ServedVault
    let secrets: ServerSecrets
    let failures = FailedTokens()
    let pages = PageMemo()
    /// KaTeX and the rendered notes' style and script.
    let math = MathAssets(files: CompositionRoot.mathFiles())
    /// True when served over TLS (the cookie is then `Secure`).
    var secure = false
    /// The names a request's `Host` may carry.
    var hosts = AllowedHosts(listen: "127.0.0.1", names: [])
    /// The git sync on a schedule (`--sync EVERY`), nil without it.
    var sync: SyncLoop?

    /// The pages of a request, given its context (tests call them directly).
    func router() -> Router<WebContext> {
        let router = Router(context: WebContext.self)
        router.middlewares.add(SecurityLayer(secrets: secrets, failures: failures, hosts: hosts, secure: secure))
        let csrf = secrets.csrf
        let (feed, sync) = (secrets.feed, sync)
        router.get("/") { request, _ in
            let extras = DashboardPage.Extras(query: query(request), feed: feed, sync: sync)
            return try await respond(memo: sync == nil ? request : nil) {
                .page(DashboardPage.render(VaultStatus.load($0), csrf: csrf, extras: extras))
            }
        }
        router.get(RouterPath(CalendarFeed.path)) { _, _ in try await respond { CalendarFeed.get($0) } }
        router.post("/reminders/check") { _, _ in try await respond { RemindersPage.check($0) } }
        router.post("/reminders/answer") { request, context in
            let form = try await form(request, context: context)
            return try await respond { RemindersPage.answer($0, form: form) }
        }
        router.get("/review/:level/:period") { request, context in
            let (level, period) = (context.parameters.get("level") ?? "", context.parameters.get("period") ?? "")
            return try await respond(memo: request) { ReviewPage.get($0, level: level, period: period, query: query(request), csrf: csrf) }
        }
        router.post("/review/:level/:period") { request, context in
            let form = try await form(request, context: context)
            let (level, period) = (context.parameters.get("level") ?? "", context.parameters.get("period") ?? "")
            return try await respond { ReviewPage.post($0, level: level, period: period, form: form) }
        }
        router.get("/study") { request, _ in
            try await respond(memo: request) { StudyPage.get($0, folder: nil, query: query(request), csrf: csrf) }
        }
        router.get("/study/**") { request, context in
            let folder = context.parameters.getCatchAll().joined(separator: "/")
            return try await respond(memo: request) {
                StudyPage.get($0, folder: folder.removingPercentEncoding ?? folder, query: query(request), csrf: csrf)
            }
        }
        router.post("/study/rate") { request, context in
            let form = try await form(request, context: context)
            return try await respond { StudyPage.rate($0, form: form) }
        }
        router.post("/study/undo") { request, context in
            let form = try await form(request, context: context)
            return try await respond { StudyPage.undo($0, form: form) }
        }
        router.post("/study/promote") { request, context in
            let form = try await form(request, context: context)
            return try await respond { StudyPage.promote($0, form: form) }
        }
        router.get("/decks") { request, _ in try await respond(memo: request) { DecksPage.get($0, csrf: csrf) } }
        router.get("/notes/**") { request, _ in
            let raw = String(request.uri.path.dropFirst("/notes/".count))
            let reference = raw.removingPercentEncoding ?? raw
            let query = query(request)
            if reference.hasSuffix("/edit") {
                let note = String(reference.dropLast("/edit".count))
                return try await respond { NoteEditPage.get($0, reference: note, csrf: csrf) }
            }
            return try await respond(memo: request) { NotePage.get($0, reference: reference, csrf: csrf, query: query) }
        }
        router.post("/notes/**") { request, context in
            let form = try await form(request, context: context)
            let raw = String(request.uri.path.dropFirst("/notes/".count))
            let reference = raw.removingPercentEncoding ?? raw
            if reference.hasSuffix("/edit") {
                let note = String(reference.dropLast("/edit".count))
                return try await respond { NoteEditPage.post($0, reference: note, form: form, csrf: csrf) }
            }
            if reference.hasSuffix("/delete") {
                let note = String(reference.dropLast("/delete".count))
                return try await respond { NoteEditPage.delete($0, reference: note) }
            }
            return Self.response(.text("no such action", status: 404))
        }
        router.post("/trash/restore") { request, context in
            let form = try await form(request, context: context)
            return try await respond { NoteEditPage.restore($0, form: form) }
        }
        router.get("/new") { _, _ in try await respond { NewNotePage.get($0, csrf: csrf) } }
        router.post("/new") { request, context in
            let form = try await form(request, context: context)
            return try await respond { NewNotePage.post($0, form: form, csrf: csrf) }
        }
        router.get("/list") { _, _ in Self.response(.redirect("/list/daily")) }
        router.get("/list/:tab") { request, context in
            let tab = context.parameters.get("tab") ?? ""
            return try await respond(memo: request) { ListPage.get($0, tab: tab, query: query(request), csrf: csrf) }
        }
        router.get("/search") { request, _ in
            try await respond(memo: request) { SearchPage.get($0, query: query(request), csrf: csrf) }
        }
        router.get("/stats") { request, _ in
            try await respond(memo: request) { StatsPage.get($0, query: query(request), csrf: csrf) }
        }
        router.get("/stats.css") { _, _ in Self.response(StatsPage.css) }
        router.get("/sessions") { request, _ in
            try await respond(memo: request) { SessionsPage.get($0, query: query(request), csrf: csrf) }
        }
        router.post("/sessions/:action") { request, context in
            let form = try await form(request, context: context)
            let action = context.parameters.get("action") ?? ""
            return try await respond { SessionsPage.post($0, action: action, form: form, csrf: csrf) }
        }
        router.get("/loci") { request, _ in try await respond(memo: request) { LociPage.list($0, csrf: csrf) } }
        router.get("/loci/:itinerary/:mode") { request, context in
            let (itinerary, mode) = (context.parameters.get("itinerary") ?? "", context.parameters.get("mode") ?? "")
            return try await respond(memo: request) {
                LociPage.get($0, itinerary: itinerary.removingPercentEncoding ?? itinerary, mode: mode, query: query(request), csrf: csrf)
            }
        }
        router.post("/loci/:itinerary/:mode") { request, context in
            let form = try await form(request, context: context)
            let (itinerary, mode) = (context.parameters.get("itinerary") ?? "", context.parameters.get("mode") ?? "")
            return try await respond { LociPage.rate($0, itinerary: itinerary.removingPercentEncoding ?? itinerary, mode: mode, form: form) }
        }
        router.get("/files/**") { request, context in
            try await picture(String(request.uri.path.dropFirst("/files/".count)))
        }
        router.get("/assets/markdown.css") { _, _ in Self.response(MathAssets.style) }
        router.get("/assets/math.js") { _, _ in Self.response(MathAssets.script) }
        router.get("/assets/katex/**") { [math] request, _ in
            let name = String(request.uri.path.dropFirst("/assets/katex/".count))
            return Self.response(try await NIOThreadPool.singleton.runIfActive { math.katex(name) })
        }
        for asset in Assets.all {
            router.get(RouterPath(asset.path)) { _, _ in Self.response(asset.response) }
        }
        return router
    }

    /// The query string's fields.
    private func query(_ request: Request) -> FormFields {
        FormFields(encoded: request.uri.query ?? "")
    }

    /// The form of a POST (its CSRF field was checked by the ``SecurityLayer``).
    /// - Throws: 413 past the body limit.
    private func form(_ request: Request, context: WebContext) async throws -> FormFields {
        FormFields(encoded: String(buffer: try await request.body.collect(upTo: SecurityLayer.maxBodyBytes)))
    }

    /// A handler run over the request's context (``ServedVault/request()``);
    /// a GET page (`memo`) rendered once per change and second (``PageMemo``).
    ///
    /// The work (reading the vault's files, replaying, rendering) runs on
    /// NIO's blocking pool, never on Swift's cooperative threads, which the
    /// server's event loops and every other request's `await` need.
    private func respond(
        memo request: Request? = nil, _ handler: @escaping @Sendable (AppContext) throws -> WebResponse
    ) async throws -> Response {
        let address = request?.uri.description
        return Self.response(try await NIOThreadPool.singleton.runIfActive { try render(memo: address, handler) })
    }

    /// A picture (``PictureFiles``), sent as it is read in pieces of 256 KB,
    /// each read on NIO's blocking pool: a 200 MB picture costs the server a
    /// piece, not two copies of the whole; 404 for anything not servable.
    private func picture(_ raw: String) async throws -> Response {
        let opened = try await NIOThreadPool.singleton.runIfActive { () -> PictureFiles.Picture? in
            guard let context = try? vault.request().context else { return nil }
            return PictureFiles.open(raw, context: context)
        }
        guard let opened else { return Self.response(.problem("Not found", "Nothing here.", status: 404)) }
        let file = opened.file
        let body = ResponseBody(contentLength: file.size) { writer in
            var sent = 0
            while sent < file.size {
                let want = min(256 << 10, file.size - sent)
                let piece = try await NIOThreadPool.singleton.runIfActive { try file.read(upTo: want) }
                if piece.isEmpty { break }
                sent += piece.count
                try await writer.write(ByteBuffer(bytes: piece))
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok, headers: [.contentType: opened.contentType, .cacheControl: "private, max-age=300"], body: body)
    }

    /// ``respond(memo:_:)``'s work, on the calling thread.
    ///
    /// The served vault is told the request is done once its context is let
    /// go: the context holds the summaries and the replay, so what the
    /// served vault lets go after a long read would not be freed yet.
    private func render(memo address: String?, _ handler: (AppContext) throws -> WebResponse) throws -> WebResponse {
        var made: (version: ServedVault.Version?, started: UInt64)?
        defer {
            if let made {
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - made.started) / 1e9
                vault.finished(version: made.version, seconds: seconds)
            }
        }
        return try render(memo: address, handler) { made = ($0, DispatchTime.now().uptimeNanoseconds) }
    }

    /// ``render(memo:_:)`` within one context, which is let go when this returns;
    /// `made` is told the context's version.
    private func render(
        memo address: String?, _ handler: (AppContext) throws -> WebResponse,
        made: (ServedVault.Version?) -> Void
    ) throws -> WebResponse {
        let context: AppContext
        let version: ServedVault.Version?
        do {
            (context, version) = try vault.request()
        } catch {
            return .problem("No vault", error.localizedDescription, status: 500, csrf: secrets.csrf)
        }
        made(version)
        guard let address else { return try handler(context) }
        return try pages.page(address, version: version, moment: context.now) { try handler(context) }
    }

    /// The HTTP response of `web`.
    static func response(_ web: WebResponse) -> Response {
        var headers: HTTPFields = [.contentType: web.contentType]
        if let location = web.location { headers[.location] = location }
        headers[.cacheControl] = web.noStore ? "no-store" : "private, max-age=300"
        return Response(
            status: HTTPResponse.Status(code: web.status), headers: headers,
            body: .init(byteBuffer: ByteBuffer(bytes: web.body)))
    }
}
