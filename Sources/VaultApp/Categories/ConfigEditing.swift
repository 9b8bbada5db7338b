import Foundation
import VaultCore
import VaultMarkdown

/// Carries out a ``ConfigEdit`` (`vault category`, `vault subject`, `vault
/// source-type`): its ledger event, then each note's front matter, then the
/// config, each step once. A note whose front matter cannot be edited safely
/// is reported and left as it was; the others go on.
///
/// The config is written last, so a crash or a failed write before it
/// leaves a state the next run finishes: the same command again (its notes
/// not yet rewritten are found again), or, for a subject rename, any `vault
/// subject` command (``StudyTracking/config`` catches the config up with the
/// ledger's renames). docs/ARCHITECTURE.md, "Writes in two places".
public struct ConfigEditing {
    public let context: AppContext

    public init(_ context: AppContext) { self.context = context }

    /// What became of one note of an edit.
    public struct NoteRewrite {
        public var path: String
        public var outcome: Outcome

        public enum Outcome {
            /// The note's front matter was rewritten (or already said what the edit says).
            case rewritten
            /// `dryRun`: the note would be rewritten.
            case wouldRewrite
            /// The note was left as it was: its front matter cannot be edited
            /// safely (``AppError/cannotEditNote(path:reason:)``), or the file not read or written.
            case failed(any Error)
        }

        /// True unless the note failed.
        public var succeeded: Bool {
            if case .failed = outcome { return false }
            return true
        }
    }

    /// Carries out `edit`, or with `dryRun` writes nothing and says what it would rewrite.
    ///
    /// - Parameter each: told of each note as it is done, in `edit.notes` order.
    /// - Returns: what became of each note.
    /// - Throws: when the ledger or the config cannot be written (a note that
    ///   fails is reported, not thrown); nothing after a failed step is written.
    @discardableResult
    public func apply(_ edit: ConfigEdit, dryRun: Bool = false, each: (NoteRewrite) -> Void = { _ in }) throws
        -> [NoteRewrite]
    {
        if dryRun {
            let results = edit.notes.map { NoteRewrite(path: $0, outcome: .wouldRewrite) }
            results.forEach(each)
            return results
        }
        // The event first: the config is the step a crash can cut, and the
        // next `vault subject` command finishes it from the event.
        if let event = edit.event { try context.ledger.append(event) }
        var results: [NoteRewrite] = []
        results.reserveCapacity(edit.notes.count)
        if let change = edit.change {
            for path in edit.notes {
                let result: NoteRewrite
                do {
                    try context.files.rewrite(path) { data in try Self.apply(change, to: data, path: path) }
                    result = NoteRewrite(path: path, outcome: .rewritten)
                } catch {
                    result = NoteRewrite(path: path, outcome: .failed(error))
                }
                each(result)
                results.append(result)
            }
        }
        try context.configStore.save(edit.config, replacing: context.config)
        return results
    }

    /// `change` made in the note `data`.
    /// - Throws: ``AppError/cannotEditNote(path:reason:)`` when the front matter cannot be edited safely.
    static func apply(_ change: ConfigEdit.FrontMatterChange, to data: Data, path: String) throws -> Data {
        do {
            switch change {
            case .set(let key, let value): return try FrontMatterEditor.set(key, to: YAMLText.scalar(value), in: data)
            case .remove(let key): return try FrontMatterEditor.remove(key, in: data)
            }
        } catch {
            throw AppError.cannotEditNote(path: path, reason: describe(error))
        }
    }

    /// Why the editor refused, and what to do.
    static func describe(_ failure: FrontMatterEditor.Failure) -> String {
        switch failure {
        case .multiLineValue(let key, let line):
            return "line \(line): '\(key)' spans several lines; edit it by hand. The note was left unchanged."
        case .unterminatedFrontMatter:
            return "line 1: the front matter is never closed; fix it first. The note was left unchanged."
        }
    }
}
