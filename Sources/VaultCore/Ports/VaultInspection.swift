import Foundation

/// What `vault check` reads: what is on disk now. The notes may come from
/// the note catalog, which a stat of every file vouches for (a note edited
/// since it was written is parsed again); the ledger is read from its files,
/// to name the line of each event reported.
public protocol VaultInspection {
    /// Every note read and parsed from disk now, with the problems met.
    func notesOnDisk() -> (notes: [Note], problems: [Diagnostic])
    /// Every note as ``notesOnDisk()`` would give it, kept as the note
    /// catalog keeps notes (summaries with their ``NoteCheckFacts``), with
    /// the cards of the notes in a deck under `config` and the problems met.
    func checkedNotes(config: VaultConfig) -> CheckedNotes
    /// The flashcards of `notes` (those in a deck under `config`).
    func cards(of notes: [Note], config: VaultConfig) -> [Card]
    /// The ledger read from its files now, with each event's file and line.
    func ledgerOnDisk() -> LocatedLedger
    /// The ledger files a file-sync tool made as conflict copies, with the file each copies.
    func ledgerConflictCopies() -> [(copy: String, original: String)]
    /// Vault-relative paths of the temporary files killed writes left behind,
    /// and of the temporary folders of killed imports (ending in `/`).
    func leftoverTemporaries() -> [String]
    /// `.vault/` folders (cache, local, trash, ledger) that are a symbolic
    /// link or a file instead of a folder of the vault's own, with why.
    func misplacedStateFolders() -> [(path: String, reason: String)]
    /// Replaces a symbolic link (or a file) at `.vault/cache`, `.vault/local`
    /// or `.vault/trash` with an empty folder (`--fix`); the ledger and
    /// `.vault` itself are left for the person, as they hold the history.
    /// - Returns: the paths replaced.
    func repairStateFolders() throws -> [String]
    /// Repairs the ledger files (`--fix`): conflict markers, malformed and
    /// cut-short lines and duplicates go, every valid event stays.
    func repairLedger() throws -> [LedgerFileRepair]
}

extension VaultInspection {
    /// ``VaultInspection/checkedNotes(config:)`` by parsing every note (``notesOnDisk()``).
    public func checkedNotes(config: VaultConfig) -> CheckedNotes {
        let loaded = notesOnDisk()
        return CheckedNotes(
            notes: loaded.notes.map(\.summary), facts: loaded.notes.map(NoteCheckFacts.init),
            cards: cards(of: loaded.notes, config: config), problems: loaded.problems)
    }
}

/// The notes `vault check` checks: every note's summary and
/// ``NoteCheckFacts`` (one each, in path order), the cards of the notes in
/// a deck, and the problems met while walking the vault.
public struct CheckedNotes: Sendable {
    public var notes: [NoteSummary]
    public var facts: [NoteCheckFacts]
    public var cards: [Card]
    public var problems: [Diagnostic]

    public init(notes: [NoteSummary], facts: [NoteCheckFacts], cards: [Card], problems: [Diagnostic]) {
        self.notes = notes
        self.facts = facts
        self.cards = cards
        self.problems = problems
    }
}

/// The ledger as read from its files, with where each event is.
public struct LocatedLedger: Sendable {
    public var events: [LedgerEvent]
    public var diagnostics: [Diagnostic]
    /// Where each event's first line is, one place per event of ``events``
    /// in the same order.
    public var places: [(path: String, line: Int)]

    public init(events: [LedgerEvent], diagnostics: [Diagnostic], places: [(path: String, line: Int)]) {
        precondition(events.count == places.count, "one place per ledger event")
        self.events = events
        self.diagnostics = diagnostics
        self.places = places
    }

    /// The place of each event, by identity: where it is first written
    /// (file order, then line order), as a duplicate's copies are one event.
    /// Built on demand: `vault check` asks only when the ledger has a problem.
    public func locations() -> [LedgerEvent.Identity: (path: String, line: Int)] {
        var located: [LedgerEvent.Identity: (path: String, line: Int)] = [:]
        located.reserveCapacity(events.count)
        for (event, place) in zip(events, places) where located[event.identity] == nil {
            located[event.identity] = place
        }
        return located
    }
}

/// What `vault check --fix` changed in one ledger file.
public struct LedgerFileRepair: Sendable, Equatable {
    public var path: String
    public var removedLines: Int
    public var duplicates: Int
    public var mergedCopies: [String]

    public init(path: String, removedLines: Int, duplicates: Int, mergedCopies: [String] = []) {
        self.path = path
        self.removedLines = removedLines
        self.duplicates = duplicates
        self.mergedCopies = mergedCopies
    }
}
