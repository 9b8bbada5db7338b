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
    /// A full sentence saying what is wrong and, where possible, the fix.
    public var message: String

    public init(code: String, severity: Severity, path: String, line: Int?, message: String) {
        self.code = code
        self.severity = severity
        self.path = path
        self.line = line
        self.message = message
    }

    /// `path:line: severity: message`, the form compilers use, so editors can jump to it.
    public var formatted: String {
        let place = line.map { "\(path):\($0)" } ?? path
        return "\(place): \(severity.rawValue): \(message)"
    }
}
