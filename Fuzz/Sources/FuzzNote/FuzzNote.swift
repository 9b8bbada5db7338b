import Foundation
import VaultCore
import VaultMarkdown

/// The whole note pipeline on arbitrary bytes: front matter (YAML with its
/// limits), libcmark and the tree copy, tags, links, cards, the terminal
/// renderer with wrapping, HTML, and the text layout of the screens.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNote(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let data = Data(bytes)
    let note = NoteParser.parse(bytes, path: "fuzz.md", timeZone: TimeZone(identifier: "UTC")!)
    _ = FrontMatterChecks.warnings(note.frontMatter, path: note.path)
    _ = CardExtractor.cards(in: data, notePath: "fuzz.md", noteID: note.id)
    let body = NoteParser.body(of: data)
    body.withUnsafeBytes { raw in
        let buffer = raw.bindMemory(to: UInt8.self)
        let document = CommonMark.document(of: buffer)
        let text = TerminalRenderer(style: ANSIStyle(depth: .extended), width: 40).render(document, droppingTitle: note.title)
        _ = TextWrap.wrap(text, width: 17)
        _ = CommonMark.html(of: buffer)
    }
    _ = WikiLinkText.rewrite(String(decoding: body, as: UTF8.self)) { $0.isEmpty ? nil : $0 + ".html" }
    return 0
}
