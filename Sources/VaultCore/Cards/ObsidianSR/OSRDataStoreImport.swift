import Foundation

/// `vault import obsidian-sr`: the card schedules a Spaced Repetition vault keeps outside its
/// notes (`scheduleData.cardSchedules` in the plugin's `data.json`, each question naming its
/// entry with a `^sr-data-id-ID` line) written into the notes as the plugin's notes store keeps
/// them, a `<!--SR:…-->` comment per question (placed as ``OSRWriteBack`` places one), so that
/// `vault` and the plugin's notes store both read them (docs/FORMAT.md, Obsidian Spaced
/// Repetition, Importing a data.json store). A question that has a comment already keeps it.
public enum OSRDataStoreImport {
    /// The marker a question names its schedule entry with (the plugin's `SR_DATA_ID_TAG`).
    public static let dataIDMarker = "^sr-data-id-"

    /// What the import writes and what it leaves.
    public struct Plan: Hashable, Sendable {
        /// Notes to rewrite, by path, with their new text.
        public var edits: [String: String]
        /// Questions given a comment.
        public var questions: Int
        /// Cards given a schedule (new siblings left out).
        public var schedules: Int
        /// Questions that name an entry but have a comment already (the note's own is kept).
        public var alreadyInNotes: Int
        /// Entries no question of the notes names, sorted.
        public var unmatched: [String]
    }

    /// The plan for `notes` (each a path, its id, and its text) under `settings` with the
    /// schedules of `plugin`; `baseEase` is the ease the plugin writes for a new card.
    public static func plan(
        notes: [(path: String, noteID: String?, text: String)], plugin: ObsidianSRPluginData,
        settings: ObsidianSRSettings, baseEase: Double
    ) -> Plan {
        var plan = Plan(edits: [:], questions: 0, schedules: 0, alreadyInNotes: 0, unmatched: [])
        var used = Set<String>()
        for note in notes {
            guard OSRText.contains(note.text[...], dataIDMarker) else { continue }
            let questions = OSRNoteReader.questions(in: note.text, path: note.path, frontMatterTags: [], syntax: settings.syntax)
            let lines = OSRText.lines(note.text)
            var text = note.text
            for question in questions.reversed() {
                guard let id = dataID(of: question.parsed, lines: lines), let entries = plugin.cardSchedules[id] else {
                    continue
                }
                used.insert(id)
                if !OSRScheduleComment.groups(in: question.parsed.text).isEmpty {
                    plan.alreadyInNotes += 1
                    continue
                }
                let groups = question.cards.indices.map { k -> String in
                    guard k < entries.count, let entry = entries[k] else { return OSRScheduleComment.newGroup(baseEase: baseEase) }
                    plan.schedules += 1
                    return group(entry.schedule)
                }
                guard let rewritten = OSRWriteBack.replacing(
                    question.parsed, in: text, comment: OSRScheduleComment.format(groups), placement: settings.commentPlacement)
                else { continue }
                text = rewritten
                plan.questions += 1
            }
            if text != note.text { plan.edits[note.path] = text }
        }
        plan.unmatched = plugin.cardSchedules.keys.filter { !used.contains($0) }.sorted()
        return plan
    }

    /// The entry id a question names: on one of its lines, or on the line right after it.
    static func dataID(of question: OSRParser.Question, lines: [Substring]) -> String? {
        let range = question.firstLine...min(question.lastLine + 1, lines.count - 1)
        for n in range where n >= 0 {
            guard let at = OSRText.firstRange(of: dataIDMarker, in: lines[n]) else { continue }
            let id = lines[n][at.upperBound...].unicodeScalars.prefix { !OSRText.isWhitespace($0) }
            if !id.isEmpty { return String(String.UnicodeScalarView(id)) }
        }
        return nil
    }

    /// A stored schedule as its comment group: `!2026-11-20,6,250`, or a v1.15 `!fsrs,…` group.
    public static func group(_ schedule: StoredSchedule) -> String {
        switch schedule {
        case .osr(let day, let interval, let ease), .note(let day, let interval, let ease):
            return OSRScheduleComment.group(dueDay: day, interval: interval, ease: ease)
        case .fsrs(let g):
            let last = g.lastReview.map(isoMilliseconds) ?? "-"
            return "!fsrs,\(isoMilliseconds(g.due)),\(OSR.jsNumber(g.interval)),\(OSR.jsNumber(g.stability)),"
                + "\(OSR.jsNumber(g.difficulty)),\(g.state),\(g.reps),\(g.lapses),\(g.learningSteps),\(last)"
        }
    }

    /// `2026-11-20T10:00:00.000Z`, as JavaScript's `toISOString` writes a moment.
    static func isoMilliseconds(_ date: Date) -> String {
        let whole = VaultDate.isoString(date)
        let ms = Int(((date.timeIntervalSince1970 - date.timeIntervalSince1970.rounded(.down)) * 1000).rounded())
        return String(whole.dropLast()) + "." + String(format: "%03d", min(ms, 999)) + "Z"
    }
}
