import Foundation
import Testing
import VaultApp
import VaultCore

@testable import VaultWiring

/// `vault serve` keeps the notes' summaries and the replayed ledger between
/// requests while nothing changes, and reads the vault again after any
/// change: a note, a folder, the ledger, the config.
@Suite("vault serve: what is kept between requests")
struct ServedVaultTests {
    private static func paths(_ context: AppContext) -> Set<String> {
        Set(context.notes.summaries().notes.map(\.path))
    }

    /// The served vault, once it counts changes. Its watch needs an inotify
    /// instance, and the tests running beside these (servers, watchers) can
    /// hold every one the system allows a user (`fs.inotify.max_user_instances`,
    /// 128 here) for a moment; without one, every request reads the vault
    /// afresh, which is right for a server but not what these tests test.
    private static func served(_ vault: ServeSandbox) throws -> ServedVault {
        var served = try vault.options().served()
        for _ in 0..<300 where !served.countsChanges {
            usleep(100_000)
            served = try vault.options().served()
        }
        try #require(served.countsChanges, "no inotify instance came free in 30 s (fs.inotify.max_user_instances)")
        return served
    }

    private static func write(_ text: String, to path: String, in vault: ServeSandbox) throws {
        let url = vault.root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test("two requests with no change between them share the notes and the ledger")
    func sharedWhileUnchanged() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let served = try Self.served(vault)
        let first = try served.context()
        _ = first.notes.summaries()
        let second = try served.context()
        #expect(first.notes as AnyObject === second.notes as AnyObject)
        #expect(first.ledger as AnyObject === second.ledger as AnyObject)
        #expect(Self.paths(first) == Self.paths(second))
    }

