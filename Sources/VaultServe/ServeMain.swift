import ArgumentParser
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import VaultWiring

/// `vault-serve`: reads the options `vault serve` passed, makes the secrets,
/// listens, prints the URL as the first line, and serves until SIGTERM or
/// Ctrl-C (requests in flight are finished, then exit 0).
public enum ServeMain {
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
        let syncLoop = options.syncSeconds.map { SyncLoop(vault: vault, every: $0) }
        web.sync = syncLoop
        var logger = Logger(label: "vault-serve")
        logger.logLevel = .critical
        let listen = options.listen
        let shownHost = ServeAddress.shownHost(listen)
        let app = Application(
            router: web.router(),
            server: server,
            configuration: .init(address: .hostname(listen, port: options.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? options.port
                let url = "\(scheme)://\(ServeAddress.bracketed(shownHost)):\(port)/?token=\(secrets.token)"
                ServeConsole.say(url)
                if listen == "0.0.0.0" || listen == "::" {
                    if let code = QRCode.terminalText(url) { ServeConsole.say(code) }
                }
                if options.open { ServeAddress.openInBrowser(url) }
                if options.insecure, !ServeOptions.isLoopback(listen), options.tlsCert == nil {
                    ServeConsole.warning("serving \(listen) without TLS (--insecure): anyone on the network can read your notes and the token.")
                }
                if let syncLoop { Task { await syncLoop.run() } }
            },
            logger: logger)
        do {
            try await app.runService()
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

    /// Plain HTTP/1.1, or over TLS with `--tls-cert` and `--tls-key`.
    /// - Throws: ``ServeError/tls(_:_:)`` when either file cannot be read.
    static func serverBuilder(_ options: ServeOptions) throws -> HTTPServerBuilder {
        guard let certFile = options.tlsCert, let keyFile = options.tlsKey else { return .http1() }
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do { chain = try NIOSSLCertificate.fromPEMFile(certFile) } catch { throw ServeError.tls(certFile, "\(error)") }
        do { key = try NIOSSLPrivateKey(file: keyFile, format: .pem) } catch { throw ServeError.tls(keyFile, "\(error)") }
        guard !chain.isEmpty else { throw ServeError.tls(certFile, "it holds no certificate") }
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        return try .tls(.http1(), tlsConfiguration: configuration)
    }
}
