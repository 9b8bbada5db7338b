import Foundation
import VaultCore
import VaultProcess

/// Every note of a vault and its flashcards, without parsing 100,000 notes
/// each time: a cache in `.vault/cache/notes.bin` checked against a stat scan.
///
/// The catalog keeps each note as ``Note/init(path:id:title:tags:category:source:sourceType:sourceTypeInferred:aliases:created:createdOrigin:diagnostics:)``
/// describes (no body text, front matter or links) with the stat fields of
/// the file it was parsed from, and the cards read from the same bytes. A
/// load scans the vault as the search cache does; when the scan's
/// ``ScanFingerprint`` is the stored one, the file is decoded and nothing is
/// parsed. Otherwise only new and changed notes are parsed and the file is
/// written again. The catalog is never the source of truth: a missing,
/// damaged or outdated file is rebuilt from the notes, and a vault whose
/// cache folder cannot be written still loads correctly, only slower.
public struct NoteCatalog: Sendable {
    /// The notes and cards of the vault, as ``Vault/loadNotes()`` and
    /// ``CardLoader/cards(of:in:)`` would give them: every note's cards when
    /// ``NoteCatalog/decks`` is nil, else at least the cards of every note in
    /// a deck (a note that left one may keep its cards: callers filter by deck).
    public struct Loaded: Sendable {
        /// Every note's summary, sorted by path.
        public var notes: [NoteSummary]
        /// What `vault check` reads of each note beyond its summary (one
        /// each, in the same order), decoded only when asked.
        public var facts: StoredCheckFacts
        /// Each note's curation key (nil: it has no id), for ``CurationBoard``.
        public var keys: [NoteKey?]
        /// Their cards, in note order then reading order.
        public var cards: [Card]
        /// The problems the scan met (link loops, unreadable folders), sorted
        /// by path; none when a watcher vouched for the catalog and no scan was made.
        public var problems: [Diagnostic]
        /// What was reused and what was parsed.
        public var report: Report
    }

    /// What one load did and how long it took.
    public struct Report: Hashable, Sendable {
        /// How the stored catalog served the load.
        public enum Outcome: String, Hashable, Sendable {
            /// It matched the scan: nothing was parsed.
            case unchanged
            /// It was brought up to date: only new and changed notes were parsed.
            case updated
            /// There was no usable catalog (missing, damaged, another format
            /// version or another time zone): every note was parsed.
            case rebuilt
        }

        public var outcome: Outcome
        /// True when a running watcher vouched for the stored catalog, so no
        /// scan was made (``Loaded/problems`` is then empty).
        public var vouched: Bool
        /// Notes taken from the stored catalog.
        public var reused: Int
        /// Paths of the notes parsed, in path order.
        public var parsed: [String]
        /// Of ``parsed``, notes the catalog did not hold, and notes whose file changed.
        public var added: Int
        public var changed: Int
        /// Stored notes whose file is gone (a moved note is removed and added).
        public var removed: Int
        /// Reused notes whose creation date came from git or the file's
        /// mtime and was looked up again because git's HEAD moved.
        public var redated: Int
        /// True when `notes.bin` was written (or, by a kept catalog that
        /// writes after the load, is to be written).
        public var written: Bool
        /// Time spent walking the vault, and in the whole load, in seconds.
        public var scanSeconds: Double
        public var totalSeconds: Double
    }

    let layout: VaultLayout
    let timeZone: TimeZone
    /// Where each step of a load and its time are reported.
    let tracer: any Tracer
    /// Where a long-running process keeps the catalog between loads (nil: read the file each time).
    public var kept: KeptCatalog?
    /// The syntax cards are read in (the vault's config says which); a catalog of another is rebuilt.
    public var cardSyntax: CardSyntax = .vault {
        didSet { syntaxKey = cardSyntax.canonicalText }
    }
    private(set) var syntaxKey = CardSyntax.vault.canonicalText
    /// The vault's decks: only their notes' cards are read when a note is
    /// parsed, and a note whose cards were not read has them read when it is
    /// in a deck (after `decks:` or its tags changed). Nil: every note's cards.
    /// Outside a deck nothing is a card, and an adopted Obsidian vault's
    /// `==highlights==` made 44% of a first load's time in cards no command showed.
    public var decks: Decks?

