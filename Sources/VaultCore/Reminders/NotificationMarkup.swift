/// A notification body as notify-send's servers read it: a small subset of
/// HTML markup (`<b>`, `<i>`, `<a href>`, `<img>`), so note text goes in
/// with `&`, `<` and `>` escaped and shows as typed, never as a link or a
/// picture; control characters other than a line break or a tab are left out.
public enum NotificationMarkup {
    /// `text` as a body that shows literally.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\n", "\t": out.unicodeScalars.append(c)
            default:
                if c.value < 0x20 || (0x7F...0x9F).contains(c.value) { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
