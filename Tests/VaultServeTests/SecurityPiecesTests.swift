import Foundation
import Testing
import VaultMarkdown
import VaultCore

@testable import VaultServe

/// The small rules of the security layer, on values.
@Suite("vault serve security pieces")
struct SecurityPiecesTests {
    @Test("HTML escaping covers element text and both quotes")
    func escaping() {
        #expect(HTML(escaping: "<a href=\"x\" onclick='y'>&</a>") == "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
        #expect(HTML.urlPath("a b/c?d#e.md") == "a%20b/c%3Fd%23e.md")
    }

    @Test("only plain picture paths inside the vault are servable", arguments: [
        ("loci/Home walk/1.jpg", "loci/Home walk/1.jpg"), ("loci/Home%20walk/1.png", "loci/Home walk/1.png"),
        ("../etc/passwd.png", nil), ("%2e%2e/x.png", nil), (".vault/x.png", nil), ("%2evault/x.png", nil),
        ("a/../b.png", nil), ("a//b.png", nil), ("a%00.png", nil), ("a%0a.png", nil), ("note.md", nil),
        ("x.svg", nil), ("/etc/x.png", nil), ("", nil),
    ] as [(String, String?)])
    func picturePaths(raw: String, expected: String?) {
        #expect(PictureFiles.servablePath(raw) == expected)
    }

    @Test("the token leaves the address: the other query fields stay")
    func withoutToken() {
        #expect(SecurityLayer.withoutToken(path: "/study", query: "token=abc&n=5") == "/study?n=5")
        #expect(SecurityLayer.withoutToken(path: "/", query: "token=abc") == "/")
    }

    @Test("tokens compare whole; ten wrong ones a minute block the address")
    func tokens() {
        #expect(ServerSecrets.same("abc", "abc"))
        #expect(!ServerSecrets.same("abc", "abd"))
        #expect(!ServerSecrets.same("abc", "abcd"))
        #expect(ServerSecrets.randomToken() != ServerSecrets.randomToken())
        // Ten (here three) different wrong tokens a minute block the client that sent them.
        let failures = FailedTokens(limit: 3, window: 60)
        let t0 = Date(timeIntervalSince1970: 0)
        let a = FailedTokens.Client.cookieless(address: "a")
        for i in 0..<3 {
            #expect(!failures.isBlocked(a, now: t0.addingTimeInterval(Double(i))))
            failures.record(a, token: "wrong\(i)", now: t0.addingTimeInterval(Double(i)))
        }
        #expect(failures.isBlocked(a, now: t0.addingTimeInterval(5)))
        #expect(!failures.isBlocked(.cookieless(address: "b"), now: t0.addingTimeInterval(5)))
        #expect(!failures.isBlocked(a, now: t0.addingTimeInterval(61)))
    }

    @Test("wrong tokens count per client, not per address; the same stale token counts once (issue 48, item 1)")
    func perClient() {
        let failures = FailedTokens(limit: 3, window: 60)
        let t0 = Date(timeIntervalSince1970: 0)
        let mine = failures.issue(now: t0)
        let other = failures.issue(now: t0)
        let attacker = failures.client(cookie: other, address: "127.0.0.1", crossSite: false)
        for i in 0..<5 { failures.record(attacker, token: "guess\(i)", now: t0) }
        #expect(failures.isBlocked(attacker, now: t0))
        // Another browser on the same address, the cookieless requests of the address and
        // requests another site made through it are not blocked by it.
        #expect(!failures.isBlocked(failures.client(cookie: mine, address: "127.0.0.1", crossSite: false), now: t0))
        #expect(!failures.isBlocked(failures.client(cookie: nil, address: "127.0.0.1", crossSite: false), now: t0))
        #expect(!failures.isBlocked(failures.client(cookie: other, address: "127.0.0.1", crossSite: true), now: t0))
        // A client id the server never gave counts as none.
        #expect(failures.client(cookie: "made-up", address: "127.0.0.1", crossSite: false) == .cookieless(address: "127.0.0.1"))
        // A tab left open from the last run sends its one stale token again and again: it guesses nothing.
        let tab = failures.client(cookie: mine, address: "127.0.0.1", crossSite: false)
        for _ in 0..<20 { failures.record(tab, token: "stale", now: t0) }
        #expect(!failures.isBlocked(tab, now: t0))
    }

    @Test("the redirect that drops the token never leaves this server (//evil.example/?token=T)")
    func noOpenRedirect() {
        #expect(SecurityLayer.withoutToken(path: "//evil.example/", query: "token=abc") == "/evil.example/")
        #expect(SecurityLayer.withoutToken(path: "/\\evil.example", query: "token=abc&x=1") == "/evil.example?x=1")
        #expect(SecurityLayer.withoutToken(path: "", query: nil) == "/")
    }

    @Test("Host names the bound address, this machine's loopback names or a --host name (issue 48, item 2)")
    func hosts() {
        let loopback = AllowedHosts(listen: "127.0.0.1", names: [], machineAddresses: { ["192.168.1.5"] })
        for good in ["127.0.0.1:4747", "localhost:4747", "LOCALHOST", "[::1]:4747", "localhost.:80"] {
            #expect(loopback.allows(good), "\(good)")
        }
        for bad in ["evil.example", "evil.example:4747", "192.168.1.5:4747", "127.0.0.1.evil.example", "", "[::1", "a:b:c"] {
            #expect(!loopback.allows(bad), "\(bad)")
        }
        #expect(!loopback.allows(nil))
        let everywhere = AllowedHosts(listen: "0.0.0.0", names: ["Vault.Example.org"], machineAddresses: { ["192.168.1.5", "fe80::1"] })
        for good in ["192.168.1.5:4747", "[fe80::1]:4747", "vault.example.org", "127.0.0.1"] { #expect(everywhere.allows(good), "\(good)") }
        #expect(!everywhere.allows("evil.example"))
    }

    @Test("an answered_at of any Int, Int.min included, gives an offset or none, never a trap (issue 48, item 5)")
    func answeredAtNeverTraps() {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        for value in [Int.min, Int.min + 1, -1, 0, Int.max, Int.max - 1, 253_402_214_400_001] {
            #expect(StudyPage.elapsedMilliseconds(answeredAt: value, now: now) == 0, "\(value)")
        }
    }

    @Test("form fields: + is a space, %XX a byte, the first of two wins")
    func form() {
        let form = FormFields(encoded: "a=1&b=two+words&c=%3Cx%3E&a=2&empty")
        #expect(form["a"] == "1")
        #expect(form["b"] == "two words")
        #expect(form["c"] == "<x>")
        #expect(form["empty"] == "")
    }

    @Test("the compiled-in assets are the files in Sources/VaultServe/Assets (scripts/serve-assets.py)")
    func assetsMatchFiles() throws {
        for asset in Assets.all {
            let file = ServeSandbox.packageRoot.appendingPathComponent("Sources/VaultServe/Assets/\(asset.file)")
            let bytes = [UInt8](try Data(contentsOf: file))
            // A text file's last newline is not kept; a binary one (an icon) is byte for byte.
            #expect(asset.bytes + [0x0A] == bytes || asset.bytes == bytes, "\(asset.file): run scripts/serve-assets.py")
            #expect(!asset.bytes.isEmpty, "\(asset.file) is compiled in empty")
        }
    }
}
