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

    /// Every address of this machine's interfaces that are up (IPv4 and IPv6), as text.
    static func machineAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, Int32(entry.pointee.ifa_flags) & Int32(IFF_UP) != 0 else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            let size = family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if getnameinfo(address, socklen_t(size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 {
                // A link-local IPv6 address carries its interface (`fe80::1%eth0`): a Host has none.
                let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                found.append(String(text.prefix { $0 != "%" }))
            }
        }
        return found
    }

    /// `xdg-open` (`open` on macOS) on a page that sends the browser to
    /// `url`, not waited for: the token is in the page (a file only this
    /// user may read, ``TokenPage``), never on a command line, which every
    /// user of the machine can read in `/proc`.
    static func openInBrowser(page path: String) {
        let process = Process()
        #if os(macOS)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
            process.arguments = [path]
        #else
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["xdg-open", path]
        #endif
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}

/// The names a request's `Host` may carry (its port aside): the address
/// the server is bound to; for a loopback address, `localhost` and the
/// loopback addresses too (an SSH tunnel's); for 0.0.0.0 or `::`, every
/// address of this machine; and the names the person gave with `--host`
/// (a reverse proxy's, a certificate's). Any other name is refused: a DNS
/// name an attacker rebinds to this machine (DNS rebinding) reaches the
/// server only under its own name.
struct AllowedHosts: Sendable, Equatable {
    /// The names and addresses allowed, lowercased, IPv6 without brackets.
    let names: Set<String>

    init(listen: String, names given: [String], machineAddresses: () -> [String] = ServeAddress.machineAddresses) {
        var names = Set(given.map(Self.normalized))
        let listen = Self.normalized(listen)
        let loopback = ["localhost", "127.0.0.1", "::1"]
        if listen == "0.0.0.0" || listen == "::" {
            names.formUnion(machineAddresses().map(Self.normalized))
            names.formUnion(loopback)
        } else if loopback.contains(listen) || listen.hasPrefix("127.") {
            names.formUnion(loopback)
            names.insert(listen)
        } else {
            names.insert(listen)
        }
        self.names = names
    }

    /// True when `authority` (`127.0.0.1:4747`, `[::1]:4747`, `Name.local.`) names this server.
    func allows(_ authority: String?) -> Bool {
        guard let authority, let host = Self.host(of: authority) else { return false }
        return names.contains(Self.normalized(host))
    }

    /// The host of an authority, without its port (nil for one that does not read).
    static func host(of authority: String) -> String? {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let rest = authority[authority.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            return String(authority[authority.index(after: authority.startIndex)..<close])
        }
        let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let first = parts.first, !first.isEmpty else { return nil }
        return String(first)
    }

    /// Lowercase, no brackets, no final dot.
    static func normalized(_ host: String) -> String {
        var host = Substring(host.lowercased())
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        while host.hasSuffix(".") { host = host.dropLast() }
        return String(host)
    }
}
