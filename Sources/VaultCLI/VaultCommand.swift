import ArgumentParser
import Foundation
import VaultCore
import VaultPresentation

/// The `vault` command: a plain-text study and notes toolchain.
public struct VaultCommand: ParsableCommand {
    /// What `vault --version` prints; answered without building ``configuration``.
    static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        commandName: "vault",
        abstract: "A plain-text study and notes toolchain for a folder of Markdown notes.",
        discussion: """
            Global options (every command takes them, before or after its name):
              --vault DIR    the vault (default: $VAULT_DIR, or the nearest .vault/)
              --now MOMENT   act as if at MOMENT (default: $VAULT_NOW, or the clock)

            Environment: NO_COLOR turns colours off; EDITOR is used by new, edit and review; \
            VAULT_NO_WATCHER=1 keeps big vaults from starting a background watcher.

            Examples:
              vault                          # what to review and study now
              vault review weekly            # this week's review, full screen
              vault search sleep tag:health  # ranked search
              vault help study               # one command's help
            """,
        version: version,
        subcommands: [
            Init.self, New.self, Show.self, Edit.self, Remove.self, Restore.self, List.self, Check.self, CategoryCommand.self,
            SourceTypeCommand.self, Review.self, Status.self, History.self, Sync.self, Cards.self, Study.self,
            Search.self, Index.self, BaselineCommand.self, Tags.self, Links.self, SessionCommand.self,
            SubjectCommand.self, GoalCommand.self, Stats.self, Remind.self, CalendarCommand.self, ExportCommand.self,
            ImportCommand.self, LociCommand.self, FSRSCommand.self, Serve.self, LanguageServerCommand.self,
            BackupCommand.self,
        ],
        defaultSubcommand: Status.self
    )

    public init() {}

    /// Parses the process arguments, runs the command, and exits: `error: …`
    /// on stderr and status 1 for failures of the vault's own, the
    /// argument parser's messages and exit codes for usage mistakes.
    public static func runAndExit() -> Never {
        // `vault --version` (or `-v`) answers before the argument parser builds
        // its view of 30 commands: scripts and shell prompts call it often.
        if CommandLine.arguments.count == 2, ["--version", "-v"].contains(CommandLine.arguments[1]) {
            StandardStreams.process.writeOut((version + "\n").utf8)
            finish(0)
        }
        do {
            var arguments = rewritten(Array(CommandLine.arguments.dropFirst()))
            // `-v` before any command is `--version` (no command has a `-v`).
            if arguments.first == "-v" { arguments[0] = "--version" }
            if let command = QuickCommandLine.command(arguments) {
                try command.run()
                finish(0)
            }
            if let unknown = unknownCommand(arguments) {
                Output.standard.error(message: unknown)
                finish(ExitCode.validationFailure.rawValue)
            }
            var command = try parseAsRoot(arguments)
            try command.run()
            finish(0)
        } catch let error as CLIError where error == .silentFailure {
            finish(1)
        } catch {
            // Help, --version and usage mistakes keep the argument parser's
            // words and exit codes (0, 64); every other failure is a sentence
            // of ours after `error:`, with status 1.
            if exitCode(for: error) == .failure, !(error is ExitCode) {
                Output.standard.error(error)
                finish(1)
            }
            let code = exitCode(for: error)
            if code != .success {
                // A usage mistake: the argument parser's words, begun with
                // `error:` as every other failure of vault's is.
                StandardStreams.process.writeError(usageMessage(for: error) + "\n")
                finish(code.rawValue)
            }
            // The argument parser prints its own words (help) after ours.
            StandardStreams.process.flush()
            exit(withError: error)
        }
    }

    /// The argument parser's message for a usage mistake, its `Error:` written
    /// `error:` as vault's own errors are.
    static func usageMessage(for error: Error) -> String {
        lowercasingErrorPrefix(fullMessage(for: error))
    }

    /// `text` with a leading `Error: ` written `error: `.
    static func lowercasingErrorPrefix(_ text: String) -> String {
        text.hasPrefix("Error: ") ? "error: " + text.dropFirst("Error: ".count) : text
    }

    /// Writes out what is left to print and exits with `status`.
    private static func finish(_ status: Int32) -> Never {
        StandardStreams.process.flush()
        Foundation.exit(status)
    }

    /// The command line as the argument parser can read it (the three
    /// rewrites below).
    static func rewritten(_ arguments: [String]) -> [String] {
        queryWordsAfterSeparator(valuingBareHTML(valuingBareBaseline(hoistingGlobalOptions(arguments))))
    }

    /// The names of the subcommands.
    static var commandNames: [String] {
        configuration.subcommands.map { $0._commandName }
    }

    /// "unknown command 'stauts'; did you mean 'status'?" for a first word
    /// that names no command (the default command, status, takes no words,
    /// so the argument parser would only say "unexpected argument"); the
    /// same for `vault help NOSUCH`. Nil when the arguments name a command.
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard var word = arguments.first, !word.hasPrefix("-") else { return nil }
        let names = commandNames
        if word == "help" {
            guard arguments.count > 1, !arguments[1].hasPrefix("-") else { return nil }
            word = arguments[1]
        }
        guard !names.contains(word) else { return nil }
        let close = names.map { (name: $0, distance: editDistance(word, $0)) }
            .filter { $0.distance <= max(1, min(2, word.count / 3)) || ($0.name.hasPrefix(word) && word.count >= 2) }
            // Ties go to the name of the same length (a swap of letters), then alphabetically.
            .sorted {
                ($0.distance, abs($0.name.count - word.count), $0.name) < ($1.distance, abs($1.name.count - word.count), $1.name)
            }
        if let best = close.first { return "unknown command '\(word)'; did you mean '\(best.name)'?" }
        return "unknown command '\(word)'; `vault --help` lists the commands."
    }

    /// The Levenshtein distance of `a` and `b` (a swap of two letters counts one, as typos go).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(64)), b = Array(b.prefix(64))
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    /// `vault search habit -sleep`: `-sleep` is query syntax (leave notes
    /// out), not an option. The argument parser would take any `-word` for an
    /// option, so the query words of a search go after a `--`, its options before.
    static func queryWordsAfterSeparator(_ arguments: [String]) -> [String] {
        guard arguments.first == "search", !arguments.contains("--") else { return arguments }
        // (Arrays: a Set's first use costs more than these few comparisons.)
        let known = TypedOptions.search + [TypedOptions.help]
        var options: [String] = []
        var words: [String] = []
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            if let option = known.first(where: { $0.isSpelled(argument) }) {
                options.append(argument)
                if option.takesValue, let value = rest.popFirst() { options.append(value) }
            } else if known.contains(where: { $0.joinedValue(in: argument) != nil })
                || TypedOptions.joinedFlags(argument, among: known) != nil
            {
                options.append(argument)
            } else {
                words.append(argument)
            }
        }
        return ["search"] + options + (words.isEmpty ? [] : ["--"] + words)
    }

    /// `vault init --baseline` takes an optional date, which the argument
    /// parser cannot express: a `--baseline` not followed by a date gets
    /// ``Init/today``.
    static func valuingBareBaseline(_ arguments: [String]) -> [String] {
        guard arguments.first == "init", let i = arguments.firstIndex(of: "--baseline") else { return arguments }
        let next = arguments.index(after: i)
        if next < arguments.endIndex, BaselineEvent.day(arguments[next]) != nil { return arguments }
        var result = arguments
        result.insert(Init.today, at: next)
        return result
    }

    /// `vault stats --html` takes an optional file name, which the argument
    /// parser cannot express: an `--html` last on the line or followed by
    /// another option writes ``Stats/defaultHTMLFile`` in the current folder.
    static func valuingBareHTML(_ arguments: [String]) -> [String] {
        guard arguments.first == "stats", let i = arguments.firstIndex(of: "--html") else { return arguments }
        let next = arguments.index(after: i)
        if next < arguments.endIndex, !arguments[next].hasPrefix("-") || arguments[next] == "-" { return arguments }
        var result = arguments
        result.insert(Stats.defaultHTMLFile, at: next)
        return result
    }

    /// `vault --vault DIR check` reads naturally, but the argument parser only
    /// knows `--vault` and `--now` on each subcommand: move them from before
    /// the subcommand to the end, where every subcommand accepts them.
    static func hoistingGlobalOptions(_ arguments: [String]) -> [String] {
        var rest = arguments[...]
        var hoisted: [String] = []
        while let first = rest.first {
            if TypedOptions.global.contains(where: { $0.isSpelled(first) }), rest.count >= 2 {
                hoisted += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if TypedOptions.global.contains(where: { $0.joinedValue(in: first) != nil }) {
                hoisted.append(first)
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        guard !hoisted.isEmpty else { return arguments }
        // Options after a `--` would be read as arguments: put them before it.
        if let separator = rest.firstIndex(of: "--") {
            return Array(rest[..<separator]) + hoisted + Array(rest[separator...])
        }
        return Array(rest) + hoisted
    }
}
