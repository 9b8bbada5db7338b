import ArgumentParser
import Foundation
import Testing

@testable import VaultCLI
import VaultWiring

/// `vault search`, `vault status` and `vault lsp` are read by hand before the argument
/// parser (QuickCommandLine): both readings must agree on every line the
/// hand reader takes, and it must leave everything else to the parser.
@Suite("Quick command line reading")
struct QuickCommandLineTests {
    /// Lines the hand reader takes (as typed, before the rewrites).
    static let taken: [[String]] = [
        [], ["status"], ["status", "--json"], ["--json"], ["--vault", "V"], ["--vault", "V", "status", "--json"],
        ["status", "--now", "2026-11-18T09:00:00Z"], ["status", "--vault=V", "--now=2026-11-18"],
        ["search", "sleep"], ["search", "-l", "sleep"], ["search", "sleep", "-l"], ["search", "--limit", "5", "a", "b"],
        ["search", "--limit=5", "x"], ["search", "-l0", "x"], ["search", "-0", "-l", "x"], ["search", "--null", "-l", "x"],
        ["search", "--json", "x"], ["search", "habit", "-sleep"], ["search", "x", "--vault", "V", "--now", "2026-11-18"],
        ["--vault", "V", "search", "x"], ["search", "--vault=V", "x"], ["search", "a", "--", "-b"],
        ["search", "tag:x", "created:2026-11"], ["search", "\"deep work\"", "OR", "focus*"], ["search", "-0l", "x"],
        ["search", "x", "-l0", "--limit", "3"], ["--now=2026-11-18", "search", "x"], ["--vault=V", "--json"],
        ["search", "--json=yes", "x"],  // not an option: query words, to both readers
        ["status", "--line"], ["--line"], ["status", "--format", "{cards}"], ["status", "--format={reviews} r", "--line"],
        ["lsp"], ["lsp", "--vault", "V"], ["--vault", "V", "lsp"], ["lsp", "--now=2026-11-18", "--vault=V"],
        ["--now", "2026-11-18T09:00:00Z", "lsp"],
    ]

    /// Lines left to the argument parser: help, mistakes, other commands.
    static let left: [[String]] = [
        ["search", "--help"], ["search", "-h"], ["status", "--help"], ["--help"], ["-h"], ["search", "-l", "-l", "x"],
        ["search", "--limit", "0", "x"], ["search", "--limit", "abc", "x"], ["search", "--json", "-l", "x"],
        ["search", "-0", "x"], ["status", "extra"], ["status", "--vault"], ["status", "--json", "--json"],
        ["search", "x", "--limit"], ["list"], ["review", "weekly"], ["search", "x", "--vault", "V", "--vault", "W"],
        ["status", "--bogus"], ["search", "--limit", "-3", "x"], ["search", "-l", "-l0", "x"], ["status", "-l"],
        ["search", "--vault", "V", "--vault=W", "x"],
        ["status", "--json", "--line"], ["status", "--format", "{bogus}"], ["status", "--format"],
        ["status", "--line", "--line"],
        ["lsp", "--help"], ["lsp", "-h"], ["lsp", "extra"], ["lsp", "--vault"], ["lsp", "--json"], ["lsp", "--"],
        ["lsp", "--vault", "V", "--vault", "W"], ["lsp", "-l"], ["lsp", "--", "--vault", "V"],
    ]

    @Test("the hand reader and the argument parser agree", arguments: taken)
    func agrees(line: [String]) throws {
        let arguments = VaultCommand.rewritten(line)
        let quick = try #require(QuickCommandLine.command(arguments), "not taken: \(line)")
        let full = try VaultCommand.parseAsRoot(arguments)
        #expect(Fields(quick) == Fields(full), "\(line)")
    }

    @Test("everything else goes to the argument parser", arguments: left)
    func leaves(line: [String]) {
        #expect(QuickCommandLine.command(VaultCommand.rewritten(line)) == nil, "\(line)")
    }

    /// The options the argument parser knows of `command` (its own help
    /// flag aside): their spellings, sorted, and whether a value follows.
    static func parserOptions(_ command: ParsableCommand.Type) throws -> [[String]: Bool] {
        let dump = try #require(
            try JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any])
        let info = try #require(dump["command"] as? [String: Any])
        var options: [[String]: Bool] = [:]
        for argument in info["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String != "positional" {
            let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
                guard let text = name["name"] as? String else { return nil }
                return (name["kind"] as? String == "short" ? "-" : "--") + text
            }
            options[names.sorted()] = argument["kind"] as? String == "option"
        }
        #expect(options.removeValue(forKey: TypedOptions.help.spellings.sorted()) != nil, "the help flag is -h, --help")
        return options
    }

    @Test("the argument parser knows exactly the options TypedOptions declares, for search, status and lsp")
    func oneDeclaration() throws {
        let commands: [(ParsableCommand.Type, [OptionSpelling])] = [
            (VaultCommand.Search.self, TypedOptions.search), (VaultCommand.Status.self, TypedOptions.status),
            (VaultCommand.LanguageServerCommand.self, TypedOptions.global),
        ]
        for (command, declared) in commands {
            let table = Dictionary(uniqueKeysWithValues: declared.map { ($0.spellings.sorted(), $0.takesValue) })
            #expect(try Self.parserOptions(command) == table, "\(command)")
        }
    }

    /// What a parsed status or search holds.
    struct Fields: Equatable {
        var command: String
        var vault: String?
        var now: String?
        var json: Bool
        var line = false
        var format: String?
        var query: [String] = []
        var pathsOnly = false
        var null = false
        var limit: Int?

        init(_ command: QuickCommandLine.Command) {
            switch command {
            case .status(let request): self.init(request)
            case .search(let request, _): self.init(request)
            case .languageServer(let choice): self.init(languageServer: choice)
            }
        }

        init(_ command: ParsableCommand) {
            if let status = command as? VaultCommand.Status {
                self.init(status.request)
            } else if let search = command as? VaultCommand.Search {
                self.init(search.request)
            } else if let server = command as? VaultCommand.LanguageServerCommand {
                self.init(languageServer: server.global.choice)
            } else {
                self.init(other: "\(type(of: command))")
            }
        }

        init(languageServer choice: VaultChoice) {
            command = "lsp"
            vault = choice.vaultPath
            now = choice.now
            json = false
        }

        init(other command: String) {
            self.command = command
            json = false
        }

        init(_ status: StatusRequest) {
            command = "status"
            vault = status.choice.vaultPath
            now = status.choice.now
            json = status.json
            line = status.line
            format = status.format
        }

        init(_ search: SearchRequest) {
            command = "search"
            vault = search.choice.vaultPath
            now = search.choice.now
            json = search.json
            query = search.query
            pathsOnly = search.pathsOnly
            null = search.null
            limit = search.limit
        }
    }
}
