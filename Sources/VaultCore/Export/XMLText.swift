/// Text made safe inside HTML, SVG and XML: `&`, `<`, `>`, `"` and `'`
/// escaped, byte by byte (String's search compares Characters, and would
/// miss a `<` or `"` followed by a combining mark: `"\u{301}` is one
/// Character). The project's one escaper: the web pages, the static site,
/// the statistics report and its charts all write through it (`HTML`).
public enum XMLText {
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        // By UTF-8 bytes: the five are ASCII, and no byte of a longer scalar is ASCII.
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x26: out.append(contentsOf: "&amp;".utf8)
            case 0x3C: out.append(contentsOf: "&lt;".utf8)
            case 0x3E: out.append(contentsOf: "&gt;".utf8)
            case 0x22: out.append(contentsOf: "&quot;".utf8)
            case 0x27: out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
