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

    /// Golden help texts, word for word: `VAULT_GOLDEN_WRITE=1 swift test --filter goldenHelp` writes them anew.
    @Test(
        "help texts are word for word the golden files in Tests/VaultCLITests/Golden",
        arguments: [
            (["--help"], "vault"), (["help", "review"], "vault-review"), (["help", "study"], "vault-study"),
            (["help", "search"], "vault-search"), (["help", "loci"], "vault-loci"),
            (["help", "import", "loci"], "vault-import-loci"),
        ])
    func goldenHelp(arguments: [String], name: String) throws {
        let file = VaultRunner.packageRoot.appendingPathComponent("Tests/VaultCLITests/Golden/\(name).txt")
        let result = vault.run(arguments)
        #expect(result.status == 0)
        if ProcessInfo.processInfo.environment["VAULT_GOLDEN_WRITE"] == "1" {
            try result.stdout.write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(result.stdout == (try String(contentsOf: file, encoding: .utf8)), "vault \(arguments.joined(separator: " "))")
    }

    @Test("no help text ends a line with a stray backslash (a line continuation written twice)")
    func noStrayBackslashes() {
        for command in [
            ["stats"], ["remind"], ["calendar"], ["export", "html"], ["export", "json"], ["session", "report"],
            ["session"], ["goal"], ["subject"], ["rm"], ["restore"], ["study"], ["cards"],
        ] {
            let help = vault.run(command + ["--help"]).stdout
            #expect(!help.split(separator: "\n").contains { $0.hasSuffix("\\") }, "vault \(command.joined(separator: " ")) --help")
        }
    }

    @Test("--version answers alone, and with other options through the parser")
    func version() {
        #expect(vault.run(["--version"]).stdout == "0.1.0\n")
        #expect(vault.run(["--version", "--now", "2026-11-18T09:00:00Z"]).stdout == "0.1.0\n")
    }

    @Test("-v prints the version as --version does, not the usage of status")
    func shortVersion() {
        let alone = vault.run(["-v"])
        #expect(alone.status == 0)
        #expect(alone.stdout == "0.1.0\n")
        #expect(alone.stderr == "")
        #expect(vault.run(["--now", "2026-11-18T09:00:00Z", "-v"]).stdout == "0.1.0\n")
    }

    @Test("a usage mistake begins with `error:` as every other error does, never `Error:`")
    func usageMistakeSaysErrorInLowercase() {
        let result = vault.run(["stats", "--days"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(!result.stderr.contains("Error:"))
        #expect(result.stderr.contains("Usage: vault stats"))
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

/// Shell completions that know the vault: the scripts call the binary back.
@Suite("Completions")
struct CompletionTests {
    @Test("the bash, zsh and fish scripts call vault back for notes, periods and tags")
    func scripts() {
        let vault = VaultRunner(directory: FileManager.default.temporaryDirectory)
        for shell in ["bash", "zsh", "fish"] {
            let script = vault.run(["--generate-completion-script", shell])
            #expect(script.status == 0)
            #expect(script.stdout.contains("---completion show -- positional@0"), "\(shell)")
        }
    }

    @Test("the callback offers note paths and ids, periods, categories and tags of the vault")
    func offers() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let notes = try vault.run(["---completion", "show", "--", "positional@0", "2", "8", "vault", "show", "2026/10/"])
        #expect(notes.stdout == "2026/10/habits.md\n2026/10/sleep.md\n")
        let ids = try vault.run(["---completion", "show", "--", "positional@0", "2", "4", "vault", "show", "0a00"])
        #expect(ids.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("0a00") } && !ids.stdout.isEmpty)
        let periods = try vault.run([
            "---completion", "review", "--", "positional@1", "3", "7", "vault", "review", "weekly", "2026-W4",
        ])
        #expect(periods.stdout.hasPrefix("2026-W47\n2026-W46\n"))
        let categories = try vault.run(["---completion", "new", "--", "--category", "3", "2", "vault", "new", "--category", "he"])
        #expect(categories.stdout == "Health\n")
    }

    @Test("after `review weekly` only weeks are offered (no months, no years that read as folders)")
    func periodsOfTheTypedLevel() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        for (level, pattern) in [("weekly", #"^\d{4}-W\d{2}$"#), ("monthly", #"^\d{4}-\d{2}$"#), ("yearly", #"^\d{4}$"#)] {
            let offers = try vault.run([
                "---completion", "review", "--", "positional@1", "3", "0", "vault", "review", level, "",
            ]).stdout.split(separator: "\n").map(String.init)
            #expect(offers.count == ["weekly": 8, "monthly": 6, "yearly": 3][level], "\(level): \(offers)")
            #expect(offers.allSatisfy { $0.range(of: pattern, options: .regularExpression) != nil }, "\(level): \(offers)")
        }
    }

    @Test("itinerary names are offered to loci learn, review, reverse and export loci")
    func itineraries() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-complete-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault"), to: root)
        let vault = VaultSandbox(root: root)
        defer { vault.cleanUp() }
        for path in [["loci", "learn"], ["loci", "review"], ["loci", "reverse"], ["export", "loci"]] {
            let offers = try vault.run(
                ["---completion"] + path + ["--", "positional@0", "3", "1", "vault"] + path + ["h"])
            #expect(offers.stdout == "Home walk\n", "\(path): \(offers.stderr)")
        }
    }
}
