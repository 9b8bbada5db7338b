import Foundation
import Testing
import VaultCore

@testable import VaultStore

@Suite("Note catalog")
struct NoteCatalogTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// A vault with notes that exercise every kept field: ids, zone-less
    /// and file-name dates, inferred source types, aliases, inline tags,
    /// diagnostics (bad date, unclosed front matter, binary, invalid UTF-8),
    /// and all kinds of cards.
    static func fixture() -> TempFolder {
        let dir = TempFolder()
        try! FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent(".vault"), withIntermediateDirectories: true)
        dir.write(
            "a.md",
            """
            ---
            id: 11111111-1111-1111-1111-111111111111
            created: 2026-11-18T08:42
            category: Productivity
            tags: [habits, systems]
            source: https://www.youtube.com/watch?v=x
            aliases: [Alpha, First]
            extra: kept
            ---
            # Alpha title

            Body with #inline tag, [[Wiki]] and [b](b.md).

            What is it :: a card
            Forward ::: backward

            """)
        dir.write("2025-03-04 dated.md", "A ==cloze== and ==two==\n")
        dir.write("inbox/plain.md", "Just a first line #idea\n\nWhy is the sky blue\n?\nScattering\n")
        dir.write("bad-date.md", "---\ncreated: someday\nsource: Atomic Habits\nsource_type: Book\n---\nq :: a\n")
        dir.write("open.md", "---\nid: never-closed\n# Heading\n")
        dir.write("bin.md", Data([0x23, 0x20, 0x61, 0x00, 0x62]))
        dir.write("utf.md", Data([0x23, 0x20, 0xFF, 0x0A, 0x78, 0x20, 0x3A, 0x3A, 0x20, 0x79, 0x0A]))
        return dir
    }

    /// Checks `loaded` against the full loaders, which parse every file.
    static func expectMatchesFullLoad(
        _ loaded: NoteCatalog.Loaded, _ dir: TempFolder, zone: TimeZone = utc,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let layout = VaultLayout(root: dir.url)
        let scan = VaultScanner(layout: layout).scan()
        let notes = NoteLoader(layout: layout, timeZone: zone).load(scan.files).sorted { $0.path < $1.path }
        let cards = CardLoader(layout: layout).cards(of: notes, in: .wholeVault)
        #expect(loaded.notes == notes.map(\.summary), sourceLocation: sourceLocation)
        #expect(loaded.keys == notes.map { $0.id.map(NoteKey.init(id:)) }, sourceLocation: sourceLocation)
        #expect(loaded.facts.decoded() == notes.map(NoteCheckFacts.init), sourceLocation: sourceLocation)
        #expect(loaded.cards == cards, sourceLocation: sourceLocation)
        #expect(Set(loaded.problems) == Set(scan.problems), sourceLocation: sourceLocation)
    }

    static func load(_ dir: TempFolder, zone: TimeZone = utc) -> NoteCatalog.Loaded {
        NoteCatalog(layout: VaultLayout(root: dir.url), timeZone: zone).load()
    }

    /// Replaces a file's content without changing its inode.
    static func overwriteInPlace(_ dir: TempFolder, _ path: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: dir.url.appendingPathComponent(path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    static let allPaths = [
        "2025-03-04 dated.md", "a.md", "bad-date.md", "bin.md", "inbox/plain.md", "open.md", "utf.md",
    ]

    @Test("the catalog gives the notes loadNotes gives, in every kept field, and CardLoader's cards")
    func matchesFullLoad() throws {
        let dir = Self.fixture()
        let first = Self.load(dir)
        Self.expectMatchesFullLoad(first, dir)
        #expect(first.report.outcome == .rebuilt)
        #expect(first.report.parsed == Self.allPaths)
        #expect(first.report.written)
        #expect(first.notes.map(\.path) == Self.allPaths)
        #expect(first.cards.count == 8)
        let a = try #require(first.notes.first { $0.path == "a.md" })
        #expect(a.tags == ["habits", "systems", "inline"])
        #expect(a.sourceType == "video" && a.sourceTypeInferred)
        #expect(first.notes.first { $0.path == "bad-date.md" }?.diagnostics.map(\.code) == ["created-date"])

        let second = Self.load(dir)
        Self.expectMatchesFullLoad(second, dir)
        #expect(second.report.outcome == .unchanged)
        #expect(second.report.parsed.isEmpty)
        #expect(second.report.reused == Self.allPaths.count)
        #expect(!second.report.written)
        #expect(second.notes == first.notes && second.cards == first.cards)
    }

    @Test("a catalog a watcher vouches for is used without a scan; a stale vouch falls back to the scan")
    func vouchedLoad() throws {
        let dir = Self.fixture()
        let catalog = NoteCatalog(layout: VaultLayout(root: dir.url), timeZone: Self.utc)
        let first = catalog.load()
        let header = try #require(catalog.storedHeader())
        let scan = VaultScanner(layout: VaultLayout(root: dir.url)).scan().files
        #expect(header.timeZoneID == Self.utc.identifier)
        #expect(header.scan == NoteCatalog.VouchedScan(fingerprint: ScanFingerprint(scan), count: scan.count))

        let vouched = catalog.load(vouched: header.scan)
        #expect(vouched.report.vouched && vouched.report.outcome == .unchanged)
        #expect(vouched.report.scanSeconds == 0 && vouched.problems.isEmpty)
        #expect(vouched.notes == first.notes && vouched.cards == first.cards)

        // The files changed after the watcher vouched for the old catalog: its vouch no longer matches.
        try Self.overwriteInPlace(dir, "inbox/plain.md", "# Now a heading\n")
        let stale = NoteCatalog.VouchedScan(
            fingerprint: ScanFingerprint(value: header.scan.fingerprint.value ^ 1), count: 7)
        let rescanned = catalog.load(vouched: stale)
        #expect(!rescanned.report.vouched && rescanned.report.outcome == .updated)
        #expect(rescanned.report.parsed == ["inbox/plain.md"])
        Self.expectMatchesFullLoad(rescanned, dir)
    }

    @Test("an edit of a note is seen, and only that note is parsed again")
    func editedNote() throws {
        let dir = Self.fixture()
        _ = Self.load(dir)
        try Self.overwriteInPlace(dir, "inbox/plain.md", "# Now a heading\n\nNew :: card\n")
        let loaded = Self.load(dir)
        Self.expectMatchesFullLoad(loaded, dir)
        #expect(loaded.report.outcome == .updated)
        #expect(loaded.report.parsed == ["inbox/plain.md"])
        #expect(loaded.report.changed == 1 && loaded.report.added == 0 && loaded.report.removed == 0)
        #expect(loaded.report.reused == Self.allPaths.count - 1)
        #expect(loaded.notes.first { $0.path == "inbox/plain.md" }?.title == "Now a heading")
        #expect(loaded.cards.filter { $0.notePath == "inbox/plain.md" }.map(\.question) == ["New"])
        #expect(Self.load(dir).report.outcome == .unchanged)
    }

    @Test("edits that change how many cards notes have are seen, with every other note's cards in place")
    func editsChangingCardCounts() throws {
        let dir = Self.fixture()
        _ = Self.load(dir)
        try Self.overwriteInPlace(dir, "a.md", "# Alpha\n\nOne :: card\nTwo :: cards\nThree :: cards\n")
        try Self.overwriteInPlace(dir, "inbox/plain.md", "# No cards now\n")
        let loaded = Self.load(dir)
        Self.expectMatchesFullLoad(loaded, dir)
        #expect(loaded.report.parsed == ["a.md", "inbox/plain.md"] && loaded.report.changed == 2)
        #expect(loaded.cards.filter { $0.notePath == "a.md" }.map(\.question) == ["One", "Two", "Three"])
        #expect(loaded.cards.filter { $0.notePath == "inbox/plain.md" }.isEmpty)
        Self.expectMatchesFullLoad(Self.load(dir), dir)
    }

    @Test("an edit of the same size whose old mtime was put back is seen (ctime)")
    func editWithRestoredModificationTime() throws {
        let dir = Self.fixture()
        let path = dir.url.appendingPathComponent("a.md").path
        var before = stat()
        #expect(stat(path, &before) == 0)
        _ = Self.load(dir)
        usleep(20_000)  // so the kernel's coarse clock gives the edit another ctime
        let old = dir.read("a.md")
        let new = old.replacingOccurrences(of: "Alpha title", with: "Omega title")
        #expect(new.utf8.count == old.utf8.count)
        try Self.overwriteInPlace(dir, "a.md", new)
        #expect(utimensat(AT_FDCWD, path, [before.st_atim, before.st_mtim], 0) == 0)
        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        #expect(after.st_size == before.st_size && after.st_ino == before.st_ino)

        let loaded = Self.load(dir)
        Self.expectMatchesFullLoad(loaded, dir)
        #expect(loaded.report.parsed == ["a.md"])
        #expect(loaded.notes.first { $0.path == "a.md" }?.title == "Omega title")
    }

    @Test("an added note is seen, and only it is parsed")
    func addedNote() {
        let dir = Self.fixture()
        _ = Self.load(dir)
        dir.write("inbox/new.md", "---\nid: n\n---\nfresh :: card\n")
        let loaded = Self.load(dir)
        Self.expectMatchesFullLoad(loaded, dir)
        #expect(loaded.report.parsed == ["inbox/new.md"])
        #expect(loaded.report.added == 1 && loaded.report.changed == 0 && loaded.report.removed == 0)
        #expect(loaded.notes.map(\.path).contains("inbox/new.md"))
        #expect(loaded.cards.contains { $0.noteKey == "n" && $0.answer == "card" })
    }

    @Test("a removed note is gone, and nothing is parsed")
    func removedNote() throws {
        let dir = Self.fixture()
        _ = Self.load(dir)
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("a.md"))
        let loaded = Self.load(dir)
        Self.expectMatchesFullLoad(loaded, dir)
        #expect(loaded.report.outcome == .updated)
        #expect(loaded.report.parsed.isEmpty)
        #expect(loaded.report.removed == 1)
        #expect(loaded.report.written)
        #expect(!loaded.notes.contains { $0.path == "a.md" })
        #expect(!loaded.cards.contains { $0.notePath == "a.md" })
        #expect(Self.load(dir).report.outcome == .unchanged)
    }

    @Test("a moved note is seen at its new path only, parsed there")
    func movedNote() throws {
        let dir = Self.fixture()
        _ = Self.load(dir)
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("archive"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: dir.url.appendingPathComponent("2025-03-04 dated.md"),
            to: dir.url.appendingPathComponent("archive/moved.md"))
        let loaded = Self.load(dir)
        Self.expectMatchesFullLoad(loaded, dir)
        #expect(loaded.report.parsed == ["archive/moved.md"])
        #expect(loaded.report.added == 1 && loaded.report.removed == 1)
        // The date came from the old file name; at the new path it is the mtime.
        #expect(loaded.notes.first { $0.path == "archive/moved.md" }?.createdOrigin == .modificationTime)
        #expect(loaded.cards.filter { $0.notePath == "archive/moved.md" }.count == 2)
    }

    enum Damage: String, CaseIterable, Sendable {
        case empty, truncated, garbage, flippedByte, otherVersion
    }

    @Test("a damaged catalog, or one of another version, is ignored and written again", arguments: Damage.allCases)
    func damagedCatalog(damage: Damage) throws {
        let dir = Self.fixture()
        let catalog = NoteCatalog(layout: VaultLayout(root: dir.url), timeZone: Self.utc)
        _ = catalog.load()
        var bytes = [UInt8](try Data(contentsOf: catalog.url))
        switch damage {
        case .empty: bytes = []
        case .truncated: bytes = Array(bytes.prefix(bytes.count / 2))
        case .garbage: bytes = (0..<bytes.count).map { _ in UInt8.random(in: 0...255) }
        case .flippedByte: bytes[bytes.count - 3] ^= 0x01
        case .otherVersion: bytes[8] = 99
        }
        try Data(bytes).write(to: catalog.url)
        let loaded = catalog.load()
        Self.expectMatchesFullLoad(loaded, dir)
        #expect(loaded.report.outcome == .rebuilt)
        #expect(loaded.report.parsed == Self.allPaths)
        #expect(loaded.report.written)
        #expect(catalog.load().report.outcome == .unchanged)
    }

    /// The fixture's catalog, as stored.
    static func storedFixture() throws -> CatalogFile.Contents {
        let dir = fixture()
        let catalog = NoteCatalog(layout: VaultLayout(root: dir.url), timeZone: utc)
        _ = catalog.load()
        return try #require(CatalogFile.read(catalog.url, timeZoneID: utc.identifier))
    }

    @Test("entries written in chunks are decoded in parallel into the same entries")
    func chunkedDecoding() throws {
        let stored = try Self.storedFixture()
        let bytes = CatalogFile.encode(stored, chunkSize: 2).bytes
        let decoded = try #require(
            bytes.withUnsafeBytes { try? CatalogFile.decode(payload: $0, timeZoneID: Self.utc.identifier) } ?? nil)
        #expect(decoded.entries.files == stored.entries.files)
        #expect(decoded.entries.notes == stored.entries.notes)
        #expect(decoded.entries.cards == stored.entries.cards)
        #expect(decoded.entries.cardEnds == stored.entries.cardEnds)
        #expect(stored.entries.cards.count == 8 && stored.entries.count == 7)
    }

    @Test("repeated sources, categories, decks and tag lists are decoded as one value each, other values apart")
    func repeatedValuesShared() throws {
        let dir = TempFolder()
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent(".vault"), withIntermediateDirectories: true)
        let front = "category: Continuing education\nsource: \"Thinking, Fast and Slow\"\ntags: [psychology, decisions]"
        for name in ["a", "b", "c"] {
            dir.write("\(name).md", "---\n\(front)\n---\n# \(name)\n\nWhat is \(name) :: the answer\n")
        }
        dir.write("d.md", "---\nsource: \"Thinking, Fast and Slower\"\ntags: [psychology]\n---\n# d\n")
        let catalog = NoteCatalog(layout: VaultLayout(root: dir.url), timeZone: Self.utc)
        _ = catalog.load()
        let stored = try #require(CatalogFile.read(catalog.url, timeZoneID: Self.utc.identifier))
        let notes = stored.entries.notes
        #expect(
            notes.map(\.source) == [
                "Thinking, Fast and Slow", "Thinking, Fast and Slow", "Thinking, Fast and Slow",
                "Thinking, Fast and Slower",
            ])
        func storage(_ text: String?) -> UnsafeRawPointer? {
            text?.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
        }
        func storage(_ list: [String]) -> UnsafeRawPointer? {
            list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(storage(notes[0].source) != nil && storage(notes[0].source) == storage(notes[2].source))
        #expect(storage(notes[0].category) == storage(notes[1].category))
        #expect(storage(notes[0].tags) == storage(notes[1].tags) && storage(notes[1].tags) == storage(notes[2].tags))
        #expect(
            storage(notes[3].source) != storage(notes[0].source) && storage(notes[3].tags) != storage(notes[0].tags))
        #expect(notes[3].tags == ["psychology"] && notes[0].tags == ["psychology", "decisions"])
        Self.expectMatchesFullLoad(NoteCatalog(layout: VaultLayout(root: dir.url), timeZone: Self.utc).load(), dir)
    }

    @Test("chunks kept from the last write and encoded again only where entries changed give the full encoding")
    func reusedChunks() throws {
        var stored = try Self.storedFixture()
        let old = CatalogFile.encodeChunks(stored, chunkSize: 2)
        #expect(old.count == 4)
        stored.entries.notes[4].title = "Another title"
        stored.entries.notes[5].tags.append("new")
        let full = CatalogFile.encode(stored, chunkSize: 2).bytes
        let reused = CatalogFile.encodeChunks(stored, chunkSize: 2, reusing: old, changed: [4, 5])
        #expect(reused[0] == old[0] && reused[1] == old[1] && reused[3] == old[3] && reused[2] != old[2])
        #expect(CatalogFile.payload(stored, chunks: reused, chunkSize: 2).bytes == full)
        // The wrong chunk named changed: its stale bytes stay (the caller's promise is trusted).
        let wrong = CatalogFile.encodeChunks(stored, chunkSize: 2, reusing: old, changed: [0])
        #expect(CatalogFile.payload(stored, chunks: wrong, chunkSize: 2).bytes != full)
        // Chunks of another count are not reused.
        let fresh = CatalogFile.encodeChunks(stored, chunkSize: 2, reusing: Array(old.prefix(3)), changed: [])
        #expect(CatalogFile.payload(stored, chunks: fresh, chunkSize: 2).bytes == full)
    }

    @Test("any cut or changed byte in a payload with a matching checksum is refused or read, never a crash")
    func decoderSurvivesDamage() throws {
        let stored = try Self.storedFixture()
        // Chunks of two notes, so damage in a later chunk must release what earlier ones decoded.
        let valid = CatalogFile.encode(stored, chunkSize: 2).bytes
        /// `payload` decoded as a catalog's (the framing's length and checksum would match it).
        func decodes(_ payload: ArraySlice<UInt8>) -> Bool {
            Array(payload).withUnsafeBytes { raw in
                (try? CatalogFile.decode(payload: raw, timeZoneID: Self.utc.identifier)).flatMap { $0 } != nil
            }
        }
        let payload = valid[...]
        #expect(decodes(payload))
        for cut in payload.indices.dropLast() {
            #expect(!decodes(payload[..<cut]), "a payload cut at \(cut) was read")
        }
        for i in payload.indices {
            var changed = payload
            changed[i] ^= 0xA5
            _ = decodes(changed)  // may or may not be readable; it must not crash
        }
    }

    @Test("a catalog written for another time zone is rebuilt, with dates read in the new zone")
    func otherTimeZone() throws {
        let dir = Self.fixture()
        let utc = Self.load(dir)
        let paris = TimeZone(identifier: "Europe/Paris")!
        let loaded = Self.load(dir, zone: paris)
        Self.expectMatchesFullLoad(loaded, dir, zone: paris)
        #expect(loaded.report.outcome == .rebuilt)
        let before = try #require(utc.notes.first { $0.path == "a.md" }?.created)
        let after = try #require(loaded.notes.first { $0.path == "a.md" }?.created)
        #expect(before.timeIntervalSince(after) == 3600)
        #expect(Self.load(dir, zone: paris).report.outcome == .unchanged)
    }

    @Test("when the cache folder cannot be written, the notes still load, every time from the files")
    func unwritableCache() {
        let dir = Self.fixture()
        dir.write(".vault/cache", "a file where the cache folder should be")
        let first = Self.load(dir)
        Self.expectMatchesFullLoad(first, dir)
        #expect(!first.report.written)
        let second = Self.load(dir)
        Self.expectMatchesFullLoad(second, dir)
        #expect(second.report.outcome == .rebuilt && !second.report.written)
    }

    @Test("a commit gives an undated note its git date on the next load, as loadNotes does")
    func gitDateAfterCommit() throws {
        let dir = Self.fixture()
        dir.run("git", "init", "-q")
        let first = Self.load(dir)
        Self.expectMatchesFullLoad(first, dir)
        #expect(first.notes.first { $0.path == "inbox/plain.md" }?.createdOrigin == .modificationTime)

        let env = [
            "GIT_AUTHOR_DATE": "2025-03-04T05:06:07Z", "GIT_COMMITTER_DATE": "2025-03-04T05:06:07Z",
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
        ]
        dir.run("git", "add", "inbox/plain.md", environment: env)
        dir.run("git", "commit", "-qm", "first", environment: env)
        let second = Self.load(dir)
        Self.expectMatchesFullLoad(second, dir)
        #expect(second.report.outcome == .unchanged)
        // Every note without a date of its own is looked up again: plain.md
        // gets its commit's date; bad-date, open, bin and utf stay on their mtimes.
        #expect(second.report.redated == 5)
        #expect(second.report.written)
        let plain = try #require(second.notes.first { $0.path == "inbox/plain.md" })
        #expect(plain.createdOrigin == .git)
        #expect(plain.created.map(VaultDate.isoString) == "2025-03-04T05:06:07Z")

        let third = Self.load(dir)
        #expect(third.report.redated == 0 && !third.report.written)
        #expect(third.notes == second.notes)
    }

    @Test(
        "only a deck's notes have their cards read; a note that joins a deck has them read then, as a full load gives them"
    )
    func cardsOfDecksOnly() throws {
        let dir = Self.fixture()
        let layout = VaultLayout(root: dir.url)
        let all = Self.load(dir).cards  // every note's cards (no decks given)
        try FileManager.default.removeItem(at: layout.cacheFolder.appendingPathComponent(CatalogFile.name))
        var catalog = NoteCatalog(layout: layout, timeZone: Self.utc)
        catalog.decks = Decks(folders: ["inbox"])
        let first = catalog.load()
        #expect(first.report.outcome == .rebuilt && first.report.written)
        #expect(!first.cards.isEmpty && first.cards.count < all.count)
        #expect(first.cards == all.filter { $0.notePath.hasPrefix("inbox/") })

        // Read back: the notes whose cards were not read are still marked so, nothing is parsed or written.
        let again = catalog.load()
        #expect(again.report.outcome == .unchanged && !again.report.written && again.cards == first.cards)

        // A note tagged into the deck is parsed again, as any edit, and its cards are read.
        dir.write("2025-03-04 dated.md", "A ==cloze== and ==two== #flashcards\n")
        let tagged = catalog.load()
        #expect(tagged.report.parsed == ["2025-03-04 dated.md"])
        let taggedNotes = NoteLoader(layout: layout, timeZone: Self.utc).load(
            VaultScanner(layout: layout).scan().files
        ).sorted { $0.path < $1.path }
        #expect(tagged.cards == CardLoader(layout: layout).cards(of: taggedNotes, in: catalog.decks!))
        #expect(tagged.cards.contains { $0.notePath == "2025-03-04 dated.md" })

        // The whole vault a deck: the other notes' cards are read from their files, no note is parsed
        // again, and the file is written with them.
        catalog.decks = .wholeVault
        let widened = catalog.load()
        #expect(widened.report.outcome == .unchanged && widened.report.parsed.isEmpty && widened.report.written)
        Self.expectMatchesFullLoad(widened, dir)
        let everything = Self.load(dir)
        #expect(everything.report.outcome == .unchanged && !everything.report.written)
        Self.expectMatchesFullLoad(everything, dir)
    }

}

