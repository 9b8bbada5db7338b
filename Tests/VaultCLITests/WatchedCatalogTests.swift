import Foundation
import Testing
import VaultStore

@testable import VaultIndex

/// With `vault index --watch` running, curation commands take the note
/// catalog the watcher vouches for instead of scanning the vault: they must
/// still see every edit, new note, move, deletion and ignore rule at once,
/// and print what a scan would have given them.
@Suite("Note catalog kept by the watcher, end to end", .serialized)
struct WatchedCatalogTests {
    let week = ["review", "weekly", "2026-W46", "--list", "--json"]

    /// The paths and titles a `review --list --json` lists.
    func listed(_ stdout: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as! [String: Any]
        return (object["notes"] as! [[String: Any]]).map { "\($0["path"]!) \($0["title"]!)" }
    }

    /// Runs `vault ARGS` with tracing; expects the watcher to have vouched for the catalog.
    func vouched(_ vault: VaultSandbox, _ arguments: [String]) throws -> String {
        let run = try vault.run(arguments, env: ["VAULT_TRACE": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("vouched for by the watcher"), "\(run.stderr)")
        #expect(!run.stderr.contains("catalog: scan"))
        return run.stdout
    }

    func write(_ vault: VaultSandbox, _ path: String, _ text: String) throws {
        let url = vault.root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test("commands see every change through the watcher, and the same notes a scan finds")
    func catalogFollowsChanges() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let scanned = try vault.run(week)
        #expect(scanned.status == 0, "\(scanned.stderr)")

        let watcher = Process()
        watcher.executableURL = VaultSandbox.binary
        watcher.arguments = ["index", "--watch", "--vault", vault.root.path]
        let log = Pipe()
        watcher.standardError = log
        watcher.standardOutput = FileHandle.nullDevice
        try watcher.run()
        defer {
            watcher.terminate()
            watcher.waitUntilExit()
        }
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("watching") {
            let chunk = log.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }

        #expect(try vouched(vault, week) == scanned.stdout)
        let before = try listed(scanned.stdout)

        // A new note in the week, then an edit of its title: each seen by the very next command.
        try write(vault, "2026/11/zebra.md", "---\ncreated: 2026-11-11T10:00:00+01:00\n---\n# Zebra\n")
        #expect(try listed(vouched(vault, week)).contains("2026/11/zebra.md Zebra"))
        try write(vault, "2026/11/zebra.md", "---\ncreated: 2026-11-11T10:00:00+01:00\n---\n# Okapi\n")
        var now = try listed(vouched(vault, week))
        #expect(now.contains("2026/11/zebra.md Okapi") && !now.contains("2026/11/zebra.md Zebra"))
        #expect(now.count == before.count + 1)

        // A folder moved: every note in it changes path.
        try FileManager.default.moveItem(
            at: vault.root.appendingPathComponent("2026/11"), to: vault.root.appendingPathComponent("2026/nov"))
        now = try listed(vouched(vault, week))
        #expect(now.count == before.count + 1)
        #expect(now.allSatisfy { $0.hasPrefix("2026/nov/") })

        // A deletion, then an ignore rule that hides the folder.
        try FileManager.default.removeItem(at: vault.root.appendingPathComponent("2026/nov/zebra.md"))
        now = try listed(vouched(vault, week))
        #expect(now == before.map { $0.replacingOccurrences(of: "2026/11/", with: "2026/nov/") })
        try write(vault, ".vault/ignore", "2026/nov/\n")
        let ignored = try vouched(vault, ["status", "--json"])
        let status = try JSONSerialization.jsonObject(with: Data(ignored.utf8)) as! [String: Any]
        #expect(status["notes"] as? Int == 2)  // the two October notes

        // Without the watcher, a scan finds the same.
        watcher.terminate()
        watcher.waitUntilExit()
        let rescanned = try vault.run(["status", "--json"], env: ["VAULT_TRACE": "1"])
        #expect(rescanned.stderr.contains("catalog: scan"))
        #expect(rescanned.stdout == ignored)
    }

    @Test("a watcher asked by a command of another catalog format stops, and the command scans")
    func watcherOfAnotherFormatStops() throws {
        let vault = try VaultSandbox(fixture: "curation")
        defer { vault.cleanUp() }
        let watcher = Process()
        watcher.executableURL = VaultSandbox.binary
        watcher.arguments = ["index", "--watch", "--vault", vault.root.path]
        let log = Pipe()
        watcher.standardError = log
        watcher.standardOutput = FileHandle.nullDevice
        try watcher.run()
        defer { if watcher.isRunning { watcher.terminate() } }
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("watching") {
            let chunk = log.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        _ = try vouched(vault, week)  // this binary's format: vouched for

        let layout = VaultLayout(root: vault.root)
        let other = WatchRequest.catalog(zone: "UTC", version: NoteCatalog.formatVersion + 1)
        #expect(WatchSocket.ask(layout, other) == .error)
        let deadline = Date().addingTimeInterval(10)
        while watcher.isRunning, Date() < deadline { usleep(20_000) }
        #expect(!watcher.isRunning, "the watcher should stop when a command of another format asks")
        seen.append(log.fileHandleForReading.readDataToEndOfFile())
        #expect(String(decoding: seen, as: UTF8.self).contains("another note catalog format (\(NoteCatalog.formatVersion + 1)) asked; stopping"))

        let run = try vault.run(week, env: ["VAULT_TRACE": "1", "VAULT_NO_WATCHER": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("vouched for by the watcher"), "\(run.stderr)")
    }
}
