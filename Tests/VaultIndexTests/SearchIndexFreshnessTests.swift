import Foundation
import Testing
import VaultCore
import VaultIndex

@Suite("search cache freshness")
struct SearchIndexFreshnessTests {
    @Test("a note added between queries is found")
    func addedNote() throws {
        let vault = try FixtureVault()
        try vault.note("a.md", title: "Alpha", body: "first note")
        #expect(try vault.paths("zebra").isEmpty)
        try vault.note("b.md", title: "Beta", body: "a zebra crossing")
        #expect(try vault.paths("zebra") == ["b.md"])
    }

    @Test("an edited note is found by its new words and not its old ones")
    func editedNote() throws {
        let vault = try FixtureVault()
        try vault.note("a.md", title: "Alpha", body: "the walrus sleeps")
        #expect(try vault.paths("walrus") == ["a.md"])
        try vault.note("a.md", title: "Alpha", body: "the penguin swims")
        #expect(try vault.paths("walrus").isEmpty)
        #expect(try vault.paths("penguin") == ["a.md"])
    }

    @Test("an edit of the same size whose old mtime was put back is still seen (ctime)")
    func editWithRestoredModificationTime() throws {
        let vault = try FixtureVault()
        try vault.note("a.md", title: "Alpha", body: "the walrus sleeps")
        let path = vault.root.appendingPathComponent("a.md").path
        var before = stat()
        #expect(stat(path, &before) == 0)
        #expect(try vault.paths("walrus") == ["a.md"])
        // Same length, so size and mtime both match the stored values.
        try vault.note("a.md", title: "Alpha", body: "the narwhal sleep")
        let times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, times, 0) == 0)
        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        #expect(after.st_size == before.st_size)
        #expect(after.st_ino == before.st_ino)
        #expect(try vault.paths("narwhal") == ["a.md"])
        #expect(try vault.paths("walrus").isEmpty)
    }

    @Test("a renamed note is found at its new path only")
    func movedNote() throws {
        let vault = try FixtureVault()
        try vault.note("inbox/a.md", title: "Alpha", body: "the walrus sleeps")
        #expect(try vault.paths("walrus") == ["inbox/a.md"])
        try FileManager.default.createDirectory(
            at: vault.root.appendingPathComponent("archive"), withIntermediateDirectories: true)
        try vault.move("inbox/a.md", "archive/a.md")
        #expect(try vault.paths("walrus") == ["archive/a.md"])
        #expect(try vault.paths("path:inbox/").isEmpty)
    }

    @Test("a deleted note is no longer found")
    func deletedNote() throws {
        let vault = try FixtureVault()
        try vault.note("a.md", title: "Alpha", body: "the walrus sleeps")
        try vault.note("b.md", title: "Beta", body: "the walrus swims")
        #expect(Set(try vault.paths("walrus")) == ["a.md", "b.md"])
        try vault.delete("a.md")
        #expect(try vault.paths("walrus") == ["b.md"])
    }

    @Test("a refresh reports what it added, changed and removed, then nothing")
    func refreshReports() throws {
        let vault = try FixtureVault()
        try vault.note("a.md", title: "Alpha", body: "one")
        try vault.note("b.md", title: "Beta", body: "two")
        let index = try vault.index()
        let first = try index.refresh()
        #expect((first.added, first.changed, first.removed, first.scanned) == (2, 0, 0, 2))
        try vault.note("a.md", title: "Alpha", body: "one more")
        try vault.delete("b.md")
        try vault.note("c.md", title: "Gamma", body: "three")
        let second = try index.refresh()
        #expect((second.added, second.changed, second.removed, second.scanned) == (1, 1, 1, 2))
        let third = try index.refresh()
        #expect(third.isNoChange)
        #expect(try index.statistics().notes == 2)
    }

    /// Every later process would read a large write-ahead log whole (see
    /// `SearchIndex.emptyLargeLog`); a refresh that wrote one empties it.
    @Test("a refresh that rewrites many notes leaves no large write-ahead log")
    func largeLogEmptied() throws {
        let vault = try FixtureVault()
        let words = (0..<400).map { "word\($0)" }.joined(separator: " ")
        for i in 0..<300 { try vault.note("n\(i).md", title: "Note \(i)", body: words) }
        let index = try vault.index()
        try index.refresh()
        for i in 0..<300 { try vault.note("n\(i).md", title: "Note \(i)", body: words + " edited") }
        let report = try index.refresh()
        #expect(report.changed == 300)
        let log = try? FileManager.default.attributesOfItem(atPath: vault.cacheFile.path + "-wal")[.size] as? Int
        #expect((log ?? 0) <= 1 << 20, "write-ahead log: \(log ?? 0) bytes")
        #expect(try vault.paths("edited").count == 300)
    }

    @Test("dot folders and non-Markdown files are not indexed")
    func notesOnly() throws {
        let vault = try FixtureVault()
        try vault.note("a.md", title: "Alpha", body: "walrus")
        try vault.write(".obsidian/b.md", "walrus")
        try vault.write("c.txt", "walrus")
        #expect(try vault.paths("walrus") == ["a.md"])
    }
}

