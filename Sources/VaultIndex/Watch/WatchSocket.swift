import Foundation
import VaultCore
import VaultStore

/// The local socket through which commands ask a running watcher
/// (`vault index --watch`) to bring the search cache or the note catalog
/// up to date (docs/FORMAT.md, "Watcher socket").
///
/// On Linux it is an abstract-namespace Unix socket named after the cache
/// folder, so there is no socket file to go stale and no path-length limit;
/// binding it doubles as the one-watcher-per-vault lock. Elsewhere there is no
/// watcher and ``sync(_:)`` always answers false.
///
/// Anyone on the machine can compute that name and bind it first, so an
/// answer is trusted only from a process of the same user (`SO_PEERCRED`),
/// and only within ``syncTimeoutMilliseconds``: on any doubt (another user,
/// no whole answer in time, an answer that does not parse) the command does
/// its own freshness scan, which costs speed, never correctness.
public enum WatchSocket {
    /// How long a command waits, all told, for the watcher to answer (it may
    /// be in the middle of indexing a large batch) before doing its own refresh.
    static let syncTimeoutMilliseconds = 1000

    /// Asks the vault's watcher to apply every change it has been told of.
    /// True when the watcher answered that the cache is up to date; false
    /// when there is no watcher or it failed (the caller then refreshes by
    /// scanning, so a dead watcher costs speed, never correctness).
    public static func sync(_ layout: VaultLayout) -> Bool {
        ask(layout, .sync) == .ok
    }

    /// Asks the vault's watcher to bring the note catalog for `timeZone` up
    /// to date, and returns what the catalog then matches; nil when there
    /// is no watcher or it failed (the caller then scans).
    public static func catalog(_ layout: VaultLayout, timeZone: TimeZone) -> NoteCatalog.VouchedScan? {
        let request = WatchRequest.catalog(zone: timeZone.identifier, version: NoteCatalog.formatVersion)
        guard case .catalog(let scan) = ask(layout, request) else { return nil }
        return scan
    }

