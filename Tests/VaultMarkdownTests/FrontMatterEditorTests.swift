import Foundation
import Testing

@testable import VaultMarkdown

private func edit(_ text: String, _ f: (Data) throws -> Data) rethrows -> String {
    String(decoding: try f(Data(text.utf8)), as: UTF8.self)
}

@Suite("Front matter editor")
struct FrontMatterEditorTests {
    @Test("setting a present key replaces only its line")
    func replace() throws {
        let text = "---\nid: 1\ncategory: Old  # comment kept? no, the whole line is the value\ntags: [a]\n---\nbody\n"
        let out = try edit(text) { try FrontMatterEditor.set("category", to: "New", in: $0) }
        #expect(out == "---\nid: 1\ncategory: New\ntags: [a]\n---\nbody\n")
    }

    @Test("a missing key is inserted first in the block")
    func insert() throws {
        let out = try edit("---\ntags: [a]\n---\nbody\n") { try FrontMatterEditor.set("id", to: "x", in: $0) }
        #expect(out == "---\nid: x\ntags: [a]\n---\nbody\n")
    }

    @Test("a note without front matter gets a block; a BOM stays first")
    func createBlock() throws {
        #expect(
            try edit("just text\n") { try FrontMatterEditor.set("id", to: "x", in: $0) }
                == "---\nid: x\n---\njust text\n")
        let bom = "\u{FEFF}text"
        #expect(try edit(bom) { try FrontMatterEditor.set("id", to: "x", in: $0) } == "\u{FEFF}---\nid: x\n---\ntext")
    }

    @Test("CRLF files get CRLF lines")
    func crlf() throws {
        let out = try edit("---\r\ncategory: A\r\n---\r\nbody\r\n") { try FrontMatterEditor.set("id", to: "x", in: $0) }
        #expect(out == "---\r\nid: x\r\ncategory: A\r\n---\r\nbody\r\n")
        let replaced = try edit("---\r\ncategory: A\r\n---\r\n") {
            try FrontMatterEditor.set("category", to: "B", in: $0)
        }
        #expect(replaced == "---\r\ncategory: B\r\n---\r\n")
    }

    @Test("removing a key removes only its line; an absent key changes nothing")
    func remove() throws {
        #expect(
            try edit("---\na: 1\ncategory: X\nb: 2\n---\n") { try FrontMatterEditor.remove("category", in: $0) }
                == "---\na: 1\nb: 2\n---\n")
        #expect(
            try edit("no front matter\n") { try FrontMatterEditor.remove("category", in: $0) } == "no front matter\n")
    }

    @Test("a key with a similar prefix is not touched")
    func prefixKeys() throws {
        let out = try edit("---\ncategory_note: keep\ncategory: A\n---\n") {
            try FrontMatterEditor.set("category", to: "B", in: $0)
        }
        #expect(out == "---\ncategory_note: keep\ncategory: B\n---\n")
    }

    @Test("multi-line values and unterminated blocks are refused, not mangled")
    func refusals() {
        #expect(throws: FrontMatterEditor.Failure.multiLineValue(key: "category", line: 2)) {
            try FrontMatterEditor.set("category", to: "B", in: Data("---\ncategory:\n  - A\n---\n".utf8))
        }
        #expect(throws: FrontMatterEditor.Failure.unterminatedFrontMatter) {
            try FrontMatterEditor.set("id", to: "x", in: Data("---\ncategory: A\n".utf8))
        }
    }

    @Test("invalid UTF-8 bytes in the body survive an edit")
    func binarySafe() throws {
        let bytes: [UInt8] = Array("---\na: 1\n---\n".utf8) + [0xFF, 0xFE, 0x0A]
        let out = try FrontMatterEditor.set("id", to: "x", in: Data(bytes))
        #expect(Array(out) == Array("---\nid: x\na: 1\n---\n".utf8) + [0xFF, 0xFE, 0x0A])
    }
}

@Suite("Terminal renderer")
struct TerminalRendererTests {
    func render(_ markdown: String, color: Bool = false) -> String {
        let bytes = Array(markdown.utf8)
        let doc = bytes.withUnsafeBufferPointer { CommonMark.document(of: $0) }
        return TerminalRenderer(style: ANSIStyle(enabled: color)).render(doc)
    }

    @Test("plain rendering keeps structure without markup")
    func plain() {
        let out = render(
            "# Title\n\nSome *emphasis* and **strong** and `code`.\n\n- one\n- two\n\n1. first\n\n> quoted\n\n```\nlet x = 1\n```\n\n[link](https://x.org)\n"
        )
        #expect(
            out == """
                Title

                Some emphasis and strong and code.

                • one
                • two

                1. first

                │ quoted

                    let x = 1

                link (https://x.org)

                """)
    }

    @Test("styled rendering uses escape codes for emphasis and headings")
    func styled() {
        let out = render("# T\n\n*e* **s**\n", color: true)
        #expect(out.contains("\u{1B}[1m"))
        #expect(out.contains("\u{1B}[3me\u{1B}[23m"))
    }

    @Test("nested lists indent under their item")
    func nestedLists() {
        #expect(render("- a\n  - b\n") == "• a\n  • b\n")
    }
}
