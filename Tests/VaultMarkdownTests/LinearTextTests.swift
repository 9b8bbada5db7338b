import Foundation
import Testing
import VaultCore

@testable import VaultMarkdown

/// Text built a piece at a time must cost its length, not its square
/// (issue 48: `vault show` of a note of 450,000 `[[links]]` ran for minutes).
@Suite("Text built piece by piece stays linear")
struct LinearTextTests {
    @Test("appended scalars land in order, after what the view held")
    func appendScalarsKeepsOrder() {
        var view = "ab".unicodeScalars
        view.appendScalars("çd".unicodeScalars)
        view.appendScalars([Unicode.Scalar]())
        view.appendScalars(["🙂", "\u{301}"] as [Unicode.Scalar])
        #expect(String(view) == "abçd🙂\u{301}")
    }

    @Test(
        "a note of 200,000 lines of links is prepared for libcmark in one pass (quadratic copying took minutes)",
        .timeLimit(.minutes(1)))
    func manyLinesOfLinks() {
        // With `append(contentsOf:)` on the scalar view, each line copied the
        // text so far: 50,000 lines took 14 s in a debug build, 200,000 take
        // some 4 minutes; appended in place they take a few seconds.
        let lines = 200_000
        let markdown = (0..<lines).map { "[[n\($0 % 1000)]] x" }.joined(separator: "\n")
        let source = ObsidianSource.prepare(markdown)
        #expect(source.text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } >= lines - 1)
        #expect(source.tokens.count == lines, "one token per wiki link")
    }
}
