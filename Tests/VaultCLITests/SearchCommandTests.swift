import Foundation
import Testing
import VaultStore

@testable import VaultIndex

/// End-to-end tests of `vault search` and `vault index`: they run the built
/// binary (`swift build` first) on a temporary vault and compare its output.
@Suite("vault search end to end", .serialized)
struct SearchCommandTests {
    static let binary = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/debug/vault")

    struct Run {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// A temporary vault made by `vault init`, with two notes.
    final class TempVault {
        let root: URL

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let initRun = try SearchCommandTests.run(["init"], in: root)
            guard initRun.status == 0 else { throw CocoaError(.fileWriteUnknown) }
            try write(
                "2026/11/habits.md",
                """
                ---
                id: 7f0c2a52-8d8e-4d8b-9a55-3c2f4f0b6d11
                created: 2026-11-18T08:42:00Z
                category: Productivity
                tags: [habits, systems]
                ---
                # You do not rise to the level of your goals

                You fall to the level of your systems.

                """)
            try write(
                "2026/10/sleep.md",
                """
                ---
                created: 2026-10-02T08:00:00Z
                category: Health
                ---
                # Sleep

                Sleep shapes your systems of memory.

                """)
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func vault(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
            try SearchCommandTests.run(arguments, in: root, environment: environment)
        }
    }

    /// Runs the binary in `folder`. Searches start no watcher of their own
    /// unless `environment` clears `VAULT_NO_WATCHER`.
    static func run(_ arguments: [String], in folder: URL, environment extra: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["VAULT_DIR"] = folder.path
        environment["VAULT_NO_WATCHER"] = "1"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
            status: process.terminationStatus)
    }

    @Test("search prints title, path, category and snippet for each hit, best first")
    func plainOutput() throws {
        let vault = try TempVault()
        let run = try vault.vault(["search", "systems"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(
            run.stdout == """
                You do not rise to the level of your goals
                  2026/11/habits.md  Productivity
                  …to the level of your goals You fall to the level of your systems.

                Sleep
                  2026/10/sleep.md  Health
                  Sleep shapes your systems of memory.

                2 notes

                """)
    }

    @Test("in a narrow terminal, titles and snippets wrap at spaces, indented; the path stays whole")
    func narrowOutput() throws {
        let vault = try TempVault()
        let run = try vault.vault(["search", "systems"], environment: ["COLUMNS": "30"])
        #expect(run.status == 0)
        #expect(
            run.stdout == """
                You do not rise to the level
                of your goals
                  2026/11/habits.md  Productivity
                  …to the level of your goals
                  You fall to the level of
                  your systems.

                Sleep
                  2026/10/sleep.md  Health
                  Sleep shapes your systems of
                  memory.

                2 notes

                """)
    }

    @Test("-l prints only paths, and sees a note added since the last search")
    func pathsOnly() throws {
        let vault = try TempVault()
        #expect(try vault.vault(["search", "-l", "memory"]).stdout == "2026/10/sleep.md\n")
        try vault.write("new.md", "# Memory palace\n\nLoci for memory.\n")
        let run = try vault.vault(["search", "-l", "memory"])
        #expect(run.stdout == "new.md\n2026/10/sleep.md\n")
        #expect(run.status == 0)
    }

    @Test("--json prints one object per hit with the documented keys")
    func json() throws {
        let vault = try TempVault()
        let run = try vault.vault(["search", "--json", "goals"])
        #expect(run.status == 0)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 1)
        let hit = try #require(objects.first)
        #expect(Set(hit.keys) == ["path", "id", "title", "category", "tags", "created", "score", "snippet"])
        #expect(hit["path"] as? String == "2026/11/habits.md")
        #expect(hit["id"] as? String == "7f0c2a52-8d8e-4d8b-9a55-3c2f4f0b6d11")
        #expect(hit["tags"] as? [String] == ["habits", "systems"])
        #expect(hit["created"] as? String == "2026-11-18T08:42:00Z")
        #expect((hit["score"] as? Double ?? 0) > 0)
    }

    @Test("no hits: a message and exit status 1")
    func noHits() throws {
        let vault = try TempVault()
        let run = try vault.vault(["search", "zebra"])
        #expect(run.status == 1)
        #expect(run.stdout == "No notes match.\n")
        #expect(try vault.vault(["search", "-l", "zebra"]).stdout == "")
    }

    @Test("a malformed query is a usage error naming the column")
    func malformedQuery() throws {
        let vault = try TempVault()
        let run = try vault.vault(["search", "habits", "\"deep work"])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix("error: column 8: the quote opened here is never closed; add a closing \".\n"))
        let unknown = try vault.vault(["search", "colour:red"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("error: column 1: 'colour:' is not a filter;"))
    }

    @Test("a filter-only query lists notes newest first")
    func filterOnly() throws {
        let vault = try TempVault()
        #expect(try vault.vault(["search", "-l", "created:2026"]).stdout == "2026/11/habits.md\n2026/10/sleep.md\n")
    }

    @Test("index --stats reports the notes in the cache")
    func indexStats() throws {
        let vault = try TempVault()
        let first = try vault.vault(["index"])
        #expect(first.status == 0)
        #expect(first.stdout.hasPrefix("Indexed 2 new, 0 changed, 0 removed of 2 notes in "))
        #expect(try vault.vault(["index"]).stdout.hasPrefix("The search cache is up to date: 2 notes"))
        let stats = try vault.vault(["index", "--stats"])
        #expect(stats.stdout.hasPrefix("notes         2\n"))
        #expect(try vault.vault(["index", "--rebuild"]).stdout.hasPrefix("Indexed 2 new, 0 changed, 0 removed"))
    }

    @Test(
        "a cold build, and a refresh that writes, remove what killed builds left: a gone process's file unwritten for a minute"
    )
    func abandonedBuilds() throws {
        let vault = try TempVault()
        let cache = vault.root.appendingPathComponent(".vault/cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        // A process id no process has: the highest free one below the kernel's limit.
        let gone = try #require((100_000...4_000_000).reversed().first { kill(pid_t($0), 0) != 0 && errno == ESRCH })
        func leftover(_ pid: Int, minutesOld: Double) throws -> URL {
            let file = cache.appendingPathComponent("index.sqlite.building-\(pid)")
            try Data("partial".utf8).write(to: file)
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -minutesOld * 60)], ofItemAtPath: file.path)
            return file
        }
        let abandoned = try leftover(gone, minutesOld: 120)
        let fresh = try leftover(gone - 1, minutesOld: 0)
        let running = try leftover(Int(getpid()), minutesOld: 120)
        #expect(try vault.vault(["index", "--rebuild"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        #expect(FileManager.default.fileExists(atPath: fresh.path), "written within the minute: maybe another machine's build")
        #expect(FileManager.default.fileExists(atPath: running.path), "its process is alive")

