import ArgumentParser
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import ServiceLifecycle
import VaultProcess
import VaultWiring

/// `vault-serve`: reads the options `vault serve` passed, makes the secrets,
/// listens, prints the URL as the first line, and serves until SIGTERM or
/// Ctrl-C: it stops listening, closes idle connections, gives requests in
/// flight ``shutdownGrace`` to finish, closes the rest, and exits 0.
///
/// A connection must send its request's head within ``readTimeout`` of
/// opening (or of its last answer), and is closed after as long idle; a
/// POST's body must arrive within as long (``SecurityLayer/bodyTimeout``);
/// and at most ``connectionLimit()`` connections are open at once (the
/// others wait in the listen queue), so half-sent requests can neither hold
/// the server's file descriptors nor starve the requests of a person.
public enum ServeMain {
    /// How long a connection may take to send a request's head, or stay idle.
    static let readTimeout: TimeAmount = .seconds(10)
    /// How long requests in flight may take to finish after SIGTERM or
    /// Ctrl-C before their connections are closed: a server that is told to
    /// stop is gone within half a second (issue 47), open browser tabs or not.
    static let shutdownGrace: Duration = .milliseconds(250)
    /// True when the process was started by the name `vault-serve` (the
    /// link beside `vault` that `make install` makes to the one executable,
    /// which `vault serve` execs).
    public static var isCalledAsServer: Bool {
        guard let program = CommandLine.arguments.first else { return false }
        // Compared as text, not bridged to NSString: every command asks this first.
        return program == "vault-serve" || program.hasSuffix("/vault-serve")
    }

    /// The program `vault-serve`: sets the heap up for a process that runs
    /// on (``FreedMemory/settleForServing()``, before any thread starts),
    /// serves, and exits with ``run()``'s status.
    public static func runAndExit() -> Never {
        FreedMemory.settleForServing()
        Task { exit(await run()) }
        dispatchMain()
    }

    /// Serves until SIGTERM or Ctrl-C; the exit status (1 when the server could not start).
    public static func run() async -> Int32 {
        let options: ServeOptions
        do {
            options = try ServeOptions.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            ServeOptions.exit(withError: error)
        }
        let secrets: ServerSecrets
        let vault: ServedVault
        do {
            // A server answers many requests: the served vault frees each one's notes and events after it.
            vault = try options.served(warnings: ServeConsole.warning, tracer: ServeConsole.tracer)
            secrets = try ServerSecrets.make(tokenFile: options.tokenFile, files: vault.context().namedFiles)
        } catch {
            ServeConsole.report(error)
            return 1
        }
        defer { vault.finishWrites() }
        let server: HTTPServerBuilder
        do {
            server = try serverBuilder(options)
        } catch {
            ServeConsole.report(error)
            return 1
        }
        let scheme = options.tlsCert == nil ? "http" : "https"
        var web = WebApp(vault: vault, secrets: secrets)
        web.secure = options.tlsCert != nil
        web.hosts = AllowedHosts(listen: options.listen, names: options.hosts)
        // The file port of `--open`'s token page (the vault's files, read from the server's start).
        nonisolated(unsafe) let files = (try? vault.context().namedFiles)
        let tokenPage = TokenPageHolder()
        let syncLoop = options.syncSeconds.map { SyncLoop(vault: vault, every: $0) }
        web.sync = syncLoop
        var logger = Logger(label: "vault-serve")
        logger.logLevel = .critical
        let listen = options.listen
        let shownHost = ServeAddress.shownHost(listen)
        let app = Application(
            router: web.router(),
            server: server,
            configuration: .init(
                address: .hostname(listen, port: options.port), serverName: nil,
                availableConnectionsDelegate: .maximum(connectionLimit(), logger: logger)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                let url = "\(scheme)://\(ServeAddress.bracketed(shownHost)):\(port)/?token=\(secrets.token)"
                ServeConsole.say(url)
                if listen == "0.0.0.0" || listen == "::" {
                    if let code = QRCode.terminalText(url) { ServeConsole.say(code) }
                }
                if options.open, let files {
                    do {
                        let page = try TokenPage(url: url, files: files)
                        tokenPage.page = page
                        ServeAddress.openInBrowser(page: page.path)
                        Task {
                            try? await Task.sleep(for: TokenPage.lifetime)
                            page.remove()
                        }
                    } catch {
                        ServeConsole.warning("the browser was not opened: \(ErrorWording.sentence(error)); open the address above.")
                    }
                }
                if options.insecure, !ServeOptions.isLoopback(listen), options.tlsCert == nil {
                    ServeConsole.warning("serving \(listen) without TLS (--insecure): anyone on the network can read your notes and the token.")
                }
                if let syncLoop { Task { await syncLoop.run() } }
            },
            logger: logger)
        defer { tokenPage.page?.remove() }
        var lifecycle = ServiceGroupConfiguration(
            services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        lifecycle.maximumGracefulShutdownDuration = shutdownGrace
        do {
            try await ServiceGroup(configuration: lifecycle).run()
        } catch is CancellationError {
            // The grace ran out and the connections left were closed: a stop as asked for.
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            ServeConsole.report(ServeError.portTaken(host: listen, port: options.port))
            return 1
        } catch let error as IOError {
            ServeConsole.report(ServeError.cannotListen(host: listen, port: options.port, reason: String(cString: strerror(error.errnoCode))))
            return 1
        } catch {
            ServeConsole.report(ServeError.cannotListen(host: listen, port: options.port, reason: "\(error)"))
            return 1
        }
        return 0
    }

    /// The most connections open at once: half of the file descriptors the
    /// process may have (its soft limit raised to the hard one first, at most
    /// 65,536), less room for the vault's own files, between 16 and 1,024.
    static func connectionLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 64 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, 65_536)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let descriptors = Int(clamping: limit.rlim_cur)
        return min(1_024, max(16, (descriptors - 64) / 2))
    }

    /// Plain HTTP/1.1, or over TLS with `--tls-cert` and `--tls-key`, with the read timeout.
    /// - Throws: ``ServeError/tls(_:_:)`` when either file cannot be read.
    static func serverBuilder(_ options: ServeOptions) throws -> HTTPServerBuilder {
        let http = HTTPServerBuilder.http1(configuration: .init(idleTimeout: readTimeout))
        guard let certFile = options.tlsCert, let keyFile = options.tlsKey else { return http }
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do { chain = try NIOSSLCertificate.fromPEMFile(certFile) } catch { throw ServeError.tls(certFile, "\(error)") }
        do { key = try NIOSSLPrivateKey(file: keyFile, format: .pem) } catch { throw ServeError.tls(keyFile, "\(error)") }
        guard !chain.isEmpty else { throw ServeError.tls(certFile, "it holds no certificate") }
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        return try .tls(http, tlsConfiguration: configuration)
    }
}

/// The token page of `--open`, once made (removed when the server stops).
final class TokenPageHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var made: TokenPage?
    var page: TokenPage? {
        get { lock.withLock { made } }
        set { lock.withLock { made = newValue } }
    }
}
