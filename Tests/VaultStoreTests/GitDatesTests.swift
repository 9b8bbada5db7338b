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
}
