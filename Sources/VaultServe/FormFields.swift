import Foundation

/// The fields of an `application/x-www-form-urlencoded` body or a query
/// string: `+` is a space, `%XX` a byte; a field given twice keeps its first value.
struct FormFields: Sendable, Equatable {
    private(set) var values: [String: String] = [:]

    init(_ values: [String: String] = [:]) { self.values = values }

    /// Reads `text` (`a=1&b=two+words`).
    init(encoded text: String) {
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            if values[name] == nil { values[name] = value }
        }
    }

    static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    subscript(_ name: String) -> String? { values[name] }

    /// The field as an integer, when it is one.
    func int(_ name: String) -> Int? { values[name].flatMap { Int($0) } }
}
