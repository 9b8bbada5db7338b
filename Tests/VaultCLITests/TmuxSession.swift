import Foundation
import Testing

/// A real terminal of fixed size for the full-screen tests: one tmux server
/// on a socket of its own, running one window.
///
/// The server runs in the foreground (`tmux -D`) as this process's child.
/// Left to start itself, tmux daemonizes through daemon(3), which fails with
/// ENODEV ("daemon failed") wherever /dev/null is not the null device, as on
/// CI's machine: every screen then came back empty. `-u` keeps UTF-8 (the
/// review header's em dash) whatever the locale of the test's environment.
struct TmuxSession {
    /// A tmux command that failed, with what it printed.
    struct Failure: Error, CustomStringConvertible {
        var arguments: [String]
        var status: Int32
        var stderr: String
        var description: String { "tmux \(arguments.joined(separator: " ")) exited \(status): \(stderr)" }
    }

    let socket = "vault-test-\(UUID().uuidString.prefix(8))"
    let vault: VaultSandbox
    var columns = 100
    var rows = 30
    private let server = Server()

    init(vault: VaultSandbox) { self.vault = vault }

    /// Runs one tmux command against this session's server, starting the
    /// server first if it is not running yet.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try server.start(socket: socket, in: vault.root)
        let result = try VaultSandbox.exec(
            "/usr/bin/env", ["tmux", "-u", "-L", socket] + arguments, environment: Self.environment, in: vault.root)
        guard result.status == 0 else {
            throw Failure(arguments: arguments, status: result.status, stderr: result.stderr)
        }
        return result.stdout
    }

    /// Starts `vault ARGUMENTS` in a new window, then `echo EXIT=$?` and a pause, so the exit code stays on screen.
    func start(_ arguments: String, editor: String = "true") throws {
        let command =
            "env VAULT_DIR='\(vault.root.path)' VAULT_NOW=\(vault.now) NO_COLOR=1 EDITOR='\(editor)' '\(VaultSandbox.binary.path)' \(arguments); echo EXIT=$?; sleep 60"
        try tmux(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-s", "review", command])
    }

    func keys(_ keys: String...) throws { try tmux(["send-keys", "-t", "review"] + keys) }

    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "review"]) }

    /// Waits (up to 10 s) until the screen shows `text`; returns the screen.
    @discardableResult
    func waitFor(_ text: String) throws -> String {
        var last = ""
        for _ in 0..<200 {
            last = try screen()
            if last.contains(text) { return last }
            usleep(50_000)
        }
        Issue.record("the screen never showed '\(text)':\n\(last)")
        return last
    }

    /// Ends the server and its windows.
    func stop() { server.stop(socket: socket, in: vault.root) }

    /// The test's environment with a UTF-8 locale and the terminal tmux draws for.
    static let environment: [String: String] = {
        var env = ProcessInfo.processInfo.environment
        env["LANG"] = "C.UTF-8"
        env["LC_ALL"] = nil
        env["LC_CTYPE"] = nil
        env["TERM"] = env["TERM"].flatMap { $0 == "dumb" ? nil : $0 } ?? "xterm"
        env["TMUX"] = nil
        return env
    }()

    /// The foreground server process, started once and reaped on stop.
    final class Server {
        private var pid: pid_t = 0

        func start(socket: String, in folder: URL) throws {
            guard pid == 0 else { return }
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).log")
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            let words: [String] = ["/usr/bin/env", "tmux", "-u", "-L", socket, "-D"]
            let argv = words.map { strdup($0) } + [nil]
            let pairs: [String] = TmuxSession.environment.map { "\($0.key)=\($0.value)" }
            let envp = pairs.map { strdup($0) } + [nil]
            defer {
                argv.forEach { free($0) }
                envp.forEach { free($0) }
            }
            pid = try VaultRunner.spawn(argv, envp, actions: &actions)
            // Ready once a client gets an answer (list-sessions fails with "no server running" until then).
            for _ in 0..<100 {
                let probe = try VaultSandbox.exec(
                    "/usr/bin/env", ["tmux", "-u", "-L", socket, "list-sessions"], environment: TmuxSession.environment,
                    in: folder)
                if probe.status == 0 { return }
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    pid = 0
                    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                    throw Failure(arguments: ["-D"], status: status, stderr: text)
                }
                usleep(50_000)
            }
            throw Failure(arguments: ["-D"], status: -1, stderr: "the server did not answer within 5 s")
        }

        func stop(socket: String, in folder: URL) {
            guard pid != 0 else { return }
            _ = try? VaultSandbox.exec(
                "/usr/bin/env", ["tmux", "-L", socket, "kill-server"], environment: TmuxSession.environment, in: folder)
            var status: Int32 = 0
            var reaped = false
            for _ in 0..<40 {
                if waitpid(pid, &status, WNOHANG) == pid {
                    reaped = true
                    break
                }
                usleep(50_000)
            }
            if !reaped {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
            }
            pid = 0
            try? FileManager.default.removeItem(
                at: FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).log"))
        }
    }
}
