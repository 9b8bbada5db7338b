/// Warnings for front matter values `vault` would otherwise drop in
/// silence: a known key holding the wrong shape (a list where one line of
/// text belongs, a map where a list of names belongs), and a key written
/// twice. Each names the line, and says what `vault` does instead.
public enum FrontMatterChecks {
    /// Keys that hold one line of text.
    static let scalarKeys = ["title", "source", "category", "source_type", "id", "created"]
    /// Keys that hold a list of names (or one name, or names separated by commas).
    static let listKeys = ["tags", "aliases"]

    public static func warnings(_ frontMatter: FrontMatter, path: String) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var firstLine: [String: Int] = [:]
        for entry in frontMatter.entries {
            if let first = firstLine[entry.key] {
                found.append(
                    Diagnostic(
                        code: "front-matter-duplicate", severity: .warning, path: path, line: entry.line,
                        message:
                            "'\(entry.key.elided(to: 80))' is written twice (lines \(first) and \(entry.line)); the first is used. Remove one."
                    ))
                continue
            }
            firstLine[entry.key] = entry.line
            switch entry.value {
            case .list where scalarKeys.contains(entry.key), .other where scalarKeys.contains(entry.key):
                found.append(
                    Diagnostic(
                        code: "front-matter-type", severity: .warning, path: path, line: entry.line,
                        message:
                            "'\(entry.key)' should be one line of text, not \(shape(entry.value)); it is ignored. Write it as \(entry.key): text."
                    ))
            case .other where listKeys.contains(entry.key):
                found.append(
                    Diagnostic(
                        code: "front-matter-type", severity: .warning, path: path, line: entry.line,
                        message:
                            "'\(entry.key)' should be a list of names, like \(entry.key): [a, b]; this value holds \(shape(entry.value)), so it is ignored."
                    ))
            default:
                break
            }
        }
        return found
    }

    static func shape(_ value: FrontMatterValue) -> String {
        switch value {
        case .list: return "a list"
        case .other: return "a nested map or list"
        case .scalar, .null: return "text"
        }
    }
}
