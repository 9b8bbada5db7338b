import Foundation
import VaultCore
import VaultMarkdown

/// `vault export anki`: the vault's cards as an Anki package, to study them
/// in Anki, AnkiDroid or AnkiMobile and bring the reviews home with `vault
/// import anki`.
///
/// Each card group becomes one Anki note (``AnkiCardGroup``) in the deck of
/// its note's folder (`Languages/French` → `Languages::French`; notes at the
/// vault's top go to Anki's Default deck), its fields rendered from the
/// note's Markdown (``AnkiFieldHTML``), its media copied, its tags kept.
/// With history, each card's whole review log goes along and its state as it
/// stands now (``AnkiHistory``), so Anki shows the same due dates and intervals.
public struct AnkiExporting {
    public let context: AppContext
    public let writer: any AnkiPackageWriting

    public init(_ context: AppContext, writer: any AnkiPackageWriting) {
        self.context = context
        self.writer = writer
    }

    /// What was written.
    public struct Report: Equatable, Sendable {
        /// The deck names, with their notes and cards, in name order.
        public var decks: [(name: String, notes: Int, cards: Int)] = []
        public var notes = 0
        public var cards = 0
        public var reviews = 0
        public var media = 0
        /// Cards whose paragraph could not be read again (none in a vault whose caches are fresh).
        public var skippedCards = 0

        public static func == (a: Report, b: Report) -> Bool {
            a.notes == b.notes && a.cards == b.cards && a.reviews == b.reviews && a.media == b.media
                && a.decks.elementsEqual(b.decks, by: { $0 == $1 })
        }
    }

    /// The package of the cards in `folders` (every card when none is named).
    public struct Package {
        public var collection: AnkiCollection
        public var media: [AnkiMediaFile]
        public var report: Report
        /// The groups written, by GUID: what `vault import anki` matches a package's notes against.
        public var groups: [AnkiCardGroup]
    }

    /// Builds the package, writing nothing.
    /// - Throws: ``AnkiExportError/noCards(folders:)`` when the folders hold no card.
    public func package(folders: [String], withHistory: Bool) throws -> Package {
        try package(folders: folders, withHistory: withHistory, keepingGroups: true)
    }

