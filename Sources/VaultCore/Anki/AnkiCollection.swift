import Foundation

/// An Anki collection as read from a package or to be written into one: the
/// few tables `vault import anki` and `vault export anki` need, as plain
/// values (the adapter reads or writes the zip, the SQLite database and its
/// protobuf or JSON columns; nothing here does I/O).
public struct AnkiCollection: Sendable {
    /// The collection's creation time (`col.crt`, seconds since 1970): with it
    /// the imported events get a device id of their own, the same on every import.
    public var created: Int64
    /// The database's schema version (11 for legacy packages, 18 for current ones).
    public var schema: Int
    public var noteTypes: [Int64: AnkiNoteType]
    /// Deck names by id, levels joined with `::`.
    public var decks: [Int64: String]
    /// The notes, by id.
    public var notes: [AnkiNote]
    /// The UTC offset of the collection's days, in minutes west of UTC
    /// (Anki's `creationOffset`), when known: with ``created`` and the 4 a.m.
    /// rollover it says which day a day number is.
    public var creationOffset: Int? = nil
    /// The cards, by id.
    public var cards: [AnkiCard]
    /// The review log, by id (its id is the moment of the review in milliseconds).
    public var reviews: [AnkiReview]
    /// The media files, by name.
    public var media: [AnkiMedia]

    public init(
        created: Int64, schema: Int, noteTypes: [Int64: AnkiNoteType], decks: [Int64: String], notes: [AnkiNote],
        cards: [AnkiCard], reviews: [AnkiReview], media: [AnkiMedia]
    ) {
        self.created = created
        self.schema = schema
        self.noteTypes = noteTypes
        self.decks = decks
        self.notes = notes
        self.cards = cards
        self.reviews = reviews
        self.media = media
    }

    /// The collection's day number of `date`, as Anki's `days_elapsed`
    /// counts it: the calendar days from the day of ``created`` (its date in
    /// the collection's zone, ``creationOffset``; `zone` when unknown) to the
    /// day of `date` in `zone`, a day starting at 4 a.m. Review cards are due
    /// on a day number.
    public func dayNumber(of date: Date, zone: TimeZone) -> Int {
        let nowSeconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let nowOffset = Int64(zone.secondsFromGMT(for: date))
        return Int(max(0, Self.civilDay(nowSeconds + nowOffset - Self.rollover) - createdDay(zone: zone)))
    }

    /// The day number Anki shows as the calendar date of `due` in `zone`: a
    /// card due that day (whatever the hour) is due on that date in both.
    public func dueDay(of due: Date, zone: TimeZone) -> Int {
        let seconds = Int64(due.timeIntervalSince1970.rounded(.down)) + Int64(zone.secondsFromGMT(for: due))
        return Int(max(0, Self.civilDay(seconds) - createdDay(zone: zone)))
    }

    /// The moment day `number` starts: 4 a.m. in `zone` on that day.
    public func start(ofDay number: Int, zone: TimeZone) -> Date {
        let day = createdDay(zone: zone) + Int64(number)
        let guess = Date(timeIntervalSince1970: Double(day * 86_400 + Self.rollover))
        return guess.addingTimeInterval(-Double(zone.secondsFromGMT(for: guess)))
    }

    /// The calendar day (from 1970-01-01) of ``created`` in the collection's zone.
    func createdDay(zone: TimeZone) -> Int64 {
        let offset =
            creationOffset.map { -Int64($0) * 60 }
            ?? Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(created))))
        return Self.civilDay(created + offset)
    }

    /// A stable id for the deck named `name` (Anki's ids are moments in
    /// milliseconds; these lie in 2020-2023's range, apart from real ones).
    public static func deckID(name: String) -> Int64 {
        name == "Default" ? 1 : 1_600_000_000_000 + Int64(StableHash.fnv1a("anki deck " + name) % 100_000_000_000)
    }

    /// Anki's rollover: a day starts at 4 a.m. (in seconds).
    public static let rollover: Int64 = 4 * 3600

    /// The day (from 1970-01-01) holding the local second `seconds`.
    static func civilDay(_ seconds: Int64) -> Int64 { seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400 }
}

/// A note type: its fields and card templates; a cloze type makes a card per cloze number.
public struct AnkiNoteType: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var isCloze: Bool
    public var fields: [String]
    public var templates: [AnkiCardTemplate]
    /// The cards' style sheet (written on export; the import does not read it).
    public var css: String

    public init(
        id: Int64, name: String, isCloze: Bool, fields: [String], templates: [AnkiCardTemplate], css: String = ""
    ) {
        self.id = id
        self.name = name
        self.isCloze = isCloze
        self.fields = fields
        self.templates = templates
        self.css = css
    }
}

/// One card template of a note type: the question and answer formats.
public struct AnkiCardTemplate: Sendable, Equatable {
    public var name: String
    public var question: String
    public var answer: String

    public init(name: String, question: String, answer: String) {
        self.name = name
        self.question = question
        self.answer = answer
    }
}

