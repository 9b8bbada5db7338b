import ArgumentParser
import Foundation
import VaultLSP
import VaultWiring

extension VaultCommand {
    /// `vault lsp`: the language server, over stdin and stdout.
    struct LanguageServerCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lsp",
            abstract: "Run the language server (LSP 3.17 over stdin and stdout) for an editor.",
            discussion: """
                The editor starts it; it serves the vault that holds the editor's workspace folder \
                (--vault and VAULT_DIR first): completion of links, headings, tags and front matter, \
                go to definition, references, hover with review state, symbols, and `vault check`'s \
                problems for each open note. Unsaved text in the editor counts as the note's text. \
                See README.md for each editor's set-up.

                Examples:
                  vault lsp
                """)

        @OptionGroup var global: GlobalOptions

        func run() throws { try Self.serve(global.choice) }

        /// Serves the editor on stdin and stdout until it says exit (or
        /// closes them); also what ``QuickCommandLine`` runs for `vault lsp`.
        static func serve(_ choice: VaultChoice) throws {
            // A server runs for hours: the composition root's opener frees what a command keeps until exit
            // (the notes' catalog, the ledger's history, a scan's paths) as usual instead.
            let server = LanguageServer(opener: CompositionRoot.languageServer(choice))
            var loop = StdioLoop()
            let code = loop.run(server)
            if code != 0 { throw ExitCode(code) }
        }
    }
}
