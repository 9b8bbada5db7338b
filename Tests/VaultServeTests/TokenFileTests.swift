import Foundation
import Testing
import VaultApp

@testable import VaultServe

/// `vault serve --token-file FILE`: the token is kept in a file the person
/// names, read and made through the vault's ports (``NamedFiles``).
@Suite("vault serve: the token file")
struct TokenFileTests {
    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("a missing token file is made (0600) with a new token, and the next start reads the same token")
    func madeThenRead() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let files = try vault.context().namedFiles
        let path = vault.root.deletingLastPathComponent().appendingPathComponent("token-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = try ServerSecrets.make(tokenFile: path, files: files)
        #expect(first.token.count == 32 && first.token.allSatisfy(\.isHexDigit))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == first.token + "\n")
        #expect(Self.mode(path) == 0o600)
        let second = try ServerSecrets.make(tokenFile: path, files: files)
        #expect(second.token == first.token && second.csrf != first.csrf)
    }

    @Test("a token file holding no token is refused, and left as it is")
    func refused() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let path = vault.root.deletingLastPathComponent().appendingPathComponent("token-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "short\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ServeError.tokenFile(path, "it must hold one token of at least 16 letters and digits")) {
            try ServerSecrets.make(tokenFile: path, files: try vault.context().namedFiles)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "short\n")
    }

    @Test("a token file that is a dangling link is not written through")
    func danglingLink() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let folder = vault.root.deletingLastPathComponent()
        let link = folder.appendingPathComponent("token-link-\(UUID().uuidString)").path
        let target = folder.appendingPathComponent("token-target-\(UUID().uuidString)").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        defer { try? FileManager.default.removeItem(atPath: link) }
        #expect(throws: ServeError.tokenFile(link, "it cannot be written")) {
            try ServerSecrets.make(tokenFile: link, files: try vault.context().namedFiles)
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
