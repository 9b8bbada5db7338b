import VaultCore
import VaultWiring

/// The command lines people and scripts type most, read by hand:
///
///     vault [status] [--json | --line [--format TEXT]]
///     vault search [-l] [-0|--null] [--json] [--limit N] WORDS…
///     vault lsp
///
/// each with `--vault DIR` and `--now MOMENT`. The argument parser reflects
/// over a command's properties and looks for a completion-script request
/// before it parses, which is a third of what `vault search -l` spends on a
/// small vault (benchmarks/STARTUP.md). Anything else, or anything unusual
/// here (help, a repeated or unknown option, a value that does not read),
/// gives nil and goes to the argument parser, so mistakes are worded as
/// ever. The options' names come from ``TypedOptions``, which the argument
/// parser's declarations use too; `QuickCommandLineTests` checks that both
/// readings agree. What it reads are the commands' plain requests
/// (``StatusRequest``, ``SearchRequest``), not the commands: making a command
/// makes its option wrappers, whose names cost 0.4 ms of the runtime's
/// conformance searches (benchmarks/STARTUP.md). `vault lsp` is typed by
/// no one but started by an editor with each workspace, and waited for.
enum QuickCommandLine {
    /// A command line read by hand.
    enum Command {
        case status(StatusRequest)
        case search(SearchRequest, SearchQuery)
        case languageServer(VaultChoice)

        func run() throws {
            switch self {
            case .status(let request): try request.run()
            case .search(let request, let query): try request.run(query)
            case .languageServer(let choice): try VaultCommand.LanguageServerCommand.serve(choice)
            }
        }
    }

    /// The command `arguments` name (after ``VaultCommand`` moved the global
    /// options and the search words), or nil.
    static func command(_ arguments: [String]) -> Command? {
        switch arguments.first {
        case nil: return status(arguments[...])
        case "status": return status(arguments.dropFirst())
        case "search": return search(arguments.dropFirst())
        case "lsp": return languageServer(arguments.dropFirst())
        case let first? where first.hasPrefix("--"): return status(arguments[...])
        default: return nil
        }
    }

    private static func status(_ arguments: ArraySlice<String>) -> Command? {
        var words = Words(arguments, options: TypedOptions.status)
        var global = VaultChoice()
        var json = false, line = false
        var format: String?
        while let word = words.next() {
            guard let given = words.options(word) else { return nil }
            for (option, value) in given {
                switch option {
                case TypedOptions.json: json = true
                case TypedOptions.line: line = true
                case TypedOptions.format: format = value
                default: guard global.take(option, value) else { return nil }
                }
            }
        }
        let request = StatusRequest(choice: global, json: json, line: line, format: format)
        // The same checks the argument parser makes; a failing one is worded by it.
        guard (try? request.validate()) != nil else { return nil }
        return .status(request)
    }

    private static func languageServer(_ arguments: ArraySlice<String>) -> Command? {
        var words = Words(arguments, options: TypedOptions.global)
        var global = VaultChoice()
        while let word = words.next() {
            guard !words.pastSeparator, let given = words.options(word) else { return nil }
            for (option, value) in given {
                guard global.take(option, value) else { return nil }
            }
        }
        return words.pastSeparator ? nil : .languageServer(global)
    }

    private static func search(_ arguments: ArraySlice<String>) -> Command? {
        var words = Words(arguments, options: TypedOptions.search)
        var global = VaultChoice()
        var pathsOnly = false, null = false, json = false
        var limit: Int?
        var query: [String] = []
        while let word = words.next() {
            if words.pastSeparator || !word.hasPrefix("-") {
                query.append(word)
                continue
            }
            guard let given = words.options(word) else { return nil }
            for (option, value) in given {
                switch option {
                case TypedOptions.pathsOnly: pathsOnly = true
                case TypedOptions.null: null = true
                case TypedOptions.json: json = true
                case TypedOptions.limit:
                    guard let value = value.flatMap({ Int($0) }) else { return nil }
                    limit = value
                default: guard global.take(option, value) else { return nil }
                }
            }
        }
        let request = SearchRequest(
            choice: global, query: query, pathsOnly: pathsOnly, null: null, json: json, limit: limit)
        // The same checks the argument parser makes; a failing one is worded by it.
        guard let parsed = try? request.validated() else { return nil }
        return .search(request, parsed)
    }

    /// The words of a command line and the options already seen.
    private struct Words {
        private var rest: ArraySlice<String>
        private let known: [OptionSpelling]
        private var seen: [OptionSpelling] = []
        /// After `--`: every word is a word, whatever it starts with.
        private(set) var pastSeparator = false

        init(_ arguments: ArraySlice<String>, options: [OptionSpelling]) {
            rest = arguments
            known = options
        }

        mutating func next() -> String? {
            guard let word = rest.popFirst() else { return nil }
            if word == "--", !pastSeparator {
                pastSeparator = true
                return next()
            }
            return word
        }

        /// The options `word` gives (several for `-l0`), each with its value
        /// (after a space or `=`); nil for a word that is no known option, an
        /// option given before (the argument parser decides what that means),
        /// or a value missing or looking like an option.
        mutating func options(_ word: String) -> [(OptionSpelling, String?)]? {
            var given: [(OptionSpelling, String?)] = []
            if let option = known.first(where: { $0.isSpelled(word) }) {
                given = [(option, option.takesValue ? value() : nil)]
                if option.takesValue, given[0].1 == nil { return nil }
            } else if let option = known.first(where: { $0.joinedValue(in: word) != nil }) {
                given = [(option, option.joinedValue(in: word).map(String.init))]
            } else if let flags = TypedOptions.joinedFlags(word, among: known) {
                given = flags.map { ($0, nil) }
            } else {
                return nil
            }
            for (option, _) in given {
                guard !seen.contains(option) else { return nil }
                seen.append(option)
            }
            return given
        }

        /// The value after an option; nil when there is none or it looks like an option.
        private mutating func value() -> String? {
            guard let value = rest.first, !value.hasPrefix("-") else { return nil }
            rest = rest.dropFirst()
            return value
        }
    }
}

extension VaultChoice {
    /// Sets `--vault` or `--now` to `value`; false for any other option.
    fileprivate mutating func take(_ option: OptionSpelling, _ value: String?) -> Bool {
        switch option {
        case TypedOptions.vault: vaultPath = value
        case TypedOptions.now: now = value
        default: return false
        }
        return true
    }
}
