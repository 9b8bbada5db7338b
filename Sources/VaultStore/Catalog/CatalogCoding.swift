import Foundation
import VaultCore

/// The byte encoding of catalog entries (docs/FORMAT.md, Note catalog), in
/// the caches' one codec (``CacheWriter``, ``CacheReader``).
///
/// Hand-written rather than `Codable`: decoding 100,000 notes must cost a
/// few tens of milliseconds, so it reads straight from the file's bytes
/// with one bounds check per field and allocates nothing but the strings
/// and arrays of the notes themselves.
enum CatalogCoding {
    /// Appends one entry: a note, the stat fields of its file, its check
    /// facts' bytes (``encode(_:into:)``, written as they are), and its
    /// cards (`cardsUnread`: none, they were not read). A card's note path and note id are its note's, so they are not
    /// written again. Read through pointers into the arrays' memory: a note
    /// passed by value is copied, ten reference count changes each.
    static func encode(
        file: UnsafePointer<ScannedFile>, note: UnsafePointer<NoteSummary>, facts: UnsafeRawBufferPointer,
        key: NoteKey?, cards: UnsafeBufferPointer<Card>, cardsUnread: Bool, into out: inout CacheWriter
    ) {
        out.string(file.pointee.path)
        out.i64(file.pointee.size)
        out.i64(file.pointee.modified)
        out.i64(file.pointee.changed)
        out.u64(file.pointee.inode)
        out.optionalString(note.pointee.id)
        // The id's key as its 128 bits when it is a UUID (1), so that
        // reading 100,000 keys parses no text; else 0, and the key is made
        // from the id again.
        if case .uuid(let high, let low) = key {
            out.u8(1)
            out.u64(high)
            out.u64(low)
        } else {
            out.u8(0)
        }
        out.string(note.pointee.title)
        out.strings(note.pointee.tags)
        out.optionalString(note.pointee.category)
        out.optionalString(note.pointee.source)
        out.optionalString(note.pointee.sourceType)
        // Bit 0: source type inferred; bits 1-2: the note's `cards:` setting (0 none, 1 true, 2 false);
        // bit 3: its cards were not read (it was in no deck).
        let setting: UInt8 = note.pointee.cardsSetting.map { $0 ? 2 : 4 } ?? 0
        out.u8((note.pointee.sourceTypeInferred ? 1 : 0) | setting | (cardsUnread ? 8 : 0))
        out.u8(originCode(note.pointee.createdOrigin))
        if let created = note.pointee.created {
            out.u8(1)
            out.u64(created.timeIntervalSinceReferenceDate.bitPattern)
        } else {
            out.u8(0)
        }
        out.strings(note.pointee.aliases)
        out.int(note.pointee.diagnostics.count)
        for k in note.pointee.diagnostics.indices {
            out.string(note.pointee.diagnostics[k].code)
            out.u8(note.pointee.diagnostics[k].severity == .error ? 1 : 0)
            out.optionalString(
                note.pointee.diagnostics[k].path == note.pointee.path ? nil : note.pointee.diagnostics[k].path)
            out.i64(note.pointee.diagnostics[k].line.map(Int64.init) ?? Int64.min)
            out.string(note.pointee.diagnostics[k].message)
        }
        // What `vault check` reads, as the catalog keeps it (encoded already: ``StoredCheckFacts``).
        out.raw(facts)
        out.int(cards.count)
        for k in cards.indices {
            out.string(cards[k].id)
            out.u8(kindCode(cards[k].kind))
            out.string(cards[k].question)
            out.string(cards[k].answer)
            out.i64(Int64(cards[k].line))
            out.i64(Int64(cards[k].position))
            out.string(cards[k].identityText)
            out.string(cards[k].hint ?? "")
            out.optionalString(cards[k].deck)
            encode(cards[k].stored, into: &out)
        }
    }

    /// What `vault check` reads of a note (``NoteCheckFacts``): the lines of
    /// three keys (each + 1, 0 for none), the wiki link targets, the
    /// Markdown note links, then whether the wiki links' places are known
    /// (1) or not (0) and, when they are, each one's line and column.
    static func encode(_ facts: NoteCheckFacts, into out: inout CacheWriter) {
        out.int(facts.idLine.map { $0 + 1 } ?? 0)
        out.int(facts.categoryLine.map { $0 + 1 } ?? 0)
        out.int(facts.sourceTypeLine.map { $0 + 1 } ?? 0)
        out.strings(facts.wikiLinks)
        out.strings(facts.noteLinks)
        if let places = facts.wikiLinkPlaces {
            out.u8(1)
            for place in places {
                out.int(place.line)
                out.int(place.column)
            }
        } else {
            out.u8(0)
        }
    }

