import Foundation

/// A temporary folder for one test, removed when the value is released.
final class TempFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("vault-test-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` at the relative `path`, creating folders.
    func write(_ path: String, _ text: String) {
        write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) {
        let file = url.appendingPathComponent(path)
        try! FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! data.write(to: file)
    }

    func read(_ path: String) -> String {
        (try? String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    /// Runs a command in the folder and returns its output; fails the test on a non-zero exit.
    @discardableResult
    func run(_ arguments: String..., environment: [String: String] = [:]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = url
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try! process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        precondition(process.terminationStatus == 0, "\(arguments) failed: \(String(decoding: data, as: UTF8.self))")
        return String(decoding: data, as: UTF8.self)
    }
}
