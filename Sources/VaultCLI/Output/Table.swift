/// A plain text table: columns padded to their widest cell (counting
/// characters, not escape codes), the last column left ragged.
struct Table {
    var rows: [[String]] = []

    mutating func add(_ cells: [String]) { rows.append(cells) }

    func render() -> String {
        guard let columns = rows.map(\.count).max() else { return "" }
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], visibleWidth(cell)) }
        }
        return rows.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - visibleWidth(cell))
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }

    /// Characters a terminal shows: escape sequences do not count.
    func visibleWidth(_ text: String) -> Int {
        var width = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }
}

/// `text` cut to `limit` characters, with an ellipsis when cut.
func truncated(_ text: String, _ limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
}

/// "1 note", "2 notes".
func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}

/// `count` with thousands separated by commas: 2,310.
func grouped(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return count < 0 ? "-" + out : out
}

/// The first 8 characters of a note's id, enough to name it on the command line; dashes without one.
func shortID(_ id: String?) -> String {
    id.map { String($0.prefix(8)) } ?? "--------"
}
