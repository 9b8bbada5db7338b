import Foundation

/// One message read from the client: a request (with an id), a
/// notification (without) or a response to a request of the server's.
public struct RPCMessage: Sendable {
    public var id: JSONValue?
    public var method: String?
    public var params: JSONValue?
    /// A response's result (nil for a request, a notification or an error).
    public var result: JSONValue?
    /// A response's error (nil otherwise).
    public var error: JSONValue?

    /// True for a request: it has an id and a method.
    public var isRequest: Bool { id != nil && method != nil }

    /// Reads a message's content.
    /// - Throws: ``RPCError`` with `parseError` when it is not JSON, `invalidRequest` when it is not a message.
    public static func read(_ content: [UInt8]) throws -> RPCMessage {
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: Data(content))
        } catch {
            throw RPCError(RPCError.parseError, "the message is not valid JSON")
        }
        guard case .object(let members) = json else {
            throw RPCError(RPCError.invalidRequest, "the message is not a JSON object")
        }
        let id = members["id"].flatMap { $0 == .null ? nil : $0 }
        // Any number is an id (1e300, 1.5 and -0 too), answered as it came: its value is only compared and echoed.
        if let id, id.string == nil, !id.isNumber {
            throw RPCError(RPCError.invalidRequest, "a request id must be a number or a string")
        }
        let method = members["method"]?.string
        if method == nil, members["result"] == nil, members["error"] == nil {
            throw RPCError(RPCError.invalidRequest, "the message has no method")
        }
        return RPCMessage(
            id: id, method: method, params: members["params"], result: members["result"], error: members["error"])
    }
}

/// What the server writes: a response to a request, or a notification of its own.
enum RPCOutgoing {
    /// The JSON of a successful answer to request `id`.
    static func result(id: JSONValue, _ result: some Encodable) -> [UInt8] {
        encode(Response(id: id, result: AnyEncodable(result)))
    }

    /// The JSON of an error answer (`id` is null when the request's id could not be read).
    static func error(id: JSONValue?, _ error: RPCError) -> [UInt8] {
        encode(ErrorResponse(id: id ?? .null, error: error))
    }

    /// The JSON of a request from the server to the client (its answer is read and dropped).
    static func request(id: JSONValue, _ method: String, _ params: some Encodable) -> [UInt8] {
        encode(Request(id: id, method: method, params: AnyEncodable(params)))
    }

    /// The JSON of a notification from the server.
    static func notification(_ method: String, _ params: some Encodable) -> [UInt8] {
        encode(Notification(method: method, params: AnyEncodable(params)))
    }

    private static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? Array(encoder.encode(value)))
            ?? Array(
                #"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"the answer could not be written as JSON"}}"#
                    .utf8)
    }

    private struct Response: Encodable {
        let jsonrpc = "2.0"
        let id: JSONValue
        let result: AnyEncodable
    }

    private struct ErrorResponse: Encodable {
        let jsonrpc = "2.0"
        let id: JSONValue
        let error: ErrorBody

        init(id: JSONValue, error: RPCError) {
            self.id = id
            self.error = ErrorBody(code: error.code, message: error.message)
        }
    }

    private struct ErrorBody: Encodable {
        let code: Int
        let message: String
    }

    private struct Request: Encodable {
        let jsonrpc = "2.0"
        let id: JSONValue
        let method: String
        let params: AnyEncodable
    }

    private struct Notification: Encodable {
        let jsonrpc = "2.0"
        let method: String
        let params: AnyEncodable
    }
}

/// Any encodable value, encoded as itself (a handler's result of its own type).
struct AnyEncodable: Encodable {
    let value: any Encodable

    init(_ value: any Encodable) { self.value = value }

    func encode(to encoder: Encoder) throws { try value.encode(to: encoder) }
}
