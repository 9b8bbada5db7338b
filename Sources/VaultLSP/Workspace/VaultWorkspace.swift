import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultProcess

/// The vault the server answers about: the notes' summaries as the base
/// port gave them, held once (``SummaryTable``: read once, then refreshed
/// per file the editor saves or the client says changed), with the open
/// buffers in place of their files, and what is derived from them (the link
/// resolver, the names completion offers, the notes by id), kept until a
/// note's names change. No note is kept in full but the open buffers' (and
/// the few parsed alone, ``note(at:)``): the notes that link to one are
/// found through the search cache (``linkSources(naming:)``) and read one at
/// a time.
public final class VaultWorkspace: @unchecked Sendable {
    /// The context the composition root made: the vault's own ports.
    public let context: AppContext
    /// The vault's folder, without a trailing `/`.
    public let root: String
    public private(set) var documents = OpenDocuments()

    /// Every note's summary (nil until first asked).
    private var table: SummaryTable?
    /// The base port's cards and scan problems (nil: read again when asked).
    private var cardsFromBase: (cards: [Card], problems: [Diagnostic])?
    private var overlaid: [String: Note] = [:]
    private var resolverCache: LinkResolver?
    private var idCache: [String: [String]]?
    /// Notes parsed one at a time (``note(at:)``), until their file changes.
    private var single: [String: Note] = [:]
    private var namesCache: NoteNames?

    /// The ledger as the use cases read it (see ``FreshLedger``).
    let ledger: FreshLedger

    /// - Parameter reopen: a new ledger port from the composition root, for when the ledger changed.
    public init(context: AppContext, reopen: @escaping () -> (any LedgerSource)? = { nil }) {
        self.context = context
        self.ledger = FreshLedger(context.ledger, reopen: reopen)
        var root = context.files.location(of: "").standardizedFileURL.path
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        self.root = root
    }

    /// The context the features hand to use cases: the same ports, but the
    /// notes and files read through the open buffers, acting at the clock's
    /// moment now (the server runs for hours; `--now`/`VAULT_NOW` hold it still).
    public var app: AppContext {
        context.replacing(notes: bufferedNotes, ledger: ledger, files: bufferedFiles, now: context.clock.now())
    }

    /// `.vault/ledger/` changed on disk: answers read it anew.
    public func ledgerChanged() { ledger.changed() }

    private lazy var bufferedNotes = BufferedNotes(self)
    private lazy var bufferedFiles = BufferedFiles(base: context.files) { [unowned self] path in
        self.documents[path]?.text.text
    }

    // MARK: Paths

