import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// Applies one front matter edit to a set of notes and saves the new config,
/// or with `--dry-run` only says what it would do. A note whose front matter
/// cannot be edited safely is reported and left as it was; the others go on.
struct FrontMatterRewrite {
    let context: CommandContext
    let dryRun: Bool

    func apply(_ edit: ConfigEdit) throws {
        let files = context.app().files
        context.output.line((dryRun ? "Would: " : "") + edit.summary + ": \(plural(edit.notes.count, "note")).")
        var failed = 0
        for path in edit.notes {
            if dryRun {
                context.output.line("  would rewrite \(path)")
                continue
            }
            do {
                try files.rewrite(path) { data in
                    do {
                        switch edit.change {
                        case .set(let key, let value):
                            return try FrontMatterEditor.set(key, to: YAMLText.scalar(value), in: data)
                        case .remove(let key): return try FrontMatterEditor.remove(key, in: data)
                        }
                    } catch let failure as FrontMatterEditor.Failure {
                        throw CLIError.cannotEdit(path: path, reason: Self.describe(failure))
                    }
                }
                context.output.line("  rewrote \(path)")
            } catch {
                failed += 1
                context.output.error(error)
            }
        }
        if !dryRun { try context.app().configStore.save(edit.config, replacing: context.config) }
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
