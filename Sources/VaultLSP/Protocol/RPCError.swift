/// A JSON-RPC error answer: the codes of JSON-RPC 2.0 and LSP 3.17 the server uses.
public struct RPCError: Error, Equatable, Sendable {
    public var code: Int
    public var message: String

    public init(_ code: Int, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The content is not JSON.
    public static let parseError = -32700
    /// JSON, but not a request, notification or response.
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    /// A request before `initialize`.
    public static let serverNotInitialized = -32002
    /// The client cancelled the request (`$/cancelRequest`) before it was answered.
    public static let requestCancelled = -32800
    /// The request was understood and could not be carried out (a rename onto a taken name).
    public static let requestFailed = -32803

    static func invalidParams(_ message: String) -> RPCError { RPCError(invalidParams, message) }
    static func failed(_ message: String) -> RPCError { RPCError(requestFailed, message) }
}