@Suite("search cache refresh of reported paths")
struct SearchIndexPartialRefreshTests {
    @Test("re-checking reported paths adds, updates and removes exactly those notes")
    func reportedPaths() throws {
        let vault = try FixtureVault()
        try vault.note("a.md", title: "Alpha", body: "walrus")
        try vault.note("b.md", title: "Beta", body: "walrus")
        let index = try vault.index()
        try index.refresh()
        try vault.note("a.md", title: "Alpha", body: "narwhal")
        try vault.delete("b.md")
        try vault.note("c.md", title: "Gamma", body: "walrus")
        let report = try index.refresh(paths: ["a.md", "b.md", "c.md", "missing.md"], folders: [])
        #expect((report.added, report.changed, report.removed) == (1, 1, 1))
        let walrus = try index.search(SearchQueryParser.parse("walrus"), limit: nil)
        #expect(walrus.map(\.path) == ["c.md"])
        #expect(try index.search(SearchQueryParser.parse("narwhal"), limit: nil).map(\.path) == ["a.md"])
    }

    @Test("a reported folder is walked when new and re-checked when gone")
    func reportedFolders() throws {
        let vault = try FixtureVault()
        try vault.note("old/a.md", title: "Alpha", body: "walrus")
        let index = try vault.index()
        try index.refresh()
        try vault.move("old", "new")
        let report = try index.refresh(paths: [], folders: ["old", "new"])
        #expect((report.added, report.removed) == (1, 1))
        #expect(try index.search(SearchQueryParser.parse("walrus"), limit: nil).map(\.path) == ["new/a.md"])
    }

    @Test("after a partial refresh the next full refresh still finds what it missed")
    func fingerprintCleared() throws {
        let vault = try FixtureVault()
        try vault.note("a.md", title: "Alpha", body: "walrus")
        let index = try vault.index()
        try index.refresh()
        try vault.note("a.md", title: "Alpha", body: "narwhal")
        try vault.note("b.md", title: "Beta", body: "narwhal")
        // Only a.md is reported; b.md was missed by whoever reported.
        try index.refresh(paths: ["a.md"], folders: [])
        let full = try index.refresh()
        #expect((full.added, full.changed, full.removed) == (1, 0, 0))
        #expect(try index.search(SearchQueryParser.parse("narwhal"), limit: nil).count == 2)
    }

    @Test("ignored and dot paths reported by a watcher are not indexed")
    func reportedIgnoredPaths() throws {
        let vault = try FixtureVault()
        try vault.write(".vault/ignore", "drafts/\n")
        try vault.note("drafts/a.md", title: "Alpha", body: "walrus")
        try vault.note(".hidden/b.md", title: "Beta", body: "walrus")
        let index = try vault.index()
        try index.refresh(paths: ["drafts/a.md", ".hidden/b.md"], folders: ["drafts"])
        #expect(try index.search(SearchQueryParser.parse("walrus"), limit: nil).isEmpty)
    }
}
