import ArgumentParser
import Foundation
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
            SourceTypeCommand.self, Search.self, Index.self,
        ],
        defaultSubcommand: List.self
    )

    public init() {}

    /// Parses the process arguments, runs the command, and exits: `error: …`
    /// on stderr and status 1 for failures of the vault's own, the
    /// argument parser's messages and exit codes for usage mistakes.
    public static func runAndExit() -> Never {
        do {
            var command = try parseAsRoot()
            try command.run()
            Foundation.exit(0)
        } catch let error as CLIError where error == .silentFailure {
            Foundation.exit(1)
        } catch let error as LocalizedError {
            FileHandle.standardError.write(Data("error: \(error.localizedDescription)\n".utf8))
            Foundation.exit(1)
        } catch {
            exit(withError: error)
        }
    }
}
