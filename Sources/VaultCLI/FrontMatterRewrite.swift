import Foundation
import VaultCore
import VaultMarkdown
import VaultStore

/// Applies one front matter edit to a set of notes and saves the new config,
/// or with `--dry-run` only says what it would do. A note whose front matter
/// cannot be edited safely is reported and left as it was; the others go on.
struct FrontMatterRewrite {
    let context: CommandContext
    let dryRun: Bool

    func apply(to notes: [Note], config: VaultConfig, summary: String, edit: (Data) throws -> Data) throws {
        let files = NoteFiles(layout: context.vault.layout)
        context.output.line((dryRun ? "Would: " : "") + summary + ": \(plural(notes.count, "note")).")
        var failed = 0
        for note in notes.sorted(by: { $0.path < $1.path }) {
            if dryRun {
                context.output.line("  would rewrite \(note.path)")
                continue
            }
            do {
                try files.rewrite(note.path) { data in
                    do { return try edit(data) } catch let failure as FrontMatterEditor.Failure {
                        throw CLIError.cannotEdit(path: note.path, reason: Self.describe(failure))
                    }
                }
                context.output.line("  rewrote \(note.path)")
            } catch {
                failed += 1
                context.output.error(error)
            }
        }
        if !dryRun { try ConfigFile.write(config, to: context.vault.layout) }
        if failed > 0 { throw CLIError.silentFailure }
    }

    static func describe(_ failure: FrontMatterEditor.Failure) -> String {
        switch failure {
        case .multiLineValue(let key, let line):
            return "line \(line): '\(key)' spans several lines; edit it by hand. The note was left unchanged."
        case .unterminatedFrontMatter:
            return "line 1: the front matter is never closed; fix it first. The note was left unchanged."
        }
    }
}
