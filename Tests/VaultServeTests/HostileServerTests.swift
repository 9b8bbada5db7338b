import Foundation
import Testing

/// Issue 48's server defects, against a running `vault serve`: the owner
/// is never locked out by wrong tokens, `Host` is checked, the token
/// redirect stays on this server, and a half-sent request is not held.
@Suite("vault serve against hostile clients")
struct HostileServerTests {
    @Test("eleven wrong tokens from the address never lock out a valid cookie (item 1)")
    func validCookieNeverLockedOut() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let server = try RunningServer(sandbox: vault)
        defer { _ = server.stop() }
        for i in 0..<12 { _ = try server.curl("/?token=wrong\(i)", cookie: false) }
        #expect(try server.curl("/?token=wrong", cookie: false).status == 429)
        // The owner's tab, its cookie the right token: let in.
        #expect(try server.curl("/").status == 200)
        // Its `?token=` links too (a bookmark): redirected, not blocked.
        #expect(try server.curl("/?token=\(server.token)").status == 303)
    }

    @Test("a request naming another host is refused before any token is looked at (item 2)")
    func hostChecked() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let server = try RunningServer(sandbox: vault, arguments: ["--port", "0", "--host", "vault.example.org"])
        defer { _ = server.stop() }
        let rebound = try server.curl("/?token=\(server.token)", cookie: false, extra: ["-H", "Host: evil.example"])
        #expect(rebound.status == 421)
        #expect(rebound.header("Set-Cookie") == nil)
        #expect(try server.curl("/", extra: ["-H", "Host: evil.example"]).status == 421)
        #expect(try server.curl("/", extra: ["-H", "Host: localhost"]).status == 200)
        #expect(try server.curl("/", extra: ["-H", "Host: vault.example.org"]).status == 200)
    }

    @Test("//evil.example/?token=T redirects to a path of this server")
    func noOpenRedirect() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let server = try RunningServer(sandbox: vault)
        defer { _ = server.stop() }
        let answer = try server.curl("//evil.example/?token=\(server.token)", cookie: false)
        #expect(answer.status == 303)
        #expect(answer.header("Location") == "/evil.example/")
    }

    @Test("a half-sent request head is closed after the read timeout, not held for good (item 4)", .timeLimit(.minutes(1)))
    func halfSentHeadClosed() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let server = try RunningServer(sandbox: vault)
        defer { _ = server.stop() }
        let port = try #require(server.base.split(separator: ":").last.map(String.init))
        let started = Date()
        // Half a head, then wait (at most 40 s) for the server to close the connection.
        let script = "exec 3<>/dev/tcp/127.0.0.1/\(port); printf 'GET / HTTP/1.1\\r\\nHost: 127.0.0.1' >&3; timeout 40 cat <&3 >/dev/null; echo $?"
        let result = try ServeSandbox.run("/bin/bash", ["-c", script], environment: ProcessInfo.processInfo.environment)
        let seconds = Date().timeIntervalSince(started)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "cat was stopped by timeout: \(result.stdout)")
        #expect(seconds < 30, "\(seconds) s")
        // And the server still answers.
        #expect(try server.curl("/").status == 200)
    }
}
