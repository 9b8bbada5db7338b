import Foundation
import VaultStore

#if os(Linux)
    /// The watcher's end of the socket: accepts clients without blocking and
    /// reads each one's request line as its bytes come, so a client that
    /// connects and says nothing (or says it slowly) never holds up the
    /// others; one that has not sent a whole line within
    /// ``requestTimeoutMilliseconds`` is dropped.
    final class WatchServer {
        let fd: Int32
        /// Clients that have not sent their whole request yet.
        private var pending: [Int32: (bytes: [UInt8], since: UInt64)] = [:]

        static let requestTimeoutMilliseconds: UInt64 = 2000

        /// Binds the vault's socket: binding it is also the one-watcher-per-vault lock.
        /// - Throws: ``IndexWatcher/Failure/alreadyRunning`` when another watcher holds it.
        init(layout: VaultLayout) throws {
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { throw IndexWatcher.Failure.system("socket: \(String(cString: strerror(errno)))") }
            var (address, length) = WatchSocket.address(layout)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
            }
            if bound != 0 {
                let error = errno
                close(fd)
                throw error == EADDRINUSE
                    ? IndexWatcher.Failure.alreadyRunning
                    : IndexWatcher.Failure.system("bind: \(String(cString: strerror(error)))")
            }
            guard Glibc.listen(fd, 64) == 0 else {
                throw IndexWatcher.Failure.system("listen: \(String(cString: strerror(errno)))")
            }
        }

        deinit {
            for client in pending.keys { close(client) }
            close(fd)
        }

        /// The descriptors to poll: the socket, then the clients still talking.
        var pollDescriptors: [Int32] { [fd] + pending.keys.sorted() }

        /// True while some client has not finished its request (poll must wake to drop it in time).
        var hasPending: Bool { !pending.isEmpty }

        /// Accepts every waiting client; one run by another user is closed at
        /// once (the socket's name can be computed by anyone on the machine).
        func acceptAll(now: UInt64) {
            while true {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                guard WatchSocket.isSameUser(client) else {
                    close(client)
                    continue
                }
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
                pending[client] = ([], now)
            }
        }

        /// Reads what `client` sent; returns its request once its line is whole
        /// (the client is then the caller's to answer and close). A client
        /// that hung up, sent too much or an unknown request is closed.
        func read(_ client: Int32) -> WatchRequest?? {
            guard var state = pending[client] else { return nil }
            var chunk = [UInt8](repeating: 0, count: 512)
            while true {
                let n = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                if n < 0, errno == EINTR { continue }
                if n < 0, errno == EAGAIN || errno == EWOULDBLOCK { break }
                guard n > 0 else {
                    drop(client)
                    return nil
                }
                state.bytes += chunk[..<n]
                if let newline = state.bytes.firstIndex(of: 0x0A) {
                    pending[client] = nil
                    return .some(WatchRequest(line: String(decoding: state.bytes[..<newline], as: UTF8.self)))
                }
                if state.bytes.count > 4096 {
                    drop(client)
                    return nil
                }
            }
            pending[client] = state
            return nil
        }

        /// Closes the clients that took too long to send their request.
        func dropLate(now: UInt64) {
            for (client, state) in pending where now - state.since > Self.requestTimeoutMilliseconds * 1_000_000 {
                drop(client)
            }
        }

        private func drop(_ client: Int32) {
            pending[client] = nil
            close(client)
        }

        /// Sends `response` to `client` and closes it (a client gone meanwhile is no matter).
        static func answer(_ client: Int32, _ response: WatchResponse) {
            _ = WatchSocket.writeAll(client, response.line + "\n")
            close(client)
        }
    }
#endif
