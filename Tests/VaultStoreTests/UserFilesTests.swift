import Foundation
import Testing

@testable import VaultStore

/// Files the person names (``UserFiles``): a private file is made new, 0600,
/// never over a file or through a link.
@Suite("Files the person names")
struct UserFilesTests {
    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("a private file is made 0600 with its bytes, relative paths from the working folder")
    func createPrivate() throws {
        let dir = TempFolder()
        let files = UserFiles(vault: VaultLayout(root: dir.url), workingFolder: URL(fileURLWithPath: dir.url.path, isDirectory: true))
        try files.createPrivate(Data("secret\n".utf8), at: "token")
        #expect(dir.read("token") == "secret\n")
        #expect(Self.mode(dir.url.appendingPathComponent("token").path) == 0o600)
    }

    @Test("a private file is never written over a file or through a link, dangling or not")
    func refusesWhatIsThere() throws {
        let dir = TempFolder()
        let files = UserFiles(vault: VaultLayout(root: dir.url), workingFolder: URL(fileURLWithPath: dir.url.path, isDirectory: true))
        dir.write("taken", "mine\n")
        #expect(throws: VaultStoreError.self) { try files.createPrivate(Data("x".utf8), at: "taken") }
        #expect(dir.read("taken") == "mine\n")
        try FileManager.default.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("link").path, withDestinationPath: dir.url.appendingPathComponent("elsewhere").path)
        #expect(throws: VaultStoreError.self) { try files.createPrivate(Data("x".utf8), at: "link") }
        #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("elsewhere").path))
    }
}
