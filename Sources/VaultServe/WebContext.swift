import Hummingbird
import NIOCore

/// The request context of the web app: Hummingbird's core storage and the
/// client's address (wrong tokens are counted per address).
struct WebContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's address, as the socket has it.
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The request bodies this app reads are forms of a few fields.
    var maxUploadSize: Int { SecurityLayer.maxBodyBytes }

    /// The address as text (its IP), for counting wrong tokens.
    var clientKey: String { remoteAddress?.ipAddress ?? "unknown" }
}