        // A rebuild killed while the cache stays: the next refresh that writes removes its leftover.
        let killed = try leftover(gone, minutesOld: 120)
        #expect(try vault.vault(["index"]).stdout.hasPrefix("The search cache is up to date"))
        #expect(
            FileManager.default.fileExists(atPath: killed.path), "a refresh with nothing to write leaves the folder alone")
        try vault.write("c.md", "---\ntitle: C\n---\nthird\n")
        #expect(try vault.vault(["index"]).stdout.hasPrefix("Indexed 1 new"))
        #expect(!FileManager.default.fileExists(atPath: killed.path))
    }
}

/// `vault index --watch` run as a real background process: searches must see
/// every change through it, and a second watcher must refuse to start.
@Suite("vault index --watch end to end", .serialized)
struct WatchCommandTests {
    /// Starts a watcher on `vault` and waits until it has done its first refresh.
    func startWatcher(_ vault: SearchCommandTests.TempVault) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = SearchCommandTests.binary
        process.arguments = ["index", "--watch", "--vault", vault.root.path]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // The first line on stderr says it is watching.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("watching") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        #expect(String(decoding: seen, as: UTF8.self).contains("vault index --watch: watching"))
        return (process, err)
    }

    @Test("with a watcher running, searches see edits, new folders, moves and deletions")
    func watcherKeepsSearchesFresh() throws {
        let vault = try SearchCommandTests.TempVault()
        let (watcher, _) = try startWatcher(vault)
        defer {
            watcher.terminate()
            watcher.waitUntilExit()
        }
        #expect(try vault.vault(["search", "-l", "memory"]).stdout == "2026/10/sleep.md\n")
        // An edit, then a search at once: the watcher must drain its events first.
        try vault.write("2026/10/sleep.md", "# Sleep\n\nA zebra dreams.\n")
        #expect(try vault.vault(["search", "-l", "zebra"]).stdout == "2026/10/sleep.md\n")
        #expect(try vault.vault(["search", "-l", "memory"]).stdout == "")
        try vault.write("inbox/deep/okapi.md", "# Okapi\n\nzebra cousin\n")
        #expect(try vault.vault(["search", "-l", "okapi"]).stdout == "inbox/deep/okapi.md\n")
        try FileManager.default.moveItem(
            at: vault.root.appendingPathComponent("inbox"), to: vault.root.appendingPathComponent("archive"))
        #expect(try vault.vault(["search", "-l", "okapi"]).stdout == "archive/deep/okapi.md\n")
        try FileManager.default.removeItem(at: vault.root.appendingPathComponent("2026/10/sleep.md"))
        #expect(try vault.vault(["search", "-l", "zebra"]).stdout == "archive/deep/okapi.md\n")
        let second = try vault.vault(["index", "--watch"])
        #expect(second.status == 1)
        #expect(second.stderr == "error: a watcher already keeps this vault's search cache fresh.\n")
    }

    @Test("with watcher: always, a search that had to scan starts a watcher, and the next searches use it")
    func searchStartsWatcher() throws {
        let vault = try SearchCommandTests.TempVault()
        let config = vault.root.appendingPathComponent(".vault/config.yml")
        try (String(contentsOf: config, encoding: .utf8) + "watcher: always\n").write(
            to: config, atomically: true, encoding: .utf8)
        let first = try vault.vault(
            ["search", "-l", "memory"], environment: ["VAULT_NO_WATCHER": "", "VAULT_TRACE": "1"])
        #expect(first.stdout == "2026/10/sleep.md\n")
        #expect(first.stderr.contains("trace:"))  // it scanned
        // Wait for the background watcher to answer: a search it serves
        // prints no scan trace (these probes start no watcher themselves).
        var answered = false
        for _ in 0..<50 where !answered {
            answered = try vault.vault(["search", "-l", "memory"], environment: ["VAULT_TRACE": "1"]).stderr.isEmpty
            if !answered { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(answered)
        try vault.write("2026/10/sleep.md", "# Sleep\n\nA zebra dreams.\n")
        let second = try vault.vault(["search", "-l", "zebra"], environment: ["VAULT_TRACE": "1"])
        #expect(second.stdout == "2026/10/sleep.md\n")
        #expect(second.stderr == "")  // no scan: the watcher answered
        // Deleting the vault (TempVault's deinit) stops the watcher.
    }

    @Test("by default (watcher: auto) a search or status on a small vault leaves no watcher behind")
    func smallVaultStartsNoWatcher() throws {
        let vault = try SearchCommandTests.TempVault()
        for arguments in [["search", "-l", "memory"], ["status"]] {
            let run = try vault.vault(arguments, environment: ["VAULT_NO_WATCHER": ""])
            #expect(run.status == 0, "\(run.stderr)")
        }
        // A watcher would answer within a second; every search still scans for itself.
        for _ in 0..<5 {
            Thread.sleep(forTimeInterval: 0.2)
            let probe = try vault.vault(["search", "-l", "memory"], environment: ["VAULT_TRACE": "1"])
            #expect(probe.stderr.contains("trace:"), "a watcher answered: \(probe.stderr)")
        }
    }
}

/// The watcher's socket under a client that says nothing.
@Suite("The watcher serves clients without waiting on a slow one", .serialized)
struct WatchServerTests {
    @Test("a client that connects and sends half a line holds up no other client")
    func slowClientBlocksNobody() throws {
        let vault = try SearchCommandTests.TempVault()
        let (watcher, _) = try WatchCommandTests().startWatcher(vault)
        defer {
            watcher.terminate()
            watcher.waitUntilExit()
        }
        let layout = VaultLayout(root: vault.root)
        // A client that sends part of a request and then nothing.
        let slow = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(slow) }
        var (address, length) = WatchSocket.address(layout)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(slow, $0, length) }
        }
        try #require(connected == 0)
        #expect(WatchSocket.writeAll(slow, "cata"))
        // Another client is answered at once, while the slow one is still connected, unanswered.
        let answer = WatchSocket.catalog(layout, timeZone: TimeZone(identifier: "UTC")!)
        #expect(answer?.count == 2)
        _ = fcntl(slow, F_SETFL, fcntl(slow, F_GETFL) | O_NONBLOCK)
        var byte: UInt8 = 0
        let n = recv(slow, &byte, 1, 0)
        #expect(n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK), "the slow client was dropped or answered first")
    }
}

