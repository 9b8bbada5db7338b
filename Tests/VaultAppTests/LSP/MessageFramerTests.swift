import XCTest

@testable import VaultLSP

/// The base protocol's framing: messages however the pipe cuts them.
final class MessageFramerTests: XCTestCase {
    private func framed(_ json: String) -> [UInt8] { MessageFramer.frame(Array(json.utf8)) }

    func testAMessageSplitAcrossReadsComesOutWholeOnce() {
        var framer = MessageFramer()
        let bytes = framed(#"{"jsonrpc":"2.0","method":"initialized"}"#)
        var frames: [MessageFramer.Frame] = []
        for byte in bytes { frames += framer.push([byte]) }
        XCTAssertEqual(frames, [.message(Array(#"{"jsonrpc":"2.0","method":"initialized"}"#.utf8))])
        XCTAssertFalse(framer.holdsPartialMessage)
    }

    func testTwoMessagesInOneReadComeOutInOrder() {
        var framer = MessageFramer()
        let frames = framer.push(framed(#"{"a":1}"#) + framed(#"{"b":2}"#) + Array("Content-Len".utf8))
        XCTAssertEqual(frames, [.message(Array(#"{"a":1}"#.utf8)), .message(Array(#"{"b":2}"#.utf8))])
        XCTAssertTrue(framer.holdsPartialMessage)
        XCTAssertEqual(framer.push(Array("gth: 2\r\n\r\n{}".utf8)), [.message(Array("{}".utf8))])
    }

    func testATenMegabyteMessageArrivesInPipeSizedReads() {
        var framer = MessageFramer()
        let text = String(repeating: "x", count: 10 << 20)
        let bytes = framed(#"{"t":""# + text + #""}"#)
        var frames: [MessageFramer.Frame] = []
        var offset = 0
        while offset < bytes.count {
            frames += framer.push(bytes[offset..<min(offset + 65536, bytes.count)])
            offset += 65536
        }
        XCTAssertEqual(frames.count, 1)
        guard case .message(let content) = frames.first else { return XCTFail("no message") }
        XCTAssertEqual(content.count, (10 << 20) + 8)
    }

    func testAMessageOverTheLimitIsSkippedAndTheNextOneRead() {
        var framer = MessageFramer(limit: 100)
        let frames = framer.push(framed(String(repeating: " ", count: 150)) + framed("{}"))
        XCTAssertEqual(frames.count, 2)
        guard case .malformed(let reason) = frames[0] else { return XCTFail("the long message was read") }
        XCTAssertTrue(reason.contains("150 bytes"), reason)
        XCTAssertEqual(frames[1], .message(Array("{}".utf8)))
    }

    func testAHeaderWithoutALengthIsReportedAndReadingGoesOn() {
        var framer = MessageFramer()
        let frames = framer.push(Array("Content-Type: x\r\n\r\n".utf8) + framed("{}"))
        XCTAssertEqual(frames.count, 2)
        guard case .malformed = frames[0] else { return XCTFail("a header without a length was accepted") }
        XCTAssertEqual(frames[1], .message(Array("{}".utf8)))
    }

    func testHeaderFieldNamesAreCaseInsensitiveAndOtherFieldsIgnored() {
        var framer = MessageFramer()
        let bytes = Array("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8)
        XCTAssertEqual(framer.push(bytes), [.message(Array("{}".utf8))])
    }
}
