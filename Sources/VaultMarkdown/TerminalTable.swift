/// A GFM table drawn for a terminal with box lines: each column as wide as
/// its widest cell, or, when the table would pass the width, the widest
/// columns narrowed until it fits (their cells wrapped at spaces, a word too
/// long cut); the header bold, cells aligned as the delimiter row says.
struct TerminalTable {
    let style: ANSIStyle
    let renderer: TerminalRenderer

    /// The narrowest a column is made.
    static let minimumColumn = 3

    func draw(_ table: MarkdownNode, width: Int?) -> String {
        let rows = table.children.map { row in row.children.map { renderer.inline($0.children) } }
        guard let first = table.children.first, !first.children.isEmpty else { return "" }
        let alignments = first.children.map(\.literal)
        let columns = alignments.count
        var widths = Array(repeating: 1, count: columns)
        for row in rows {
            for (c, cell) in row.enumerated() where c < columns {
                for line in cell.split(separator: "\n", omittingEmptySubsequences: false) {
                    widths[c] = max(widths[c], DisplayWidth.of(line))
                }
            }
        }
        // Borders and padding: "│ " before each column, " │" after the last, " │ " between.
        let frame = 3 * columns + 1
        if let width {
            while widths.reduce(0, +) + frame > width {
                guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > Self.minimumColumn
                else { break }
                widths[widest] -= 1
            }
        }
        func rule(_ left: String, _ middle: String, _ right: String) -> String {
            style.dim(left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right)
        }
        var out: [String] = [rule("┌", "┬", "┐")]
        for (r, row) in rows.enumerated() {
            let cells = (0..<columns).map { c -> [String] in
                let text = c < row.count ? row[c] : ""
                return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
                    TextWrap.wrap(String($0), width: widths[c]).map { TextWrap.truncate($0, width: widths[c]) }
                }
            }
            let height = max(1, cells.map(\.count).max() ?? 1)
            for line in 0..<height {
                var parts: [String] = []
                for c in 0..<columns {
                    let text = line < cells[c].count ? cells[c][line] : ""
                    let padded = pad(text, to: widths[c], alignment: alignments[c])
                    parts.append(r == 0 ? style.bold(padded) : padded)
                }
                out.append(style.dim("│ ") + parts.joined(separator: style.dim(" │ ")) + style.dim(" │"))
            }
            if r == 0, rows.count > 1 { out.append(rule("├", "┼", "┤")) }
        }
        out.append(rule("└", "┴", "┘"))
        return out.joined(separator: "\n")
    }

    func pad(_ text: String, to width: Int, alignment: String) -> String {
        let room = max(0, width - DisplayWidth.of(text))
        switch alignment {
        case "right": return String(repeating: " ", count: room) + text
        case "center": return String(repeating: " ", count: room / 2) + text + String(repeating: " ", count: room - room / 2)
        default: return text + String(repeating: " ", count: room)
        }
    }
}
