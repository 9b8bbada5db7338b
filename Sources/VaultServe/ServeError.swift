import Foundation

/// Why `vault serve` could not start, in sentences that say what to do.
enum ServeError: LocalizedError, Equatable {
    /// The port is taken (another `vault serve`, or another server).
    case portTaken(host: String, port: Int)
    /// The address cannot be listened on.
    case cannotListen(host: String, port: Int, reason: String)
    /// `--token-file` cannot be used.
    case tokenFile(String, String)
    /// `--tls-cert` or `--tls-key` cannot be read.
    case tls(String, String)

    var errorDescription: String? {
        switch self {
        case .portTaken(let host, let port):
            return "port \(port) on \(host) is taken (another vault serve?); stop it, or choose another port with --port."
        case .cannotListen(let host, let port, let reason):
            return "cannot listen on \(host):\(port): \(reason); check --listen and --port."
        case .tokenFile(let path, let why):
            return "the token file \(path) cannot be used: \(why); remove it to have a new one written."
        case .tls(let path, let why):
            return "cannot read \(path) as a PEM certificate or key: \(why); give --tls-cert a certificate and --tls-key its private key."
        }
    }
}
