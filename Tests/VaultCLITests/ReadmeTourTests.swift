import Foundation
import Testing

/// The README's tour says its output is real: this keeps its first example so.
@Suite("README tour")
struct ReadmeTourTests {
    @Test("the README's `$ vault` block is what vault prints for ExampleVault at its reference date")
    func statusBlock() throws {
        let readme = try String(
            contentsOf: VaultSandbox.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let opening = "```console\n$ vault\n"
        let start = try #require(readme.range(of: opening)).upperBound
        let end = try #require(readme[start...].range(of: "```")).lowerBound
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault"), to: root)
        let sandbox = VaultSandbox(root: root)
        let status = try sandbox.run([], env: ["VAULT_NO_WATCHER": "1"])
        #expect(status.status == 0)
        #expect(status.stdout == String(readme[start..<end]), "update README.md's tour from `make run`")
    }
}
