/// A problem found in a vault file, with the place a person should look.
///
/// Diagnostics are values, not thrown errors: parsing a note with malformed
/// front matter still yields the note (its body stays readable) plus a
/// diagnostic that `vault check` reports.
public struct Diagnostic: Hashable, Sendable, Codable {
    /// How much a diagnostic matters.
    public enum Severity: String, Sendable, Codable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    /// A stable, greppable name for the kind of problem, e.g. `front-matter`.
    public var code: String
    public var severity: Severity
    /// The vault-relative path of the file.
    public var path: String
    /// The 1-based line, when the problem has one.
    public var line: Int?
    /// The 1-based column on that line (in characters), when the problem is at one place of it.
    public var column: Int?
    /// A full sentence saying what is wrong and, where possible, the fix.
    public var message: String

    public init(code: String, severity: Severity, path: String, line: Int?, column: Int? = nil, message: String) {
        self.code = code
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column`, `path:line` or `path`: the place, as compilers write it so editors can jump to it.
    public var place: String {
        guard let line else { return path }
        return column.map { "\(path):\(line):\($0)" } ?? "\(path):\(line)"
    }

    /// `path:line:column: severity: message`, the form compilers use, so editors can jump to it.
    public var formatted: String {
        "\(place): \(severity.rawValue): \(message)"
    }
}
