import Foundation
import VaultPresentation

/// The one JSON convention of every `--json` (docs/JSON.md): keys as the
/// types name them (snake_case, checked by a test over every command), an
/// absent value as `null` (never left out), empty arrays and objects as `[]`
/// and `{}`, keys sorted, two-space indentation, dates as ISO 8601 strings.
///
/// Foundation's `JSONEncoder` leaves out `nil` optionals; this encoder
/// builds a tree in which they are `null`, then prints it.
enum JSONOutput {
    /// `value` as pretty JSON text, without a final newline. With
    /// `snakeCaseKeys`, the Swift names of the keys (`hoursDone`) are written
    /// in snake_case (`hours_done`): for core values that are encoded as they are.
    static func render<T: Encodable>(_ value: T, snakeCaseKeys: Bool = false) throws -> String {
        let encoder = TreeEncoder()
        encoder.userInfo[TreeEncoder.snakeCase] = snakeCaseKeys
        try value.encode(to: encoder)
        var out = ""
        print(encoder.node.frozen, indent: 0, into: &out)
        return out
    }

    /// A JSON value.
    indirect enum Value {
        case null, bool(Bool), number(String), string(String)
        case array([Value])
        case object([String: Value])
    }

    static func print(_ value: Value, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent)
        let inner = String(repeating: "  ", count: indent + 1)
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): quote(s, into: &out)
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += inner
                print(item, indent: indent + 1, into: &out)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += pad + "]"
        case .object(let fields):
            guard !fields.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            let keys = fields.keys.sorted()
            for (i, key) in keys.enumerated() {
                out += inner
                quote(key, into: &out)
                out += " : "
                print(fields[key]!, indent: indent + 1, into: &out)
                out += i == keys.count - 1 ? "\n" : ",\n"
            }
            out += pad + "}"
        }
    }

    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            default:
                // Controls a terminal would act on (C1, bidirectional ones
                // included) as JSON escapes, so the document stays valid
                // when printed through the sanitizing output.
                if scalar.value < 0x20 || TerminalText.isControl(scalar) {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    static func number(_ d: Double) -> Value {
        guard d.isFinite else { return .null }
        if d == d.rounded(), abs(d) < 1e15 { return .number(String(Int64(d))) }
        return .number("\(d)")
    }
}

/// One node of the tree being built; containers hold their node and change
/// it in place, so nested containers need no writing back.
final class JSONNode {
    enum Kind {
        case scalar(JSONOutput.Value)
        case array([JSONNode])
        case object([String: JSONNode])
    }

    var kind: Kind = .scalar(.null)

    /// The finished value.
    var frozen: JSONOutput.Value {
        switch kind {
        case .scalar(let value): return value
        case .array(let items): return .array(items.map(\.frozen))
        case .object(let fields): return .object(fields.mapValues(\.frozen))
        }
    }

    func makeObject() {
        if case .object = kind {} else { kind = .object([:]) }
    }

    func makeArray() {
        if case .array = kind {} else { kind = .array([]) }
    }

    // Both take the collection out of `kind` before changing it: while `kind`
    // still holds it, the change would copy it first, and an array of n
    // items built one by one would cost n²/2 copies (100,000 notes: a minute).
    func set(_ key: String, _ child: JSONNode) {
        makeObject()
        if case .object(var fields) = kind {
            kind = .scalar(.null)
            fields[key] = child
            kind = .object(fields)
        }
    }

    func append(_ child: JSONNode) {
        makeArray()
        if case .array(var items) = kind {
            kind = .scalar(.null)
            items.append(child)
            kind = .array(items)
        }
    }

    static func scalar(_ value: JSONOutput.Value) -> JSONNode {
        let node = JSONNode()
        node.kind = .scalar(value)
        return node
    }
}