    /// The package; its ``Package/groups`` only when `keepingGroups` (the
    /// export renders each note's groups as it reads them and holds none).
    func package(folders: [String], withHistory: Bool, keepingGroups: Bool) throws -> Package {
        var trace = PhaseTrace(context.tracer)
        let summaries = context.notes.summaries()
        let selected = Self.cards(summaries.cards, in: folders)
        guard !selected.isEmpty else { throw AnkiExportError.noCards(folders: folders) }
        let tagsOf = Dictionary(summaries.notes.map { ($0.path, $0.tags) }, uniquingKeysWith: { a, _ in a })
        trace.mark("anki export: notes and cards")
        var historyOf: [String: (events: [CardScheduleReplay.CardEvent], origin: String)] = [:]
        historyOf.reserveCapacity(selected.count)
        for (card, entry) in zip(selected, CardScheduleReplay.histories(context.ledger.cardLog(), cards: selected)) {
            historyOf[card.id] = entry
        }
        // The holds come from the ledger alone: `Studying(context)` would load the notes' catalog a second
        // time, and the store keeps every catalog it loads until the process exits.
        let holds = withHistory ? Studying(context, cards: selected).holds() : [:]
        trace.mark("anki export: histories")
        let resolver = AnkiMediaNames(context: context)
        var collection = AnkiCollection(
            created: 0, schema: 18,
            noteTypes: [
                AnkiNoteTypes.basicID: AnkiNoteTypes.basic, AnkiNoteTypes.reversedID: AnkiNoteTypes.reversed,
                AnkiNoteTypes.clozeID: AnkiNoteTypes.cloze,
            ], decks: [1: "Default"], notes: [], cards: [], reviews: [], media: [])
        // The collection's days start on the day of its first event (or today), as a new collection's would.
        let zone = context.timeZone
        let first =
            withHistory
            ? selected.compactMap { historyOf[$0.id]?.events.first?.time }.min() ?? context.now : context.now
        collection.creationOffset = -zone.secondsFromGMT(for: context.now) / 60
        collection.created = Self.dayStart(of: min(first, context.now), zone: zone)
        // Room for every row at once (a note per card at most): 500,000 reviews grown by doubling would hold
        // three copies at the last step.
        collection.notes.reserveCapacity(selected.count)
        collection.cards.reserveCapacity(selected.count)
        if withHistory { collection.reviews.reserveCapacity(historyOf.values.reduce(0) { $0 + $1.events.count }) }
        var groups: [AnkiCardGroup] = []
        var skipped = 0
        var usedNotes: Set<Int64> = []
        var usedCards: Set<Int64> = []
        var report = Report()
        var deckCounts: [String: (notes: Int, cards: Int)] = [:]
        var position: Int64 = 0
        let modified = Int64(context.now.timeIntervalSince1970.rounded(.down))
        // The notes in path order, each note's cards in their order: indexes into `selected`, not a copy of
        // every card grouped by note (nor every note's groups) held beside the rows.
        let byNote = selected.indices.sorted { (selected[$0].notePath, $0) < (selected[$1].notePath, $1) }
        var next = 0
        while next < byNote.count {
            let path = selected[byNote[next]].notePath
            var end = next + 1
            while end < byNote.count, selected[byNote[end]].notePath == path { end += 1 }
            let cards = byNote[next..<end].map { selected[$0] }
            next = end
            guard let data = try? context.files.read(path) else {
                skipped += cards.count
                continue
            }
            let made = AnkiCardGroup.groups(of: cards, in: data) { historyOf[$0.id]?.origin ?? $0.id }
            skipped += cards.count - made.reduce(0) { $0 + $1.cards.count }
            if keepingGroups { groups += made }
            for group in made {
                let deck = Self.deckName(ofNoteAt: group.notePath)
                let deckID = AnkiCollection.deckID(name: deck)
                collection.decks[deckID] = deck
                var fields: [String]
                switch group.shape {
                case .basic, .reversed:
                    fields = [
                        resolver.render(group.markdown[0], from: group.notePath),
                        resolver.render(group.markdown[1], from: group.notePath),
                    ]
                case .cloze:
                    fields = [resolver.render(group.markdown[0], from: group.notePath), ""]
                }
                fields.append(AnkiNoteTypes.vaultField(path: group.notePath, fields: fields))
                let noteID = Self.unique(Self.stableID("anki note " + group.guid), in: &usedNotes)
                let type =
                    group.shape == .cloze
                    ? AnkiNoteTypes.clozeID
                    : group.shape == .reversed ? AnkiNoteTypes.reversedID : AnkiNoteTypes.basicID
                collection.notes.append(
                    AnkiNote(
                        id: noteID, guid: group.guid, noteType: type, tags: Self.tags(tagsOf[group.notePath] ?? []),
                        fields: fields,
                        modified: modified))
                for (ord, card) in group.cards {
                    position += 1
                    let cardID = Self.unique(Self.stableID("anki card \(group.guid) \(ord)"), in: &usedCards)
                    var row: AnkiCard
                    if withHistory {
                        let history = AnkiHistory(
                            events: historyOf[card.id]?.events ?? [],
                            settings: context.config.schedulers.settings(forNotePath: card.notePath),
                            cardID: card.id, now: context.now, collection: collection, zone: zone,
                            newPosition: position, hold: holds[card.id])
                        row = history.card
                        for var review in history.reviews {
                            review.card = cardID
                            collection.reviews.append(review)
                        }
                    } else {
                        row = AnkiCard(id: 0, note: 0, deck: 0, ord: 0, queue: 0, type: 0, due: position)
                    }
                    row.id = cardID
                    row.note = noteID
                    row.deck = deckID
                    row.ord = ord
                    collection.cards.append(row)
                }
                report.notes += 1
                report.cards += group.cards.count
                deckCounts[deck, default: (0, 0)].notes += 1
                deckCounts[deck, default: (0, 0)].cards += group.cards.count
            }
        }
        Self.orderWithUniqueIDs(&collection.reviews)
        trace.mark("anki export: card groups, fields and rows")
        report.reviews = collection.reviews.count
        report.media = resolver.files.count
        report.skippedCards = skipped
        report.decks = deckCounts.keys.sorted().map { ($0, deckCounts[$0]!.notes, deckCounts[$0]!.cards) }
        let files = context.files
        let media = resolver.files.map { file in
            AnkiMediaFile(name: file.name) { [files] in
                do {
                    return try files.read(file.path)
                } catch {
                    throw AnkiExportError.unreadableMedia(
                        file: file.path, note: file.shownBy, reason: (error as NSError).localizedDescription)
                }
            }
        }
        return Package(collection: collection, media: media, report: report, groups: groups)
    }

