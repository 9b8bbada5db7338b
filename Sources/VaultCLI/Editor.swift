import Foundation
import VaultPresentation

/// Runs the person's editor on a file and waits for it.
enum Editor {
    /// `$VISUAL`, else `$EDITOR`, else `vi`.
    static var command: String {
        let env = ProcessInfo.processInfo.environment
        return [env["VISUAL"], env["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
    }

    /// Opens `path` in the editor (through the shell, so `EDITOR="code -w"` works).
    /// - Throws: ``CLIError/editorFailed(_:)`` when it exits non-zero or cannot start.
    static func open(_ path: String) throws {
        StandardStreams.process.flush()  // what was printed comes before the editor's screen
        guard runInForeground(["/bin/sh", "-c", command + " \"$1\"", "vault-editor", path]) == 0 else {
            throw CLIError.editorFailed(command)
        }
    }

    /// Runs `words` in vault's own process group, the terminal's foreground
    /// one, and returns its exit status (-1 when it could not start or was
    /// killed). Foundation's `Process` starts a child in a group of its own,
    /// where a terminal editor is stopped (SIGTTIN) by its first read of a
    /// key and vault waits for ever. While it runs, Ctrl-C and Ctrl-\ are the
    /// editor's alone, as git leaves them; the child starts with every
    /// signal at its default and none blocked.
    static func runInForeground(_ words: [String]) -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE, SIGWINCH] { sigaddset(&defaults, number) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        var savedInterrupt = sigaction()
        var savedQuit = sigaction()
        sigaction(SIGINT, &ignore, &savedInterrupt)
        sigaction(SIGQUIT, &ignore, &savedQuit)
        defer {
            sigaction(SIGINT, &savedInterrupt, nil)
            sigaction(SIGQUIT, &savedQuit, nil)
        }

        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, words[0], nil, &attributes, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }
}