    /// A catalog of the vault at `layout`, whose zone-less dates are read in
    /// `timeZone`, reporting each step of a load to `tracer`.
    public init(layout: VaultLayout, timeZone: TimeZone, tracer: any Tracer = NoTracer()) {
        self.layout = layout
        self.timeZone = timeZone
        self.tracer = tracer
    }

    /// Where the catalog is kept.
    public var url: URL { layout.cacheFolder.appendingPathComponent(CatalogFile.name) }

    /// The format version of `notes.bin` this binary reads and writes; a
    /// watcher vouches only to commands of the same (docs/FORMAT.md, "Watcher socket").
    public static var formatVersion: UInt64 { CatalogFile.version }

    /// The zone and scan the stored catalog says it matches, read from its
    /// first bytes only (nil when there is none of this format version):
    /// enough for a watcher to tell whether the file needs bringing up to
    /// date. Whoever reads the notes checks the whole file.
    public func storedHeader() -> (timeZoneID: String, syntax: String, scan: VouchedScan)? { CatalogFile.header(url) }

    /// True when a stored header is for this catalog's zone and card syntax.
    public func isMine(_ header: (timeZoneID: String, syntax: String, scan: VouchedScan)) -> Bool {
        header.timeZoneID == timeZone.identifier && header.syntax == syntaxKey
    }

    /// What a file watcher vouches for: the vault's notes are exactly the
    /// files a scan with this fingerprint and count would find.
    public struct VouchedScan: Hashable, Sendable {
        public var fingerprint: ScanFingerprint
        public var count: Int

        public init(fingerprint: ScanFingerprint, count: Int) {
            self.fingerprint = fingerprint
            self.count = count
        }
    }

    /// The vault's notes and cards, from the catalog as far as it is still
    /// true of the files, parsing the rest; writes the catalog back when it
    /// changed (silently not, when it cannot).
    ///
    /// - Parameter vouched: what a running watcher says the files are. When
    ///   the stored catalog matches it, the catalog is used without a scan;
    ///   otherwise the vault is scanned as usual.
    public func load(vouched: VouchedScan? = nil) -> Loaded {
        let start = DispatchTime.now().uptimeNanoseconds
        guard let vouched else {
            return load(scan: VaultScanner(layout: layout).scanFiles(), stored: nil, start: start)
        }
        var stored = CatalogFile.read(url, timeZoneID: timeZone.identifier, syntax: syntaxKey)
        trace("catalog: read \(stored.map { "\($0.entries.count) notes" } ?? "nothing usable")", since: start)
        guard let matching = stored, matching.fingerprint == vouched.fingerprint,
            matching.entries.count == vouched.count
        else {
            return load(scan: VaultScanner(layout: layout).scanFiles(), stored: stored, start: start)
        }
        var entries = stored.take()!.entries
        let report = Report(
            outcome: .unchanged, vouched: true, reused: entries.count, parsed: [], added: 0, changed: 0, removed: 0,
            redated: 0, written: false, scanSeconds: 0, totalSeconds: 0)
        return finish(
            &entries, fingerprint: vouched.fingerprint, storedHead: matching.gitHead, unchanged: true, report: report,
            problems: [], start: start)
    }

    /// Like ``load(vouched:)``, for the files of `scan` (a watcher keeps its
    /// own scan up to date from file events, and passes it here).
    public func load(scan: ScannedFiles) -> Loaded {
        load(scan: scan, stored: nil, start: DispatchTime.now().uptimeNanoseconds)
    }

