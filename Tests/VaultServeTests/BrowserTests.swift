import Foundation
import Testing

/// `vault serve` in a real browser (Tests/oracles/serve/browser_check.py): Playwright for
/// Python, from PyPI into .build/serve-browser-venv on first use, driving Debian's
/// Chromium (`CHROMIUM` or `command -v chromium`; Playwright downloads no browser), at
/// 390×844 with touch and at 1280×800. `VAULT_SERVE_SHOTS=DIR` keeps the screenshots.
@Suite("vault serve in a browser", .serialized)
struct BrowserTests {
    static let chromium: String? =
        ProcessInfo.processInfo.environment["CHROMIUM"]
        ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The venv's python with `packages` (MODULE=SPEC) installed, made on first use by
    /// scripts/oracle-python.sh: the feed's test and these run at once, and a half-made
    /// venv once had no pip.
    static func venvPython(packages: [String] = ["playwright=playwright"]) throws -> String {
        let script = ServeSandbox.packageRoot.appendingPathComponent("scripts/oracle-python.sh").path
        let made = try ServeSandbox.run(
            "/bin/bash", [script, "serve-browser-venv"] + packages, environment: ProcessInfo.processInfo.environment)
        try #require(made.status == 0, "\(made.stderr)")
        return made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(
        "dashboard, review, study by keys and taps, offline answers, hostile notes, paths, in Chromium",
        .enabled(if: chromium != nil && python != nil, "needs chromium and python3 (scripts/ensure-deps.sh --test)"))
    func browser() throws {
        try Self.runCheck(
            "browser_check.py", fixture: ["VAULT_EXAMPLE": ServeSandbox.packageRoot.appendingPathComponent("ExampleVault").path])
    }

    @Test(
        "Obsidian's Markdown in Chromium: a table, callouts, embeds, KaTeX math, a card's picture, on pages and in the site",
        .enabled(if: chromium != nil && python != nil, "needs chromium and python3 (scripts/ensure-deps.sh --test)"))
    func rendering() throws {
        try Self.runCheck(
            "render_check.py",
            fixture: ["VAULT_FIXTURE": ServeSandbox.packageRoot.appendingPathComponent("Tests/Fixtures/ObsidianHelp").path])
    }

    /// Runs Tests/oracles/serve/`script` with the built `vault`, Chromium and `fixture` (the
    /// variable naming its vault); every one of its checks must pass.
    static func runCheck(_ script: String, fixture: [String: String]) throws {
        let python = try venvPython()
        var environment = ProcessInfo.processInfo.environment.merging(fixture) { $1 }
        environment["VAULT_BIN"] = ServeSandbox.binaryFolder.appendingPathComponent("vault").path
        environment["CHROMIUM"] = chromium
        environment["PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD"] = "1"
        if let shots = environment["VAULT_SERVE_SHOTS"] { environment["SHOTS"] = shots }
        let path = ServeSandbox.packageRoot.appendingPathComponent("Tests/oracles/serve/" + script).path
        let result = try ServeSandbox.run(python, [path], environment: environment)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains(" passed, 0 failed"), "\(result.stdout)")
    }
}
