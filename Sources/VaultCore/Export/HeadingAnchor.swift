/// The anchor of a heading on an exported page (`vault export html`), as
/// Obsidian Publish writes it in its URLs: the heading's text with each run
/// of white space as one `+` (`Link to a heading` → `Link+to+a+heading`).
///
/// The characters Obsidian does not allow in a link to a heading
/// (`# | ^ : % [ ]`) count as white space, so `[[Note#Part: one]]` and a
/// heading `Part: one` meet at `Part+one`. Case is kept; a heading
/// repeated on one page gets `-2`, `-3`… after its second occurrence.
public enum HeadingAnchor {
    /// The anchor of a heading text, or of a link's `#heading` part.
    public static func slug(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || "#|^:%[]".unicodeScalars.contains(scalar) {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out += "+" }
            pendingSpace = false
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// The anchors of a page's headings, in order, each one unique on the page.
    public static func unique(_ headings: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return headings.map { heading in
            let base = slug(heading)
            let count = (seen[base] ?? 0) + 1
            seen[base] = count
            return count == 1 ? base : "\(base)-\(count)"
        }
    }

    /// The anchor among `anchors` that a link's `#heading` part names: the
    /// same slug, else the same in another case; nil when none does.
    public static func find(_ heading: String, in anchors: [String]) -> String? {
        let wanted = slug(heading)
        if anchors.contains(wanted) { return wanted }
        let lower = wanted.lowercased()
        return anchors.first { $0.lowercased() == lower }
    }
}
