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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " \"$1\"", "vault-editor", path]
        do { try process.run() } catch { throw CLIError.editorFailed(command) }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CLIError.editorFailed(command) }
    }
}