    /// Writes the package of `folders` to `path` (see ``package(folders:withHistory:)``).
    /// - Throws: ``AnkiExportError``; the file at `path` is left as it was.
    @discardableResult
    public func export(to path: String, folders: [String], withHistory: Bool, legacy: Bool) throws -> Report {
        let package = try package(folders: folders, withHistory: withHistory, keepingGroups: false)
        var trace = PhaseTrace(context.tracer)
        try writer.write(package.collection, media: package.media, to: path, legacy: legacy)
        trace.mark("anki export: package written")
        return package.report
    }

    /// Puts `reviews` in order of id (then card, then their order as given)
    /// and makes the ids unique across the package, as Anki's revlog key must
    /// be: an id already taken moves a millisecond on (no set of 500,000 ids
    /// held for it). The order is found on 32-bit indexes and applied in
    /// place, cycle by cycle: sorting the rows themselves took a buffer of
    /// half of them (16 MB at 500,000 rows) at the export's peak.
    static func orderWithUniqueIDs(_ reviews: inout [AnkiReview]) {
        guard reviews.count > 1 else { return }
        var order = reviews.withUnsafeBufferPointer { rows in
            (0..<UInt32(rows.count)).sorted { a, b in
                let (x, y) = (rows[Int(a)], rows[Int(b)])
                return x.id != y.id ? x.id < y.id : x.card != y.card ? x.card < y.card : a < b
            }
        }
        // reviews[k] takes the row at order[k]; a place done is marked by order[k] == k.
        for start in order.indices where Int(order[start]) != start {
            let first = reviews[start]
            var k = start
            while true {
                let from = Int(order[k])
                order[k] = UInt32(k)
                if from == start {
                    reviews[k] = first
                    break
                }
                reviews[k] = reviews[from]
                k = from
            }
        }
        for i in reviews.indices.dropFirst() where reviews[i].id <= reviews[i - 1].id {
            reviews[i].id = reviews[i - 1].id + 1
        }
    }

    /// The cards of the notes in `folders` (vault-relative; every card when none is named).
    static func cards(_ cards: [Card], in folders: [String]) -> [Card] {
        let prefixes = folders.map { folder -> String in
            var f = folder
            while f.hasPrefix("./") { f.removeFirst(2) }
            while f.hasSuffix("/") { f.removeLast() }
            return f.isEmpty || f == "." ? "" : f + "/"
        }
        guard !prefixes.isEmpty, !prefixes.contains("") else { return cards }
        return cards.filter { card in prefixes.contains { card.notePath.hasPrefix($0) } }
    }

    /// The deck of a note's cards: its folder, levels joined by `::`; Default at the vault's top.
    public static func deckName(ofNoteAt path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "Default" : folder.split(separator: "/").joined(separator: "::")
    }

