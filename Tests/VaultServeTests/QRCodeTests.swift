import Foundation
import Testing

@testable import VaultServe

/// The QR encoder read back by an independent decoder (zbar's `zbarimg`, from
/// scripts/ensure-deps.sh --test), for every mask and the versions a URL with a
/// token needs, version information (7 and up) included.
@Suite("vault serve QR code")
struct QRCodeTests {
    static let zbarimg = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static let texts = [
        "http://192.168.1.23:4747/?token=0123456789abcdef0123456789abcdef", "hi",
        "http://[fd00::1234:5678]:4747/?token=" + String(repeating: "f", count: 32),
        String(repeating: "vault serve ", count: 16),
    ]

    /// The code as a PGM picture: 4 pixels a module, a quiet zone of 4 modules.
    static func pgm(_ code: QRCode) -> Data {
        let scale = 4
        let side = (code.size + 8) * scale
        var pixels = [UInt8](repeating: 255, count: side * side)
        for y in 0..<code.size {
            for x in 0..<code.size where code.modules[y][x] {
                for dy in 0..<scale {
                    for dx in 0..<scale { pixels[((y + 4) * scale + dy) * side + (x + 4) * scale + dx] = 0 }
                }
            }
        }
        return Data("P5\n\(side) \(side)\n255\n".utf8) + Data(pixels)
    }

    @Test("zbarimg reads each text back, for every mask", .enabled(if: zbarimg != nil, "needs zbarimg (zbar-tools)"))
    func decodes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vault-qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var versions: Set<Int> = []
        for (t, text) in Self.texts.enumerated() {
            for mask in 0..<8 {
                let code = try #require(QRCode.encode(text, mask: mask))
                versions.insert(code.version)
                let file = folder.appendingPathComponent("\(t)-\(mask).pgm")
                try Self.pgm(code).write(to: file)
                let read = try ServeSandbox.run(
                    try #require(Self.zbarimg), ["--raw", "-q", file.path], environment: ProcessInfo.processInfo.environment)
                #expect(read.stdout == text + "\n", "\(text) version \(code.version) mask \(mask): \(read.stderr)")
            }
        }
        #expect(versions.count >= 3)
        #expect(versions.contains { $0 >= 7 })
        // The mask chosen by penalty reads too.
        let chosen = try #require(QRCode.encode(Self.texts[0]))
        try Self.pgm(chosen).write(to: folder.appendingPathComponent("chosen.pgm"))
        let read = try ServeSandbox.run(
            try #require(Self.zbarimg), ["--raw", "-q", folder.appendingPathComponent("chosen.pgm").path],
            environment: ProcessInfo.processInfo.environment)
        #expect(read.stdout == Self.texts[0] + "\n")
    }

    @Test("the smallest version is chosen, and a text past version 10 gives nil")
    func versions() throws {
        #expect(QRCode.encode("hi")?.version == 1)
        #expect(QRCode.encode(String(repeating: "a", count: 17))?.version == 1)
        #expect(QRCode.encode(String(repeating: "a", count: 18))?.version == 2)
        #expect(QRCode.encode(String(repeating: "a", count: 271))?.version == 10)
        #expect(QRCode.encode(String(repeating: "a", count: 272)) == nil)
        let text = try #require(QRCode.terminalText("hi"))
        #expect(text.split(separator: "\n").count == (21 + 4 + 1) / 2)
    }
}
