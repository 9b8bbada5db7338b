import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// `textDocument/hover`: on a link, the note it leads to (title, tags,
/// first lines); on the note's title (its first `# ` heading or its
/// `title:` line), its curation state and history; on a card's line, its
/// scheduler, state, next due date, stability and retrievability now.
public enum HoverInfo {
    public static func hover(at position: Position, in path: String, workspace: VaultWorkspace) -> Hover? {
        guard let text = workspace.text(at: path) else { return nil }
        if let link = Definition.link(at: position, in: path, workspace: workspace) {
            guard let target = Definition.target(of: link, from: path, workspace: workspace),
                let note = workspace.fullNote(at: target)
            else {
                return Hover(markdown: "`\(link.target)`: no note has this name.", range: link.range)
            }
            return Hover(markdown: summary(of: note), range: link.range)
        }
        if isTitleLine(position.line, in: text) {
            return curation(of: path, workspace: workspace).map { Hover(markdown: $0, range: nil) }
        }
        if let card = card(onLine: position.line, in: path, text: text, workspace: workspace) {
            return Hover(markdown: schedule(of: card.card, among: card.all, workspace: workspace), range: nil)
        }
        return nil
    }

    /// The note's title, path, tags and first lines.
    static func summary(of note: Note) -> String {
        var lines = ["**\(note.title)**", "", "`\(note.path)`"]
        if !note.tags.isEmpty { lines.append(""); lines.append(note.tags.map { "#" + $0 }.joined(separator: " ")) }
        let body = note.bodyText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0 != note.title }.prefix(3)
        if !body.isEmpty {
            lines.append("")
            lines.append(body.map { $0.count > 200 ? String($0.prefix(200)) + "…" : $0 }.joined(separator: "\n\n"))
        }
        return lines.joined(separator: "\n")
    }

    /// True for the title's line: the body's first level-1 heading, or `title:` in the front matter.
    static func isTitleLine(_ line: Int, in text: DocumentText) -> Bool {
        if text.isInFrontMatter(line) { return text.line(line).hasPrefix("title:") }
        return HeadingSpan.all(in: text).first { $0.level == 1 }?.line == line
    }

    /// The note's curation cycle, the review it comes up in, and its ledger history in a line.
    static func curation(of path: String, workspace: VaultWorkspace) -> String? {
        let app = workspace.app
        let snapshot = CurationSnapshot.load(app)
        guard let item = snapshot.board.items.first(where: { $0.note.path == path }) else {
            return "**\(workspace.note(at: path)?.title ?? path)**\n\nNo created date: it comes up in no review."
        }
        var lines = ["**\(item.note.title)**", ""]
        lines.append("Curation: \(item.cycle.name)\(item.archived ? ", archived" : "")")
        if let next = snapshot.board.nextReview(ofNoteAt: path, today: app.today) {
            let standing: String
            switch next.standing {
            case .finished: standing = "finished"
            case .decided: standing = "decided"
            case .dueSince(let day): standing = "due since \(VaultDate.dayString(dayNumber: day))"
            case .dueOn(let day): standing = "due on \(VaultDate.dayString(dayNumber: day))"
            }
            lines.append("Next review: \(next.level.rawValue) \(next.period.id) (\(standing))")
        }
        if let history = try? NoteHistory.load(app, note: path), let last = history.events.last {
            lines.append(
                "History: \(history.events.count) event\(history.events.count == 1 ? "" : "s"), last \(last.kind) on \(VaultDate.dayString(last.time, in: app.timeZone))"
            )
        } else {
            lines.append("History: no events")
        }
        return lines.joined(separator: "\n")
    }

    /// The card written on `line` (from 0) of the note, with the note's other cards.
    static func card(onLine line: Int, in path: String, text: DocumentText, workspace: VaultWorkspace) -> (
        card: Card, all: [Card]
    )? {
        guard let note = workspace.note(at: path), workspace.context.config.decks.contains(note.summary) else {
            return nil
        }
        let cards = CardExtractor.cards(
            in: Data(text.text.utf8), of: note.summary, syntax: workspace.context.config.cardSyntax)
        return cards.first { $0.line == line + 1 }.map { ($0, cards) }
    }

    /// A card's scheduler, state, due date, stability and retrievability now (``CardSchedule/retrievability(at:)``).
    static func schedule(of card: Card, among cards: [Card], workspace: VaultWorkspace) -> String {
        let context = workspace.context
        let schedules = context.ledger.cardSchedules(cards: cards, config: context.config.schedulers)
        let settings = context.config.schedulers.settings(forNotePath: card.notePath)
        let schedule = schedules[card.id] ?? CardSchedule(settings: settings)
        var lines = [
            "**Card** `\(card.id)`", "", "Scheduler: \(schedule.settings.name.rawValue)",
            "State: \(schedule.isNew ? "new" : schedule.state.name)",
        ]
        lines.append(
            "Due: \(schedule.due.map { VaultDate.dayString($0, in: context.timeZone) } ?? "new, not yet studied")")
        lines.append("Reviews: \(schedule.reviews)")
        if case .fsrs(let state) = schedule.state, let stability = state.stability {
            lines.append("Stability: \(String(format: "%.1f", stability)) days")
            if let r = schedule.retrievability(at: context.now) {
                lines.append("Retrievability now: \(Int((r * 100).rounded()))%")
            }
        }
        return lines.joined(separator: "\n")
    }
}