    /// Like ``load(scan:)``, for a watcher that knows what
    /// changed since it last brought the catalog up to date: `changes` holds
    /// every path that may differ, with the file there now (nil: no note).
    /// Only those notes are looked up in the catalog kept in memory
    /// (``kept``), when it plus `changes` adds up to `fingerprint`; so a
    /// change missed costs a full comparison with `scan()`, never a wrong
    /// catalog. 100,000 notes: 2 ms instead of 60.
    public func load(
        changes: [String: ScannedFile?], fingerprint: ScanFingerprint, scan: () -> ScannedFiles
    ) -> Loaded {
        let start = DispatchTime.now().uptimeNanoseconds
        guard var stored = kept?.take(for: url), stored.timeZoneID == timeZone.identifier, stored.syntax == syntaxKey
        else {
            return load(scan: scan(), stored: nil, start: start)
        }
        guard
            let diff = Self.diff(
                stored.entries, storedFingerprint: stored.fingerprint, changes: changes, fingerprint: fingerprint)
        else {
            trace("catalog: the changes do not add up; comparing every file", since: start)
            return load(scan: scan(), stored: stored, start: start)
        }
        trace("catalog: \(changes.count) paths looked up", since: start)
        let storedHead = stored.gitHead
        let unchanged = diff.work.isEmpty && diff.removed == 0
        var entries = stored.entries
        stored.entries = CatalogEntries()  // so that `entries` is changed in place
        var report = Report(
            outcome: unchanged ? .unchanged : .updated, vouched: false, reused: entries.count, parsed: [], added: 0,
            changed: 0, removed: 0, redated: 0, written: false, scanSeconds: 0, totalSeconds: 0)
        var changed: Set<Int>? = []
        if !unchanged {
            changed = apply(diff, to: &entries, report: &report)
            trace("catalog: parsed \(report.parsed.count) notes", since: start)
        }
        return finish(
            &entries, fingerprint: fingerprint, storedHead: storedHead, unchanged: unchanged, report: report,
            problems: [], start: start, chunks: (stored.chunks, changed))
    }

    /// The load for the files of `scan`, reading the stored catalog unless
    /// it was read already (`stored`).
    private func load(scan: ScannedFiles, stored alreadyRead: CatalogFile.Contents?, start: UInt64) -> Loaded {
        let scanSeconds = Self.seconds(since: start)
        trace("catalog: scan \(scan.count) files", since: start)
        let fingerprint = scan.fingerprint
        var stored = alreadyRead
        if stored == nil, let contents = kept?.take(for: url), contents.timeZoneID == timeZone.identifier,
            contents.syntax == syntaxKey
        {
            stored = contents
            trace("catalog: kept in memory, \(contents.entries.count) notes", since: start)
        }
        if stored == nil {
            stored = CatalogFile.read(url, timeZoneID: timeZone.identifier, syntax: syntaxKey)
            trace("catalog: read \(stored.map { "\($0.entries.count) notes" } ?? "nothing usable")", since: start)
        }
        let storedHead = stored?.gitHead
        let storedChunks = stored?.chunks
        let unchanged = stored.map { $0.fingerprint == fingerprint && $0.entries.count == scan.count } ?? false
        let outcome: Report.Outcome = unchanged ? .unchanged : stored == nil ? .rebuilt : .updated
        // Taken out of `stored`, so that giving a note another date changes
        // this array in place instead of copying 100,000 notes.
        var entries = stored.take()?.entries ?? CatalogEntries()

        var report = Report(
            outcome: outcome, vouched: false, reused: 0, parsed: [], added: 0, changed: 0, removed: 0, redated: 0,
            written: false, scanSeconds: scanSeconds, totalSeconds: 0)
        var changed: Set<Int>? = []
        if unchanged {
            report.reused = entries.count
        } else {
            changed = apply(Self.diff(entries, to: scan.files), to: &entries, report: &report)
            trace("catalog: parsed \(report.parsed.count) notes", since: start)
        }
        let problems = scan.problems.sorted { ($0.path, $0.code) < ($1.path, $1.code) }
        return finish(
            &entries, fingerprint: fingerprint, storedHead: storedHead, unchanged: unchanged, report: report,
            problems: problems, start: start, chunks: (storedChunks, changed))
    }

