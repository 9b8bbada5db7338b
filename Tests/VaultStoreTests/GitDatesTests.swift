import Foundation
import Testing

@testable import VaultStore

@Suite("Git first-commit dates")
struct GitDatesTests {
    @Test("dates come from one git log pass, are kept for HEAD, and are read again after a new commit")
    func cachedPerHead() throws {
        let dir = TempFolder()
        let git = [
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@t",
        ]
        _ = dir.run("git", "init", "-q", ".")
        dir.write("a.md", "a\n")
        _ = dir.run("git", "add", "a.md")
        var env = git
        env["GIT_AUTHOR_DATE"] = "2024-03-01T12:00:00Z"
        _ = dir.run("git", "commit", "-q", "-m", "a", environment: env)
        let first = GitHistory.firstCommitDates(in: dir.url)
        #expect(first["a.md"] == Date(timeIntervalSince1970: 1_709_294_400))
        let cache = dir.url.appendingPathComponent(".vault/cache/git-dates.tsv")
        let head = try #require(GitHistory.headCommit(in: dir.url))
        #expect(dir.read(".vault/cache/git-dates.tsv") == "vault-git-dates v1 \(head)\n1709294400\ta.md\n")

        // A planted cache for this HEAD is believed: the pass is not run again.
        try Data("vault-git-dates v1 \(head)\n1\ta.md\n".utf8).write(to: cache)
        #expect(GitHistory.firstCommitDates(in: dir.url)["a.md"] == Date(timeIntervalSince1970: 1))

        dir.write("b.md", "b\n")
        _ = dir.run("git", "add", "b.md")
        env["GIT_AUTHOR_DATE"] = "2025-03-01T12:00:00Z"
        _ = dir.run("git", "commit", "-q", "-m", "b", environment: env)
        let after = GitHistory.firstCommitDates(in: dir.url)
        #expect(after["a.md"] == Date(timeIntervalSince1970: 1_709_294_400), "a new HEAD reads git again")
        #expect(after["b.md"] == Date(timeIntervalSince1970: 1_740_830_400))
    }

    @Test("git is not run where it could find no repository, and is wherever a .git is above, as git itself finds it")
    func noRepositoryNoGit() throws {
        let dir = TempFolder()
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("outside/deep"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("repo/notes/deep"), withIntermediateDirectories: true)
        _ = dir.run("git", "init", "-q", "repo")
        dir.write("linked/.git", "gitdir: ../repo/.git\n")  // a work tree's .git file
        try FileManager.default.createSymbolicLink(
            at: dir.url.appendingPathComponent("outside/link"),
            withDestinationURL: dir.url.appendingPathComponent("repo/notes"))
        /// Whether git itself, run in `path`, finds a repository.
        func gitFinds(_ path: String) -> Bool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "rev-parse", "--git-dir"]
            process.currentDirectoryURL = dir.url.appendingPathComponent(path)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try? process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
        for path in ["repo", "repo/notes/deep", "linked", "outside/link"] {
            #expect(GitHistory.mayFindRepository(from: dir.url.appendingPathComponent(path)), "\(path)")
            #expect(gitFinds(path), "\(path)")
        }
        // Outside every repository (unless the temporary folder itself is inside one: then git finds it too).
        for path in ["outside", "outside/deep"] {
            #expect(
                GitHistory.mayFindRepository(from: dir.url.appendingPathComponent(path)) == gitFinds(path), "\(path)")
        }
        if !gitFinds("outside") {
            #expect(GitHistory.headCommit(in: dir.url.appendingPathComponent("outside")) == nil)
            #expect(!GitHistory.mayFindRepository(from: dir.url.appendingPathComponent("outside/deep")))
        }
    }
}