    /// Reads what ``encode(_:into:)`` wrote.
    /// - Throws: ``CacheDamage`` when the bytes end early or hold a line below 0.
    static func facts(_ input: inout CacheReader) throws(CacheDamage) -> NoteCheckFacts {
        let idLine = try line(&input)
        let categoryLine = try line(&input)
        let sourceTypeLine = try line(&input)
        let wikiLinks = try input.strings()
        let noteLinks = try input.strings()
        var places: [LinkPlace]?
        switch try input.u8() {
        case 0: break
        case 1:
            guard wikiLinks.count <= input.remaining / 2 else { throw CacheDamage() }
            var read: [LinkPlace] = []
            read.reserveCapacity(wikiLinks.count)
            for _ in wikiLinks.indices {
                let line = try input.int()
                let column = try input.int()
                read.append(LinkPlace(line: line, column: column))
            }
            places = read
        default: throw CacheDamage()
        }
        return NoteCheckFacts(
            wikiLinks: wikiLinks, wikiLinkPlaces: places, noteLinks: noteLinks, idLine: idLine,
            categoryLine: categoryLine,
            sourceTypeLine: sourceTypeLine)
    }

    /// Walks over what ``encode(_:into:)`` wrote, checking it as
    /// ``facts(_:)`` would read it but making no strings: the catalog keeps
    /// the bytes (``StoredCheckFacts``) and decodes them only when asked.
    /// - Throws: ``CacheDamage`` exactly when ``facts(_:)`` would.
    static func skipFacts(_ input: inout CacheReader) throws(CacheDamage) {
        _ = try line(&input)
        _ = try line(&input)
        _ = try line(&input)
        let wikiLinks = try input.skipStrings()
        try input.skipStrings()
        switch try input.u8() {
        case 0: break
        case 1:
            guard wikiLinks <= input.remaining / 2 else { throw CacheDamage() }
            for _ in 0..<wikiLinks {
                _ = try input.int()
                _ = try input.int()
            }
        default: throw CacheDamage()
        }
    }

    /// A key's line as written (+ 1, 0 for none).
    private static func line(_ input: inout CacheReader) throws(CacheDamage) -> Int? {
        let value = try input.int()
        guard value >= 0 else { throw CacheDamage() }
        return value == 0 ? nil : value - 1
    }

    /// A card's stored schedule: 0 none, 1 an SM-2-OSR group, 2 an FSRS group, 3 a note review's front matter.
    static func encode(_ stored: StoredSchedule?, into out: inout CacheWriter) {
        switch stored {
        case nil:
            out.u8(0)
        case .osr(let day, let interval, let ease)?:
            out.u8(1)
            out.i64(Int64(day))
            out.double(interval)
            out.double(ease)
        case .note(let day, let interval, let ease)?:
            out.u8(3)
            out.i64(Int64(day))
            out.double(interval)
            out.double(ease)
        case .fsrs(let g)?:
            out.u8(2)
            out.double(g.due.timeIntervalSince1970)
            out.double(g.interval)
            out.double(g.stability)
            out.double(g.difficulty)
            out.i64(Int64(g.state))
            out.i64(Int64(g.reps))
            out.i64(Int64(g.lapses))
            out.i64(Int64(g.learningSteps))
            out.double(g.lastReview?.timeIntervalSince1970 ?? .nan)
        }
    }

    static func storedSchedule(_ input: inout CacheReader) throws(CacheDamage) -> StoredSchedule? {
        switch try input.u8() {
        case 0:
            return nil
        case 1:
            return .osr(dueDay: Int(try input.i64()), interval: try input.double(), ease: try input.double())
        case 2:
            let due = Date(timeIntervalSince1970: try input.double())
            let interval = try input.double()
            let stability = try input.double()
            let difficulty = try input.double()
            let state = Int(try input.i64())
            let reps = Int(try input.i64())
            let lapses = Int(try input.i64())
            let steps = Int(try input.i64())
            let last = try input.double()
            return .fsrs(
                OSRFSRSGroup(
                    due: due, interval: interval, stability: stability, difficulty: difficulty, state: state,
                    reps: reps, lapses: lapses, learningSteps: steps,
                    lastReview: last.isNaN ? nil : Date(timeIntervalSince1970: last)))
        case 3:
            return .note(dueDay: Int(try input.i64()), interval: try input.double(), ease: try input.double())
        default:
            throw CacheDamage()
        }
    }