    @Test("after letting go of what it keeps (scattered memory), the next request reads the same vault again")
    func forgotten() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let served = try Self.served(vault)
        let first = try served.context()
        let before = Self.paths(first)
        let events = first.ledger.history().events.count
        served.forgetAll()
        let next = try served.context()
        #expect(next.notes as AnyObject !== first.notes as AnyObject)
        #expect(next.ledger as AnyObject !== first.ledger as AnyObject)
        #expect(Self.paths(next) == before)
        #expect(next.ledger.history().events.count == events)
        let again = try served.context()
        #expect(again.notes as AnyObject === next.notes as AnyObject)
    }

    @Test("a note written, changed or deleted shows in the next request")
    func notesChange() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let served = try Self.served(vault)
        let before = Self.paths(try served.context())
        try Self.write("---\ntitle: Arrived\n---\nText.\n", to: "Inbox/arrived.md", in: vault)
        let added = try served.context()
        #expect(Self.paths(added) == before.union(["Inbox/arrived.md"]))
        try Self.write("---\ntitle: Renamed in place\n---\nText.\n", to: "Inbox/arrived.md", in: vault)
        let titles = try served.context().notes.summaries().notes.filter { $0.path == "Inbox/arrived.md" }.map(\.title)
        #expect(titles == ["Renamed in place"])
        try FileManager.default.removeItem(at: vault.root.appendingPathComponent("Inbox/arrived.md"))
        #expect(Self.paths(try served.context()) == before)
    }

    @Test("a folder made after the start is watched: a note added to it later shows")
    func newFolder() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let served = try Self.served(vault)
        let before = Self.paths(try served.context())
        try Self.write("---\ntitle: One\n---\n", to: "Later/Deeper/one.md", in: vault)
        #expect(Self.paths(try served.context()) == before.union(["Later/Deeper/one.md"]))
        try Self.write("---\ntitle: Two\n---\n", to: "Later/Deeper/two.md", in: vault)
        #expect(Self.paths(try served.context()) == before.union(["Later/Deeper/one.md", "Later/Deeper/two.md"]))
    }

    @Test("an event another process appends shows in the next request; the notes are kept")
    func ledgerChange() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let served = try Self.served(vault)
        let first = try served.context()
        let events = first.ledger.history().events.count
        _ = first.ledger.replay()
        _ = first.notes.summaries()
        let started = try vault.vault(["session", "start", "Spanish"])
        #expect(started.status == 0, "\(started.stderr)")
        let next = try served.context()
        #expect(next.ledger as AnyObject !== first.ledger as AnyObject)
        #expect(next.ledger.history().events.count == events + 1)
        #expect(next.notes as AnyObject === first.notes as AnyObject)
    }

    @Test("a note written keeps the replayed ledger, and reads the notes again")
    func notesChangeKeepsLedger() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let served = try Self.served(vault)
        let first = try served.context()
        _ = first.ledger.replay()
        try Self.write("---\ntitle: Arrived\n---\nText.\n", to: "Inbox/arrived.md", in: vault)
        let next = try served.context()
        #expect(next.ledger as AnyObject === first.ledger as AnyObject)
        #expect(next.notes as AnyObject !== first.notes as AnyObject)
        #expect(Self.paths(next).contains("Inbox/arrived.md"))
    }

    @Test("a change to the config is read by the next request")
    func configChange() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let served = try Self.served(vault)
        let cards = try served.context().notes.summaries().cards.count
        #expect(cards > 0)
        let config = vault.root.appendingPathComponent(".vault/config.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try text.replacingOccurrences(of: "decks: [2026/]", with: "decks: [Nowhere/]")
            .write(to: config, atomically: true, encoding: .utf8)
        #expect(try served.context().notes.summaries().cards.isEmpty)
    }

    @Test(
        "a search finds a note written, changed or deleted since the last search (the kept search cache is freshened after a change)"
    )
    func searchAfterChange() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let served = try Self.served(vault)
        let query = try SearchQueryParser.parse("zanzibarword")
        func found() throws -> [String] {
            try VaultSearch.run(try served.context(), query: query, limit: nil, pathsOnly: true).map(\.path)
        }
        #expect(try found().isEmpty)
        #expect(try found().isEmpty)
        try Self.write("---\ntitle: Trip\n---\nOff to zanzibarword.\n", to: "Inbox/trip.md", in: vault)
        #expect(try found() == ["Inbox/trip.md"])
        #expect(try found() == ["Inbox/trip.md"])
        try Self.write("---\ntitle: Trip\n---\nStaying home.\n", to: "Inbox/trip.md", in: vault)
        #expect(try found().isEmpty)
        try Self.write("---\ntitle: Other\n---\nzanzibarword again.\n", to: "Inbox/other.md", in: vault)
        #expect(try found() == ["Inbox/other.md"])
        try FileManager.default.removeItem(at: vault.root.appendingPathComponent("Inbox/other.md"))
        #expect(try found().isEmpty)
    }

    @Test("the memory palaces are found once while the notes are kept; a location added shows in the next request")
    func palacesKept() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        try Self.write("---\nloci: itinerary\n---\n# Quiet walk\n", to: "loci/Quiet walk/Quiet walk.md", in: vault)
        try Self.write("---\nloci: location\nsequence: 1\n---\n# Door\n", to: "loci/Quiet walk/door.md", in: vault)
        let served = try Self.served(vault)
        let first = try served.context()
        func stops(_ context: AppContext) -> [String]? {
            LociPalaces(context).walks.first { $0.name == "Quiet walk" }?.stops.map(\.name)
        }
        #expect(stops(first) == ["Door"])
        var made = 0
        let walks = LociPalaces(first).walks.count
        #expect(first.notes.keeping("loci.walks") { made += 1; return [LociWalk]() }.count == walks)
        #expect(try served.context().notes.keeping("loci.walks") { made += 1; return [LociWalk]() }.count == walks)
        #expect(made == 0)
        try Self.write("---\nloci: location\nsequence: 2\n---\n# Hall\n", to: "loci/Quiet walk/hall.md", in: vault)
        let next = try served.context()
        #expect(stops(next) == ["Door", "Hall"])
        // A port that keeps nothing makes it each time.
        #expect(MadeEachTime().keeping("x") { made += 1; return 1 } == 1 && made == 1)
    }

    /// A note port that keeps nothing (``NoteSource/keeping(_:_:)``'s default).
    private struct MadeEachTime: NoteSource {
        func summaries() -> NoteSummaries { NoteSummaries(notes: [], cards: [], problems: []) }
        func notes() -> (notes: [Note], problems: [Diagnostic]) { ([], []) }
        func note(at path: String) throws -> Note { throw CocoaError(.fileNoSuchFile) }
    }

    @Test("the link resolver is handed on after a body edit, and built again when a note's title changes")
    func resolverAfterChange() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let served = try Self.served(vault)
        try Self.write("---\ntitle: Harbour\n---\nText.\n", to: "Inbox/h1.md", in: vault)
        let first = try served.context().notes.linkResolver()
        #expect(first.resolveWiki("Harbour", from: "x.md") == .note("Inbox/h1.md"))
        try Self.write("---\ntitle: Harbour\n---\nOther text.\n", to: "Inbox/h1.md", in: vault)
        let edited = try served.context().notes.linkResolver()
        #expect(edited.resolveWiki("Harbour", from: "x.md") == .note("Inbox/h1.md"))
        try Self.write("---\ntitle: Lighthouse\n---\nOther text.\n", to: "Inbox/h1.md", in: vault)
        let retitled = try served.context().notes.linkResolver()
        #expect(retitled.resolveWiki("Lighthouse", from: "x.md") == .note("Inbox/h1.md"))
        #expect(retitled.resolveWiki("Harbour", from: "x.md") == .unresolved)
        try Self.write("---\ntitle: Quay\n---\n", to: "Inbox/q1.md", in: vault)
        let added = try served.context().notes.linkResolver()
        #expect(added.resolveWiki("Quay", from: "x.md") == .note("Inbox/q1.md"))
        #expect(added.resolveWiki("Lighthouse", from: "x.md") == .note("Inbox/h1.md"))
    }
}
