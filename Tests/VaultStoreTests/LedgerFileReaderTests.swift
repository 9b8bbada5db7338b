import Foundation
import Testing
import VaultCore

@testable import VaultStore

/// The chunked reader against the core's one-pass reader, the oracle.
@Suite("Ledger files read in chunks")
struct LedgerFileReaderTests {
    /// A ledger file of `lines` lines: events, blank lines, comments, a
    /// header written again in the middle (a union merge), conflict markers
    /// and malformed lines, in a seeded random mix.
    func messyFile(lines: Int, seed: UInt64, truncatedEnd: Bool) -> String {
        var random = SplitMix64(seed: seed)
        let start = VaultDate.parse("2026-01-01T00:00:00Z", in: TimeZone(identifier: "UTC")!)!
        var text = LedgerLine.header + "\n"
        for i in 0..<lines {
            switch random.next(20) {
            case 0: text += "\n"
            case 1: text += "# a comment\n"
            case 2: text += "# vault-ledger v9\n"
            case 3: text += ["<<<<<<< HEAD", "=======", ">>>>>>> theirs"][random.next(3)] + "\n"
            case 4: text += "not\tan event\n"
            default:
                let event = LedgerEvent(
                    time: start.addingTimeInterval(Double(i)), utcOffset: 3600, device: "dev\(random.next(3))",
                    sequence: i + 1, kind: "curate", fields: [("note", "n\(random.next(50))"), ("decision", "keep")])
                text += LedgerLine.format(event) + "\n"
            }
        }
        if truncatedEnd { text += "2026-01-01T00:00:00.000Z\tdev0\t99" }
        return text
    }

    @Test(
        "any cut into chunks gives the events, line numbers, diagnostics and ends of one pass",
        arguments: [(1, false), (2, true), (3, false), (4, true)])
    func chunksMatchOnePass(seed: Int, truncatedEnd: Bool) {
        var text = messyFile(lines: 3000, seed: UInt64(seed), truncatedEnd: truncatedEnd)
        text.withUTF8 { bytes in
            let whole = LedgerText.read(Array(bytes), path: "l.log", firstLine: 1)
            #expect(whole.events.count > 2000)
            #expect(whole.diagnostics.contains { $0.code == "ledger-conflict-marker" })
            #expect(whole.diagnostics.contains { $0.code == "ledger-version" } == false)  // only line 1 is a header
            #expect(whole.lacksFinalNewline == truncatedEnd)
            for cores in [2, 3, 8] {
                let chunked = LedgerFileReader.read(bytes, path: "l.log", firstLine: 1, parallelAbove: 0, cores: cores)
                #expect(chunked.events == whole.events)
                #expect(chunked.lines == whole.lines)
                #expect(chunked.diagnostics == whole.diagnostics)
                #expect(chunked.lacksFinalNewline == whole.lacksFinalNewline)
                #expect(chunked.completeBytes == whole.completeBytes)
                #expect(chunked.lastCompleteLine == whole.lastCompleteLine)
            }
            // The end of a file read from a line in the middle, as an append is.
            let cut = bytes.indices.first { $0 > bytes.count / 2 && bytes[$0 - 1] == 0x0A }!
            let rest = UnsafeBufferPointer(rebasing: bytes[cut...])
            let line = bytes[..<cut].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            let tail = LedgerText.read(Array(rest), path: "l.log", firstLine: line)
            #expect(
                LedgerFileReader.read(rest, path: "l.log", firstLine: line, parallelAbove: 0, cores: 2).lines
                    == tail.lines)
            #expect(tail.lines.last == whole.lines.last)
        }
    }
}