    /// Reads one entry, initializing `file` and `note`, assigning `facts`
    /// (where its check facts' bytes are in `input`: they are checked, not
    /// decoded), `key` and `cardsUnread` (all three initialized already), and its cards at
    /// `cards`, which has room for `room` of them; returns the number of
    /// cards. Values are built in place, not copied in: 100,000 notes copied
    /// and destroyed cost a million reference count changes. When this
    /// throws, nothing is left initialized.
    /// - Throws: ``CacheDamage`` when the bytes end early, hold a value no
    ///   writer produces, or more cards than `room`.
    static func decode(
        from input: inout CacheReader, file: UnsafeMutablePointer<ScannedFile>, note: UnsafeMutablePointer<NoteSummary>,
        facts: UnsafeMutablePointer<Range<Int>>, key: UnsafeMutablePointer<NoteKey?>,
        cardsUnread: UnsafeMutablePointer<Bool>, cards: UnsafeMutablePointer<Card>?, room: Int,
        interning: inout CatalogInterning
    ) throws(CacheDamage) -> Int {
        let path = try input.string()
        let size = try input.i64()
        let modified = try input.i64()
        let changed = try input.i64()
        let inode = try input.u64()
        let id = try input.optionalString()
        let noteKey: NoteKey?
        switch try input.u8() {
        case 0: noteKey = id.map(NoteKey.init(id:))
        case 1 where id != nil: noteKey = .uuid(try input.u64(), try input.u64())
        default: throw CacheDamage()
        }
        let title = try input.string()
        let tags = try input.strings(interning: &interning.lists)
        let category = try input.optionalString(interning: &interning.strings)
        let source = try input.optionalString(interning: &interning.strings)
        let sourceType = try input.optionalString(interning: &interning.strings)
        let flags = try input.u8()
        guard flags < 16 else { throw CacheDamage() }
        let inferred = flags & 1 != 0
        let unread = flags & 8 != 0
        let cardsSetting: Bool? = flags & 6 == 2 ? true : flags & 6 == 4 ? false : nil
        let origin = try origin(try input.u8())
        let created: Date? =
            try input.u8() != 0
            ? Date(timeIntervalSinceReferenceDate: Double(bitPattern: try input.u64())) : nil
        let aliases = try input.strings(interning: &interning.lists)
        let diagnosticCount = try input.count(minimumBytesEach: 12)
        var diagnostics: [Diagnostic] = []
        if diagnosticCount > 0 {
            diagnostics.reserveCapacity(diagnosticCount)
            for _ in 0..<diagnosticCount {
                let code = try input.string()
                let severity: Diagnostic.Severity = try input.u8() != 0 ? .error : .warning
                let place = try input.optionalString() ?? path
                let line = try input.i64()
                diagnostics.append(
                    Diagnostic(
                        code: code, severity: severity, path: place, line: line == Int64.min ? nil : Int(line),
                        message: try input.string()))
            }
        }
        let factsStart = input.offset
        try skipFacts(&input)
        let factsEnd = input.offset
        let cardCount = try input.count(minimumBytesEach: 21)
        guard cardCount <= room, !unread || cardCount == 0 else { throw CacheDamage() }
        var done = 0
        do throws(CacheDamage) {
            while done < cardCount, let cards {
                let cardID = try input.string()
                let kind = try kind(try input.u8())
                let question = try input.string()
                let answer = try input.string()
                let line = Int(try input.i64())
                let position = Int(try input.i64())
                let identityText = try input.string()
                let hint = try input.string()
                let deck = try input.optionalString(interning: &interning.strings)
                let stored = try storedSchedule(&input)
                (cards + done).initialize(
                    to: Card(
                        id: cardID, notePath: path, noteID: id, kind: kind, question: question, answer: answer,
                        line: line, position: position, identityText: identityText, hint: hint.isEmpty ? nil : hint,
                        deck: deck, stored: stored))
                done += 1
            }
        } catch {
            cards?.deinitialize(count: done)
            throw error
        }
        key.pointee = noteKey
        cardsUnread.pointee = unread
        facts.pointee = factsStart..<factsEnd
        file.initialize(to: ScannedFile(path: path, size: size, modified: modified, changed: changed, inode: inode))
        note.initialize(
            to: NoteSummary(
                path: path, id: id, title: title, tags: tags, category: category, source: source,
                sourceType: sourceType, sourceTypeInferred: inferred, aliases: aliases, created: created,
                createdOrigin: origin, diagnostics: diagnostics, cardsSetting: cardsSetting))
        return cardCount
    }

    private static func originCode(_ origin: CreatedOrigin) -> UInt8 {
        switch origin {
        case .frontMatter: 0
        case .fileName: 1
        case .git: 2
        case .modificationTime: 3
        case .unknown: 4
        case .copied: 5
        }
    }

    private static func origin(_ code: UInt8) throws(CacheDamage) -> CreatedOrigin {
        switch code {
        case 0: .frontMatter
        case 1: .fileName
        case 2: .git
        case 3: .modificationTime
        case 4: .unknown
        case 5: .copied
        default: throw CacheDamage()
        }
    }

    private static func kindCode(_ kind: Card.Kind) -> UInt8 {
        switch kind {
        case .basic: 0
        case .reverse: 1
        case .cloze: 2
        case .note: 3
        }
    }

    private static func kind(_ code: UInt8) throws(CacheDamage) -> Card.Kind {
        switch code {
        case 0: .basic
        case 1: .reverse
        case 2: .cloze
        case 3: .note
        default: throw CacheDamage()
        }
    }
}
