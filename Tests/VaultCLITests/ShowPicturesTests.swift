import Foundation
import Testing

/// `vault show` draws a note's pictures with chafa on a terminal (issue 49, point 6).
@Suite("vault show's pictures")
struct ShowPicturesTests {
    static let tools =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chafa")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

    /// `vault ARGS` on a terminal (script(1) gives it one), its output with carriage returns gone.
    func onTerminal(_ vault: VaultSandbox, _ arguments: [String]) throws -> String {
        let command = ([VaultSandbox.binary.path] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        .joined(separator: " ")
        let result = try VaultSandbox.exec(
            "/usr/bin/script", ["-qec", command, "/dev/null"], environment: vault.environment(["COLUMNS": "60"]),
            in: vault.root)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.replacingOccurrences(of: "\r", with: "")
    }

    @Test(
        "on a terminal the picture is drawn under the line that names it; piped or with --no-images it stays text",
        .enabled(if: tools))
    func drawn() throws {
        let vault = try exampleVaultCopy()
        defer { vault.cleanUp() }
        let note = "loci/Home walk/05 Garage.md"
        func between(_ text: String) -> [String] {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let image = lines.firstIndex(where: { $0.contains("[image: Garage]") }),
                let smell = lines.firstIndex(where: { $0.contains("Smells of oil and rain.") }), image < smell
            else { return ["not found in: \(text)"] }
            return lines[(image + 1)..<smell].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        let drawn = between(try onTerminal(vault, ["show", note]))
        #expect(drawn.count >= 2, "chafa's rows under the picture's line: \(drawn)")
        #expect(drawn.allSatisfy { $0.count <= 60 }, "no wider than the terminal")
        #expect(between(try onTerminal(vault, ["show", note, "--no-images"])).isEmpty)
        let piped = try vault.run(["show", note])
        #expect(piped.status == 0 && between(piped.stdout).isEmpty, "\(piped.stdout)")
    }
}
