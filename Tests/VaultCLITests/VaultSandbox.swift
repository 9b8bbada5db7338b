import Foundation
import Testing

/// A temporary copy of a fixture vault with the ledger tests' defaults (VAULT_DIR, VAULT_NOW, a git identity).
struct VaultSandbox {
    /// What one run printed and returned.
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

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

    /// Runs any program and waits, capturing its output. (posix_spawn and
    /// waitpid rather than Foundation's Process, whose wait can miss the exit
    /// of a child that daemonizes, as tmux does.)
    static func exec(_ path: String, _ arguments: [String], environment: [String: String]? = nil, in folder: URL)
        throws -> Result
    {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)")
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("err-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        // The shell changes folder, then becomes the program.
        let argv = (["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder.path, path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let rc = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return Result(
            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "",
            status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f))
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
