import Foundation
import Testing

import VaultApp
import VaultCore

@testable import VaultServe

/// The running server as a stranger on the network meets it: the token,
/// the cookie, the headers, the paths it refuses, the limits, the port, the exit.
@Suite("vault serve security", .serialized)
struct ServerSecurityTests {
    @Test("the first line is the URL with a token; nothing answers without it; the token becomes a strict cookie")
    func tokenAndCookie() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let server = try RunningServer(sandbox: vault)
        defer { _ = server.stop() }
        #expect(server.url.hasPrefix("http://127.0.0.1:"))
        #expect(server.token.count == 32)
        for path in ["/", "/assets/app.js", "/study", "/sw.js", "/manifest.webmanifest", "/search?q=x"] {
            let answer = try server.curl(path, cookie: false)
            #expect(answer.status == 401, "\(path)")
            #expect(!answer.body.contains("data-count"), "\(path)")
        }
        let wrong = try server.curl("/?token=\(String(repeating: "0", count: 32))", cookie: false)
        #expect(wrong.status == 403)
        let wrongCookie = try server.curl("/", cookieValue: "nope")
        #expect(wrongCookie.status == 403)
        let first = try server.curl("/?token=\(server.token)", cookie: false)
        #expect(first.status == 303)
        #expect(first.header("location") == "/")
        let cookie = try #require(first.header("set-cookie"))
        #expect(cookie.contains("vault_token=\(server.token)"))
        #expect(cookie.contains("HttpOnly"))
        #expect(cookie.contains("SameSite=Strict"))
        let page = try server.curl("/")
        #expect(page.status == 200)
        #expect(page.body.contains("data-count=\"notes\""))
        let policy = try #require(page.header("content-security-policy"))
        #expect(policy.contains("script-src 'self'"))
        #expect(policy.contains("frame-ancestors 'none'"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(page.header("x-content-type-options") == "nosniff")
        #expect(page.header("cache-control") == "no-store")
        #expect(!page.body.contains("<script>"))  // the one script is a file: no inline code
    }

    @Test("writes need POST with the CSRF token; another origin is refused")
    func csrf() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let server = try RunningServer(sandbox: vault)
        defer { _ = server.stop() }
        let before = try vault.ledgerLines()
        let noToken = try server.curl("/study/rate", extra: ["--data", "card=x&answer=good"])
        #expect(noToken.status == 403)
        let page = try server.curl("/")
        let csrf = try #require(page.body.components(separatedBy: "name=\"csrf\" content=\"").dropFirst().first?.prefix(32))
        let otherSite = try server.curl(
            "/study/rate", extra: ["--data", "card=x&answer=good&csrf=\(csrf)", "-H", "Origin: http://evil.example"])
        #expect(otherSite.status == 403)
        let put = try server.curl("/", extra: ["-X", "PUT"])
        #expect(put.status == 405 || put.status == 404)
        #expect(try vault.ledgerLines() == before)
    }

    @Test("the security layer checks every POST: CSRF before any route, Sec-Fetch-Site and Origin: null refused")
    func sameOriginInTheMiddleware() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let server = try RunningServer(sandbox: vault)
        defer { _ = server.stop() }
        let before = try vault.ledgerLines()
        let page = try server.curl("/")
        let csrf = try #require(page.body.components(separatedBy: "name=\"csrf\" content=\"").dropFirst().first?.prefix(32))
        // No route answers a POST without the token, not even one that does not exist (403, not 404).
        for path in ["/study/rate", "/review/weekly/2026-W46", "/sessions/stop", "/loci/x/review", "/nowhere"] {
            #expect(try server.curl(path, extra: ["--data", "a=b"]).status == 403, "\(path)")
            #expect(try server.curl(path, extra: ["--data", "csrf=\(String(repeating: "0", count: 32))"]).status == 403, "\(path)")
        }
        #expect(try server.curl("/nowhere", extra: ["--data", "csrf=\(csrf)"]).status == 404, "with the token, the route decides")
        let answer = "card=x&answer=good&csrf=\(csrf)"
        for header in ["Sec-Fetch-Site: cross-site", "Sec-Fetch-Site: same-site", "Origin: null", "Origin: http://127.0.0.1.evil.example"] {
            let refused = try server.curl("/study/rate", extra: ["--data", answer, "-H", header])
            #expect(refused.status == 403, "\(header)")
        }
        let sameOrigin = try server.curl(
            "/study/rate", extra: ["--data", answer, "-H", "Sec-Fetch-Site: same-origin", "-H", "Origin: \(server.base)"])
        #expect(sameOrigin.status == 404, "a same-origin POST with the token reaches the page (no card x): \(sameOrigin.status)")
        #expect(try vault.ledgerLines() == before)
    }

    @Test("no path outside the vault, nor in .vault/, nor through a link, is served")
    func paths() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        try FileManager.default.createSymbolicLink(
            atPath: vault.root.appendingPathComponent("loci/passwd.png").path, withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(
            atPath: vault.root.appendingPathComponent("config.png").path, withDestinationPath: ".vault/config.yml")
        let server = try RunningServer(sandbox: vault)
        defer { _ = server.stop() }
        for path in [
            "/files/../../../../etc/passwd", "/files/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/files/..%2f..%2f..%2fetc%2fpasswd",
            "/files/.vault/config.yml", "/files/%2evault/config.yml", "/files/loci/passwd.png", "/files/config.png",
            "/files/a%00.png", "/files/%00", "/../../etc/passwd", "/notes/..%2f..%2f..%2fetc%2fpasswd",
            "/notes/.vault/config.yml", "/files/Inbox", "/files/README.md", "/study/..%2f..%2f..%2fetc",
        ] {
            let answer = try server.curl(path)
            #expect(answer.status != 200, "\(path)")
            #expect(!answer.body.contains("root:x:0"), "\(path)")
            #expect(!answer.body.contains("timezone: Europe/Berlin"), "\(path)")
        }
    }

    @Test("wrong tokens are rate limited; a huge header is refused")
    func limits() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let server = try RunningServer(sandbox: vault)
        defer { _ = server.stop() }
        var statuses: [Int] = []
        for i in 0..<12 { statuses.append(try server.curl("/?token=wrong\(i)", cookie: false).status) }
        #expect(statuses.prefix(10).allSatisfy { $0 == 403 })
        #expect(statuses.last == 429)
        // Blocked for the minute even with the right token.
        #expect(try server.curl("/?token=\(server.token)", cookie: false).status == 429)
        let big = try server.curl("/", extra: ["-H", "X-Filler: " + String(repeating: "a", count: 20_000)])
        #expect(big.status == 431 || big.status == 400)
    }

    @Test("a taken port is named; SIGTERM exits 0")
    func portAndExit() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let server = try RunningServer(sandbox: vault)
        let port = try #require(server.base.split(separator: ":").last.map(String.init))
        let second = try ServeSandbox.run(
            ServeSandbox.binaryFolder.appendingPathComponent("vault").path, ["serve", "--port", port],
            environment: vault.environment())
        #expect(second.status == 1)
        #expect(second.stderr == "error: port \(port) on 127.0.0.1 is taken (another vault serve?); stop it, or choose another port with --port.\n")
        #expect(server.stop() == 0)
    }

    @Test("an edit on disk shows on the next page load: the server keeps no copy")
    func fresh() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let server = try RunningServer(sandbox: vault)
        defer { _ = server.stop() }
        let note = vault.root.appendingPathComponent("Inbox/fresh.md")
        try "---\ntitle: Fresh\n---\nfirst words\n".write(to: note, atomically: true, encoding: .utf8)
        #expect(try server.curl("/notes/Inbox/fresh.md").body.contains("first words"))
        try "---\ntitle: Fresh\n---\nsecond words\n".write(to: note, atomically: true, encoding: .utf8)
        let after = try server.curl("/notes/Inbox/fresh.md").body
        #expect(after.contains("second words"))
        #expect(!after.contains("first words"))
    }

    @Test("--listen 0.0.0.0 prints a network address and draws it as a QR code")
    func qrCode() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        // Without TLS a bind beyond loopback needs --insecure (said aloud at start).
        let server = try RunningServer(sandbox: vault, arguments: ["--port", "0", "--listen", "0.0.0.0", "--insecure"])
        defer { _ = server.stop() }
        #expect(server.url.hasPrefix("http://"))
        #expect(!server.url.contains("0.0.0.0"))
        let code = server.readLine()
        #expect(code.contains("█") || code.contains("▀"))
    }

    /// True for ETXTBSY, as Foundation reports it when a process is started.
    static func isTextFileBusy(_ error: NSError) -> Bool {
        if error.domain == NSPOSIXErrorDomain, error.code == Int(ETXTBSY) { return true }
        return (error.userInfo[NSUnderlyingErrorKey] as? NSError).map(isTextFileBusy) ?? false
    }

    /// A copy of the executable `source` at `destination`, written through a
    /// descriptor opened with `O_CLOEXEC`. `FileManager.copyItem` opens its
    /// copy without it, so a process another test started meanwhile (a
    /// server that runs for seconds) kept the copy open for writing, and
    /// running it failed with "Text file busy" for longer than the retries.
    static func copyExecutable(_ source: URL, to destination: URL) throws {
        let bytes = try Data(contentsOf: source)
        let fd = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        try bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                done += n
            }
        }
    }

    @Test("vault serve without vault-serve beside it says where it looked")
    func missingServer() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vault-alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("vault")
        try Self.copyExecutable(ServeSandbox.binaryFolder.appendingPathComponent("vault"), to: alone)
        // A process another test starts while the copy is open for writing holds
        // that descriptor until it execs (it is closed then: O_CLOEXEC), and running
        // the copy fails with "Text file busy" (ETXTBSY) for that moment. Try again
        // for up to two seconds.
        var attempt = 0
        let result = try { () throws -> (status: Int32, stdout: String, stderr: String) in
            while true {
                do {
                    return try ServeSandbox.run(alone.path, ["serve"], environment: vault.environment())
                } catch let error as NSError where attempt < 20 && Self.isTextFileBusy(error) {
                    attempt += 1
                    usleep(100_000)
                }
            }
        }()
        #expect(result.status == 1)
        #expect(result.stderr == "error: vault serve runs the program vault-serve, which is not at \(folder.path)/vault-serve; install it beside vault (`make install` copies both).\n")
    }

    @Test("--tls-cert and --tls-key serve HTTPS, the cookie marked Secure", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")))
    func tls() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let cert = vault.root.appendingPathComponent("../\(vault.root.lastPathComponent)-cert.pem").standardized
        let key = vault.root.appendingPathComponent("../\(vault.root.lastPathComponent)-key.pem").standardized
        defer { try? FileManager.default.removeItem(at: cert); try? FileManager.default.removeItem(at: key) }
        let made = try ServeSandbox.run(
            "/usr/bin/openssl",
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key.path, "-out", cert.path, "-days", "1", "-subj", "/CN=127.0.0.1"],
            environment: ProcessInfo.processInfo.environment)
        try #require(made.status == 0, "\(made.stderr)")
        let server = try RunningServer(sandbox: vault, arguments: ["--port", "0", "--tls-cert", cert.path, "--tls-key", key.path])
        defer { _ = server.stop() }
        #expect(server.url.hasPrefix("https://127.0.0.1:"))
        let first = try server.curl("/?token=\(server.token)", cookie: false, extra: ["-k"])
        #expect(first.status == 303)
        #expect(first.header("set-cookie")?.contains("; Secure") == true)
        #expect(try server.curl("/", extra: ["-k"]).status == 200)
        let plain = try server.curl("/", extra: ["-k"], scheme: "http")
        #expect(plain.status != 200)
        let alone = try ServeSandbox.run(
            ServeSandbox.binaryFolder.appendingPathComponent("vault").path, ["serve", "--tls-cert", cert.path], environment: vault.environment())
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--tls-cert and --tls-key go together."))
    }

    @Test("answers from several devices at once all land in the ledger")
    func concurrentAnswers() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let server = try RunningServer(sandbox: vault)
        defer { _ = server.stop() }
        let cards = StudyFlow(Studying(try vault.context()), request: StudyRequest()).queue.entries.prefix(5).map(\.card.id)
        try #require(cards.count >= 3)
        let page = try server.curl("/")
        let csrf = try #require(page.body.components(separatedBy: "name=\"csrf\" content=\"").dropFirst().first?.prefix(32))
        let before = try vault.ledgerLines().count
        let statuses = StatusList()
        DispatchQueue.concurrentPerform(iterations: cards.count) { i in
            let answer = try? server.curl(
                "/study/rate", extra: ["--data", "card=\(cards[i])&answer=good&response_ms=1000&csrf=\(csrf)"])
            statuses.append(answer?.status ?? 0)
        }
        #expect(statuses.values.allSatisfy { $0 == 303 }, "\(statuses.values)")
        let lines = try vault.ledgerLines().dropFirst(before).filter { $0.contains("\trate\t") }
        #expect(Set(cards.map { "card=\($0)" }) == Set(lines.compactMap { $0.split(separator: "\t").first { $0.hasPrefix("card=") }.map(String.init) }))
    }

    final class StatusList: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var values: [Int] = []
        func append(_ value: Int) {
            lock.lock()
            values.append(value)
            lock.unlock()
        }
    }
}
