import Foundation

/// Runs the built `vault` binary end to end, as a person would.
struct VaultRunner {
    /// What one run printed and how it ended.
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The package's root folder (this file is Tests/VaultCLITests/VaultRunner.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The binary under test: `$VAULT_BIN`, else the one built beside the tests.
    static let binary: URL = {
        if let explicit = ProcessInfo.processInfo.environment["VAULT_BIN"] { return URL(fileURLWithPath: explicit) }
        // On Linux the test runner is the .xctest executable, built beside `vault`.
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [
            products.appendingPathComponent("vault"), packageRoot.appendingPathComponent(".build/debug/vault"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    /// The folder the command runs in.
    var directory: URL
    /// Extra environment; colour is off and VAULT_DIR unset unless given here.
    var environment: [String: String] = [:]
    /// The fixture the folder belongs to, kept alive while the runner is.
    var owner: AnyObject?

    @discardableResult
    func callAsFunction(_ arguments: String...) -> Result {
        run(arguments)
    }

    func run(_ arguments: [String]) -> Result {
        var env = ProcessInfo.processInfo.environment
        env["VAULT_DIR"] = nil
        env["VAULT_NOW"] = nil
        env["NO_COLOR"] = "1"
        env["EDITOR"] = "false"
        env["COLUMNS"] = nil  // tables print whole unless a test sets a width
        env.merge(environment) { $1 }
        return try! Self.exec(Self.binary.path, arguments, environment: env, in: directory)
    }

    /// Runs any program in `folder` and waits, capturing its output in
    /// files. posix_spawn, not Foundation's Process: Process never saw the
    /// tmux client exit once its server had daemonized, and hung.
    /// Starts `argv[0]` with no signal blocked and every handler at its default.
    ///
    /// The test runner's threads block most signals, and posix_spawn passes
    /// the mask on: a tmux server started with it ignored `kill-server`, and
    /// its panes ignored SIGHUP, so they outlived the tests.
    static func spawn(
        _ argv: [UnsafeMutablePointer<CChar>?], _ envp: [UnsafeMutablePointer<CChar>?],
        actions: UnsafeMutablePointer<posix_spawn_file_actions_t>?
    ) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        let rc = posix_spawn(&pid, argv[0]!, actions, &attributes, argv, envp)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EIO) }
        return pid
    }

    /// The python of `.build/VENV` with `packages` (MODULE=SPEC) from PyPI, made on
    /// first use by scripts/oracle-python.sh (one at a time, whole or not at all).
    static func oraclePython(venv: String, _ packages: [String]) throws -> String {
        let made = try exec("/bin/bash", ["scripts/oracle-python.sh", venv] + packages, in: packageRoot)
        guard made.status == 0 else { throw OracleSetupFailed(message: made.stderr) }
        return made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct OracleSetupFailed: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

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
        let argv =
            (["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder.path, path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let pid = try spawn(argv, envp, actions: &actions)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return Result(
            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "",
            status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f))
    }
}

/// A temporary copy of a fixture vault (or an empty folder), removed afterwards.
final class FixtureVault {
    let url: URL

    /// Copies `Tests/VaultCLITests/Fixtures/NAME`, or makes an empty folder when `name` is nil.
    init(_ name: String? = nil) {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("vault-e2e-\(UUID().uuidString)")
        if let name {
            let source = VaultRunner.packageRoot.appendingPathComponent("Tests/VaultCLITests/Fixtures/\(name)")
            try! FileManager.default.copyItem(at: source, to: url)
        } else {
            try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var vault: VaultRunner { VaultRunner(directory: url, owner: self) }

    func read(_ path: String) -> String {
        (try? String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    func write(_ path: String, _ data: Data) {
        let file = url.appendingPathComponent(path)
        try! FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! data.write(to: file)
    }

    /// Every regular file under the vault (outside .vault/cache) with a checksum of its bytes.
    func checksums() -> [String: String] {
        var sums: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil, options: [])!
        for case let file as URL in enumerator {
            let path = String(file.path.dropFirst(url.path.count + 1))
            guard !path.hasPrefix(".vault/cache"), let data = try? Data(contentsOf: file) else { continue }
            sums[path] = "\(data.hashValue):\(data.count)"  // compared within one run: Hasher will do
        }
        return sums
    }
}
