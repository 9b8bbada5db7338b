import Foundation
import VaultCore

/// The two secrets of a running server: the token a person brings in the
/// URL printed at start (then in a cookie), and the CSRF token every form
/// sends back. Both are 128 random bits, made at start (the token may be
/// kept in a file with `--token-file`).
struct ServerSecrets: Sendable {
    /// The access token (URL, then the `vault_token` cookie).
    let token: String
    /// The token forms send back with every POST.
    let csrf: String
    /// The calendar feed's token (`/calendar.ics?feed=…`): read-only, its own,
    /// so a calendar app that holds it can read the schedule and nothing else.
    var feed: String = ServerSecrets.randomToken()

    /// The name of the cookie that carries the token.
    static let cookieName = "vault_token"

    /// 32 lowercase hex digits from the system's random generator.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// New secrets; the token read from `tokenFile` when given (made there,
    /// 0600, when missing), through the files the person names (`files`).
    /// - Throws: ``ServeError/tokenFile(_:_:)`` when the file cannot be read or written, or holds no token.
    /// The calendar feed's token is kept beside the token file, in `FILE.feed`
    /// (made 0600 the same way), so a calendar's subscription outlives a restart.
    static func make(tokenFile: String?, files: any NamedFiles) throws -> ServerSecrets {
        guard let tokenFile else { return ServerSecrets(token: randomToken(), csrf: randomToken()) }
        var secrets = ServerSecrets(token: try kept(tokenFile, files: files), csrf: randomToken())
        secrets.feed = try kept(tokenFile + ".feed", files: files)
        return secrets
    }

    /// The token in `file`, or a new one written there (0600) when it is missing.
    /// - Throws: ``ServeError/tokenFile(_:_:)``.
    private static func kept(_ file: String, files: any NamedFiles) throws -> String {
        if let data = try? files.read(file) {
            let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard token.count >= 16, token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw ServeError.tokenFile(file, "it must hold one token of at least 16 letters and digits")
            }
            return token
        }
        let token = randomToken()
        do {
            try files.createPrivate(Data((token + "\n").utf8), at: file)
        } catch {
            throw ServeError.tokenFile(file, "it cannot be written")
        }
        return token
    }

    /// Compares in time that does not depend on where the texts differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<x.count { difference |= x[i] ^ y[i] }
        return difference == 0
    }

    /// True when `value` is the access token.
    func isToken(_ value: String) -> Bool { Self.same(value, token) }
    /// True when `value` is the CSRF token.
    func isCSRF(_ value: String) -> Bool { Self.same(value, csrf) }
    /// True when `value` is the calendar feed's token.
    func isFeed(_ value: String) -> Bool { Self.same(value, feed) }
}