/// A watcher keeps the catalog in memory between loads (`KeptCatalog`).
@Suite("Note catalog kept in memory")
struct KeptCatalogTests {
    @Test("the kept catalog serves the next load while the file is the one written; another writer's file is read")
    func keptUntilRewritten() throws {
        let dir = NoteCatalogTests.fixture()
        let layout = VaultLayout(root: dir.url)
        var catalog = NoteCatalog(layout: layout, timeZone: NoteCatalogTests.utc)
        let kept = KeptCatalog()
        catalog.kept = kept
        _ = catalog.load(scan: VaultScanner(layout: layout).scanFiles())

        // An edit: the kept catalog is brought up to date and still matches the full loaders.
        dir.write("inbox/plain.md", "A changed first line\n\nq :: a\n")
        let edited = catalog.load(scan: VaultScanner(layout: layout).scanFiles())
        #expect(edited.report.outcome == .updated && edited.report.changed == 1)
        NoteCatalogTests.expectMatchesFullLoad(edited, dir)
        #expect(kept.take(for: catalog.url) != nil)

        // Another process writes the file (here: a catalog without the kept one): it is what the next load reads.
        _ = catalog.load(scan: VaultScanner(layout: layout).scanFiles())
        dir.write("new.md", "# New\n")
        var other = NoteCatalog(layout: layout, timeZone: NoteCatalogTests.utc)
        other.kept = nil
        _ = other.load(scan: VaultScanner(layout: layout).scanFiles())
        #expect(kept.take(for: catalog.url) == nil)
        let reread = catalog.load(scan: VaultScanner(layout: layout).scanFiles())
        #expect(reread.report.outcome == .unchanged)
        NoteCatalogTests.expectMatchesFullLoad(reread, dir)
    }

