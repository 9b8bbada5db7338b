/// One picture of a full-screen view: a pinned header, a rule as wide as the
/// screen, a body that scrolls, and two pinned lines at the bottom (a
/// message and the keys). Rendering it is pure: the same frame, size and
/// scroll give the same bytes, so the layout is tested without a terminal.
public struct ScreenFrame: Sendable {
    /// The smallest terminal the views are drawn in; below it they say so.
    public static let minimumColumns = 40
    public static let minimumRows = 10

    /// Lines pinned at the top (period, "3 of 20", title…), each cut to the width.
    public var header: [String]
    /// The body's lines, already wrapped to the width.
    public var body: [String]
    /// A line above the keys (answers, errors); may be empty.
    public var message: String
    /// The key line at the bottom.
    public var keys: String
    /// A shorter key line for narrow windows, used when `keys` does not fit.
    public var compactKeys: String?

    public init(header: [String], body: [String], message: String = "", keys: String, compactKeys: String? = nil) {
        self.header = header
        self.body = body
        self.message = message
        self.keys = keys
        self.compactKeys = compactKeys
    }

    /// Whether a terminal of `rows` × `columns` is big enough to draw in.
    public static func fits(rows: Int, columns: Int) -> Bool {
        rows >= minimumRows && columns >= minimumColumns
    }

    /// The header lines shown at `rows`: at most half the screen.
    func shownHeader(rows: Int) -> [String] { Array(header.prefix(max(1, rows / 2))) }

    /// How many body lines fit below the header and rule, above the two bottom lines.
    public func bodyRows(rows: Int) -> Int { max(1, rows - shownHeader(rows: rows).count - 3) }

    /// The largest useful scroll offset: the last body line at the bottom.
    public func maxScroll(rows: Int) -> Int { max(0, body.count - bodyRows(rows: rows)) }

    /// The escape sequences that draw the frame on a `rows` × `columns`
    /// screen with the body scrolled by `scroll` lines (clamped).
    public func render(rows: Int, columns: Int, scroll: Int, style: ANSIStyle) -> String {
        guard Self.fits(rows: rows, columns: columns) else {
            return Self.tooSmall(rows: rows, columns: columns)
        }
        var lines: [String] = []
        for line in shownHeader(rows: rows) { lines.append(TextWrap.truncate(line, width: columns)) }
        lines.append(style.dim(String(repeating: "─", count: columns)))
        let room = bodyRows(rows: rows)
        let offset = min(max(0, scroll), maxScroll(rows: rows))
        let window = body.dropFirst(offset).prefix(room)
        for line in window { lines.append(TextWrap.truncate(line, width: columns)) }
        lines += Array(repeating: "", count: room - window.count)
        var status = TextWrap.truncate(message, width: columns)
        if body.count > room {
            let position =
                "\(offset + 1)–\(offset + window.count) of \(body.count) lines"
                + (offset < maxScroll(rows: rows) ? " ↓" : "")
            let free = columns - DisplayWidth.of(status) - DisplayWidth.of(position)
            if free >= 2 { status += String(repeating: " ", count: free) + style.dim(position) }
        }
        lines.append(status)
        let keyLine = DisplayWidth.of(keys) > columns ? compactKeys ?? keys : keys
        lines.append(style.dim(TextWrap.truncate(keyLine, width: columns)))
        return "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
    }

    /// What a screen too small to draw in shows.
    static func tooSmall(rows: Int, columns: Int) -> String {
        let text = "Make the window at least \(minimumColumns)×\(minimumRows) (it is \(columns)×\(rows)). q quits."
        let lines = TextWrap.wrap(text, width: max(1, columns)).prefix(max(1, rows))
        return "\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n")
    }
}
