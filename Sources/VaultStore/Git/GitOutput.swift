import Foundation

/// What a short git command prints, read through a plain `posix_spawnp` and
/// a pipe. Foundation's `Process` waited for git in steps of 50 ms (its
/// `waitUntilExit` runs the run loop that long at a time): asking HEAD cost
/// `vault status` 60-90 ms of a vault kept in git, git itself about 5.
enum GitOutput {
    /// The standard output of `git -C folder ARGUMENTS` (git found through
    /// `PATH`, stdin and stderr `/dev/null`), or nil when git cannot be
    /// started or exits with another status than 0.
    static func run(_ arguments: [String], in folder: URL) -> Data? {
        #if os(Linux)
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { return nil }
            let (readEnd, writeEnd) = (fds[0], fds[1])
            // Not inherited by git (the write end is duplicated onto its stdout, which clears the flag there).
            _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
            let words = ["git", "-C", folder.path] + arguments
            var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid = pid_t()
            let spawned = posix_spawnp(&pid, "git", &actions, nil, &argv, environ)
            close(writeEnd)
            guard spawned == 0 else {
                close(readEnd)
                return nil
            }
            var output = Data()
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if n > 0 {
                    output.append(chunk, count: n)
                } else if n == 0 || errno != EINTR {
                    break
                }
            }
            close(readEnd)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            // Exited (the low 7 bits 0) with status 0.
            return status & 0x7f == 0 && (status >> 8) & 0xff == 0 ? output : nil
        #else
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", folder.path] + arguments
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { return nil }
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return process.terminationStatus == 0 ? data : nil
        #endif
    }
}