    @Test("vault serve's kept catalog is written after the load: the next load waits for it and takes it, the file is the one a load writes")
    func writtenAfterLoad() throws {
        let dir = NoteCatalogTests.fixture()
        let layout = VaultLayout(root: dir.url)
        var catalog = NoteCatalog(layout: layout, timeZone: NoteCatalogTests.utc)
        let kept = KeptCatalog(keepsEncoded: false, writesAfterLoad: true)
        catalog.kept = kept
        let first = catalog.load(scan: VaultScanner(layout: layout).scanFiles())
        #expect(first.report.outcome == .rebuilt && first.report.written)

        // An edit: the load returns at once, the next one takes what it kept once the file is written.
        dir.write("inbox/plain.md", "A changed first line\n\nq :: a\n")
        let edited = catalog.load(scan: VaultScanner(layout: layout).scanFiles())
        #expect(edited.report.outcome == .updated && edited.report.changed == 1)
        NoteCatalogTests.expectMatchesFullLoad(edited, dir)
        let again = catalog.load(scan: VaultScanner(layout: layout).scanFiles())
        #expect(again.report.outcome == .unchanged && again.report.parsed.isEmpty)
        NoteCatalogTests.expectMatchesFullLoad(again, dir)

        // The file written in the background is the catalog a plain load takes as it is.
        kept.waitForWrites()
        let fromFile = NoteCatalogTests.load(dir)
        #expect(fromFile.report.outcome == .unchanged && !fromFile.report.written)
        NoteCatalogTests.expectMatchesFullLoad(fromFile, dir)

        // A write that fails (the cache folder is a file now) keeps nothing: the next load reads afresh.
        dir.write("b-new.md", "# New\n")
        let cache = dir.url.appendingPathComponent(".vault/cache")
        try FileManager.default.removeItem(at: cache)
        dir.write(".vault/cache", "not a folder\n")
        _ = catalog.load(scan: VaultScanner(layout: layout).scanFiles())
        kept.waitForWrites()
        #expect(kept.take(for: catalog.url) == nil)
    }

