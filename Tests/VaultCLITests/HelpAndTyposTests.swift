import Foundation
import Testing

/// The command line's first contact: help texts with examples, global
/// options in the top-level help, and a typo answered with a suggestion.
@Suite("Help and typos")
struct HelpAndTyposTests {
    let vault = VaultRunner(directory: FileManager.default.temporaryDirectory)

    @Test(
        "a mistyped command gets a suggestion and exit 64",
        arguments: [
            (["stauts"], "error: unknown command 'stauts'; did you mean 'status'?\n"),
            (["serach", "x"], "error: unknown command 'serach'; did you mean 'search'?\n"),
            (["revew"], "error: unknown command 'revew'; did you mean 'review'?\n"),
            (["--vault", "somewhere", "chek"], "error: unknown command 'chek'; did you mean 'check'?\n"),
            (["frobnicate"], "error: unknown command 'frobnicate'; `vault --help` lists the commands.\n"),
            (["help", "nosuch"], "error: unknown command 'nosuch'; `vault --help` lists the commands.\n"),
        ])
    func typo(arguments: [String], message: String) {
        let result = vault.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
    }

    @Test("the top-level help lists the global options and examples")
    func topLevelHelp() {
        let result = vault.run(["--help"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            Array(lines.prefix(6)) == [
                "OVERVIEW: A plain-text study and notes toolchain for a folder of Markdown",
                "notes.",
                "",
                "Global options (every command takes them, before or after its name):",
                "  --vault DIR    the vault (default: $VAULT_DIR, or the nearest .vault/)",
                "  --now MOMENT   act as if at MOMENT (default: $VAULT_NOW, or the clock)",
            ])
        #expect(result.stdout.contains("Examples:\n  vault                          # what to review and study now\n"))
    }

    /// The subcommands the top-level help lists.
    func commands() -> [String] {
        let help = vault.run(["--help"]).stdout
        guard let start = help.range(of: "SUBCOMMANDS:\n") else { return [] }
        let section = help[start.upperBound...].components(separatedBy: "\n\n")[0]
        return section.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), line.dropFirst(2).first != " ", let word = line.split(separator: " ").first
            else { return nil }
            return String(word)
        }
    }

    @Test("every command's help has a discussion with examples, and `vault help X` prints it")
    func examples() {
        let names = commands()
        #expect(names.count >= 18, "\(names)")
        for name in names {
            let help = vault.run([name, "--help"])
            #expect(help.status == 0, "\(name)")
            #expect(help.stdout.contains("Examples:\n  vault"), "vault \(name) --help has no example")
            #expect(vault.run(["help", name]).stdout == help.stdout, "vault help \(name)")
        }
    }
}
