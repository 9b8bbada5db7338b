import Foundation

/// The protobuf wire format, read by hand for the few messages the import
/// needs (note type and template configs, the media map): each field as its
/// number and either a varint or length-delimited bytes; other wire types are skipped.
struct ProtobufReader {
    enum Value: Equatable {
        case varint(UInt64)
        case bytes(Data)
    }

    struct Damaged: Error {}

    /// The fields of `message`, in order.
    /// - Throws: ``Damaged`` for a message cut short or with a wire type protobuf does not have.
    static func fields(_ message: Data) throws -> [(number: Int, value: Value)] {
        let bytes = [UInt8](message)
        var i = 0
        var out: [(Int, Value)] = []
        func varint() throws -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard i < bytes.count, shift < 64 else { throw Damaged() }
                let b = bytes[i]
                i += 1
                result |= UInt64(b & 0x7F) << shift
                if b & 0x80 == 0 { return result }
                shift += 7
            }
        }
        while i < bytes.count {
            let key = try varint()
            let number = Int(key >> 3)
            switch key & 7 {
            case 0: out.append((number, .varint(try varint())))
            case 1:
                guard i + 8 <= bytes.count else { throw Damaged() }
                i += 8
            case 2:
                let length = try varint()
                guard length <= UInt64(bytes.count - i) else { throw Damaged() }
                out.append((number, .bytes(Data(bytes[i..<(i + Int(length))]))))
                i += Int(length)
            case 5:
                guard i + 4 <= bytes.count else { throw Damaged() }
                i += 4
            default: throw Damaged()
            }
        }
        return out
    }

    /// The last varint field `number` of `message` (protobuf's rule for repeated scalars), or nil.
    static func varint(_ number: Int, in fields: [(number: Int, value: Value)]) -> UInt64? {
        fields.last { $0.number == number }.flatMap { if case .varint(let v) = $0.value { v } else { nil } }
    }

    /// The last string field `number`, or nil.
    static func string(_ number: Int, in fields: [(number: Int, value: Value)]) -> String? {
        fields.last { $0.number == number }.flatMap {
            if case .bytes(let d) = $0.value { String(decoding: d, as: UTF8.self) } else { nil }
        }
    }
}
