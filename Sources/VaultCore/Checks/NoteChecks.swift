/// The checks `vault check` runs across all notes, beyond each note's own
/// parse diagnostics.
public enum NoteChecks {
    /// Every problem in `notes`: their parse diagnostics, duplicate ids,
    /// unknown categories and source types, and notes without a trustworthy
    /// creation date. Sorted by path, then line.
    public static func run(_ notes: [Note], config: VaultConfig) -> [Diagnostic] {
        run(notes.map(\.summary), facts: notes.map(NoteCheckFacts.init), config: config)
    }

    /// ``run(_:config:)`` over summaries and their ``NoteCheckFacts`` (one
    /// each, in the same order), as the note catalog keeps them.
    public static func run(_ notes: [NoteSummary], facts: [NoteCheckFacts], config: VaultConfig) -> [Diagnostic] {
        precondition(notes.count == facts.count, "one NoteCheckFacts per note")
        var problems: [Diagnostic] = []
        var notesByID: [String: [(path: String, line: Int?)]] = [:]  // with the line of each `id:`
        for (note, facts) in zip(notes, facts) {
            problems += note.diagnostics
            if let id = note.id {
                notesByID[id.lowercased(), default: []].append((note.path, facts.idLine))
            }
            if let category = note.category, config.category(named: category) == nil {
                problems.append(
                    Diagnostic(
                        code: "unknown-category", severity: .warning, path: note.path,
                        line: facts.categoryLine,
                        message:
                            "category '\(category.elided(to: 80))' is not in .vault/config.yml; add it with `vault category add \"\(category)\"` or fix the note."
                    ))
            }
            if let type = note.sourceType, !note.sourceTypeInferred, !config.knowsSourceType(type) {
                problems.append(
                    Diagnostic(
                        code: "unknown-source-type", severity: .warning, path: note.path,
                        line: facts.sourceTypeLine,
                        message:
                            "source type '\(type.elided(to: 80))' is not in .vault/config.yml; add it with `vault source-type add \(type)` or fix the note."
                    ))
            }
            let isBinary = note.diagnostics.contains { $0.code == "binary-file" }
            if note.createdOrigin == .copied, !isBinary {
                problems.append(
                    Diagnostic(
                        code: "copied-file-time", severity: .warning, path: note.path, line: nil,
                        message:
                            "the note has no created date ('created:', a date in its file name, git history), and its file was modified in the same minute as \(CopiedFileTimes.burst) or more such notes, so that time says when the vault was copied; it comes up in no review until you add 'created:' to its front matter."
                    ))
            }
            let lacksDate = note.createdOrigin == .modificationTime || note.createdOrigin == .unknown
            if lacksDate, !isBinary {
                problems.append(
                    Diagnostic(
                        code: "no-created-date", severity: .warning, path: note.path, line: nil,
                        message:
                            "the note has no created date (no 'created:' key, no date in its file name, no git history); its file modification time is used, which a fresh clone resets. Add 'created:' to its front matter."
                    ))
            }
        }
        for (id, notes) in notesByID where notes.count > 1 {
            let sorted = notes.sorted { $0.path < $1.path }
            for note in sorted {
                // At most three named: a template's id copied into thousands of
                // notes would otherwise print the square of their number.
                let named = sorted.prefix(4).map(\.path).filter { $0 != note.path }.prefix(3)
                let more = sorted.count - 1 - named.count
                let others = named.joined(separator: ", ") + (more > 0 ? " and \(more) more notes" : "")
                problems.append(
                    Diagnostic(
                        code: "duplicate-id", severity: .error, path: note.path, line: note.line,
                        message: "id \(id.elided(to: 80)) is also used by \(others); give one of them a new id."))
            }
        }
        return problems.sorted { ($0.path, $0.line ?? 0, $0.code) < ($1.path, $1.line ?? 0, $1.code) }
    }
}
