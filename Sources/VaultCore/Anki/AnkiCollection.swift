import Foundation

/// An Anki collection as read from a package: the few tables `vault import
/// anki` needs, as plain values (the adapter reads the zip, the SQLite
/// database and its protobuf or JSON columns; nothing here does I/O).
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
}

/// A note type: its fields and card templates; a cloze type makes a card per cloze number.
public struct AnkiNoteType: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var isCloze: Bool
    public var fields: [String]
    public var templates: [AnkiCardTemplate]

    public init(id: Int64, name: String, isCloze: Bool, fields: [String], templates: [AnkiCardTemplate]) {
        self.id = id
        self.name = name
        self.isCloze = isCloze
        self.fields = fields
        self.templates = templates
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

    public init(id: Int64, guid: String, noteType: Int64, tags: [String], fields: [String]) {
        self.id = id
        self.guid = guid
        self.noteType = noteType
        self.tags = tags
        self.fields = fields
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

    public init(id: Int64, note: Int64, deck: Int64, ord: Int, queue: Int) {
        self.id = id
        self.note = note
        self.deck = deck
        self.ord = ord
        self.queue = queue
    }
}

/// A row of the review log.
public struct AnkiReview: Sendable, Equatable {
    /// The review's moment in milliseconds since 1970, unique in the collection.
    public var id: Int64
    public var card: Int64
    /// 1 again, 2 hard, 3 good, 4 easy; 0 for a manual change (a reset, a due date set).
    public var ease: Int
    /// How long the answer took, in milliseconds.
    public var milliseconds: Int
    /// 0 learning, 1 review, 2 relearning, 3 filtered, 4 manual, 5 rescheduled.
    public var kind: Int

    public init(id: Int64, card: Int64, ease: Int, milliseconds: Int, kind: Int) {
        self.id = id
        self.card = card
        self.ease = ease
        self.milliseconds = milliseconds
        self.kind = kind
    }
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
