import Foundation

/// Runs the built `vault` binary end to end, as a person would.
struct VaultRunner {
    /// What one run printed and how it ended.
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The package's root folder (this file is Tests/VaultCLITests/VaultRunner.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The binary under test: `$VAULT_BIN`, else the one built beside the tests.
    static let binary: URL = {
        if let explicit = ProcessInfo.processInfo.environment["VAULT_BIN"] { return URL(fileURLWithPath: explicit) }
        // On Linux the test runner is the .xctest executable, built beside `vault`.
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [products.appendingPathComponent("vault"), packageRoot.appendingPathComponent(".build/debug/vault")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    /// The folder the command runs in.
    var directory: URL
    /// Extra environment; colour is off and VAULT_DIR unset unless given here.
    var environment: [String: String] = [:]
    /// The fixture the folder belongs to, kept alive while the runner is.
    var owner: AnyObject?

    @discardableResult
    func callAsFunction(_ arguments: String..., stdin: String? = nil) -> Result {
        run(arguments, stdin: stdin)
    }

    func run(_ arguments: [String], stdin: String? = nil) -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["VAULT_DIR"] = nil
        env["VAULT_NOW"] = nil
        env["NO_COLOR"] = "1"
        env["EDITOR"] = "false"
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try! process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        // Read both pipes concurrently so a full stderr pipe cannot block the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }
}

/// A temporary copy of a fixture vault (or an empty folder), removed afterwards.
final class FixtureVault {
    let url: URL

    /// Copies `Tests/VaultCLITests/Fixtures/NAME`, or makes an empty folder when `name` is nil.
    init(_ name: String? = nil) {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("vault-e2e-\(UUID().uuidString)")
        if let name {
            let source = VaultRunner.packageRoot.appendingPathComponent("Tests/VaultCLITests/Fixtures/\(name)")
            try! FileManager.default.copyItem(at: source, to: url)
        } else {
            try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var vault: VaultRunner { VaultRunner(directory: url, owner: self) }

    func read(_ path: String) -> String {
        (try? String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    func write(_ path: String, _ data: Data) {
        let file = url.appendingPathComponent(path)
        try! FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! data.write(to: file)
    }

    /// Every regular file under the vault (outside .vault/cache) with a checksum of its bytes.
    func checksums() -> [String: String] {
        var sums: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil, options: [])!
        for case let file as URL in enumerator {
            let path = String(file.path.dropFirst(url.path.count + 1))
            guard !path.hasPrefix(".vault/cache"), let data = try? Data(contentsOf: file) else { continue }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            sums[path] = String(hash, radix: 16) + ":\(data.count)"
        }
        return sums
    }
}
