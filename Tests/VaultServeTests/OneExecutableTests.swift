import Foundation
import Testing

/// The installed shape (`make install`, issue 47 point 5): `vault-serve` is
/// a link to the one `vault` executable, which serves when called by that name.
@Suite("vault serve with vault-serve a link to vault")
struct OneExecutableTests {
    @Test("vault serve execs the link, which serves the vault; the same executable is still the command line")
    func linkServes() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("vault-bin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        let executable = ServeSandbox.binaryFolder.appendingPathComponent("vault")
        // A copy, not a link: `vault serve` looks for vault-serve beside the executable it runs from.
        // Made by cp, not here: a copy this process had open for writing is inherited by a test
        // forking beside it, and running the copy then fails with "Text file busy" (ETXTBSY).
        let copied = try ServeSandbox.run(
            "/bin/cp", [executable.path, bin.appendingPathComponent("vault").path],
            environment: ProcessInfo.processInfo.environment)
        #expect(copied.status == 0, "\(copied.stderr)")
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("vault-serve").path, withDestinationPath: "vault")

        let version = try ServeSandbox.run(bin.appendingPathComponent("vault").path, ["--version"], environment: vault.environment())
        #expect(version.status == 0)
        #expect(!version.stdout.isEmpty)

        let process = Process()
        process.executableURL = bin.appendingPathComponent("vault")
        process.arguments = ["serve", "--port", "0"]
        process.environment = vault.environment()
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        var line = Data()
        while line.last != 10 {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            line.append(byte)
        }
        let url = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(url.hasPrefix("http://127.0.0.1:") && url.contains("/?token="), "\(url)")
        let page = try ServeSandbox.run("/usr/bin/curl", ["-s", "-L", "-b", "/dev/null", url], environment: ProcessInfo.processInfo.environment)
        #expect(page.stdout.contains("</html>"), "\(page.stdout.prefix(300))")
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