@Suite("Search query words that look like options")
struct SearchQueryArgumentTests {
    @Test("'-word' leaves notes out whether written as one argument, several, or after --; a huge query is refused")
    func dashWords() throws {
        let vault = try SearchCommandTests.TempVault()
        let together = try vault.vault(["search", "-l", "systems -sleep"])
        let apart = try vault.vault(["search", "systems", "-sleep", "-l"])
        let separated = try vault.vault(["search", "-l", "--", "systems", "-sleep"])
        #expect(together.status == apart.status && apart.status == separated.status)
        #expect(together.stdout == apart.stdout && apart.stdout == separated.stdout, "\(apart.stderr)")
        let onlyExcluded = try vault.vault(["search", "-l", "-zebra", "systems"])
        #expect(onlyExcluded.status == 0, "\(onlyExcluded.stderr)")
        #expect(onlyExcluded.stdout == (try vault.vault(["search", "-l", "systems"])).stdout)
        #expect(together.stdout == "2026/11/habits.md\n", "-sleep left sleep.md out: \(together.stderr)")
        let huge = try vault.vault(["search", String(repeating: "word ", count: 5000)])
        #expect(huge.status == 64)
        #expect(huge.stderr.contains("a query may hold at most 1000"), "\(huge.stderr)")
    }
}
