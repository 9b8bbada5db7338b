import ArgumentParser
import Foundation
import VaultCore
import VaultStore

/// The `vault` command: a plain-text study and notes toolchain.
public struct VaultCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "vault",
        abstract: "A plain-text study and notes toolchain for a folder of Markdown notes.",
        discussion: """
            The vault is found from --vault DIR, $VAULT_DIR, or the nearest folder holding .vault/.
            Set VAULT_NOW (or --now) to act as if at another moment, e.g. VAULT_NOW=2026-11-18T09:00:00Z.
            """,
        version: "0.1.0",
        subcommands: [
            Init.self, New.self, Show.self, Edit.self, Remove.self, List.self, Check.self, CategoryCommand.self,
            SourceTypeCommand.self, Review.self, Status.self, History.self, Sync.self, Cards.self, Study.self,
            Search.self, Index.self, BaselineCommand.self, Tags.self, Links.self,
        ],
        defaultSubcommand: Status.self
    )

    public init() {}

    /// Parses the process arguments, runs the command, and exits: `error: …`
    /// on stderr and status 1 for failures of the vault's own, the
    /// argument parser's messages and exit codes for usage mistakes.
    public static func runAndExit() -> Never {
        do {
            let arguments = queryWordsAfterSeparator(
                valuingBareBaseline(hoistingGlobalOptions(Array(CommandLine.arguments.dropFirst()))))
            var command = try parseAsRoot(arguments)
            try command.run()
            Foundation.exit(0)
        } catch let error as CLIError where error == .silentFailure {
            Foundation.exit(1)
        } catch {
            // Help, --version and usage mistakes keep the argument parser's
            // words and exit codes (0, 64); every other failure is a sentence
            // of ours after `error:`, with status 1.
            if exitCode(for: error) == .failure, !(error is ExitCode) {
                FileHandle.standardError.write(
                    Data("error: \(TerminalText.sanitized(Output.sentence(error), keepingColour: false))\n".utf8))
                Foundation.exit(1)
            }
            exit(withError: error)
        }
    }

    /// `vault search habit -sleep`: `-sleep` is query syntax (leave notes
    /// out), not an option. The argument parser would take any `-word` for an
    /// option, so the query words of a search go after a `--`, its options before.
    static func queryWordsAfterSeparator(_ arguments: [String]) -> [String] {
        guard arguments.first == "search", !arguments.contains("--") else { return arguments }
        let flags: Set<String> = ["-l", "--json", "-h", "--help"]
        let valued: Set<String> = ["--limit", "--vault", "--now"]
        var options: [String] = []
        var words: [String] = []
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            if flags.contains(argument) || valued.contains(where: { argument.hasPrefix($0 + "=") }) {
                options.append(argument)
            } else if valued.contains(argument) {
                options.append(argument)
                if let value = rest.popFirst() { options.append(value) }
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

    /// `vault --vault DIR check` reads naturally, but the argument parser only
    /// knows `--vault` and `--now` on each subcommand: move them from before
    /// the subcommand to the end, where every subcommand accepts them.
    static func hoistingGlobalOptions(_ arguments: [String]) -> [String] {
        var rest = arguments[...]
        var hoisted: [String] = []
        while let first = rest.first {
            if (first == "--vault" || first == "--now"), rest.count >= 2 {
                hoisted += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if first.hasPrefix("--vault=") || first.hasPrefix("--now=") {
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
