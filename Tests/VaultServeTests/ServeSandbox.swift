import Foundation
import Testing
import VaultApp

@testable import VaultWiring
@testable import VaultServe

/// A temporary copy of ExampleVault (or a CLI fixture) at 2026-11-18 09:00 UTC, with the
/// web app's options for it and the built `vault` binary to compare against.
struct ServeSandbox {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let now = "2026-11-18T09:00:00Z"
    static var binaryFolder: URL { packageRoot.appendingPathComponent(".build/debug") }

    let root: URL

    init(fixture: String = "ExampleVault") throws {
        let source =
            fixture == "ExampleVault"
            ? Self.packageRoot.appendingPathComponent("ExampleVault")
            : Self.packageRoot.appendingPathComponent("Tests/VaultCLITests/Fixtures/\(fixture)")
        root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-serve-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: root)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: root) }

    /// The options `vault serve --vault ROOT --now NOW` gives the server.
    func options(_ extra: [String] = []) throws -> ServeOptions {
        try ServeOptions.parse(["--vault", root.path, "--now", Self.now] + extra)
    }

    /// A fresh context, as a request gets.
    func context() throws -> AppContext { try options().served().context() }

    /// The ledger's lines (every file, in order).
    func ledgerLines() throws -> [String] {
        let folder = root.appendingPathComponent(".vault/ledger")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".log") }.sorted()
        return try files.flatMap {
            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8).split(separator: "\n").map(String.init)
        }
    }

    /// A ledger line without its device and sequence columns (they differ between two copies).
    static func comparable(_ line: String) -> String {
        var columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard columns.count > 3 else { return line }
        columns.removeSubrange(1...2)
        return columns.joined(separator: "\t")
    }

    /// Runs the built `vault` on this vault at ``now``.
    @discardableResult
    func vault(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try Self.run(Self.binaryFolder.appendingPathComponent("vault").path, arguments, environment: environment())
    }

    func environment() -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["VAULT_DIR"] = root.path
        env["VAULT_NOW"] = Self.now
        env["NO_COLOR"] = "1"
        env["VAULT_NO_WATCHER"] = "1"
        return env
    }

    static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }
}
