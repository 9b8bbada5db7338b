import ArgumentParser
import Foundation
import VaultCore

/// The options of `vault serve`, read twice: by `vault` (which checks them
/// and execs `vault-serve` with them, ``arguments``) and by `vault-serve`
/// itself. The web app's vault comes from this module's composition root
/// (``served(warnings:tracer:)``), so the server and the terminal build the same adapters.
package struct ServeOptions: ParsableArguments {
    @OptionGroup package var global: GlobalOptions

    /// The TCP port (0: one the system picks).
    @Option(help: "The port to listen on (0: any free one).")
    package var port: Int = 4747

    /// The address to bind.
    @Option(help: "The address to listen on: 127.0.0.1 (this machine only), or 0.0.0.0 for a phone on your network.")
    package var listen: String = "127.0.0.1"

    /// Opens the URL in the browser once the server listens.
    @Flag(help: "Open the page in the browser (xdg-open), the token handed over in a private file, not on a command line.")
    package var open = false

    /// Names the server also answers to (a request's `Host`), besides its own address.
    @Option(
        name: .customLong("host"),
        help: "A name the server answers to besides its address (a reverse proxy's, a certificate's, NAME.local); repeat for more.")
    package var hosts: [String] = []

    /// A file holding the token to use (made with a new one when missing).
    @Option(name: .customLong("token-file"), help: "Keep the token in this file (made 0600 when missing) instead of a new one each start.")
    package var tokenFile: String?

    /// A PEM certificate (chain) for HTTPS.
    @Option(name: .customLong("tls-cert"), help: "Serve HTTPS with this PEM certificate (chain); needs --tls-key.")
    package var tlsCert: String?

    /// TLS key (PEM).
    @Option(name: .customLong("tls-key"), help: "The PEM key of --tls-cert.")
    package var tlsKey: String?

    /// How often the vault is synced through git while serving (`5m`), nil: never.
    @Option(
        name: .customLong("sync"),
        help: "Sync the vault through git (vault sync) at start and then every EVERY: 30s, 5m, 1h.")
    package var sync: String?

    /// Serve beyond this machine without TLS, said aloud at start.
    @Flag(help: "Listen beyond this machine without --tls-cert (the notes and the token cross the network unencrypted).")
    package var insecure = false

    package init() {}

    package func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        if (tlsCert == nil) != (tlsKey == nil) { throw ValidationError("--tls-cert and --tls-key go together.") }
        for host in hosts {
            let bad = host.isEmpty || host.contains(where: { $0 == "/" || $0 == ":" || $0 == "@" || $0.isWhitespace || $0.isNewline })
            if bad { throw ValidationError("--host '\(host)' is not a host name; give a name such as vault.example.org, without port or path.") }
        }
        if let sync, Self.seconds(sync) == nil {
            throw ValidationError("--sync takes a number of seconds, minutes or hours, such as 30s, 5m or 1h (at most 24h); '\(sync)' is none.")
        }
        if !Self.isLoopback(listen), tlsCert == nil, !insecure {
            throw ValidationError(
                "--listen \(listen) reaches beyond this machine, and without TLS your notes and the token cross the network in clear: give --tls-cert and --tls-key, or add --insecure on a network you trust.")
        }
    }

    /// The seconds of `--sync`'s value, nil when it reads as none (1 s to 24 h).
    package var syncSeconds: Int? { sync.flatMap(Self.seconds) }

    /// `30s`, `5m`, `1h` (a number and a unit) as seconds, from 1 s to 24 h; nil for anything else.
    package static func seconds(_ text: String) -> Int? {
        guard let unit = text.last, let number = Int(text.dropLast()), number > 0, number <= 86_400 else { return nil }
        let seconds: Int
        switch unit {
        case "s": seconds = number
        case "m": seconds = number * 60
        case "h": seconds = number * 3_600
        default: return nil
        }
        return seconds <= 86_400 ? seconds : nil
    }

    /// True for an address only this machine reaches (`127.0.0.1`, any `127.x`, `::1`, `localhost`).
    package static func isLoopback(_ address: String) -> Bool {
        address == "::1" || address == "localhost" || address.hasPrefix("127.")
    }

    /// The options as `vault-serve` reads them back (the vault made absolute,
    /// so the server finds the same one whatever folder it starts in).
    package var arguments: [String] {
        var out = ["--port", String(port), "--listen", listen]
        if open { out.append("--open") }
        for host in hosts { out += ["--host", host] }
        if let tokenFile { out += ["--token-file", tokenFile] }
        if let tlsCert, let tlsKey { out += ["--tls-cert", tlsCert, "--tls-key", tlsKey] }
        if let sync { out += ["--sync", sync] }
        if insecure { out.append("--insecure") }
        if let vault = global.vaultPath { out += ["--vault", vault] }
        if let now = global.now { out += ["--now", now] }
        return out
    }

    /// The vault the server reads for each request, over the real adapters
    /// (``ServedVault``: what a command run now would see).
    /// - Parameters:
    ///   - warnings: where the search engine's notices go.
    ///   - tracer: where the adapters and use cases time their phases.
    /// - Throws: when the vault cannot be found or opened.
    package func served(warnings: @escaping (String) -> Void = { _ in }, tracer: any Tracer = NoTracer()) throws
        -> ServedVault
    {
        try CompositionRoot.servedVault(global, warnings: warnings, tracer: tracer)
    }
}
