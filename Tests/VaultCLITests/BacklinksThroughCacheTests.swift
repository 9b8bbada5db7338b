import ArgumentParser
import Foundation
import Testing
import VaultApp
import VaultCore
import VaultWiring

@testable import VaultCLI

/// `vault links` and `/notes/ID` find backlinks by parsing only the notes the
/// search cache names (NoteLinks): over the real adapters, every note of
/// every fixture vault must get the backlinks and outgoing links that
/// parsing every note gives, in the same order.
@Suite("Backlinks through the search cache, on the fixture vaults")
struct BacklinksThroughCacheTests {
    /// Links that name a note in the ways the cache must not miss: percent-encoded,
    /// by alias, by title in other case, across folders, in CJK, and a note whose title has no word.
    static let extraNotes: [String: String] = [
        "odd/my note.md": "---\naliases: [Ünïcode Alias]\n---\n# My Note\n",
        "odd/encoded.md": "# Encoded\n\n[b](<my note.md>) [c](./my%20note.md#x) [[ünicode alias]]\n",
        "odd/encoded-only.md": "# Encoded only\n\n[a](my%20note.md)\n",
        "odd/日本語.md": "# 日本語のノート\n\n[[odd/my note]]\n",
        "odd/cjk-linker.md": "# CJK\n\n[[日本語]] [[日本語のノート]] [[MY NOTE]]\n",
        "odd/---.md": "# !!!\n\n[[---]]\n",
        "odd/to-dashes.md": "# To dashes\n\n[[---]] [[!!!]]\n",
    ]

    @Test(
        "every note's backlinks and links equal those of every note parsed",
        arguments: ["basic", "cards", "curation", "obsidian", "ExampleVault"])
    func sameAsEveryNote(_ fixture: String) throws {
        let source =
            fixture == "ExampleVault"
            ? VaultSandbox.packageRoot.appendingPathComponent("ExampleVault")
            : VaultSandbox.packageRoot.appendingPathComponent("Tests/VaultCLITests/Fixtures/\(fixture)")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-links-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: root)
        defer { try? FileManager.default.removeItem(at: root) }
        if !FileManager.default.fileExists(atPath: root.appendingPathComponent(".vault").path) {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(".vault"), withIntermediateDirectories: true)
        }
        for (path, text) in Self.extraNotes {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let context = try CompositionRoot.open(GlobalOptions.parse(["--vault", root.path]).choice).app()
        let everyNote = LinkGraph(notes: context.notes.notes().notes)
        let summaries = context.notes.summaries().notes
        #expect(summaries.count > Self.extraNotes.count)
        var backlinks = 0
        for note in summaries {
            let links = try NoteLinks.load(context, note: note.path)
            #expect(links.backlinks == everyNote.backlinks(to: note.path), "\(fixture): \(note.path)")
            #expect(links.outgoing == everyNote.outgoing(from: note.path), "\(fixture): \(note.path)")
            backlinks += links.backlinks.count
        }
        #expect(backlinks > 0)
        // The cache answered (no fallback), naming the note whose one link is percent-encoded.
        let sources = try #require(try context.search.linkSources(naming: ["my note", "My Note"]))
        #expect(sources.contains("odd/encoded-only.md"))
        #expect(try context.search.linkSources(naming: ["---"]) == nil)
    }
}
