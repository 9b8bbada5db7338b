import Foundation

/// The notes as use cases see them: the port VaultStore implements over the
/// vault's files (with the note catalog and a watcher's vouching as private
/// details), and tests implement in memory.
public protocol NoteSource {
    /// Every note's summary, with the flashcards of the notes in a deck and
    /// the problems met while walking the vault: cheap, from caches where the
    /// adapter has them.
    func summaries() -> NoteSummaries
    /// Every note parsed in full (front matter, body text, links).
    func notes() -> (notes: [Note], problems: [Diagnostic])
    /// One note parsed in full.
    /// - Throws: when the file cannot be read.
    func note(at path: String) throws -> Note
    /// How links resolve among every note of ``summaries()`` (by path, file
    /// name, title and alias). A port that keeps its summaries between calls
    /// keeps this too: building it costs a walk of every note's names.
    func linkResolver() -> LinkResolver
    /// `make()`, worked out from the notes alone (what the files of
    /// ``summaries()`` say, such as the memory palaces): a port that keeps
    /// its summaries between calls keeps this too, under `key`, for as long.
    func keeping<Value>(_ key: String, _ make: () -> Value) -> Value
}

extension NoteSource {
    /// `make()`, made each time.
    public func keeping<Value>(_ key: String, _ make: () -> Value) -> Value { make() }

    /// The resolver over ``summaries()``, built afresh.
    public func linkResolver() -> LinkResolver {
        LinkResolver(summaries: summaries().notes)
    }
}

/// What ``NoteSource/summaries()`` gives: the summaries, their curation keys
/// (when the adapter worked them out on the way), their cards and problems.
public struct NoteSummaries: Sendable {
    public var notes: [NoteSummary]
    /// Each note's curation key, index for index, when the source knows them
    /// already (saves the board parsing every id again); nil otherwise.
    public var keys: [NoteKey?]?
    public var cards: [Card]
    public var problems: [Diagnostic]

    public init(notes: [NoteSummary], keys: [NoteKey?]? = nil, cards: [Card], problems: [Diagnostic]) {
        self.notes = notes
        self.keys = keys
        self.cards = cards
        self.problems = problems
    }
}
