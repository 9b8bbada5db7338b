import VaultMarkdown
import VaultPresentation

/// A plain text table: columns padded to their widest cell (by display
/// width: escape codes count nothing, wide characters two), the last column
/// left ragged. Given a width (the terminal's), the free-text columns
/// (``flexible``: titles, paths, questions) are cut with "…" until the
/// table fits, the widest first; ids, dates and states stay whole. Columns
/// a narrow window can do without (``droppable``: a path beside a title)
/// are left out before a free-text column is cut below ``readableWidth``.
struct Table {
    var rows: [[String]] = []
    /// The columns of free text, which give their width first; empty: every column may be cut.
    var flexible: Set<Int> = []
    /// Columns left out, in this order, when the table would not fit with its
    /// free-text columns at ``readableWidth``.
    var droppable: [Int] = []

    /// The width below which a free-text column is cut only after every droppable column is left out.
    static let readableWidth = 20

    init(flexible: Set<Int> = [], droppable: [Int] = []) {
        self.flexible = flexible
        self.droppable = droppable
    }

    /// Adds a row; a line break in a cell (a file name, say) is shown as `\n`, so a row stays one line.
    mutating func add(_ cells: [String]) { rows.append(cells.map(TerminalText.oneLine)) }

    /// The widest cell of each column.
    var naturalWidths: [Int] {
        guard let columns = rows.map(\.count).max() else { return [] }
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], DisplayWidth.of(cell)) }
        }
        return widths
    }

    /// The table as lines; fitted to `width` when given, with `columnWidths`
    /// (from ``Table/sharedWidths(_:)``) when several tables must align.
    func render(width: Int? = nil, columnWidths: [Int]? = nil) -> String {
        guard !rows.isEmpty else { return "" }
        var widths = columnWidths ?? naturalWidths
        while widths.count < (rows.map(\.count).max() ?? 0) { widths.append(0) }
        let dropped = width.map { columnsToDrop(widths, to: $0) } ?? []
        if !dropped.isEmpty {
            let kept = widths.indices.filter { !dropped.contains($0) }
            var narrower = Table(flexible: Set(kept.indices.filter { flexible.contains(kept[$0]) }))
            narrower.rows = rows.map { row in kept.filter { $0 < row.count }.map { row[$0] } }
            return narrower.render(width: width, columnWidths: kept.map { widths[$0] })
        }
        if let width { widths = fitted(widths, cells: cellWidths(count: widths.count), to: width) }
        return rows.map { row in
            row.enumerated().map { i, cell in
                let cut = DisplayWidth.of(cell) > widths[i] ? TextWrap.truncate(cell, width: widths[i]) : cell
                return i == row.count - 1 ? cut : cut + String(repeating: " ", count: max(0, widths[i] - DisplayWidth.of(cut)))
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }

    /// The droppable columns to leave out so that the rest fits `width` with
    /// the free-text columns at no less than ``readableWidth`` (or their own
    /// width, when narrower): the fewest, in the order of ``droppable``.
    func columnsToDrop(_ natural: [Int], to width: Int) -> Set<Int> {
        var dropped: Set<Int> = []
        func needed() -> Int {
            let kept = natural.indices.filter { !dropped.contains($0) }
            let sum = kept.reduce(0) { $0 + (flexible.contains($1) ? min(natural[$1], Self.readableWidth) : natural[$1]) }
            return sum + 2 * max(0, kept.count - 1)
        }
        for column in droppable where column < natural.count && needed() > width { dropped.insert(column) }
        return dropped
    }

    /// The widest cell of each column below the first row (a header, in most tables).
    func cellWidths(count: Int) -> [Int] {
        var widths = Array(repeating: 0, count: count)
        for row in rows.count > 1 ? Array(rows.dropFirst()) : rows {
            for (i, cell) in row.enumerated() where i < count { widths[i] = max(widths[i], DisplayWidth.of(cell)) }
        }
        return widths
    }

    /// Column widths that fit `width` with two spaces between columns.
    /// The flexible columns give their width first, the widest first, down
    /// to 8; then a header wider than its column's cells is cut to them;
    /// then the flexible columns go on down to 4. Other columns keep their
    /// cells whole, so a table may still be wider than a very small window.
    /// With no flexible column, every column may be cut, down to 8.
    func fitted(_ natural: [Int], cells: [Int], to width: Int) -> [Int] {
        var widths = natural
        var excess = widths.reduce(0, +) + 2 * max(0, widths.count - 1) - width
        let text = flexible.isEmpty ? Array(widths.indices) : widths.indices.filter { flexible.contains($0) }
        func shrink(to floor: Int) {
            while excess > 0 {
                guard let widest = text.filter({ widths[$0] > floor }).max(by: { widths[$0] < widths[$1] }) else { return }
                let next = text.filter { widths[$0] < widths[widest] }.map { widths[$0] }.max() ?? floor
                let cut = max(1, min(excess, widths[widest] - max(floor, next)))
                widths[widest] -= cut
                excess -= cut
            }
        }
        shrink(to: 8)
        guard !flexible.isEmpty else { return widths }
        for i in widths.indices where excess > 0 && !flexible.contains(i) && i < cells.count && widths[i] > cells[i] {
            let cut = min(excess, widths[i] - max(cells[i], 3))
            widths[i] -= cut
            excess -= cut
        }
        shrink(to: 4)
        return widths
    }

    /// One set of column widths for tables printed one after another (groups), so their columns line up.
    static func sharedWidths(_ tables: [Table]) -> [Int] {
        var widths: [Int] = []
        for table in tables {
            for (i, w) in table.naturalWidths.enumerated() {
                if i < widths.count { widths[i] = max(widths[i], w) } else { widths.append(w) }
            }
        }
        return widths
    }
}

/// `text` cut to `limit` characters, with an ellipsis when cut.
func truncated(_ text: String, _ limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}

/// The first 8 characters of a note's id, enough to name it on the command line; dashes without one.
func shortID(_ id: String?) -> String {
    id.map { String($0.prefix(8)) } ?? "--------"
}
