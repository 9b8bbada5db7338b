import Foundation
import Testing

@testable import VaultCore

@Suite("Links as written, with their places")
struct LinkScannerTests {
    private func targets(_ text: String) -> [String] { LinkScanner.links(in: text).map(\.target) }

    @Test("wiki links, embeds, aliases, heading and block links")
    func wikiForms() {
        let links = LinkScanner.links(
            in: "See [[Note A|the note]], ![[Pic note]] and [[Note B#Part two]] or [[C#^block1]].")
        #expect(links.map(\.target) == ["Note A", "Pic note", "Note B", "C"])
        #expect(links.map(\.kind) == [.wiki, .embed, .wiki, .wiki])
        #expect(links.map(\.alias) == ["the note", nil, nil, nil])
        #expect(links.map(\.heading) == [nil, nil, "Part two", "^block1"])
        #expect(links.map(\.start) == [4, 25, 43, 66])
        #expect(links.map(\.end) == [23, 38, 62, 79])
        #expect(links.map(\.column) == [5, 26, 44, 67])
        // The target as written: what a rename replaces.
        #expect(links.map(\.targetStart) == [6, 28, 45, 68])
        #expect(links.map(\.targetEnd) == [12, 36, 51, 69])
        #expect(targets("[[[x]]] and [[ spaced ]]") == ["x", "spaced"])
    }

    @Test("a table row's \\| ends the name and starts the alias")
    func tableAlias() {
        let links = LinkScanner.links(in: "| [[Callouts\\|مربعات التنبيه]] | [[Other#Head\\|x]] |")
        #expect(links.map(\.target) == ["Callouts", "Other"])
        #expect(links.map(\.heading) == [nil, "Head"])
        #expect(links.map(\.alias) == ["مربعات التنبيه", "x"])
        #expect(links[0].targetEnd - links[0].targetStart == "Callouts".utf16.count)
    }

    @Test("escaped brackets, code spans, code blocks and comments hold no links")
    func noLinks() {
        let text = """
            \\[\\[Three laws of motion\\]\\]
            `[[In code]]` and ``[[Double `tick` code]]``
            ```
            [[Fenced]]
            ```
            ~~~~md
            [[Tilde fenced]]
            ```
            still [[fenced]]
            ~~~~
            %%[[Hidden]] comment
            over [[lines]]%% but [[Shown one]]
            <!-- [[HTML comment]]
            [[still comment]] --> then [[Shown two]]

                [[Indented code]]

            > ```
            > [[Quoted fence]]
            > ```
            [[Shown three]] %%[[x]]%% [[Shown four]]
            """
        #expect(targets(text) == ["Shown one", "Shown two", "Shown three", "Shown four"])
    }

    @Test("an indented line inside a list is the item's text, not code")
    func listIndent() {
        let text = "- item\n\n    [[Under the item]]\n\nText\n\n    [[Code now]]\n"
        #expect(targets(text) == ["Under the item"])
    }

    @Test("Markdown links to notes: relative paths, <…>, percent-encoding, headings; URLs and images are not")
    func markdownLinks() {
        let text =
            "[a](../Folder/Note%20One.md) [b](<My Note.md#Some part>) [c](https://x.org/a.md) ![p](pic.png) [d](other.pdf) [e](Plain.md \"title\") [f](#Local)"
        let links = LinkScanner.links(in: text)
        #expect(links.map(\.target) == ["../Folder/Note One.md", "My Note.md", "Plain.md", ""])
        #expect(links.map(\.kind) == [.markdown, .markdown, .markdown, .markdown])
        #expect(links.map(\.heading) == [nil, "Some part", nil, "Local"])
        #expect(links.map(\.isAngleBracketed) == [false, true, false, false])
        #expect(links.map(\.alias) == ["a", "b", "e", "f"])
        // The destination's path as written, without `<`, `#…`.
        let b = links[1]
        let units = Array(text.utf16)
        #expect(String(decoding: units[b.targetStart..<b.targetEnd], as: UTF16.self) == "My Note.md")
        let a = links[0]
        #expect(String(decoding: units[a.targetStart..<a.targetEnd], as: UTF16.self) == "../Folder/Note%20One.md")
    }