/// A note: its fields in the note type's order, its tags and its guid.
public struct AnkiNote: Sendable, Equatable {
    /// The note id: the moment it was made, in milliseconds.
    public var id: Int64
    public var guid: String
    public var noteType: Int64
    public var tags: [String]
    public var fields: [String]
    /// When the note was last changed, in seconds (Anki updates a note on
    /// import only from a newer one).
    public var modified: Int64

    public init(id: Int64, guid: String, noteType: Int64, tags: [String], fields: [String], modified: Int64 = 0) {
        self.id = id
        self.guid = guid
        self.noteType = noteType
        self.tags = tags
        self.fields = fields
        self.modified = modified
    }
}

/// A card: its note, its deck and which template (or cloze number, from 0) it shows.
public struct AnkiCard: Sendable, Equatable {
    public var id: Int64
    public var note: Int64
    /// The card's home deck (a card in a filtered deck counts in the deck it came from).
    public var deck: Int64
    public var ord: Int
    /// Anki's queue: -1 suspended, -2 and -3 buried, 0 new, 1 and 3 learning, 2 review.
    public var queue: Int
    /// Anki's card type: 0 new, 1 learning, 2 review, 3 relearning.
    public var type: Int
    /// New: its position; queue 1: a moment in seconds; queues 2 and 3: a day number.
    public var due: Int64
    /// The interval in days (review cards).
    public var interval: Int
    /// The ease factor in permille (SM-2; 2500 is 250%).
    public var factor: Int
    /// Answers and lapses, as Anki counts them.
    public var reps: Int
    public var lapses: Int
    /// Learning steps left.
    public var left: Int
    /// The `data` column: FSRS's memory state as JSON (`{"s":…,"d":…}`), or empty.
    public var data: String

    public init(
        id: Int64, note: Int64, deck: Int64, ord: Int, queue: Int, type: Int = 0, due: Int64 = 0, interval: Int = 0,
        factor: Int = 0, reps: Int = 0, lapses: Int = 0, left: Int = 0, data: String = ""
    ) {
        self.id = id
        self.note = note
        self.deck = deck
        self.ord = ord
        self.queue = queue
        self.type = type
        self.due = due
        self.interval = interval
        self.factor = factor
        self.reps = reps
        self.lapses = lapses
        self.left = left
        self.data = data
    }
}

/// A row of the review log.
///
/// Held in 48 bytes, not 64 (500,000 of them are a large part of an import's
/// peak memory): the small columns are stored narrow (ease and kind in 16
/// bits, the factor in 32) and read as `Int`. The reader bounds them well
/// inside those widths; a value past them is clamped.
public struct AnkiReview: Sendable, Equatable {
    /// The review's moment in milliseconds since 1970, unique in the collection.
    public var id: Int64
    public var card: Int64
    /// How long the answer took, in milliseconds.
    public var milliseconds: Int
    /// The interval after the answer: days when positive, seconds when negative.
    public var interval: Int
    /// The interval before it, in the same units.
    public var lastInterval: Int
    private var storedFactor: Int32
    private var storedEase: Int16
    private var storedKind: Int16

    /// 1 again, 2 hard, 3 good, 4 easy; 0 for a manual change (a reset, a due date set).
    public var ease: Int {
        get { Int(storedEase) }
        set { storedEase = Int16(clamping: newValue) }
    }
    /// 0 learning, 1 review, 2 relearning, 3 filtered, 4 manual, 5 rescheduled.
    public var kind: Int {
        get { Int(storedKind) }
        set { storedKind = Int16(clamping: newValue) }
    }
    /// The ease factor after it in permille (SM-2), or FSRS's difficulty
    /// shifted to 100-1100; 0 in a reset (manual) and in cramming (filtered) rows.
    public var factor: Int {
        get { Int(storedFactor) }
        set { storedFactor = Int32(clamping: newValue) }
    }

    public init(
        id: Int64, card: Int64, ease: Int, milliseconds: Int, kind: Int, interval: Int = 0, lastInterval: Int = 0,
        factor: Int = 0
    ) {
        self.id = id
        self.card = card
        self.milliseconds = milliseconds
        self.interval = interval
        self.lastInterval = lastInterval
        self.storedFactor = Int32(clamping: factor)
        self.storedEase = Int16(clamping: ease)
        self.storedKind = Int16(clamping: kind)
    }

    /// Anki's "Forget" (a card reset to new): a manual row with no factor
    /// (rslib's `RevlogEntry::is_reset`). Other manual rows are "Set due date".
    public var isReset: Bool { kind == 4 && factor == 0 }

    /// Cramming in a filtered deck that does not reschedule: a filtered row
    /// with no factor (rslib's `is_cramming`). Other filtered rows are
    /// answers before the due date, which reschedule.
    public var isCramming: Bool { kind == 3 && factor == 0 }
}

/// A media file of the package, by the name the notes use.
public struct AnkiMedia: Sendable, Equatable {
    public var name: String
    public var bytes: Data

    public init(name: String, bytes: Data) {
        self.name = name
        self.bytes = bytes
    }
}