/// An `Encoder` that builds a tree of ``JSONNode``s, with `nil` as `null`.
final class TreeEncoder: Encoder {
    let node: JSONNode
    var codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] = [:]

    init(node: JSONNode = JSONNode(), codingPath: [CodingKey] = []) {
        self.node = node
        self.codingPath = codingPath
    }

    static let snakeCase = CodingUserInfoKey(rawValue: "snakeCase")!

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(
            Keyed<Key>(node: node, codingPath: codingPath, snakeCase: userInfo[Self.snakeCase] as? Bool ?? false))
    }

    /// `hoursDone` → `hours_done`, `perISOWeek` → `per_iso_week`.
    static func snakeCased(_ key: String) -> String {
        var out = ""
        let chars = Array(key)
        for (i, c) in chars.enumerated() {
            if c.isUppercase {
                let previousLower = i > 0 && !chars[i - 1].isUppercase
                let nextLower = i + 1 < chars.count && chars[i + 1].isLowercase
                if i > 0 && (previousLower || nextLower) { out.append("_") }
                out.append(contentsOf: c.lowercased())
            } else {
                out.append(c)
            }
        }
        return out
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        node.makeArray()
        return Unkeyed(node: node, codingPath: codingPath, userInfo: userInfo)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }

    /// The node `value` encodes to.
    static func encode<T: Encodable>(_ value: T, codingPath: [CodingKey], userInfo: [CodingUserInfoKey: Any] = [:])
        throws -> JSONNode
    {
        switch value {
        case let date as Date: return .scalar(.string(ISO8601DateFormatter().string(from: date)))
        case let url as URL: return .scalar(.string(url.absoluteString))
        default:
            let encoder = TreeEncoder(codingPath: codingPath)
            encoder.userInfo = userInfo
            try value.encode(to: encoder)
            return encoder.node
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: JSONNode
        var codingPath: [CodingKey]
        var snakeCase = false

        var userInfo: [CodingUserInfoKey: Any] { [TreeEncoder.snakeCase: snakeCase] }
        func name(_ key: Key) -> String { snakeCase ? TreeEncoder.snakeCased(key.stringValue) : key.stringValue }
        func set(_ value: JSONOutput.Value, _ key: Key) { node.set(name(key), .scalar(value)) }

        mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
        mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { set(JSONOutput.number(value), key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(String(value)), key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            node.set(name(key), try TreeEncoder.encode(value, codingPath: codingPath + [key], userInfo: userInfo))
        }
        // The point of this encoder: an absent value is written as null, not left out.
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { set(.null, key) }
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
            set(value.map { .string($0) } ?? .null, key)
        }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
            set(value.map { .number(String($0)) } ?? .null, key)
        }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
            set(value.map(JSONOutput.number) ?? .null, key)
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
            set(value.map { .bool($0) } ?? .null, key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            let child = JSONNode()
            node.set(name(key), child)
            let encoder = TreeEncoder(node: child, codingPath: codingPath + [key])
            encoder.userInfo = userInfo
            return encoder.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            let child = JSONNode()
            node.set(name(key), child)
            let encoder = TreeEncoder(node: child, codingPath: codingPath + [key])
            encoder.userInfo = userInfo
            return encoder.unkeyedContainer()
        }

        mutating func superEncoder() -> Encoder { TreeEncoder(node: node, codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> Encoder {
            let child = JSONNode()
            node.set(key.stringValue, child)
            return TreeEncoder(node: child, codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: JSONNode
        var codingPath: [CodingKey]
        var userInfo: [CodingUserInfoKey: Any] = [:]
        var count: Int {
            if case .array(let items) = node.kind { return items.count }
            return 0
        }

        func append(_ value: JSONOutput.Value) { node.append(.scalar(value)) }

        mutating func encodeNil() throws { append(.null) }
        mutating func encode(_ value: Bool) throws { append(.bool(value)) }
        mutating func encode(_ value: String) throws { append(.string(value)) }
        mutating func encode(_ value: Double) throws { append(JSONOutput.number(value)) }
        mutating func encode(_ value: Int) throws { append(.number(String(value))) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            node.append(try TreeEncoder.encode(value, codingPath: codingPath, userInfo: userInfo))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            let child = JSONNode()
            node.append(child)
            return TreeEncoder(node: child, codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
            let child = JSONNode()
            node.append(child)
            return TreeEncoder(node: child, codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> Encoder {
            let child = JSONNode()
            node.append(child)
            return TreeEncoder(node: child, codingPath: codingPath)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let node: JSONNode
        var codingPath: [CodingKey]
        mutating func encodeNil() throws { node.kind = .scalar(.null) }
        mutating func encode(_ value: Bool) throws { node.kind = .scalar(.bool(value)) }
        mutating func encode(_ value: String) throws { node.kind = .scalar(.string(value)) }
        mutating func encode(_ value: Double) throws { node.kind = .scalar(JSONOutput.number(value)) }
        mutating func encode(_ value: Int) throws { node.kind = .scalar(.number(String(value))) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            node.kind = try TreeEncoder.encode(value, codingPath: codingPath).kind
        }
    }
}
