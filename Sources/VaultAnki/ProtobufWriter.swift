import Foundation

/// The protobuf wire format, written by hand for the few messages an
/// export needs (note type, field, template and deck configs, the media map,
/// `meta`): varints and length-delimited fields, in the order they are
/// added. proto3 leaves default values out, and so does this (a zero varint,
/// an empty string) unless told to keep them.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    /// The message written so far.
    var data: Data { Data(bytes) }

    /// Field `number` as a varint; a zero is left out, as proto3 writes it.
    mutating func varint(_ number: Int, _ value: UInt64, keepingZero: Bool = false) {
        guard value != 0 || keepingZero else { return }
        key(number, wireType: 0)
        raw(value)
    }

    /// Field `number` as a signed varint (two's complement, as `int64` is written).
    mutating func int(_ number: Int, _ value: Int64) { varint(number, UInt64(bitPattern: value)) }

    /// Field `number` as a `bool`: written only when true.
    mutating func bool(_ number: Int, _ value: Bool) { varint(number, value ? 1 : 0) }

    /// Field `number` as a string; an empty one is left out.
    mutating func string(_ number: Int, _ value: String) {
        guard !value.isEmpty else { return }
        bytes(number, Array(value.utf8))
    }

    /// Field `number` as length-delimited bytes (a nested message, written even when empty).
    mutating func bytes(_ number: Int, _ value: [UInt8]) {
        key(number, wireType: 2)
        raw(UInt64(value.count))
        bytes += value
    }

    /// Field `number` as a nested message.
    mutating func message(_ number: Int, _ build: (inout ProtobufWriter) -> Void) {
        var inner = ProtobufWriter()
        build(&inner)
        bytes(number, inner.bytes)
    }

    /// A packed repeated varint field (proto3's default for repeated scalars).
    mutating func packed(_ number: Int, _ values: [UInt64]) {
        guard !values.isEmpty else { return }
        var inner = ProtobufWriter()
        for value in values { inner.raw(value) }
        bytes(number, inner.bytes)
    }

    private mutating func key(_ number: Int, wireType: UInt64) { raw(UInt64(number) << 3 | wireType) }

    private mutating func raw(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }
}
