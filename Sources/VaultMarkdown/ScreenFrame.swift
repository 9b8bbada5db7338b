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

    /// The lines at the bottom, `columns` wide: the message (wrapped at spaces, at most
    /// ``maximumBottomLines``, never fewer than one) and the keys (``keyLines(columns:)``), so
    /// a narrow window still shows every key and the whole hint, at the body's expense.
    /// In a window too short for that and a body line, each is one line cut at the width, as before.
    func bottomLines(rows: Int, columns: Int) -> (message: [String], keys: [String]) {
        var message = message.isEmpty ? [""] : TextWrap.wrap(message, width: columns)
        if message.count > Self.maximumBottomLines {
            message = Array(message.prefix(Self.maximumBottomLines))
            message[message.count - 1] = TextWrap.truncate(message[message.count - 1] + " …", width: columns)
        }
        let keys = keyLines(columns: columns)
        guard shownHeader(rows: rows).count + 2 + message.count + keys.count > rows else { return (message, keys) }
        return ([TextWrap.truncate(self.message, width: columns)], [TextWrap.truncate(compactKeys ?? self.keys, width: columns)])
    }

    /// The most lines the message, and the keys, each take at the bottom.
    static let maximumBottomLines = 2

    /// The key line, or ``compactKeys`` when it fits and `keys` does not; when neither fits,
    /// the keys on two lines broken between keys (at ` · `), the second cut at the width.
    public func keyLines(columns: Int) -> [String] {
        if DisplayWidth.of(keys) <= columns { return [keys] }
        if let compactKeys, DisplayWidth.of(compactKeys) <= columns { return [compactKeys] }
        var lines = [""]
        for key in keys.components(separatedBy: " · ") {
            let joined = lines[lines.count - 1].isEmpty ? key : lines[lines.count - 1] + " · " + key
            if DisplayWidth.of(joined) <= columns || lines[lines.count - 1].isEmpty {
                lines[lines.count - 1] = joined
            } else if lines.count < Self.maximumBottomLines {
                lines.append(key)
            } else {
                lines[lines.count - 1] = joined
            }
        }
        return lines.map { TextWrap.truncate($0, width: columns) }
    }

    /// How many body lines fit below the header and rule, above the bottom lines.
    public func bodyRows(rows: Int, columns: Int) -> Int {
        bodyRows(rows: rows, bottom: bottomLines(rows: rows, columns: columns))
    }

    /// ``bodyRows(rows:columns:)`` with the bottom lines already laid out.
    func bodyRows(rows: Int, bottom: (message: [String], keys: [String])) -> Int {
        max(1, rows - shownHeader(rows: rows).count - 1 - bottom.message.count - bottom.keys.count)
    }

    /// The largest useful scroll offset: the last body line at the bottom.
    public func maxScroll(rows: Int, columns: Int) -> Int { max(0, body.count - bodyRows(rows: rows, columns: columns)) }

    /// The escape sequences that draw the frame on a `rows` × `columns`
    /// screen with the body scrolled by `scroll` lines (clamped).
    public func render(rows: Int, columns: Int, scroll: Int, style: ANSIStyle) -> String {
        guard Self.fits(rows: rows, columns: columns) else {
            return Self.tooSmall(rows: rows, columns: columns)
        }
        var lines: [String] = []
        for line in shownHeader(rows: rows) { lines.append(TextWrap.truncate(line, width: columns)) }
        lines.append(style.dim(String(repeating: "─", count: columns)))
        // Laid out once: the message is wrapped and the keys broken for this frame only.
        let bottom = bottomLines(rows: rows, columns: columns)
        let room = bodyRows(rows: rows, bottom: bottom)
        let lastScroll = max(0, body.count - room)
        let offset = min(max(0, scroll), lastScroll)
        let window = body.dropFirst(offset).prefix(room)
        for line in window { lines.append(TextWrap.truncate(line, width: columns)) }
        lines += Array(repeating: "", count: room - window.count)
        var status = bottom.message
        if body.count > room {
            let position =
                "\(offset + 1)–\(offset + window.count) of \(body.count) lines"
                + (offset < lastScroll ? " ↓" : "")
            let free = columns - DisplayWidth.of(status[status.count - 1]) - DisplayWidth.of(position)
            if free >= 2 { status[status.count - 1] += String(repeating: " ", count: free) + style.dim(position) }
        }
        lines += status
        lines += bottom.keys.map { style.dim($0) }
        return "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
    }

    /// What a screen too small to draw in shows.
    static func tooSmall(rows: Int, columns: Int) -> String {
        let text = "Make the window at least \(minimumColumns)×\(minimumRows) (it is \(columns)×\(rows)). q quits."
        let lines = TextWrap.wrap(text, width: max(1, columns)).prefix(max(1, rows))
        return "\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n")
    }
}
