import ArgumentParser
import VaultWiring

/// One option as people type it: its short and long names and whether a
/// value follows it.
struct OptionSpelling: Equatable, Sendable {
    var short: Character? = nil
    var long: String? = nil
    /// True for an option (`--limit 5`), false for a flag (`-l`).
    var takesValue = false

    /// The names for ArgumentParser's `@Flag(name:)` and `@Option(name:)`.
    var name: NameSpecification {
        NameSpecification([short.map { .customShort($0) }, long.map { .customLong($0) }].compactMap { $0 })
    }

    /// The ways to write it: `-0`, `--null`.
    var spellings: [String] {
        [short.map { "-\($0)" }, long.map { "--\($0)" }].compactMap { $0 }
    }

    /// True when `word` is this option written alone (`-l`, `--null`).
    func isSpelled(_ word: String) -> Bool { spellings.contains(word) }

    /// The value of `--long=value` written in one word, else nil.
    func joinedValue(in word: String) -> Substring? {
        guard takesValue, let long, word.hasPrefix("--\(long)=") else { return nil }
        return word.dropFirst(long.count + 3)
    }
}

/// The options of the lines typed most, `vault [status]` and `vault search`,
/// declared once: the argument parser's declarations (``VaultCommand/Search``,
/// ``VaultCommand/Status``) take their names from here (`--vault` and `--now`
/// from ``GlobalOptions``, which every program that opens a vault parses),
/// and so do the hand reader (``QuickCommandLine``) and the rewrites of
/// ``VaultCommand/rewritten(_:)``. `QuickCommandLineTests` checks that the
/// argument parser knows exactly these options of both commands.
enum TypedOptions {
    static let vault = OptionSpelling(long: GlobalOptions.vaultName, takesValue: true)
    static let now = OptionSpelling(long: GlobalOptions.nowName, takesValue: true)
    static let json = OptionSpelling(long: "json")
    static let pathsOnly = OptionSpelling(short: "l")
    static let null = OptionSpelling(short: "0", long: "null")
    static let limit = OptionSpelling(long: "limit", takesValue: true)
    static let line = OptionSpelling(long: "line")
    static let format = OptionSpelling(long: "format", takesValue: true)
    /// The argument parser's own help flag, which every command has.
    static let help = OptionSpelling(short: "h", long: "help")

    /// The options every command that works on a vault takes (all of `vault lsp`'s).
    static let global = [vault, now]
    /// `vault status`'s.
    static let status = [json, line, format] + global
    /// `vault search`'s.
    static let search = [pathsOnly, null, json, limit] + global

    /// The flags `word` joins when it is several one-letter flags written
    /// as one (`-l0`), each of `options`; nil otherwise.
    static func joinedFlags(_ word: String, among options: [OptionSpelling]) -> [OptionSpelling]? {
        guard word.count > 2, word.hasPrefix("-"), !word.hasPrefix("--") else { return nil }
        var flags: [OptionSpelling] = []
        for letter in word.dropFirst() {
            guard let flag = options.first(where: { $0.short == letter && !$0.takesValue }) else { return nil }
            flags.append(flag)
        }
        return flags
    }
}
