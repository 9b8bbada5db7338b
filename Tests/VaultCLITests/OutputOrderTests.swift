import Foundation
import Testing
import VaultPresentation

@testable import VaultCLI

/// Everything a command prints goes through one writer, so a person who
/// sees stdout and stderr in one place (a terminal, `2>&1`) sees the lines
/// in the order they were produced.
@Suite("Output comes out in the order it was produced")
struct OutputOrderTests {
    /// The bytes `body` writes through streams whose stdout and stderr are one file.
    static func written(writingThrough: Bool, _ body: (StandardStreams) -> Void) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vault-streams-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        let streams = StandardStreams(out: fd, error: fd, writingThrough: writingThrough)
        body(streams)
        streams.flush()
        close(fd)
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("a line for stderr comes after the stdout lines written before it", arguments: [false, true])
    func stderrAfterEarlierStdout(writingThrough: Bool) throws {
        let text = try Self.written(writingThrough: writingThrough) { streams in
            streams.writeOut("one\n".utf8)
            streams.writeOut("two\n".utf8)
            streams.writeError("warning: three\n")
            streams.writeOut("four\n".utf8)
        }
        #expect(text == "one\ntwo\nwarning: three\nfour\n")
    }

    @Test("trace lines go through the same writer, in order, only when VAULT_TRACE is set to something")
    func traceLinesInOrder() throws {
        for (value, expected) in [("1", "one\ntrace: board: 3 ms\ntwo\n"), ("", "one\ntwo\n"), (nil, "one\ntwo\n")] {
            let text = try Self.written(writingThrough: false) { streams in
                let environment = value.map { ["VAULT_TRACE": $0] } ?? [:]
                let tracer = StderrTracer(environment: environment, streams: streams)
                streams.writeOut("one\n".utf8)
                tracer.trace("board: 3 ms")
                streams.writeOut("two\n".utf8)
            }
            #expect(text == expected, "VAULT_TRACE=\(value ?? "(unset)")")
        }
    }

    @Test("stdout is kept until flushed when not writing through, and nothing is lost past the buffer's size")
    func buffered() throws {
        let big = String(repeating: "x", count: StandardStreams.capacity + 10) + "\n"
        let text = try Self.written(writingThrough: false) { streams in
            streams.writeOut(big.utf8)
            streams.writeOut("end\n".utf8)
        }
        #expect(text == big + "end\n")
    }

    @Test("an error reported while rewriting notes sits between the lines printed before and after it (2>&1)")
    func errorBetweenLines() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        // A category on two lines: the one note the rename cannot rewrite.
        let walk = try vault.read("2026/11/walk.md")
        try vault.write("2026/11/walk.md", walk.replacingOccurrences(of: "category: Health", with: "category:\n  Health"))
        let result = try VaultSandbox.exec(
            "/bin/sh", ["-c", "\"$0\" category rename Health Wellness 2>&1", VaultSandbox.binary.path],
            environment: vault.environment(), in: vault.root)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                Rename Health to Wellness: 2 notes.
                  rewrote 2026/10/sleep.md
                error: 2026/11/walk.md: line 4: 'category' spans several lines; edit it by hand. The note was left unchanged.

                """)
    }
}
