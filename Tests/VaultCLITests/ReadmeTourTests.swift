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
    @Test("ExampleVault/README.md's figures are what vault shows at the reference date")
    func exampleVaultReadme() throws {
        let readme = try String(
            contentsOf: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault/README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault"), to: root)
        let sandbox = VaultSandbox(root: root)
        let status = try sandbox.run(["status", "--json"], env: ["VAULT_NO_WATCHER": "1"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        let due = try #require(json["due_flashcards"] as? Int), new = try #require(json["new_flashcards"] as? Int)
        let buried = try #require(json["buried_flashcards"] as? Int), aside = try #require(json["set_aside_flashcards"] as? Int)
        #expect(readme.contains("shows \(due + new) cards to study (\(due) due, \(new) new)"), "\(json)")
        #expect(readme.contains("\(buried) siblings waiting for tomorrow"))
        #expect(aside == 0 ? !readme.contains("set aside") : readme.contains("\(aside) set aside"))
        #expect(readme.contains("a \(try #require(json["streak"] as? Int))-day streak"))
        #expect(readme.contains("\(try #require(json["notes"] as? Int)) with the memory palace's six"))
        // Location notes stay out of the curation reviews, as the README says.
        let week = try sandbox.run(["review", "weekly", "2026-W47", "--list"], env: ["VAULT_NO_WATCHER": "1"])
        #expect(!week.stdout.contains("loci/"), "\(week.stdout)")
        #expect(readme.contains("2026-W47, holds \(week.stdout.split(separator: "\n").count - 1 == 5 ? "five" : "?") notes"))
    }
}