    /// Dates the notes that need a fallback date, writes the catalog when
    /// anything changed, and returns the load.
    ///
    /// - Parameter chunks: the stored entries as last written, chunk by
    ///   chunk, when kept in memory, and the indices of the entries changed
    ///   since (nil: any); only the chunks holding those are encoded again.
    private func finish(
        _ entries: inout CatalogEntries, fingerprint: ScanFingerprint, storedHead: String?, unchanged: Bool,
        report: Report, problems: [Diagnostic], start: UInt64,
        chunks: (stored: [[UInt8]]?, changed: Set<Int>?) = (nil, nil)
    ) -> Loaded {
        var report = report
        let gitHead = fillFallbackDates(&entries, storedHead: storedHead, report: &report)
        let cardsRead = readCards(&entries)
        if cardsRead > 0 { trace("catalog: read the cards of \(cardsRead) notes now in a deck", since: start) }
        var contents = CatalogFile.Contents(
            timeZoneID: timeZone.identifier, syntax: syntaxKey, fingerprint: fingerprint, gitHead: gitHead,
            entries: entries,
            chunks: chunks.stored)
        if !unchanged || gitHead != storedHead || cardsRead > 0 {
            // A note given another date, or cards, may be in any chunk.
            let changed = report.redated > 0 || cardsRead > 0 ? nil : chunks.changed
            // `vault serve`'s catalog is encoded whole (it keeps no chunks) and written after the answer.
            let whole = CatalogFile.Contents(
                timeZoneID: contents.timeZoneID, syntax: contents.syntax, fingerprint: fingerprint, gitHead: gitHead,
                entries: entries)
            let folder = layout.cacheFolder
            if let kept,
                kept.keep(whole, writingLaterTo: url, with: {
                    CatalogFile.write(whole, chunks: CatalogFile.encodeChunks(whole), to: folder)
                })
            {
                report.written = true
                trace("catalog: to be written after the load", since: start)
            } else {
                let encoded = CatalogFile.encodeChunks(contents, reusing: chunks.stored, changed: changed)
                report.written = CatalogFile.write(contents, chunks: encoded, to: layout.cacheFolder)
                contents.chunks = kept?.keepsEncoded == true ? encoded : nil
                trace("catalog: \(report.written ? "written" : "cannot be written")", since: start)
                if let kept, report.written { kept.keep(contents, of: url) }
            }
        } else if let kept {
            kept.keep(contents, of: url)
        }
        report.totalSeconds = Self.seconds(since: start)
        trace(
            "catalog: \(report.outcome.rawValue)\(report.vouched ? " (vouched for by the watcher)" : ""), "
                + "\(report.reused) reused", since: start)
        return Loaded(
            notes: entries.notes, facts: entries.facts, keys: entries.keys, cards: entries.cards, problems: problems,
            report: report)
    }

    /// What differs between the stored entries and the files now: the
    /// files to parse (in path order) with the stored position of each
    /// (nil: a new note), and which stored entries stay as they are.
    struct Diff {
        var work: [ScannedFile] = []
        var positions: [Int?] = []
        /// One flag per stored entry: false for changed and removed notes.
        var keep: [Bool]
        var changed = 0
        var removed = 0

        init(storedCount: Int, keepingAll: Bool) { keep = [Bool](repeating: keepingAll, count: storedCount) }

        /// Puts `work` (and `positions` with it) in path order.
        mutating func sortWork() {
            let order = work.indices.sorted { work[$0].path < work[$1].path }
            work = order.map { work[$0] }
            positions = order.map { positions[$0] }
        }
    }

    /// The diff between the stored entries and every file of a scan.
    private static func diff(_ entries: CatalogEntries, to files: [ScannedFile]) -> Diff {
        // Stored entries by a 64-bit hash of their path, checked against the
        // path when found (a dictionary of path strings is slower to build
        // and ask). Two paths with one hash only cost a parse: the
        // second is not found, so its note is read again as new.
        var index: [UInt64: Int] = [:]
        index.reserveCapacity(entries.count)
        for i in entries.files.indices { index[StableHash.fnv1a(entries.files[i].path)] = i }
        var diff = Diff(storedCount: entries.count, keepingAll: false)
        var seen = diff.keep
        for file in files {
            var position: Int?
            if let i = index[StableHash.fnv1a(file.path)], entries.files[i].path == file.path {
                seen[i] = true
                if entries.files[i] == file {
                    diff.keep[i] = true
                    continue
                }
                position = i
                diff.changed += 1
            }
            diff.work.append(file)
            diff.positions.append(position)
        }
        diff.sortWork()
        diff.removed = seen.lazy.filter { !$0 }.count
        return diff
    }

    /// The diff for a caller that knows which paths may have changed since
    /// `entries` were stored (`changes`: each with the file there now, nil
    /// for none), looking up only those; nil unless the stored entries with
    /// these changes add up to `fingerprint`.
    private static func diff(
        _ entries: CatalogEntries, storedFingerprint: ScanFingerprint, changes: [String: ScannedFile?],
        fingerprint: ScanFingerprint
    ) -> Diff? {
        var sum = storedFingerprint.value ^ UInt64(entries.count)
        var count = entries.count
        var diff = Diff(storedCount: entries.count, keepingAll: true)
        for (path, file) in changes {
            let position = entries.position(of: path)
            let old = position.map { entries.files[$0] }
            guard old != file else { continue }
            if let old {
                sum &-= ScanFingerprint.hash(old)
                count -= 1
                diff.keep[position!] = false
            }
            if let file {
                sum &+= ScanFingerprint.hash(file)
                count += 1
                diff.work.append(file)
                diff.positions.append(position)
                if old != nil { diff.changed += 1 }
            } else if old != nil {
                diff.removed += 1
            }
        }
        guard ScanFingerprint(sum: sum, count: count) == fingerprint else { return nil }
        diff.sortWork()
        return diff
    }