    /// Anki's tags: no spaces in a tag, `a/b` as `a::b`.
    static func tags(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.compactMap { tag in
            let anki = tag.replacingOccurrences(of: "/", with: "::").replacingOccurrences(of: " ", with: "_")
            return anki.isEmpty || !seen.insert(anki.lowercased()).inserted ? nil : anki
        }
    }

    /// An id in the range of Anki's (moments in milliseconds), from `key` alone.
    static func stableID(_ key: String) -> Int64 { 1_500_000_000_000 + Int64(StableHash.fnv1a(key) % 100_000_000_000) }

    /// `id`, or the next free one after it.
    static func unique(_ id: Int64, in used: inout Set<Int64>) -> Int64 {
        var id = id
        while !used.insert(id).inserted { id += 1 }
        return id
    }

    /// The start (4 a.m. in `zone`) of the day holding `date`, in seconds: a new collection's `crt`.
    static func dayStart(of date: Date, zone: TimeZone) -> Int64 {
        let offset = Int64(zone.secondsFromGMT(for: date))
        let local = Int64(date.timeIntervalSince1970.rounded(.down)) + offset - AnkiCollection.rollover
        let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return day * 86_400 + AnkiCollection.rollover - offset
    }
}

/// The media of the exported fields: a picture or sound a card embeds, found
/// as Obsidian finds it (the path as written, else by file name: the one
/// beside the note first, else the shortest path), named in Anki's flat
/// media folder by its file name (another file of the same name gets a few
/// hex digits of its path).
final class AnkiMediaNames {
    struct File {
        var path: String
        var name: String
        var shownBy: String
    }

    private let attachments: Set<String>
    private let byName: [String: [String]]
    private(set) var files: [File] = []
    private var nameOf: [String: String] = [:]
    private var taken: Set<String> = []

    init(context: AppContext) {
        let all = context.files.attachments()
        attachments = Set(all)
        var byName: [String: [String]] = [:]
        for path in all { byName[(path as NSString).lastPathComponent.lowercased(), default: []].append(path) }
        self.byName = byName
    }

    /// `markdown` rendered as a field of the note at `note`.
    func render(_ markdown: String, from note: String) -> String {
        AnkiFieldHTML.render(markdown) { target in self.media(target, from: note) }.html
    }

    func media(_ target: String, from note: String) -> AnkiFieldHTML.Media? {
        guard !target.contains("://") else { return nil }
        let folder = (note as NSString).deletingLastPathComponent
        var path: String?
        if let direct = LinkResolver.vaultPath(target, from: note), attachments.contains(direct) {
            path = direct
        } else if attachments.contains(target) {
            path = target
        } else {
            let candidates = byName[(target as NSString).lastPathComponent.lowercased()] ?? []
            path =
                candidates.first { ($0 as NSString).deletingLastPathComponent == folder }
                ?? candidates.min { ($0.count, $0) < ($1.count, $1) }
        }
        guard let path else { return nil }
        let ext = (path as NSString).pathExtension.lowercased()
        return AnkiFieldHTML.Media(
            path: path, name: name(of: path, shownBy: note), isSound: AnkiFieldHTML.soundExtensions.contains(ext))
    }

    private func name(of path: String, shownBy note: String) -> String {
        if let known = nameOf[path] { return known }
        var name = (path as NSString).lastPathComponent
        if taken.contains(name.lowercased()) {
            let hex = String(StableHash.fnv1a(path), radix: 16).prefix(6)
            let ext = (name as NSString).pathExtension
            name = (name as NSString).deletingPathExtension + "-" + hex + (ext.isEmpty ? "" : "." + ext)
        }
        taken.insert(name.lowercased())
        nameOf[path] = name
        files.append(File(path: path, name: name, shownBy: note))
        return name
    }
}
