import Foundation
import VaultCore
import VaultMarkdown

/// `vault check`: every problem in the vault with its file and line, from
/// the notes (front matter, dates, categories, broken wiki links), the
/// ledger (conflict markers, cut-short lines, conflicting decisions, events
/// naming no note, study events that cannot be read) and the flashcards (re-linked and orphaned cards).
///
/// It sees what is on disk: the notes come from the note catalog only as far
/// as a stat of every file vouches for it (a note edited since is parsed
/// again), and the ledger is read from its files, to name the line of each
/// event it reports.
public struct VaultCheck {
    public let context: AppContext
    var disk: any VaultInspection { context.inspection }

    public init(_ context: AppContext) { self.context = context }

    /// What `--fix` changed in one ledger file.
    public typealias Repair = LedgerFileRepair

    /// Repairs the ledger files (`--fix`): conflict markers, malformed and
    /// cut-short lines and duplicates go, every valid event stays.
    /// - Throws: the ledger's error when a file cannot be rewritten.
    public func repair() throws -> [Repair] {
        try disk.repairLedger()
    }

    /// Replaces `.vault/cache`, `.vault/local` or `.vault/trash` when it is a
    /// symbolic link (or a file) with a folder of the vault's own (`--fix`).
    /// - Returns: the paths replaced.
    public func repairStateFolders() throws -> [String] {
        try disk.repairStateFolders()
    }

    /// Every problem, and how many notes were checked.
    public func problems() -> (problems: [Diagnostic], notes: Int) {
        let found = examine()
        return (found.problems, found.notes)
    }

    /// Every problem, how many notes were checked, and how many cards are
    /// leeches (not a problem of the files: `vault check` counts them beside).
    ///
    /// It runs on all cores: the notes and the ledger are read at the same
    /// time, then the ledger's checks, the notes' checks and the links
    /// (in runs of notes) are parts of their own; the report puts each
    /// part's problems where they always were, so it reads the same.
    public func examine() -> (problems: [Diagnostic], notes: Int, leeches: Int) {
        let config = context.config
        let disk = self.disk
        let ((loaded, resolver), (ledger, history, cardLog)) = CheckParts.both(
            {
                let loaded = disk.checkedNotes(config: config)
                return (loaded, LinkResolver(notes: loaded.notes.map { ($0.path, [$0.title] + $0.aliases) }))
            },
            {
                let ledger = disk.ledgerOnDisk()
                let history = LedgerHistory(ledger.events)
                return (ledger, history, CardScheduleReplay.eventLog(history.events))
            })
        let cards = loaded.cards
        let linkRuns = Self.runs(of: loaded.notes.count)
        let context = self.context
        let files = context.files
        var leeches = 0
        // Part 0, the ledger's, is the longest with a long ledger: it starts first.
        let parts = CheckParts.run(5 + linkRuns.count) { part -> [Diagnostic] in
            switch part {
            case 0:
                let state = CurationState(history)
                let cardReplay = CardScheduleReplay.replay(cardLog, cards: cards, config: config.schedulers)
                leeches = cardReplay.schedules.values.reduce(0) {
                    $0 + ($1.isLeech(threshold: config.study.leechLapses) ? 1 : 0)
                }
                // Where each event is, worked out only when an event has a problem to place.
                var located: [LedgerEvent.Identity: (path: String, line: Int)]?
                func locate(_ identity: LedgerEvent.Identity) -> (path: String, line: Int)? {
                    if located == nil { located = ledger.locations() }
                    return located?[identity]
                }
                return ledger.diagnostics
                    + LedgerChecks.run(state: state, history: history, notes: loaded.notes, locate: locate)
                    + SessionChecks.run(StudyLog(events: history.events, timeZone: config.timeZone), locate: locate)
                    + CardChecks.run(cards: cards, replay: cardReplay, locate: locate)
                    + CardChecks.caps(
                        cards: cards, perNote: CardExtractor.maxCardsPerNote,
                        perParagraph: CardExtractor.maxClozesPerParagraph)
            case 1: return NoteChecks.run(loaded.notes, facts: loaded.facts, config: config)
            case 2:
                return ObsidianSRAdoption.problems(context)
                    + ObsidianSRAdoption.unreadableSchedules(context, notes: loaded.notes)
            case 3: return Self.twins(loaded.notes.map(\.path))
            case 4: return leftovers()
            default:
                let run = linkRuns[part - 5]
                return Self.brokenLinks(
                    Array(loaded.notes[run]), facts: Array(loaded.facts[run]), resolver: resolver, files: files)
            }
        }
        let problems =
            config.warnings + loaded.problems + parts[1] + parts[0] + parts[5...].joined() + parts[2]
        return (stateFolders() + problems + conflictCopies() + parts[4] + parts[3], loaded.notes.count, leeches)
    }