    @Test("a watcher's changed paths update the kept catalog alone; changes that do not add up compare every file")
    func keptUpdatedByChanges() throws {
        let dir = NoteCatalogTests.fixture()
        let layout = VaultLayout(root: dir.url)
        var catalog = NoteCatalog(layout: layout, timeZone: NoteCatalogTests.utc)
        catalog.kept = KeptCatalog()
        _ = catalog.load(scan: VaultScanner(layout: layout).scanFiles())
        let scanner = VaultScanner(layout: layout)
        func changes(_ paths: [String]) -> [String: ScannedFile?] {
            Dictionary(uniqueKeysWithValues: paths.map { ($0, scanner.file(at: $0)) })
        }
        var scanned = 0
        func scan() -> ScannedFiles {
            scanned += 1
            return scanner.scanFiles()
        }

        // An edit that keeps its card count, a new note, a removed one, and a path looked up for nothing.
        dir.write("inbox/plain.md", "A changed first line\n\nq :: a\n")
        dir.write("b-new.md", "# New\n\nq :: a\nr :: s\n")
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("open.md"))
        let now = scanner.scan().files
        let updated = catalog.load(
            changes: changes(["inbox/plain.md", "b-new.md", "open.md", "a.md", "never.md"]),
            fingerprint: ScanFingerprint(now), scan: scan)
        #expect(scanned == 0)
        #expect(updated.report.outcome == .updated && updated.report.written)
        #expect(updated.report.added == 1 && updated.report.changed == 1 && updated.report.removed == 1)
        #expect(updated.report.parsed == ["b-new.md", "inbox/plain.md"])
        NoteCatalogTests.expectMatchesFullLoad(updated, dir)

        // The common case: one edit, as many cards as before, replaced in place.
        dir.write("inbox/plain.md", "Edited again\n\nq :: b\n")
        let edited = catalog.load(
            changes: changes(["inbox/plain.md"]), fingerprint: ScanFingerprint(scanner.scan().files), scan: scan)
        #expect(scanned == 0 && edited.report.changed == 1 && edited.report.reused == edited.notes.count - 1)
        NoteCatalogTests.expectMatchesFullLoad(edited, dir)

        // Nothing changed: nothing parsed, nothing written.
        let same = catalog.load(changes: [:], fingerprint: ScanFingerprint(scanner.scan().files), scan: scan)
        #expect(scanned == 0 && same.report.outcome == .unchanged && !same.report.written)

        // An edit the caller missed: the sum does not add up, so every file is compared.
        dir.write("a.md", "# Alpha, rewritten\n")
        let missed = catalog.load(changes: [:], fingerprint: ScanFingerprint(scanner.scan().files), scan: scan)
        #expect(scanned == 1 && missed.report.changed == 1 && missed.report.parsed == ["a.md"])
        NoteCatalogTests.expectMatchesFullLoad(missed, dir)
    }
}
