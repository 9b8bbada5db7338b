import Foundation
import Testing
import VaultCore

@testable import VaultMarkdown

/// Issue 48, item 13: a note of megabytes is parsed a window at a time, so
/// what one parse holds is bounded (libcmark kept ~1 KB per `[[link]]`
/// until the parse ended), and the facts read are the same.
@Suite("Markdown windows")
struct MarkdownWindowsTests {
    func windows(_ text: String, size: Int) -> [MarkdownWindows.Window] {
        Array(text.utf8).withUnsafeBufferPointer { MarkdownWindows.windows(of: $0, size: size) }
    }

    @Test("a body within one window is one window; a larger one is covered byte for byte, each within the size")
    func coverage() {
        #expect(windows("# A\n\n[[b]]\n", size: 1_000).count == 1)
        var random = SplitMix64(seed: 13)
        let pieces = ["[[link]] ", "word ", "\n", "\n\n", "```\n", "~~~~\n", "ภาษา ", "x"]
        for _ in 0..<50 {
            let text = (0..<2_000).map { _ in pieces[random.next(pieces.count)] }.joined()
            let size = 64 + random.next(512)
            let cut = windows(text, size: size)
            var next = 0
            for window in cut {
                #expect(window.range.lowerBound == next)
                #expect(window.range.count <= size && !window.range.isEmpty)
                next = window.range.upperBound
                // Never inside a UTF-8 sequence.
                let bytes = Array(text.utf8)
                if window.range.upperBound < bytes.count { #expect(bytes[window.range.upperBound] & 0xC0 != 0x80) }
            }
            #expect(next == text.utf8.count)
        }
    }

    @Test("a 2 MB note of links gives every link, the heading and the lines of a one-parse note")
    func largeNoteFacts() {
        let line = "See [[Alpha]] and [[Beta|b]] and #tag here.\n"
        let body = "# Title\n\n" + String(repeating: line, count: 2_000_000 / line.utf8.count)
        let count = 2_000_000 / line.utf8.count
        let facts = Array(body.utf8).withUnsafeBufferPointer { CommonMark.facts(of: $0) }
        #expect(facts.firstHeading == "Title")
        #expect(facts.wikiLinks.count == 2 * count)
        #expect(facts.inlineTags.count == count)
        let document = Array(body.utf8).withUnsafeBufferPointer { CommonMark.document(of: $0) }
        // Lines are the body's own, window or not: the last paragraph starts on a line past the first window.
        #expect(document.children.count > 1)
        #expect(document.children.last.map(\.line) ?? 0 > 3_000)
    }

    @Test("a fenced block cut by a window stays code: no link is read inside it")
    func fenceAcrossWindows() {
        let code = String(repeating: "[[not a link]]\n", count: 40_000)
        let body = "```\n" + code + "```\n\n[[Real]]\n"
        let facts = Array(body.utf8).withUnsafeBufferPointer { CommonMark.facts(of: $0) }
        #expect(facts.wikiLinks == ["Real"])
    }
}
