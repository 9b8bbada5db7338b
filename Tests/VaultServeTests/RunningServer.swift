import Foundation
import Testing

/// A `vault serve` process on a copy of a vault, on a free port, and curl to talk to it.
final class RunningServer: @unchecked Sendable {
    let process = Process()
    let sandbox: ServeSandbox
    /// The first line printed: `http://127.0.0.1:PORT/?token=TOKEN`.
    private(set) var url = ""
    private let out = Pipe()
    private let err = Pipe()

    /// Starts `vault serve --port 0` (through `vault`, which execs `vault-serve`) and reads its first line.
    /// - Parameters:
    ///   - launcher: a program and its arguments that run `vault` (`prlimit --nofile=…`), or none.
    ///   - environment: what the sandbox's environment is changed by.
    init(
        sandbox: ServeSandbox, arguments: [String] = ["--port", "0"], launcher: [String] = [],
        environment: [String: String] = [:]
    ) throws {
        self.sandbox = sandbox
        let vault = ServeSandbox.binaryFolder.appendingPathComponent("vault")
        process.executableURL = launcher.first.map(URL.init(fileURLWithPath:)) ?? vault
        process.arguments = launcher.dropFirst() + (launcher.isEmpty ? [] : [vault.path]) + ["serve"] + arguments
        process.environment = sandbox.environment().merging(environment) { $1 }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        url = readLine()
    }

    private var pending = Data()

    /// The next line the server prints (what was read past it is kept for the next call).
    func readLine() -> String {
        while pending.firstIndex(of: 10) == nil {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
        }
        guard let newline = pending.firstIndex(of: 10) else {
            defer { pending = Data() }
            return String(decoding: pending, as: UTF8.self)
        }
        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
        pending = Data(pending[(newline + 1)...])
        return line
    }

    /// The port and token of ``url``.
    var base: String { String(url.prefix { $0 != "?" }.dropLast()) }
    var token: String { String(url.split(separator: "=").last ?? "") }

    /// The server's stderr so far (after it exited).
    func standardError() -> String { String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }

    /// SIGTERM, then the exit status.
    func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    struct Answer {
        var status: Int
        var headers: String
        var body: String
        func header(_ name: String) -> String? {
            headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
                .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }
    }

    /// `curl` a path as it is (no `..` folding), with the token cookie unless `cookie` is false.
    func curl(_ path: String, cookie: Bool = true, cookieValue: String? = nil, extra: [String] = [], scheme: String? = nil) throws -> Answer {
        var arguments = ["-s", "--path-as-is", "-D", "-", "--max-time", "20"]
        if cookie { arguments += ["-b", "vault_token=\(cookieValue ?? token)"] }
        let address = scheme.map { $0 + base.drop { $0 != ":" } } ?? base
        arguments += extra + [address + path]
        let result = try ServeSandbox.run("/usr/bin/curl", arguments, environment: ProcessInfo.processInfo.environment)
        let parts = result.stdout.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return Answer(status: status, headers: head, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}