    /// The vault-relative path of a `file://` URI inside the vault; nil otherwise.
    public func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let full = url.standardizedFileURL.path
        guard full.hasPrefix(root + "/") else { return nil }
        return String(full.dropFirst(root.count + 1))
    }

    /// The `file://` URI of a vault-relative path.
    public func uri(of path: String) -> String {
        URL(fileURLWithPath: root + "/" + path).absoluteString
    }

    // MARK: Notes

    /// The summaries, read from the base port on first use; its cards and
    /// problems are kept apart and the rest of what it gave is let go.
    @discardableResult
    private func loadedTable() -> SummaryTable {
        if let table { return table }
        var loaded: SummaryTable
        do {
            let base = context.notes.summaries()
            loaded = SummaryTable(files: base.notes)
            if cardsFromBase == nil { cardsFromBase = (base.cards, base.problems) }
        }
        for note in overlaid.values { loaded.setBuffer(note.summary) }
        table = loaded
        FreedMemory.returnToSystem()
        return loaded
    }

    /// The base port's cards (of the notes in a deck) and scan problems,
    /// read once, and again after a file changed.
    var baseCards: (cards: [Card], problems: [Diagnostic]) {
        if let cardsFromBase { return cardsFromBase }
        let cards = { (base: NoteSummaries) in (base.cards, base.problems) }(context.notes.summaries())
        cardsFromBase = cards
        FreedMemory.returnToSystem()  // the rest of the catalog, read again for them
        return cards
    }

    /// Every note's summary, an open buffer's in place of its file's, in path order.
    public var summaries: [NoteSummary] { loadedTable().all }

    /// The note at `path` as the editor shows it (its buffer's, else its
    /// file's parsed alone, then kept until the file changes).
    public func note(at path: String) -> Note? {
        if let note = overlaid[path] ?? single[path] { return note }
        guard loadedTable().file(at: path) != nil, let note = try? context.notes.note(at: path) else { return nil }
        single[path] = note
        return note
    }

    /// The note at `path` with its body text (the buffer's, or the file's read now).
    public func fullNote(at path: String) -> Note? {
        if let note = overlaid[path] ?? single[path] { return note }
        guard summary(at: path) != nil else { return nil }
        return try? context.notes.note(at: path)
    }

    /// The summary of the note at `path`.
    public func summary(at path: String) -> NoteSummary? { overlaid[path]?.summary ?? loadedTable()[path] }

    /// The text of the note at `path`: its buffer's, else the file's.
    public func text(at path: String) -> DocumentText? {
        if let document = documents[path] { return document.text }
        guard let data = try? context.files.read(path) else { return nil }
        return DocumentText(String(decoding: data, as: UTF8.self))
    }

    /// Resolves links as Obsidian does, over the notes' paths, titles and aliases.
    public var resolver: LinkResolver {
        if let resolverCache { return resolverCache }
        let resolver = LinkResolver(summaries: summaries)
        resolverCache = resolver
        FreedMemory.returnToSystem()
        return resolver
    }

    /// The notes that may link to a note known by `names` (its file name,
    /// title, aliases): those the search cache names, brought up to date
    /// first (``SearchEngine/linkSources(naming:)``, a superset), that the
    /// workspace knows, and every open buffer, whose unsaved text the cache
    /// does not hold. Nil when the cache cannot say (a name without a word,
    /// a cache that fails): the caller then reads every note.
    public func linkSources(naming names: [String]) -> Set<String>? {
        guard let candidates = NoteLinks.linkSources(naming: names, context) else { return nil }
        return candidates.filter { summary(at: $0) != nil }.union(documents.paths)
    }

    /// The notes by the names completion offers.
    public var names: NoteNames {
        if let namesCache { return namesCache }
        let names = NoteNames(notes: summaries)
        namesCache = names
        FreedMemory.returnToSystem()
        return names
    }

    // MARK: Changes

    /// A buffer opened or edited: its text now answers for the note.
    public func setBuffer(_ path: String, text: String, version: Int?) {
        documents.open(path, text: text, version: version)
        let parsed = parse(path, text: text)
        let before = note(at: path)
        overlaid[path] = parsed
        // In place: a keystroke costs one element, not a copy of 100,000.
        table?.setBuffer(parsed.summary)
        if before.map(Self.names) != Self.names(parsed) { namesChanged() }
    }

    /// The paths of the notes with each id (lowercased).
    public var notesByID: [String: [String]] {
        if let idCache { return idCache }
        var byID: [String: [String]] = [:]
        for summary in summaries { if let id = summary.id { byID[id.lowercased(), default: []].append(summary.path) } }
        idCache = byID
        return byID
    }

    /// A buffer closed: the file on disk answers again.
    public func closeBuffer(_ path: String) {
        documents.close(path)
        let before = note(at: path)
        overlaid[path] = nil
        table?.closeBuffer(path)
        let after = note(at: path)
        if before.map(Self.names) != after.map(Self.names) { namesChanged() }
    }

    /// The file at `path` changed on disk (saved, created, deleted, renamed outside).
    public func fileChanged(_ path: String) {
        single[path] = nil
        let parsed: Note?
        if context.files.exists(path), let data = try? context.files.read(path) {
            parsed = parse(path, text: String(decoding: data, as: UTF8.self))
        } else {
            parsed = nil
        }
        table?.setFile(path, parsed?.summary)
        cardsFromBase = nil
        namesChanged()
    }

    /// A note's names (or id) changed, or a note came or went: what derives from them is made again when asked.
    private func namesChanged() {
        resolverCache = nil
        namesCache = nil
        idCache = nil
    }

    /// What the resolver knows a note by.
    private static func names(_ note: Note) -> [String] { [note.path, note.title, note.id ?? ""] + note.aliases }

    /// Parses a buffer as the store parses a file; a note that says
    /// nothing of its date keeps the one the store found (file name, git,
    /// modification time), which a buffer cannot know.
    private func parse(_ path: String, text: String) -> Note {
        var note = NoteParser.parse(Data(text.utf8), path: path, timeZone: context.config.timeZone)
        if note.createdOrigin == .unknown, let known = loadedTable().file(at: path) {
            note.created = known.created
            note.createdOrigin = known.createdOrigin
        }
        return note
    }
}
