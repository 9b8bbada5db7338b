import Foundation

/// The text and path of a note that `vault new` writes.
public struct NewNote: Equatable, Sendable {
    public var id: String
    public var created: Date
    public var title: String
    /// Body lines after the heading (may be empty).
    public var body: String
    public var category: String?
    public var tags: [String]
    public var source: String?
    public var sourceType: String?
    /// Whether the file opens its body with `# title`: not when the front
    /// matter a person wrote names the title (`title:`), which then rules.
    public var heading = true

    public init(
        id: String, created: Date, title: String, body: String = "", category: String? = nil, tags: [String] = [],
        source: String? = nil, sourceType: String? = nil
    ) {
        self.id = id
        self.created = created
        self.title = title
        self.body = body
        self.category = category
        self.tags = tags
        self.source = source
        self.sourceType = sourceType
    }

    /// Splits free text into a title (its first non-empty line, without a
    /// leading `#`) and the rest.
    public static func split(_ text: String) -> (title: String, body: String) {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map(String.init)
        while let first = lines.first, first.trimmingSpaces().isEmpty { lines.removeFirst() }
        guard let first = lines.first else { return ("", "") }
        var title = first.trimmingSpaces()
        while title.hasPrefix("#") { title.removeFirst() }
        let body = lines.dropFirst().joined(separator: "\n").trimmingSpaces()
        return (title.trimmingSpaces(), body)
    }

    /// The note file: front matter, `# title`, and the body. With
    /// `frontMatter` (the lines a person wrote in the editor's template),
    /// those lines follow `id` and `created` instead of the fields.
    /// A `created:` line among `frontMatter` (a piped note's own) stands in for the new one.
    public func render(in timeZone: TimeZone, frontMatter: [String]? = nil) -> String {
        var lines = ["---", "id: \(id)"]
        if !(frontMatter ?? []).contains(where: { Self.key(of: $0) == "created" }) {
            lines.append("created: \(VaultDate.isoString(created, in: timeZone))")
        }
        if let frontMatter {
            lines += frontMatter
        } else {
            lines += fieldLines
        }
        lines.append("---")
        if heading { lines += ["# \(title)", ""] }
        if !body.isEmpty { lines += [body, ""] }
        return lines.joined(separator: "\n")
    }

    /// `category: …`, `tags: […]`, `source: …`, `source_type: …` for the fields set.
    var fieldLines: [String] { fields.map(\.line) }

    /// The fields set, each with its front matter key and line.
    public var fields: [(key: String, line: String)] {
        var lines: [(String, String)] = []
        if let category { lines.append(("category", "category: \(YAMLText.scalar(category))")) }
        if !tags.isEmpty { lines.append(("tags", "tags: [\(tags.map(YAMLText.scalar).joined(separator: ", "))]")) }
        if let source { lines.append(("source", "source: \(YAMLText.scalar(source))")) }
        if let sourceType { lines.append(("source_type", "source_type: \(YAMLText.scalar(sourceType))")) }
        return lines
    }

    /// The key of a top-level front matter line (`category: Health` → `category`); nil for an indented line,
    /// a list item, a comment or a line without a colon.
    public static func key(of line: String) -> String? {
        guard let first = line.first, first != " ", first != "\t", first != "-", first != "#",
            let colon = line.firstIndex(of: ":")
        else { return nil }
        return line[..<colon].trimmingSpaces().lowercased()
    }

    /// Text piped into `vault new` (`printf … | vault new`, `vault new -`):
    /// the front matter lines when the text opens with `---` (every line as
    /// written, but an `id:` line: a new note gets an id of its own), the
    /// `id` left out, and the rest. Line ends are read as LF; a byte order mark is dropped.
    public static func fromText(_ text: String) -> (frontMatter: [String]?, droppedID: String?, rest: String) {
        var text = text.replacingOccurrences(of: "\r\n", with: "\n")
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first?.trimmingSpaces() == "---",
            let close = lines.dropFirst().firstIndex(where: { ["---", "..."].contains($0.trimmingSpaces()) })
        else { return (nil, nil, text) }
        var frontMatter: [String] = []
        var droppedID: String?
        for line in lines[1..<close] {
            if key(of: line) == "id" {
                droppedID = String(line[line.index(after: line.firstIndex(of: ":")!)...]).trimmingSpaces()
                continue
            }
            frontMatter.append(line)
        }
        lines.removeSubrange(0...close)
        return (frontMatter, droppedID, lines.joined(separator: "\n"))
    }

    /// The line under the template's title that explains it; removed from what the editor returns.
    public static let editorHint =
        "<!-- Write the title after the #, the note below it. Fill in the front matter or leave it empty; id and created are added for you. Save without a title to cancel. -->"

    /// What `vault new` opens in `$EDITOR`: front matter slots (category,
    /// tags, source, source type; filled from the flags given), a comment
    /// line naming the choices, the title line and a hint.
    public func editorTemplate(categories: [String], sourceTypes: [String]) -> String {
        var lines = ["---", "# category: \(categories.joined(separator: ", ")) · source_type: \(sourceTypes.joined(separator: ", "))"]
        lines.append("category: " + (category.map(YAMLText.scalar) ?? ""))
        lines.append("tags: [\(tags.map(YAMLText.scalar).joined(separator: ", "))]")
        lines.append("source: " + (source.map(YAMLText.scalar) ?? ""))
        lines.append("source_type: " + (sourceType.map(YAMLText.scalar) ?? ""))
        lines += ["---", "# " + title, "", Self.editorHint, ""]
        return lines.joined(separator: "\n")
    }

    /// What a person wrote in the editor's template: the front matter lines
    /// they filled in (empty slots and the template's comment line dropped),
    /// the title and the body. Text without front matter is all title and body.
    public static func fromEditor(_ text: String) -> (frontMatter: [String], title: String, body: String) {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        var frontMatter: [String] = []
        if lines.first?.trimmingSpaces() == "---", let close = lines.dropFirst().firstIndex(where: { $0.trimmingSpaces() == "---" }) {
            for line in lines[1..<close] {
                let trimmed = line.trimmingSpaces()
                if trimmed.isEmpty || (trimmed.hasPrefix("# category:") && trimmed.contains("source_type:")) { continue }
                if let colon = trimmed.firstIndex(of: ":"), !line.hasPrefix(" "), !trimmed.hasPrefix("#") {
                    let value = trimmed[trimmed.index(after: colon)...].trimmingSpaces()
                    if value.isEmpty || value == "[]" || value == "\"\"" || value == "''" { continue }
                }
                frontMatter.append(line)
            }
            lines.removeSubrange(0...close)
        }
        let rest = lines.joined(separator: "\n").replacingOccurrences(of: editorHint, with: "")
        let (title, body) = split(rest)
        return (frontMatter, title, body)
    }

    /// The vault-relative path from a pattern such as `{yyyy}/{mm}/{slug}.md`.
    public func path(pattern: String, in timeZone: TimeZone) -> String {
        let day = VaultDate.day(of: created, in: timeZone)
        var path = pattern
        path = path.replacingOccurrences(of: "{yyyy}", with: day.year.zeroPadded(4))
        path = path.replacingOccurrences(of: "{mm}", with: day.month.zeroPadded(2))
        path = path.replacingOccurrences(of: "{dd}", with: day.day.zeroPadded(2))
        path = path.replacingOccurrences(of: "{slug}", with: NotePath.slug(title))
        return path.hasSuffix(".md") ? path : path + ".md"
    }
}
