import Foundation
import Testing

/// `vault serve --sync EVERY` with two clones and a bare remote: what the
/// other clone pushes reaches the served vault, an answer given on the
/// served vault reaches the other clone, a failing sync is shown on the dashboard.
@Suite("vault serve --sync", .serialized)
struct ServeSyncTests {
    static func sh(_ script: String, in folder: URL) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_AUTHOR_NAME"] = "Vault Test"
        environment["GIT_AUTHOR_EMAIL"] = "test@example.com"
        environment["GIT_COMMITTER_NAME"] = "Vault Test"
        environment["GIT_COMMITTER_EMAIL"] = "test@example.com"
        let result = try ServeSandbox.run("/bin/sh", ["-c", "cd '\(folder.path)' && " + script], environment: environment)
        try #require(result.status == 0, "\(script): \(result.stderr)")
        return result.stdout
    }

    @Test("two clones and a bare remote: each side's writes reach the other through the server's sync")
    func twoClones() throws {
        let served = try ServeSandbox()
        defer { served.cleanUp() }
        let base = served.root.deletingLastPathComponent().appendingPathComponent("serve-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let remote = base.appendingPathComponent("remote.git").path
        _ = try Self.sh("git init -q --bare -b main '\(remote)'", in: base)
        _ = try Self.sh(
            "git init -q -b main && git add -A && git commit -qm start && git remote add origin '\(remote)' && git push -q -u origin main",
            in: served.root)
        _ = try Self.sh("git clone -q '\(remote)' laptop", in: base)
        let laptop = base.appendingPathComponent("laptop")

        let server = try RunningServer(sandbox: served, arguments: ["--port", "0", "--sync", "1s"])
        defer { _ = server.stop() }
        // The laptop writes a note and pushes it; the server's next sync pulls it.
        try "# From the laptop\n\nWritten on the laptop.\n".write(
            to: laptop.appendingPathComponent("Inbox/from-laptop.md"), atomically: true, encoding: .utf8)
        _ = try Self.sh("git add -A && git commit -qm laptop && git push -q", in: laptop)
        let pulled = served.root.appendingPathComponent("Inbox/from-laptop.md")
        var waited = 0
        while !FileManager.default.fileExists(atPath: pulled.path), waited < 60 {
            Thread.sleep(forTimeInterval: 0.5)
            waited += 1
        }
        #expect(FileManager.default.fileExists(atPath: pulled.path), "the served vault pulled the laptop's note")
        let dashboard = try server.curl("/")
        #expect(dashboard.body.contains("Last synced at"), "\(dashboard.body.prefix(2000))")

        // An answer given on the served vault reaches the laptop after the next sync.
        let page = try server.curl("/study")
        let card = try #require(page.body.components(separatedBy: "data-card=\"").dropFirst().first?.prefix { $0 != "\"" })
        let csrf = try #require(page.body.components(separatedBy: "name=\"csrf\" content=\"").dropFirst().first?.prefix(32))
        let given = "5a6b7c8d-1e2f-4a3b-8c4d-5e6f7a8b9c0d"
        let rated = try server.curl(
            "/study/rate", extra: ["--data", "card=\(card)&answer=good&response_ms=800&given=\(given)&csrf=\(csrf)"])
        #expect(rated.status == 303)
        var reached = false
        for _ in 0..<60 where !reached {
            Thread.sleep(forTimeInterval: 0.5)
            _ = try? Self.sh("git pull -q --no-rebase", in: laptop)
            reached = (try? Self.sh("cat .vault/ledger/*.log", in: laptop))?.contains("id=\(given)") ?? false
        }
        #expect(reached, "the laptop pulled the answer the server wrote")

        // A remote that is gone: the sync fails and the dashboard says so; the server keeps serving.
        _ = try Self.sh("git remote set-url origin '\(base.path)/no-such-remote.git'", in: served.root)
        var said = false
        for _ in 0..<60 where !said {
            Thread.sleep(forTimeInterval: 0.5)
            said = (try? server.curl("/"))?.body.contains("The last sync failed") ?? false
        }
        #expect(said, "the dashboard shows the failed sync")
    }
}
