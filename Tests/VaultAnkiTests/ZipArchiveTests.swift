import CZstd
import Foundation
import Testing

@testable import VaultAnki

/// A stored (uncompressed) zip of `entries`, written by hand.
func storedZip(_ entries: [(name: String, data: Data)]) -> Data {
    func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16 & 0xFFFF) }
    var out: [UInt8] = []
    var directory: [UInt8] = []
    for (name, data) in entries {
        let offset = out.count
        let nameBytes = Array(name.utf8)
        out += u32(0x0403_4B50) + u16(20) + u16(0) + u16(0) + u16(0) + u16(0) + u32(0) + u32(data.count) + u32(data.count)
            + u16(nameBytes.count) + u16(0) + nameBytes + Array(data)
        directory += u32(0x0201_4B50) + u16(20) + u16(20) + u16(0) + u16(0) + u16(0) + u16(0) + u32(0) + u32(data.count)
            + u32(data.count) + u16(nameBytes.count) + u16(0) + u16(0) + u16(0) + u16(0) + u32(0) + u32(offset) + nameBytes
    }
    let start = out.count
    out += directory
    out += u32(0x0605_4B50) + u16(0) + u16(0) + u16(entries.count) + u16(entries.count) + u32(directory.count) + u32(start) + u16(0)
    return Data(out)
}

@Suite("Zip archives with limits")
struct ZipArchiveTests {
    @Test("stored entries read back; a missing one is nil")
    func readsEntries() throws {
        let zip = try ZipArchive(storedZip([("meta", Data([8, 2])), ("media", Data("{}".utf8))]))
        #expect(try zip.read("meta") == Data([8, 2]))
        #expect(try zip.read("media") == Data("{}".utf8))
        #expect(try zip.read("collection.anki2") == nil)
    }

    @Test("too many entries, or more bytes than the limit, are refused before anything is unpacked")
    func limits() {
        let entries = [("a", Data(count: 10)), ("b", Data(count: 10))]
        var few = ZipArchive.Limits()
        few.entries = 1
        #expect(throws: ZipArchive.Failure.self) { try ZipArchive(storedZip(entries), limits: few) }
        var small = ZipArchive.Limits()
        small.totalBytes = 15
        #expect(throws: ZipArchive.Failure.self) { try ZipArchive(storedZip(entries), limits: small) }
    }

    @Test("what is no zip is told apart from a damaged one")
    func notZip() {
        #expect(throws: ZipArchive.Failure.notZip) { try ZipArchive(Data("hello, this is text and not a zip".utf8)) }
        var damaged = storedZip([("a", Data(count: 4))])
        damaged[damaged.count - 6] = 0x7F  // the directory's offset past the end
        #expect(throws: ZipArchive.Failure.self) { try ZipArchive(damaged) }
    }

    @Test("media names that could leave their folder or hide in a terminal are refused")
    func mediaNames() {
        #expect(AnkiPackageFile.isSafeMediaName("eiffel tower.png"))
        for bad in ["", ".", "..", "../x.png", "a/b.png", "a\\b.png", "x\u{0}.png", "x\u{1B}[31m.png", "a..b"] {
            #expect(!AnkiPackageFile.isSafeMediaName(bad), "\(bad.debugDescription)")
        }
    }

    @Test("zstd frames unpack, and one past its limit is refused")
    func zstd() throws {
        let text = Data(String(repeating: "vault imports anki ", count: 1000).utf8)
        var packed = Data(count: ZSTD_compressBound(text.count))
        let size = packed.withUnsafeMutableBytes { out in
            text.withUnsafeBytes { ZSTD_compress(out.baseAddress, out.count, $0.baseAddress, $0.count, 3) }
        }
        packed.count = size
        #expect(try Zstd.decompress(packed, limit: 1 << 20) == text)
        #expect(throws: Zstd.Failure.tooLarge) { try Zstd.decompress(packed, limit: 100) }
        #expect(throws: Zstd.Failure.self) { try Zstd.decompress(Data([1, 2, 3, 4, 5]), limit: 100) }
    }
}
