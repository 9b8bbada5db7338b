import Foundation
import Testing

@testable import VaultAnki

@Suite("Protobuf wire format")
struct ProtobufReaderTests {
    @Test("varints and length-delimited fields come back with their numbers")
    func readsVarintAndBytes() throws {
        // field 1 varint 300, field 2 "hi", field 255 varint 7
        let message = Data([0x08, 0xAC, 0x02, 0x12, 0x02, 0x68, 0x69, 0xF8, 0x0F, 0x07])
        let fields = try ProtobufReader.fields(message)
        #expect(ProtobufReader.varint(1, in: fields) == 300)
        #expect(ProtobufReader.string(2, in: fields) == "hi")
        #expect(ProtobufReader.varint(255, in: fields) == 7)
    }

    @Test("a length past the end is damage, not a crash")
    func refusesCutShort() {
        #expect(throws: ProtobufReader.Damaged.self) { try ProtobufReader.fields(Data([0x12, 0x05, 0x68])) }
    }
}
