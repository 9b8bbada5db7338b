import Foundation

/// Wrong tokens counted per client, not per address: past ``limit``
/// different wrong tokens in a minute, that client gets 429 for the rest of
/// the minute, right token or not (so a token cannot be guessed at the speed
/// of a loop), and nobody else does. The same wrong token again (a tab left
/// open from the server's last run, its cookie stale) counts once: it
/// guesses nothing.
///
/// A client is a browser that keeps the `vault_client` cookie the server
/// hands to every request that brings a token but no valid cookie (a
/// random id, HttpOnly, SameSite=Strict, kept in ``issued``: an id the server
/// did not give counts as none); a client that keeps no cookie is counted
/// with the others of its address that keep none; and a request another
/// site made (`Sec-Fetch-Site: cross-site` or `same-site`) is counted
/// apart, so a page elsewhere that sends wrong tokens through a visitor's
/// browser blocks only such requests. The owner's open tabs are never
/// counted: a request with the right token in its cookie is let in before
/// any limit is asked (``SecurityLayer``).
final class FailedTokens: @unchecked Sendable {
    /// Whose wrong tokens a request counts as.
    enum Client: Hashable {
        /// A browser that keeps the client cookie we gave it.
        case browser(String)
        /// Requests without a (known) client cookie, from one address.
        case cookieless(address: String)
        /// Requests another site made, from one address.
        case crossSite(address: String)
    }

    /// Wrong tokens allowed per client per ``window``.
    let limit: Int
    /// The window, in seconds.
    let window: TimeInterval
    /// The most client ids kept (the oldest go first).
    let maximumClients: Int
    private var failures: [Client: [(time: Date, token: Int)]] = [:]
    private var issued: [String: Date] = [:]
    private let lock = NSLock()

    /// The name of the cookie that says which client a browser is.
    static let cookieName = "vault_client"

    init(limit: Int = 10, window: TimeInterval = 60, maximumClients: Int = 10_000) {
        self.limit = limit
        self.window = window
        self.maximumClients = maximumClients
    }

    /// The client a request is: its client cookie when the server gave it, else by address.
    func client(cookie: String?, address: String, crossSite: Bool) -> Client {
        if crossSite { return .crossSite(address: address) }
        if let cookie, lock.withLock({ issued[cookie] != nil }) { return .browser(cookie) }
        return .cookieless(address: address)
    }

    /// A new client id, remembered (the oldest are forgotten past ``maximumClients``).
    func issue(now: Date = Date()) -> String {
        let id = ServerSecrets.randomToken()
        lock.withLock {
            if issued.count >= maximumClients, let oldest = issued.min(by: { $0.value < $1.value })?.key {
                issued[oldest] = nil
                failures[.browser(oldest)] = nil
            }
            issued[id] = now
        }
        return id
    }

    /// True when `client` gave too many different wrong tokens lately.
    func isBlocked(_ client: Client, now: Date = Date()) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let recent = (failures[client] ?? []).filter { now.timeIntervalSince($0.time) < window }
        failures[client] = recent.isEmpty ? nil : recent
        return recent.count >= limit
    }

    /// Counts the wrong token `token` from `client` (once, however often it comes).
    func record(_ client: Client, token: String, now: Date = Date()) {
        lock.lock()
        defer { lock.unlock() }
        // Bounded: a flood from many addresses keeps at most this many entries.
        if failures.count > maximumClients { failures.removeAll() }
        let key = token.hashValue
        var list = failures[client, default: []]
        if let known = list.firstIndex(where: { $0.token == key }) {
            list[known].time = now
        } else if list.count < limit * 4 {
            list.append((now, key))
        }
        failures[client] = list
    }
}
