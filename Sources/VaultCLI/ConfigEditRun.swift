import Foundation
import VaultApp
import VaultCore
import VaultPresentation

/// The one way `vault category`, `vault subject` and `vault source-type`
/// carry out an edit: ``ConfigEditing`` does every write; this prints.
struct ConfigEditRun {
    let context: CommandContext
    var dryRun = false

    /// An edit of the config alone (a subject rename's event with it): prints `done` once it is written.
    func save(_ edit: ConfigEdit, done: String) throws {
        try ConfigEditing(context.app()).apply(edit)
        context.output.line(done)
    }

    /// An edit that rewrites notes: the edit's summary, a line per note
    /// (with `--dry-run`, what it would do), and an error for each note left
    /// as it was, which makes the command exit 1 after the others are done.
    func rewrite(_ edit: ConfigEdit) throws {
        context.output.line((dryRun ? "Would: " : "") + edit.summary + ": \(plural(edit.notes.count, "note")).")
        let results = try ConfigEditing(context.app()).apply(edit, dryRun: dryRun) { result in
            switch result.outcome {
            case .wouldRewrite: context.output.line("  would rewrite \(result.path)")
            case .rewritten: context.output.line("  rewrote \(result.path)")
            case .failed(let error): context.output.error(error)
            }
        }
        if results.contains(where: { !$0.succeeded }) { throw CLIError.silentFailure }
    }
}