    /// Applies `diff` to `entries`: its new and changed notes parsed (in
    /// parallel on all cores), removed ones dropped, all in path order.
    /// Returns the indices of the entries replaced in place, or nil when
    /// entries moved (any may have changed).
    private func apply(_ diff: Diff, to entries: inout CatalogEntries, report: inout Report) -> Set<Int>? {
        let work = diff.work
        report.changed = diff.changed
        report.added = work.count - diff.changed
        report.removed = diff.removed
        report.parsed = work.map(\.path)
        let parsed = NoteLoader(layout: layout, timeZone: timeZone).parseWithCards(
            work, syntax: cardSyntax, decks: decks)

        if report.added == 0, report.removed == 0 {
            let positions = diff.positions.map { $0! }
            if zip(positions, parsed).allSatisfy({ entries.cards(at: $0).count == $1.cards.count }) {
                report.reused = entries.count - work.count
                Self.replace(positions, of: &entries, with: work, parsed: parsed)
                return Set(positions)
            }
        }
        // Stored entries are in path order and so is `work`: merge them.
        let stored = entries
        // The parsed notes' facts encoded first, so that the merged bytes are reserved exactly
        // (grown by appends, they held up to twice their size: 5 MB kept at 100,000 notes).
        let parsedFacts = StoredCheckFacts(parsed.map { NoteCheckFacts($0.note) })
        var merged = CatalogEntries(
            reservingCapacity: stored.count + report.added - report.removed,
            cards: stored.cards.count + parsed.reduce(0) { $0 + $1.cards.count },
            factBytes: stored.facts.byteCount + parsedFacts.byteCount)
        var i = 0
        var j = 0
        while true {
            while i < stored.count, !diff.keep[i] { i += 1 }
            if i < stored.count, j == work.count || stored.files[i].path < work[j].path {
                merged.append(i, of: stored)
                i += 1
            } else if j < work.count {
                let note = Self.kept(parsed[j].note)
                merged.append(
                    file: work[j], note: note, facts: j, of: parsedFacts, key: note.id.map(NoteKey.init(id:)),
                    cards: parsed[j].cards, cardsUnread: parsed[j].unread)
                j += 1
            } else {
                break
            }
        }
        report.reused = merged.count - work.count
        entries = merged
        return nil
    }

    /// The common case of an editor's save: only notes edited, each with as
    /// many cards as before. Their entries are replaced where they are,
    /// instead of copying 100,000 entries into a new set.
    private static func replace(
        _ positions: [Int], of entries: inout CatalogEntries, with files: [ScannedFile],
        parsed: [(note: Note, cards: [Card], unread: Bool)]
    ) {
        for (j, i) in positions.enumerated() {
            let note = kept(parsed[j].note)
            entries.files[i] = files[j]
            set(&entries.keys, i, to: note.id.map(NoteKey.init(id:)))
            set(&entries.notes, i, to: note)
            set(&entries.cardsUnread, i, to: parsed[j].unread)
            // As many cards as before (the caller checked): set one by one.
            let start = i == 0 ? 0 : entries.cardEnds[i - 1]
            for (k, card) in parsed[j].cards.enumerated() { set(&entries.cards, start + k, to: card) }
        }
        entries.facts.replace(positions, with: parsed.map { NoteCheckFacts($0.note) })
    }

    /// Sets `array[i]` to `value` unless it is that already. The cards (and
    /// keys) are also the arrays the last load handed out, which a server
    /// keeps, so any write copies the whole array (100,000 notes: 8 MB of
    /// cards), and an edit of a note's text changes none of them. Not inlined:
    /// inlined in a loop, the optimizer made the array unique before the
    /// loop, copying it though nothing was written.
    @inline(never)
    private static func set<Element: Equatable>(_ array: inout [Element], _ i: Int, to value: Element) {
        if array[i] != value { array[i] = value }
    }

