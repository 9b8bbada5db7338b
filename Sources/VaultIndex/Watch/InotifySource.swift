import Foundation

#if os(Linux)
    /// The system half of watching: an inotify instance, its watches, and its
    /// events read and translated into ``WatchEvent``s. Nothing else.
    final class InotifySource {
        let fd: Int32

        static let mask: UInt32 =
            UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB)
            | UInt32(IN_DELETE_SELF | IN_MOVE_SELF)

        /// - Throws: ``IndexWatcher/Failure/system(_:)`` when inotify cannot be set up.
        init() throws {
            fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else {
                throw IndexWatcher.Failure.system("inotify_init1: \(String(cString: strerror(errno)))")
            }
        }

        deinit { close(fd) }

        /// Watches the folder at `path`; nil when it is gone (or not a folder).
        /// - Throws: ``IndexWatcher/Failure/system(_:)`` when the watch cannot be added (too many watches, say).
        func watch(folder path: String, onlyFolder: Bool = true) throws -> Int32? {
            let wd = inotify_add_watch(fd, path, Self.mask | (onlyFolder ? UInt32(IN_ONLYDIR) : 0))
            if wd >= 0 { return wd }
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw IndexWatcher.Failure.system(
                "cannot watch \(path) (\(String(cString: strerror(errno)))); raise fs.inotify.max_user_watches")
        }

        /// Every event queued now (none when the queue is empty).
        /// - Throws: ``IndexWatcher/Failure/system(_:)`` when reading fails.
        func read() throws -> [WatchEvent] {
            var events: [WatchEvent] = []
            var buffer = [UInt8](repeating: 0, count: 256 * 1024)
            while true {
                let n = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN { return events }
                    throw IndexWatcher.Failure.system("reading inotify events: \(String(cString: strerror(errno)))")
                }
                guard n > 0 else { return events }
                var offset = 0
                while offset + 16 <= n {
                    let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                        (
                            raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                            raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                            Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        )
                    }
                    let nameBytes = buffer[(offset + 16)..<min(n, offset + 16 + length)]
                    let name = String(decoding: nameBytes.prefix(while: { $0 != 0 }), as: UTF8.self)
                    offset += 16 + length
                    events.append(WatchEvent(watch: wd, name: name, kind: Self.kind(mask)))
                }
            }
        }

        static func kind(_ mask: UInt32) -> WatchEvent.Kind {
            var kind: WatchEvent.Kind = []
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { kind.insert(.overflow) }
            if mask & UInt32(IN_ISDIR) != 0 { kind.insert(.isFolder) }
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { kind.insert(.arrived) }
            if mask & UInt32(IN_IGNORED) != 0 { kind.insert(.watchGone) }
            if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 { kind.insert(.selfGone) }
            return kind
        }
    }
#endif
