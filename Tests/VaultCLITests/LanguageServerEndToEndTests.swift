import Foundation
import Testing

/// `vault lsp` driven by a real client: pytest-lsp (PyPI, installed into
/// .build/lsp-venv on first use) runs Tests/oracles/lsp/test_vault_lsp.py
/// against the built binary, on copies of ExampleVault and of the
/// Obsidian-shaped fixture. Needs python3 with venv, and PyPI the first time.
@Suite("Language server end to end", .serialized)
struct LanguageServerEndToEndTests {
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The venv's python, with pytest-lsp installed (created on first use).
    static func venvPython() throws -> String {
        let python = try #require(Self.python)
        let venv = VaultRunner.packageRoot.appendingPathComponent(".build/lsp-venv")
        let venvPython = venv.appendingPathComponent("bin/python").path
        let here = VaultRunner.packageRoot
        if !FileManager.default.isExecutableFile(atPath: venvPython) {
            let made = try VaultRunner.exec(python, ["-m", "venv", venv.path], in: here)
            try #require(made.status == 0, "python3 -m venv failed (install python3-venv): \(made.stderr)")
        }
        let check = try VaultRunner.exec(venvPython, ["-c", "import pytest_lsp"], in: here)
        if check.status != 0 {
            let pip = try VaultRunner.exec(venvPython, ["-m", "pip", "install", "-q", "pytest-lsp>=1,<2"], in: here)
            try #require(pip.status == 0, "pip install pytest-lsp failed (PyPI unreachable?): \(pip.stderr)")
        }
        return venvPython
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
        try FileManager.default.copyItem(at: VaultRunner.packageRoot.appendingPathComponent("ExampleVault"), to: example)
        try FileManager.default.copyItem(
            at: VaultRunner.packageRoot.appendingPathComponent("Tests/VaultCLITests/Fixtures/obsidian"), to: obsidian)
        var env = ProcessInfo.processInfo.environment
        env["VAULT_BIN"] = VaultRunner.binary.path
        env["EXAMPLE_VAULT"] = example.path
        env["OBSIDIAN_VAULT"] = obsidian.path
        env["VAULT_DIR"] = nil
        let tests = VaultRunner.packageRoot.appendingPathComponent("Tests/oracles/lsp")
        let run = try VaultRunner.exec(python, ["-m", "pytest", "-q", "-p", "no:cacheprovider", tests.path], environment: env, in: tests)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains(" passed"), "\(run.stdout)")
    }
}