    /// The runs of notes whose links are checked as parts of their own:
    /// about eight, of at least 256 notes each.
    static func runs(of count: Int) -> [Range<Int>] {
        let size = max(256, (count + 7) / 8)
        return stride(from: 0, to: count, by: size).map { $0..<min(count, $0 + size) }
    }

    /// Every wiki link and embed of `notes` that leads to no note, at its own line and
    /// column (kept in the notes' facts; a note whose places are not known is
    /// read again for them); `resolver` knows every note of the vault.
    static func brokenLinks(
        _ notes: [NoteSummary], facts: [NoteCheckFacts], resolver: LinkResolver, files: any VaultFiles
    ) -> [Diagnostic] {
        LinkChecks.run(notes: notes, facts: facts, resolver: resolver) { path in
            guard let data = try? files.read(path) else { return [] }
            let text = String(decoding: data, as: UTF8.self)
            return LinkScanner.links(in: text, bodyLine: LinkScanner.bodyLine(of: text))
        }
    }

    /// `.vault/` folders that are symbolic links or files: every command
    /// refuses the vault until they are folders of its own.
    func stateFolders() -> [Diagnostic] {
        disk.misplacedStateFolders().map { path, reason in
            let fix =
                path == ".vault/cache" || path == ".vault/local" || path == ".vault/trash"
                ? "`vault check --fix` replaces it with an empty folder (what it points to is left alone)."
                : "replace it with the folder itself (it holds the vault's history, so vault does not)."
            return Diagnostic(
                code: "linked-state-folder", severity: .error, path: path, line: nil,
                message: "\(reason): what vault keeps there would be read from and written outside the vault; \(fix)")
        }
    }

    /// Notes whose paths differ only in Unicode normalization (`é` as one
    /// character or as `e` and an accent): two files on disk that most tools,
    /// and people, take for one.
    static func twins(_ paths: [String]) -> [Diagnostic] {
        // Swift's strings are equal, and hash alike, when they are canonically
        // equivalent (the same in NFC), without a normalized copy of each path.
        var byForm: [String: [String]] = [:]
        for path in paths { byForm[path, default: []].append(path) }
        return byForm.values.filter { $0.count > 1 }.flatMap { group in
            group.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { path in
                Diagnostic(
                    code: "unicode-twins", severity: .warning, path: path, line: nil,
                    message:
                        "\(group.count) files have this name in different Unicode forms (NFC and NFD); rename all but one."
                )
            }
        }
    }

    /// The ledger files that a file-sync tool made as conflict copies.
    func conflictCopies() -> [Diagnostic] {
        disk.ledgerConflictCopies().map { copy, original in
            Diagnostic(
                code: "ledger-conflict-copy", severity: .warning, path: copy, line: nil,
                message:
                    "a conflict copy made by a file-sync tool; its events are read with the ledger, and `vault check --fix` merges them into \(original) and removes it."
            )
        }
    }

    /// The temporary files and folders (ending in `/`) that killed writes left behind (older than a minute), in the note folders and `.vault/`.
    func leftovers() -> [Diagnostic] {
        disk.leftoverTemporaries().map { path in
            Diagnostic(
                code: "leftover-temporary", severity: .warning, path: path, line: nil,
                message: path.hasSuffix("/")
                    ? "a temporary folder left by an import that was killed midway; the next import in this folder removes it, or delete it."
                    : "a temporary file left by a write that was killed midway; the next write in this folder removes it, or delete it."
            )
        }
    }
}
