import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's one loop over its pipes: reads what the client wrote
/// (everything already there, so a `$/cancelRequest` right behind its
/// request is seen before the request is answered), hands whole messages to
/// the server, writes the answers, and when the input has been quiet for
/// ``debounceMilliseconds`` publishes the diagnostics that wait.
public struct StdioLoop {
    public var input: Int32 = 0
    public var output: Int32 = 1
    /// How long the input must be quiet before diagnostics are published.
    public var debounceMilliseconds: Int32 = 40
    public var framer = MessageFramer()

    public init() {}

    /// Runs `server` until `exit` or the end of the input.
    /// - Returns: the process's exit code (0 after `shutdown` then `exit`, 1 otherwise).
    public mutating func run(_ server: LanguageServer) -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while server.exitCode == nil {
            var poller = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, server.hasPendingWork ? debounceMilliseconds : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return 1
            }
            if ready == 0 {
                write(server.idle())
                continue
            }
            var frames: [MessageFramer.Frame] = []
            var ended = false
            repeat {
                let count = read(input, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                if count <= 0 {
                    ended = true
                    break
                }
                frames += framer.push(buffer[0..<count])
                poller.revents = 0
            } while poll(&poller, 1, 0) > 0 && (poller.revents & Int16(POLLIN)) != 0
            var batch: [[UInt8]] = []
            for frame in frames {
                switch frame {
                case .message(let content): batch.append(content)
                case .malformed(let reason):
                    write(server.receive(batch))
                    batch = []
                    write([RPCOutgoing.error(id: nil, RPCError(RPCError.parseError, reason))])
                }
            }
            write(server.receive(batch))
            if ended { return server.exitCode ?? 1 }
        }
        return server.exitCode ?? 1
    }

    private func write(_ contents: [[UInt8]]) {
        for content in contents {
            let bytes = MessageFramer.frame(content)
            var written = 0
            while written < bytes.count {
                let n = bytes[written...].withUnsafeBytes { systemWrite(output, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                written += n
            }
        }
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    private let systemWrite = Darwin.write
#endif