    @Test("lines are counted from 0 over the whole text; the front matter is skipped")
    func linesAndFrontMatter() {
        let text = "---\nrelated: \"[[In front matter]]\"\n---\n# Title\r\n\r\nA [[First]]\nB 🙂 [[Second]]\n"
        let body = LinkScanner.bodyLine(of: text)
        #expect(body == 3)
        let links = LinkScanner.links(in: text, bodyLine: body)
        #expect(links.map(\.target) == ["First", "Second"])
        #expect(links.map(\.line) == [5, 6])
        // 🙂 is two UTF-16 units and one character.
        #expect(links.map(\.start) == [2, 5])
        #expect(links.map(\.column) == [3, 5])
        #expect(LinkScanner.bodyLine(of: "# No front matter\n---\n") == 0)
    }

    @Test("a note with CRLF line endings has its front matter skipped too (a BOM and trailing blanks allowed)")
    func frontMatterWithCRLF() {
        let text = "---\r\nrelated: \"[[In front matter]]\"\r\n--- \r\n# Title\r\n\r\nA [[First]]\r\n"
        let body = LinkScanner.bodyLine(of: text)
        #expect(body == 3)
        let links = LinkScanner.links(in: text, bodyLine: body)
        #expect(links.map(\.target) == ["First"])
        #expect(links.map(\.line) == [5])
        #expect(LinkScanner.bodyLine(of: "\u{FEFF}---\r\na: 1\r\n...\r\nBody") == 3)
        #expect(LinkScanner.bodyLine(of: "---\r\na: 1\r\nno end") == 0)
        #expect(LinkScanner.bodyLine(of: "") == 0)
        #expect(LinkScanner.bodyLine(of: "---") == 0)
    }

    @Test("no closing mark makes nothing a link, and long runs of openers stay linear")
    func unclosed() {
        #expect(targets("[[never closed and [[closed]]") == ["closed"])
        #expect(targets("[[a\n]]") == [])
        #expect(targets("[not a link](no-close.md") == [])
        let hostile =
            String(repeating: "[", count: 50_000) + String(repeating: "`", count: 50_000)
            + String(repeating: "[x](", count: 20_000)
        #expect(targets(hostile) == [])
    }

    @Test("the bytes passed over before the inline scan's switch are exactly those it does nothing with")
    func passedOver() {
        let acted = Set("\\`%<![".utf8)
        for b in UInt8.min...UInt8.max {
            #expect(LinkScanner.Scanner.mayStart(b) == acted.contains(b), "byte \(b)")
        }
        // Each of them, anywhere in a line and at its end, still does its work.
        let marks = "plain words, then [[A]] and `[[not]]` and \\[[B]] and %%[[C]]%% <!-- [[D]] --> ![[E]]!"
        #expect(targets(marks) == ["A", "E"])
        #expect(targets("ends with a mark [") == [] && targets("x\n[[F]]\r\n[[G]]") == ["F", "G"])
    }

    @Test("the eight-byte pass stops at or before the first byte the scan acts on, on every line of random bytes")
    func passOverWords() {
        var random = SplitMix64(seed: 470)
        let alphabet = Array("ab Z09,.\u{7F}\u{80}\u{FF}".utf8) + Array("[\\`%<!".utf8)
        for _ in 0..<2_000 {
            let count = Int(random.next() % 40)
            let bytes = (0..<count).map { _ in
                random.next() % 4 == 0
                    ? alphabet[Int(random.next() % UInt64(alphabet.count))] : UInt8(random.next() % 256)
            }
            bytes.withUnsafeBufferPointer { buffer in
                let scanner = LinkScanner.Scanner(bytes: buffer)
                let start = count == 0 ? 0 : Int(random.next() % UInt64(count))
                let first = (start..<count).first { LinkScanner.Scanner.mayStart(buffer[$0]) } ?? count
                let stop = scanner.passOver(from: start, to: count)
                // At the first, or in the eight bytes before it, or in the last few (left to the byte loop).
                let near = stop == first || count - stop < 8 || first - stop < 8
                #expect(stop <= first && near, "\(bytes) from \(start)")
            }
        }
    }
}
