import Yams

/// YAML text as Yams' tree of nodes, the way vault reads it: every scalar
/// stays the string it was written as (vault reads numbers, dates and nulls
/// by hand), so neither Yams' default resolver (a dozen ICU regular
/// expressions compiled on first use) nor its default constructor (tables of
/// Swift types built on first use) is set up; a third of `vault status` on a
/// small vault went to them (benchmarks/STARTUP.md).
public enum YAMLTree {
    /// The first document of `text`, nil when there is none.
    /// - Throws: `YamlError` for text that is not YAML.
    public static func compose(_ text: String) throws -> Node? {
        try Yams.compose(yaml: text, .basic, Constructor([:], [:], [:]), .utf8)
    }
}