    /// Sends `request` to the vault's watcher and returns its answer; nil
    /// when there is no watcher, or no readable answer in time.
    static func ask(_ layout: VaultLayout, _ request: WatchRequest) -> WatchResponse? {
        #if os(Linux)
            let deadline = monotonicMilliseconds() + UInt64(syncTimeoutMilliseconds)
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            // Connecting and sending wait at most the same second (a full backlog blocks connect).
            var timeout = timeval(tv_sec: syncTimeoutMilliseconds / 1000, tv_usec: (syncTimeoutMilliseconds % 1000) * 1000)
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var (address, length) = self.address(layout)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
            }
            guard connected == 0, isSameUser(fd), let peer = peerCredentials(fd), writeAll(fd, request.line + "\n")
            else { return nil }
            guard let line = readLine(fd, deadline: deadline) else {
                if case .catalog = request, hasClosed(fd) { retireOlderWatcher(pid: peer.pid) }
                return nil
            }
            return WatchResponse(line: line, to: request)
        #else
            return nil
        #endif
    }

    /// Seconds without a request after which a watcher started by a command stops.
    public static let autoStartIdleSeconds = 1800

    /// Starts a watcher for the vault after a command scanned `noteCount`
    /// notes, when ``WatcherPolicy`` says so for `mode` (`watcher:` in the
    /// config) and `VAULT_NO_WATCHER`.
    public static func startWatcherIfWanted(_ layout: VaultLayout, mode: WatcherMode, noteCount: Int) {
        // A prompt leaves no background process behind (`vault status --line`, WatcherStarts).
        let disabled =
            !WatcherStarts.allowed || !(ProcessInfo.processInfo.environment["VAULT_NO_WATCHER"] ?? "").isEmpty
        guard WatcherPolicy.shouldStart(mode, noteCount: noteCount, disabledByEnvironment: disabled) else { return }
        startWatcher(layout)
    }

    /// Starts `vault index --watch` for the vault as a detached background
    /// process (its own session, no terminal, output discarded) that stops
    /// after ``autoStartIdleSeconds`` without a request or when the vault is
    /// deleted. Does nothing off Linux. A second watcher for the same vault
    /// exits at once, so racing commands are harmless.
    static func startWatcher(_ layout: VaultLayout) {
        #if os(Linux)
            let arguments = [
                "vault", "index", "--watch", "--idle-exit", String(autoStartIdleSeconds), "--vault", layout.root.path,
            ]
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            // glibc's POSIX_SPAWN_SETSID (a GNU extension Swift does not import).
            let setSessionID: Int32 = 0x80
            posix_spawnattr_setflags(&attributes, Int16(setSessionID | POSIX_SPAWN_SETSIGMASK))
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            posix_spawnattr_setsigmask(&attributes, &noSignals)
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
                posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
            }
            // Close everything else we inherited: a pipe held open by the
            // watcher would keep whoever reads our output waiting forever.
            for fd in openDescriptors() where fd > STDERR_FILENO {
                posix_spawn_file_actions_addclose(&actions, fd)
            }
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid = pid_t()
            _ = posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, &argv, environ)
        #endif
    }

    #if os(Linux)
        /// The file descriptors open in this process (from /proc/self/fd).
        static func openDescriptors() -> [Int32] {
            guard let dir = opendir("/proc/self/fd") else { return [] }
            defer { closedir(dir) }
            let own = dirfd(dir)
            var result: [Int32] = []
            while let entry = readdir(dir) {
                // In place (`&`): a copy of all of `d_name` reads past a short entry (VaultScanner.list).
                let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if let fd = Int32(name), fd != own { result.append(fd) }
            }
            return result
        }

        /// The abstract socket address of the vault's watcher.
        static func address(_ layout: VaultLayout) -> (sockaddr_un, socklen_t) {
            let name =
                "vault-watch-" + String(StableHash.fnv1a(layout.cacheFolder.resolvingSymlinksInPath().path), radix: 16)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(name.utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                raw[0] = 0  // abstract namespace
                for (i, byte) in bytes.enumerated() where i + 1 < raw.count { raw[i + 1] = byte }
            }
            let length = MemoryLayout<sa_family_t>.size + 1 + bytes.count
            return (address, socklen_t(length))
        }

        static func writeAll(_ fd: Int32, _ text: String) -> Bool {
            let bytes = Array(text.utf8)
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return false }
                sent += n
            }
            return true
        }

        /// `SO_PEERCRED` (glibc defines it only under `_GNU_SOURCE`, which Swift's Glibc does not import).
        static let peerCredentialsOption: Int32 = 17

        /// The process id and user id at the other end of the Unix socket `fd`, from the kernel.
        static func peerCredentials(_ fd: Int32) -> (pid: pid_t, uid: uid_t)? {
            // struct ucred { pid_t pid; uid_t uid; gid_t gid; }
            var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
            var length = socklen_t(MemoryLayout.size(ofValue: credentials))
            guard getsockopt(fd, SOL_SOCKET, peerCredentialsOption, &credentials, &length) == 0,
                Int(length) == MemoryLayout.size(ofValue: credentials)
            else { return nil }
            return (credentials.pid, credentials.uid)
        }

        /// The user id of the process at the other end of the Unix socket `fd`, from the kernel.
        static func peerUser(_ fd: Int32) -> uid_t? { peerCredentials(fd)?.uid }

        /// True when the process at the other end of `fd` runs as this
        /// process's user (or as root); false when it does not or cannot be told.
        static func isSameUser(_ fd: Int32) -> Bool {
            guard let uid = peerUser(fd) else { return false }
            return uid == geteuid() || uid == 0
        }

        /// True when the peer of `fd` has closed its end (the next read would give end of stream).
        static func hasClosed(_ fd: Int32) -> Bool {
            var byte: UInt8 = 0
            return recv(fd, &byte, 1, Int32(MSG_DONTWAIT) | Int32(MSG_PEEK)) == 0
        }

        /// Stops the watcher at `pid`, a process of this user that closed a
        /// `catalog` request of this version unanswered: a watcher started by
        /// an older `vault`, which rewrites `notes.bin` in its own format on
        /// every request (so every command re-parsed the vault) and, asked
        /// by every command, never went idle. Only a `vault index --watch`
        /// is sent the signal; the command then scans and starts a watcher of
        /// its own version.
        static func retireOlderWatcher(pid: pid_t) {
            // Read to the end: /proc files say they are empty.
            guard pid > 0, pid != getpid(),
                let command = try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/cmdline")).readToEnd()
            else { return }
            let words = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard words.contains("index"), words.contains("--watch") else { return }
            kill(pid, SIGTERM)
        }

        /// Milliseconds of a clock that only goes forward.
        static func monotonicMilliseconds() -> UInt64 {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return UInt64(now.tv_sec) * 1000 + UInt64(now.tv_nsec) / 1_000_000
        }

        /// One line, without its newline; nil on error, end of stream, or
        /// when the whole line has not come by `deadline` (``monotonicMilliseconds()``):
        /// a peer that sends a byte now and then cannot stretch the wait.
        static func readLine(_ fd: Int32, deadline: UInt64) -> String? {
            var line: [UInt8] = []
            var byte: UInt8 = 0
            while line.count < 4096 {
                let now = monotonicMilliseconds()
                guard now < deadline else { return nil }
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let polled = poll(&ready, 1, Int32(deadline - now))
                if polled < 0, errno == EINTR { continue }
                guard polled > 0 else { return nil }
                let n = recv(fd, &byte, 1, Int32(MSG_DONTWAIT))
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                guard n == 1 else { return nil }
                if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
                line.append(byte)
            }
            return nil
        }
    #endif
}
