import Foundation
import Testing

/// docs/JSON.md names, for every command with `--json`, each key its
/// document holds. The test reads those lines, runs each command on a copy
/// of ExampleVault and fails when a documented key is not in the output: a
/// key renamed, dropped or left out of a struct's `CodingKeys` is caught.
@Suite("docs/JSON.md names every key")
struct JSONDocumentedKeysTests {
    /// One documented command: its arguments (placeholders filled in) and its keys.
    struct Documented: CustomStringConvertible {
        var arguments: [String]
        var keys: [String]
        var description: String { "vault " + arguments.joined(separator: " ") }
    }

    /// What the placeholders of docs/JSON.md stand for in ExampleVault.
    static let placeholders = [
        "NOTE": "2026/07/retrieval-beats-rereading.md", "TAB": "daily", "LEVEL": "weekly", "PERIOD": "2026-W46",
        "ITINERARY": "Home walk",
    ]

    /// The bullets of `markdown` that start with a command in backticks:
    /// the command, and every later backticked word that can be a key.
    static func documented(_ markdown: String) -> [Documented] {
        var bullets: [String] = []
        var continuing = false  // the line before was part of a command's bullet
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("- `vault ") {
                bullets.append(String(line))
                continuing = true
            } else if continuing, line.hasPrefix("  ") {
                bullets[bullets.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                continuing = false
            }
        }
        return bullets.map { bullet in
            let spans = bullet.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            let command = spans[0].split(separator: " ").dropFirst().map { placeholders[String($0)] ?? String($0) }
            let keys = spans.dropFirst().filter { $0.range(of: "^[a-z][a-z0-9_]*$", options: .regularExpression) != nil }
            var unique: [String] = []
            for key in keys where !unique.contains(key) { unique.append(key) }
            return Documented(arguments: command, keys: unique)
        }
    }

    /// Every key of a JSON document, at any depth (not the data keys inside `extra` and `fields`).
    static func keys(_ value: Any) -> Set<String> {
        if let object = value as? [String: Any] {
            return object.reduce(into: Set(object.keys)) { found, field in
                if field.key != "extra" && field.key != "fields" { found.formUnion(keys(field.value)) }
            }
        }
        if let array = value as? [Any] { return array.reduce(into: []) { $0.formUnion(keys($1)) } }
        return []
    }

    /// The documented keys of `documented` missing from `document`.
    static func missing(_ documented: Documented, in document: Any) -> [String] {
        let present = keys(document)
        return documented.keys.filter { !present.contains($0) }
    }

    static var documentation: [Documented] {
        get throws {
            let url = VaultSandbox.packageRoot.appendingPathComponent("docs/JSON.md")
            return documented(try String(contentsOf: url, encoding: .utf8))
        }
    }

    @Test("docs/JSON.md documents every command of the JSON convention test, each with its keys")
    func documentsEveryCommand() throws {
        let documented = try Self.documentation
        for entry in documented { #expect(!entry.keys.isEmpty, "\(entry) names no key") }
        // A command is its name, and its subcommand's for the commands that have them
        // (`list --archived`, `list weekly`, `cards --due` have the keys of their plain form).
        func name(_ arguments: [String]) -> String {
            let groups = ["session", "goal", "subject", "loci", "category", "source-type"]
            return arguments.prefix(groups.contains(arguments[0]) ? 2 : 1).joined(separator: " ")
        }
        let names = Set(documented.map { name($0.arguments) })
        for command in JSONConventionTests.commands {
            #expect(
                names.contains(name(command)),
                "docs/JSON.md does not document `vault \(command.joined(separator: " ")) --json`")
        }
    }

    @Test("every key docs/JSON.md names is in the command's output")
    func everyDocumentedKeyIsPresent() throws {
        let vault = try JSONConventionTests().exampleVault()
        defer { vault.cleanUp() }
        // So that the lists ExampleVault leaves empty have an object to look at.
        try vault.write("broken.md", "---\ntags: [unclosed\n---\n# Broken\n")
        #expect(try vault.run(["session", "start", "Statistics"]).status == 0)
        // A card failed four times (stats' hardest cards), and an archive (backup --list) in a data folder of the test's own.
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("json-keys-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let env = ["XDG_DATA_HOME": data.path]
        let card = try #require((try vault.json(["cards", "--json"]) as? [[String: Any]])?.first?["id"] as? String)
        for minute in 50..<54 {
            #expect(try vault.run(["study", "--rate", "\(card)=again"], env: ["VAULT_NOW": "2026-11-18T08:\(minute):00Z"]).status == 0)
        }
        #expect(try vault.run(["backup"], env: env).status == 0)
        let documented = try Self.documentation
        #expect(documented.count >= 20, "docs/JSON.md lost its list of documents")
        for entry in documented {
            let result = try vault.run(entry.arguments, env: env)
            #expect(result.status == 0 || entry.arguments.first == "check", "\(entry): \(result.stderr)")
            let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
            #expect(Self.missing(entry, in: document) == [], "\(entry) has no such key")
        }
    }

    @Test("the reader takes a command and its keys, and a key not in the output is reported")
    func readerAndCheckerCatch() {
        let markdown = """
            Prose with `not_a_command`.

            - `vault list TAB --json`: `tab` and `groups` (`id`, `notes`), nothing
              else (as `vault list`).
            - `vault tags --json`: `tag`, `children`.
            - Another list: `nothing`,
              `here`.
            """
        let entries = Self.documented(markdown)
        #expect(entries.map(\.arguments) == [["list", "daily", "--json"], ["tags", "--json"]])
        #expect(entries.map(\.keys) == [["tab", "groups", "id", "notes"], ["tag", "children"]])
        let document: [String: Any] = ["tab": "daily", "groups": [["id": "x", "extra": ["notes": 1]]]]
        #expect(Self.missing(entries[0], in: document) == ["notes"], "a key only inside extra is data, not a key")
    }
}
