/// The few inline HTML tags a note may use as Obsidian shows them: `<kbd>`,
/// `<sup>`, `<sub>`, `<u>`, `<mark>`, `<br>` and their like, written bare (no
/// attribute). Any other raw HTML, and these with an attribute, stays a
/// comment (docs/FORMAT.md, "How a note's body is shown").
public enum InlineHTMLTag {
    /// The bare tags shown, each as vault writes it back (lower case, from this table only).
    static let names: Set<String> = ["kbd", "sup", "sub", "u", "ins", "del", "s", "mark", "small", "b", "i", "em", "strong"]

    /// `<kbd>`, `</KBD>`, `<br>`, `<br/>` or `<br />` as the markup to write; nil for anything else.
    public static func allowed(_ literal: String) -> HTML? {
        var bytes = Substring(literal).utf8[...]
        guard bytes.count <= 12, bytes.first == UInt8(ascii: "<"), bytes.last == UInt8(ascii: ">") else { return nil }
        bytes = bytes.dropFirst().dropLast()
        let closing = bytes.first == UInt8(ascii: "/")
        if closing { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == UInt8(ascii: "/") || last == UInt8(ascii: " ") { bytes = bytes.dropLast() }
        guard !bytes.isEmpty, bytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
            return nil
        }
        let name = String(decoding: bytes, as: UTF8.self).lowercased()
        if name == "br" { return closing ? nil : "<br />" }
        guard names.contains(name) else { return nil }
        return HTML(trusted: closing ? "</\(name)>" : "<\(name)>")
    }
}
