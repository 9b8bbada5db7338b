import Foundation
import Testing

/// A temporary copy of a fixture vault with the ledger tests' defaults (VAULT_DIR, VAULT_NOW, a git identity).
struct VaultSandbox {
    typealias Result = VaultRunner.Result

    static var packageRoot: URL { VaultRunner.packageRoot }
    static var binary: URL { VaultRunner.binary }

    let root: URL
    var now = "2026-11-18T09:00:00Z"

    /// Copies fixture `name` (Tests/VaultCLITests/Fixtures/NAME) to a fresh temporary folder.
    init(fixture name: String) throws {
        let source = Self.packageRoot.appendingPathComponent("Tests/VaultCLITests/Fixtures/\(name)")
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-e2e-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: root)
    }

    init(root: URL) { self.root = root }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }

    /// The environment every run gets: the vault, the moment, no colour, a fixed git identity.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["VAULT_DIR"] = root.path
        env["VAULT_NOW"] = now
        env["NO_COLOR"] = "1"
        env["COLUMNS"] = nil  // tables print whole unless a test sets a width
        env["GIT_AUTHOR_NAME"] = "Vault Test"
        env["GIT_AUTHOR_EMAIL"] = "test@example.com"
        env["GIT_COMMITTER_NAME"] = "Vault Test"
        env["GIT_COMMITTER_EMAIL"] = "test@example.com"
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        for (k, v) in extra { env[k] = v }
        return env
    }

    /// Runs `vault ARGS` and waits.
    @discardableResult
    func run(_ arguments: [String], env: [String: String] = [:]) throws -> Result {
        try Self.exec(Self.binary.path, arguments, environment: environment(env), in: root)
    }

    /// Runs any program and waits, capturing its output.
    static func exec(_ path: String, _ arguments: [String], environment: [String: String]? = nil, in folder: URL)
        throws -> Result
    {
        try VaultRunner.exec(path, arguments, environment: environment, in: folder)
    }

    /// Runs a shell command line (for git), failing the test when it fails.
    @discardableResult
    func sh(_ command: String, in folder: URL? = nil) throws -> String {
        let result = try Self.exec("/bin/sh", ["-c", command], environment: environment(), in: folder ?? root)
        #expect(result.status == 0, "\(command): \(result.stderr)")
        return result.stdout
    }

    /// Parses `vault ARGS --json` output.
    func json(_ arguments: [String]) throws -> Any {
        let result = try run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// The text of a vault file.
    /// Writes `text` to the vault-relative `path`, making its folders.
    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every ledger line (headers included), all files.
    func ledgerText() -> String {
        let folder = root.appendingPathComponent(".vault/ledger")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return names.map { (try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) ?? "" }
            .joined()
    }
}
