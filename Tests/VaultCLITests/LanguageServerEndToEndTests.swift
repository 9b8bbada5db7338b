import Foundation
import Testing

/// `vault lsp` driven by a real client: pytest-lsp (PyPI, installed into
/// .build/lsp-venv on first use) runs Tests/oracles/lsp/test_vault_lsp.py
/// and test_card_answers.py against the built binary, on copies of
/// ExampleVault, of the Obsidian-shaped fixture and of the Spaced Repetition plugin's. Needs python3 with venv, and PyPI the first time.
@Suite("Language server end to end", .serialized)
struct LanguageServerEndToEndTests {
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The venv's python, with pytest-lsp installed (created on first use).
    static func venvPython() throws -> String {
        try VaultRunner.oraclePython(venv: "lsp-venv", ["pytest_lsp=pytest-lsp>=1,<2"])
    }

    @Test(
        "pytest-lsp: every feature over stdio on ExampleVault and an Obsidian vault",
        .enabled(if: python != nil, "python3 is not installed, so pytest-lsp cannot run."))
    func pytestLSP() throws {
        let python = try Self.venvPython()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vault-lsp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let example = folder.appendingPathComponent("example"), obsidian = folder.appendingPathComponent("obsidian")
        try FileManager.default.copyItem(
            at: VaultRunner.packageRoot.appendingPathComponent("ExampleVault"), to: example)
        try FileManager.default.copyItem(
            at: VaultRunner.packageRoot.appendingPathComponent("Tests/VaultCLITests/Fixtures/obsidian"), to: obsidian)
        var env = ProcessInfo.processInfo.environment
        env["VAULT_BIN"] = VaultRunner.binary.path
        env["EXAMPLE_VAULT"] = example.path
        env["OBSIDIAN_VAULT"] = obsidian.path
        // test_card_answers.py adopts two clones of it itself (`vault init`).
        env["OSR_FIXTURE"] =
            VaultRunner.packageRoot.appendingPathComponent("Tests/VaultCLITests/Fixtures/obsidian-sr").path
        env["VAULT_DIR"] = nil
        let tests = VaultRunner.packageRoot.appendingPathComponent("Tests/oracles/lsp")
        let run = try VaultRunner.exec(
            python, ["-m", "pytest", "-q", "-p", "no:cacheprovider", tests.path], environment: env, in: tests)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains(" passed"), "\(run.stdout)")
    }

    static let neovim: String? = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(
        "headless Neovim: completion after [[ and a broken link's diagnostic, from vault lsp",
        .enabled(if: neovim != nil, "Neovim is not installed (scripts/ensure-deps.sh --test installs it)."))
    func neovimCompletionAndDiagnostic() throws {
        let sandbox = VaultSandbox(
            root: FileManager.default.temporaryDirectory.appendingPathComponent("vault-nvim-\(UUID().uuidString)"))
        defer { sandbox.cleanUp() }
        try FileManager.default.copyItem(
            at: VaultRunner.packageRoot.appendingPathComponent("ExampleVault"), to: sandbox.root)
        let output = sandbox.root.appendingPathComponent(".vault/nvim-out.txt")
        let script = VaultRunner.packageRoot.appendingPathComponent("Tests/oracles/lsp/nvim/lsp_check.lua")
        let run = try VaultRunner.exec(
            "/usr/bin/timeout",
            [
                "60", try #require(Self.neovim), "--headless", "--clean", "-c", "luafile \(script.path)",
                "2026/11/drill-the-weakest-link-then-put-it-back-in-context.md",
            ],
            environment: sandbox.environment([
                "VAULT_ROOT": sandbox.root.path, "VAULT_BIN": VaultRunner.binary.path, "VAULT_NVIM_OUT": output.path,
                "VAULT_DIR": "", "HOME": sandbox.root.path,
                "XDG_STATE_HOME": sandbox.root.appendingPathComponent(".vault/local").path,
            ]), in: sandbox.root)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let seen = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        #expect(
            seen == """
                diagnostic: 17: [[No such note]] links to no note; create the note or correct the name.
                completion: Interleaving feels worse and works better -> interleaving-feels-worse-and-works-better]]

                """, "\(seen)")
    }
    @Test(
        "headless Neovim: the README's set-up for the installed version (0.7 on Debian 12) attaches vault lsp",
        .enabled(if: neovim != nil, "Neovim is not installed (scripts/ensure-deps.sh --test installs it)."))
    func neovimReadmeSetUp() throws {
        let sandbox = VaultSandbox(
            root: FileManager.default.temporaryDirectory.appendingPathComponent(
                "vault-nvim-readme-\(UUID().uuidString)"))
        defer { sandbox.cleanUp() }
        try FileManager.default.copyItem(
            at: VaultRunner.packageRoot.appendingPathComponent("ExampleVault"), to: sandbox.root)
        let output = sandbox.root.appendingPathComponent(".vault/nvim-out.txt")
        let script = VaultRunner.packageRoot.appendingPathComponent("Tests/oracles/lsp/nvim/readme_setup.lua")
        let note = "2026/11/drill-the-weakest-link-then-put-it-back-in-context.md"
        // The set-up calls `vault` by name, as a user's does: the built binary's folder comes first on PATH.
        let path =
            VaultRunner.binary.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try VaultRunner.exec(
            "/usr/bin/timeout",
            ["60", try #require(Self.neovim), "--headless", "--clean", "-c", "luafile \(script.path)"],
            environment: sandbox.environment([
                "VAULT_README": VaultRunner.packageRoot.appendingPathComponent("README.md").path,
                "VAULT_NOTE": note, "VAULT_NVIM_OUT": output.path, "PATH": path, "VAULT_DIR": "",
                "HOME": sandbox.root.path, "XDG_STATE_HOME": sandbox.root.appendingPathComponent(".vault/local").path,
            ]), in: sandbox.root)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        let seen = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        #expect(seen.hasPrefix("attached: true\n"), "\(seen)")
        #expect(seen.contains("[[No such note]] links to no note"), "\(seen)")
    }
}
