/// Text made safe inside HTML, SVG and XML: `&`, `<`, `>`, `"` and `'`
/// escaped, scalar by scalar (String's search compares Characters, and would
/// miss a `<` or `"` followed by a combining mark: `"\u{301}` is one
/// Character). The project's one escaper: the web pages, the static site,
/// the statistics report and its charts all write through it (`HTML`).
public enum XMLText {
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
