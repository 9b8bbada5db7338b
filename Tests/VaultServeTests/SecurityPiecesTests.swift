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
        let failures = FailedTokens(limit: 3, window: 60)
        let t0 = Date(timeIntervalSince1970: 0)
        for i in 0..<3 {
            #expect(!failures.isBlocked("a", now: t0.addingTimeInterval(Double(i))))
            failures.record("a", now: t0.addingTimeInterval(Double(i)))
        }
        #expect(failures.isBlocked("a", now: t0.addingTimeInterval(5)))
        #expect(!failures.isBlocked("b", now: t0.addingTimeInterval(5)))
        #expect(!failures.isBlocked("a", now: t0.addingTimeInterval(61)))
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
