import ArgumentParser

/// The command lines people and scripts type most, read by hand:
///
///     vault [status] [--json]
///     vault search [-l] [-0|--null] [--json] [--limit N] WORDS…
///
/// each with `--vault DIR` and `--now MOMENT`. The argument parser reflects
/// over a command's properties and looks for a completion-script request
/// before it parses, which is a third of what `vault search -l` spends on a
/// small vault (benchmarks/STARTUP.md). Anything else, or anything unusual
/// here (help, a repeated or unknown option, a value that does not read),
/// gives nil and goes to the argument parser, so mistakes are worded as
/// ever. `QuickCommandLineTests` checks that both readings agree.
enum QuickCommandLine {
    /// The command `arguments` name (after ``VaultCommand`` moved the global
    /// options and the search words), or nil.
    static func command(_ arguments: [String]) -> ParsableCommand? {
        switch arguments.first {
        case nil: return status(arguments[...])
        case "status": return status(arguments.dropFirst())
        case "search": return search(arguments.dropFirst())
        case let first? where first.hasPrefix("--"): return status(arguments[...])
        default: return nil
        }
    }

    private static func status(_ arguments: ArraySlice<String>) -> ParsableCommand? {
        var words = Words(arguments)
        var json = false
        while let word = words.next() {
            switch word {
            case "--json": guard words.once(word) else { return nil }; json = true
            default: guard words.global(word) else { return nil }
            }
        }
        var command = VaultCommand.Status()
        command.global = words.options()
        command.json = json
        return command
    }

    private static func search(_ arguments: ArraySlice<String>) -> ParsableCommand? {
        var words = Words(arguments)
        var pathsOnly = false, null = false, json = false
        var limit: Int?
        var query: [String] = []
        while let word = words.next() {
            if words.pastSeparator || !word.hasPrefix("-") {
                query.append(word)
                continue
            }
            switch word {
            case "-l": guard words.once(word) else { return nil }; pathsOnly = true
            case "-0", "--null": guard words.once("-0") else { return nil }; null = true
            case "-l0", "-0l":
                guard words.once("-l"), words.once("-0") else { return nil }
                pathsOnly = true
                null = true
            case "--json": guard words.once(word) else { return nil }; json = true
            case "--limit":
                guard words.once(word), let value = words.value().flatMap({ Int($0) }) else { return nil }
                limit = value
            case _ where word.hasPrefix("--limit="):
                guard words.once("--limit"), let value = Int(word.dropFirst("--limit=".count)) else { return nil }
                limit = value
            default: guard words.global(word) else { return nil }
            }
        }
        var command = VaultCommand.Search()
        command.global = words.options()
        command.query = query
        command.pathsOnly = pathsOnly
        command.null = null
        command.json = json
        command.limit = limit
        // The same checks the argument parser makes; a failing one is worded by it.
        guard (try? command.validate()) != nil else { return nil }
        return command
    }

    /// The words of a command line, the global options among them, and the
    /// options already seen.
    private struct Words {
        private var rest: ArraySlice<String>
        private var seen: Set<String> = []
        private var vault: String?
        private var now: String?
        /// After `--`: every word is a word, whatever it starts with.
        private(set) var pastSeparator = false

        init(_ arguments: ArraySlice<String>) { rest = arguments }

        mutating func next() -> String? {
            guard let word = rest.popFirst() else { return nil }
            if word == "--", !pastSeparator {
                pastSeparator = true
                return next()
            }
            return word
        }

        /// The value after an option; nil when there is none or it looks like an option.
        mutating func value() -> String? {
            guard let value = rest.first, !value.hasPrefix("-") else { return nil }
            rest = rest.dropFirst()
            return value
        }

        /// False when `option` was given before (the argument parser decides what that means).
        mutating func once(_ option: String) -> Bool { seen.insert(option).inserted }

        /// Reads `--vault` and `--now` (with their value after a space or `=`); false for anything else.
        mutating func global(_ word: String) -> Bool {
            for name in ["--vault", "--now"] {
                let text: String?
                if word == name {
                    text = value()
                } else if word.hasPrefix(name + "=") {
                    text = String(word.dropFirst(name.count + 1))
                } else {
                    continue
                }
                guard once(name), let text else { return false }
                if name == "--vault" { vault = text } else { now = text }
                return true
            }
            return false
        }

        func options() -> GlobalOptions {
            var options = GlobalOptions()
            options.vaultPath = vault
            options.now = now
            return options
        }
    }
}
