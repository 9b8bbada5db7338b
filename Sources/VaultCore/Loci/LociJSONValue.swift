import Foundation

/// A JSON value as LociApp files hold them, decoded with `JSONDecoder`:
/// strings stay native UTF-8 Swift strings, so the parsed tree of a 100 MB
/// file (base64 pictures) takes about its size, where `JSONSerialization`'s
/// tree took about twice that.
enum LociJSONValue: Decodable {
    case string(String)
    case int(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([LociJSONValue])
    case object([String: LociJSONValue])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let value = try? c.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? c.decode(Int.self) {
            self = .int(value)
        } else if let value = try? c.decode(Double.self) {
            self = .number(value)
        } else if let value = try? c.decode(String.self) {
            self = .string(value)
        } else if let value = try? c.decode([LociJSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try c.decode([String: LociJSONValue].self))
        }
    }

    var object: [String: LociJSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
