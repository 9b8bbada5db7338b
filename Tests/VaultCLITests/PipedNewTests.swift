import Foundation
import Testing

/// `vault new` from a pipe (Kuhrate's "capture anywhere"): the first line
/// is the title, the rest the body, unless the text's own front matter
/// names the title; no editor is opened, and `-` reads standard input too.
@Suite("vault new from standard input")
struct PipedNewTests {
    /// Runs `SHELL_LINE` in the vault with `$VAULT` the binary under test, EDITOR a program that fails.
    func shell(_ vault: VaultSandbox, _ line: String) throws -> VaultSandbox.Result {
        try VaultSandbox.exec(
            "/bin/sh", ["-c", line],
            environment: vault.environment(["VAULT": VaultSandbox.binary.path, "EDITOR": "false", "VISUAL": ""]),
            in: vault.root)
    }

    @Test("printf 'title\\nbody' | vault new --category Health writes the note, opens no editor")
    func pipedText() throws {
        let vault = try VaultSandbox(fixture: "basic")
        defer { vault.cleanUp() }
        let result = try shell(
            vault, "printf 'Piped note title\\nbody line\\n' | \"$VAULT\" new --category Health --tag inbox")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "2026/11/piped-note-title.md\n")
        #expect(result.stderr == "")
        let lines = try vault.read("2026/11/piped-note-title.md").split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].hasPrefix("id: ") && lines[2] == "created: 2026-11-18T10:00:00+01:00")
        #expect(
            Array(lines[3...]) == [
                "category: Health", "tags: [inbox]", "---", "# Piped note title", "", "body line", "",
            ])
        // `-` reads standard input too, from a file.
        try vault.write("draft.txt", "# From a file\n\nIts body.\n")
        let dash = try shell(vault, "\"$VAULT\" new - < draft.txt")
        #expect(dash.stdout == "2026/11/from-a-file.md\n", "\(dash.stderr)")
        #expect(try vault.read("2026/11/from-a-file.md").hasSuffix("---\n# From a file\n\nIts body.\n"))
    }

    @Test(
        "front matter in the text is kept; its title: names the note and the text below is all body; its id is replaced, its created kept"
    )
    func pipedFrontMatter() throws {
        let vault = try VaultSandbox(fixture: "basic")
        defer { vault.cleanUp() }
        let text =
            "---\\ntitle: \"Given: a title\"\\nid: 11111111-2222-4333-8444-555555555555\\ncreated: 2025-03-04\\ntags: [a]\\n---\\nFirst line, not a title\\n\\nMore.\\n"
        let result = try shell(vault, "printf -- '\(text)' | \"$VAULT\" new --type book")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "2026/11/given-a-title.md\n")
        #expect(
            result.stderr
                == "warning: the text's id (11111111-2222-4333-8444-555555555555) is not kept: the new note has an id of its own\n"
        )
        let lines = try vault.read("2026/11/given-a-title.md").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].hasPrefix("id: ") && !lines[1].contains("11111111"))
        #expect(
            Array(lines[2...]) == [
                "title: \"Given: a title\"", "created: 2025-03-04", "tags: [a]", "source_type: book", "---",
                "First line, not a title", "", "More.", "",
            ])
        let shown = try vault.run(["list", "--json"]).stdout
        #expect(shown.contains("\"title\" : \"Given: a title\""))
        // Front matter without a title: the first line after it is the title.
        let untitled = try shell(
            vault, "printf -- '---\\ncategory: Health\\n---\\nSleep early\\nbecause.\\n' | \"$VAULT\" new")
        #expect(untitled.stdout == "2026/11/sleep-early.md\n", "\(untitled.stderr)")
        #expect(
            try vault.read("2026/11/sleep-early.md").hasSuffix("category: Health\n---\n# Sleep early\n\nbecause.\n"))
    }

    @Test("what cannot be a note is refused with a sentence, and nothing is written")
    func refused() throws {
        let vault = try VaultSandbox(fixture: "basic")
        defer { vault.cleanUp() }
        let before = try FileManager.default.subpathsOfDirectory(atPath: vault.root.path).sorted()
        let cases: [(String, String)] = [
            (
                "printf '\\n  \\n' | \"$VAULT\" new",
                "error: standard input holds no text (give the note's first line as its title); nothing was saved.\n"
            ),
            (
                "printf '\\377\\376 bad' | \"$VAULT\" new",
                "error: standard input is not UTF-8 text; nothing was saved.\n"
            ),
            (
                "printf 'a\\000b' | \"$VAULT\" new",
                "error: standard input holds a NUL byte, so it is no text; nothing was saved.\n"
            ),
            (
                "printf -- '---\\ncategory: Health\\n---\\nX\\n' | \"$VAULT\" new --category Health",
                "error: category is given twice, by --category and by the text's front matter; give it once. Nothing was saved.\n"
            ),
            (
                "printf -- '---\\ncategory: Cooking\\n---\\nX\\n' | \"$VAULT\" new",
                "error: there is no category 'Cooking'; see `vault category list`, or add it with `vault category add \"Cooking\"`.\n"
            ),
            (
                "head -c 9000000 /dev/zero | tr '\\000' 'a' | \"$VAULT\" new",
                "error: standard input holds more than 8 MB, which is no note; nothing was saved.\n"
            ),
        ]
        for (line, error) in cases {
            let result = try shell(vault, line)
            #expect(result.status == 1, "\(line)")
            #expect(result.stderr == error, "\(line)")
            #expect(result.stdout == "")
        }
        #expect(try FileManager.default.subpathsOfDirectory(atPath: vault.root.path).sorted() == before)
    }
}