    /// Reads the cards of the entries whose cards were not read and that are
    /// in a deck now (all of them when ``decks`` is nil), on all cores, and
    /// puts them in place. Returns how many notes' cards were read.
    private func readCards(_ entries: inout CatalogEntries) -> Int {
        guard entries.cardsUnread.contains(true) else { return 0 }
        let due = entries.cardsUnread.indices.filter {
            entries.cardsUnread[$0] && (decks?.contains(entries.notes[$0]) ?? true)
        }
        guard !due.isEmpty else { return 0 }
        let loader = NoteLoader(layout: layout, timeZone: timeZone)
        let (notes, syntax) = (entries.notes, cardSyntax)
        let read = ParallelSlots<[Card]>(count: due.count)
        DispatchQueue.concurrentPerform(iterations: due.count) { k in
            read.store(loader.cards(of: notes[due[k]], syntax: syntax) ?? [], at: k)
        }
        let found = read.values
        var cards: [Card] = []
        cards.reserveCapacity(entries.cards.count + found.reduce(0) { $0 + $1.count })
        var next = 0  // the next of `due`
        var oldStart = 0  // where note i's cards start in `entries.cards` (its ends are rewritten as we go)
        for i in entries.notes.indices {
            let oldEnd = entries.cardEnds[i]
            if next < due.count, due[next] == i {
                cards += found[next]
                entries.cardsUnread[i] = false
                next += 1
            } else {
                cards += entries.cards[oldStart..<oldEnd]
            }
            entries.cardEnds[i] = cards.count
            oldStart = oldEnd
        }
        entries.cards = cards
        return due.count
    }

    /// `note` as the catalog keeps it: its summary, so a note looks the
    /// same whether it was just parsed or read back from the file.
    private static func kept(_ note: Note) -> NoteSummary { note.summary }

    /// Gives notes without a date in front matter or file name the author
    /// date of their first git commit, else their file's mtime, as
    /// ``NoteLoader/load(_:)`` does. Git is asked only when such a note was
    /// just parsed or HEAD moved since the stored dates were taken (a commit
    /// can give a note a git date it did not have). Returns the HEAD the
    /// dates hold for ("" when no note needs one).
    private func fillFallbackDates(_ entries: inout CatalogEntries, storedHead: String?, report: inout Report)
        -> String
    {
        let needing = entries.notes.indices.filter {
            let origin = entries.notes[$0].createdOrigin
            return entries.notes[$0].created == nil || origin == .git || origin == .modificationTime
        }
        guard !needing.isEmpty else { return "" }
        let head = GitHistory.headCommit(in: layout.root) ?? ""
        let headMoved = head != storedHead
        /// A note parsed just now (a copied note's missing date was worked out already).
        func isNew(_ i: Int) -> Bool { entries.notes[i].created == nil && entries.notes[i].createdOrigin != .copied }
        let justParsed = needing.contains(where: isNew)
        guard justParsed || headMoved else { return head }
        let dates = GitHistory.firstCommitDates(in: layout.root)
        for i in needing {
            let reused = !isNew(i)
            if reused && !headMoved { continue }  // its date still holds
            if let date = dates[entries.notes[i].path] {
                entries.notes[i].created = date
                entries.notes[i].createdOrigin = .git
            } else {
                entries.notes[i].created = Date(timeIntervalSince1970: Double(entries.files[i].modified) / 1e9)
                entries.notes[i].createdOrigin = .modificationTime
            }
            if reused { report.redated += 1 }
        }
        // Times shared by a burst of notes say when the vault was copied (the
        // whole vault's file-dated notes count, not only those dated now).
        let byFileTime = entries.notes.indices.filter { entries.notes[$0].createdOrigin == .modificationTime }
        for k in CopiedFileTimes.copied(byFileTime.map { entries.files[$0].modified }) {
            entries.notes[byFileTime[k]].created = nil
            entries.notes[byFileTime[k]].createdOrigin = .copied
        }
        return head
    }

    /// Reports `label` and the time since `start` to the tracer.
    private func trace(_ label: @autoclosure () -> String, since start: UInt64) {
        guard tracer.isEnabled else { return }
        tracer.trace(String(format: "%7.1f", Self.seconds(since: start) * 1000) + " ms  " + label())
    }

    private static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
