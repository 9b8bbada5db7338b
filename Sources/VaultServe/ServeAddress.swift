import Foundation

/// The host a person types: the listening address, or for 0.0.0.0 this
/// machine's first private network address (what a phone on the same network reaches).
enum ServeAddress {
    static func shownHost(_ listen: String) -> String {
        guard listen == "0.0.0.0" || listen == "::" else { return listen }
        return firstNetworkAddress() ?? "127.0.0.1"
    }

    /// `[::1]` for an IPv6 address in a URL.
    static func bracketed(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }

    /// The first IPv4 address of an interface that is up and not the loopback.
    static func firstNetworkAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            let flags = Int32(entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == UInt8(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 {
                return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return nil
    }

    /// `xdg-open URL` (`open` on macOS), not waited for.
    static func openInBrowser(_ url: String) {
        let process = Process()
        #if os(macOS)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
        #else
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        #endif
        process.arguments = ["xdg-open", url]
        #if os(macOS)
            process.arguments = [url]
        #endif
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
