import Foundation
import VaultCore
import VaultMarkdown

/// An answer given in `vault` written back into its note as the Spaced Repetition plugin would
/// write it (`obsidian_sr.write_back: true`): the question's `<!--SR:…-->` comment rewritten
/// (``OSRWriteBack``), through the files port (atomically, nothing else in the note touched),
/// so Obsidian shows `vault`'s reviews. Every front end answers through ``Studying``, which
/// calls this after the answer is in the ledger: the terminal, the web and the scripted `--rate`.
public struct ObsidianSRWriteBack {
    public let context: AppContext

    public init(context: AppContext) { self.context = context }

    /// What writing one answer back did.
    public enum Outcome: Hashable, Sendable {
        /// Write-back is off, or the card is not under the `osr` scheduler (only its schedules
        /// are written in the plugin's format).
        case off
        /// The comment was rewritten in the note at the path.
        case written(String)
        /// The card is no longer in its note as read (the note changed): nothing was written.
        case notFound(String)
        /// The note could not be read or written; the reason.
        case failed(String, reason: String)
    }

    /// What writing one answer back makes of its note's text.
    public enum Rewrite: Hashable, Sendable {
        /// Write-back is off, or the card is not under the `osr` scheduler: nothing to write.
        case off
        /// The note's new bytes: only the card's comment (or a note review's `sr-*` front matter) changed.
        case rewritten(Data)
        /// The card is not in the text (the note changed since it was read): nothing to write.
        case notFound
        /// The text cannot be rewritten safely; the reason.
        case refused(String)
    }

    /// Writes `card`'s new `schedule` back into its note; the other cards of its question get
    /// their schedules from `siblings` (a group as written is kept when the schedule is still
    /// the one it holds).
    public func write(_ card: Card, schedule: CardSchedule, siblings: [String: CardSchedule]) -> Outcome {
        guard isOn(for: schedule) else { return .off }
        return writing(card) { rewrite($0, of: card, schedule: schedule, siblings: siblings) }
    }

    /// Puts `card`'s comment back as it was before an answer now taken back (`answer-undo`):
    /// its group from `previous`, the schedule it had before that answer (a new card's group
    /// when it had none), its siblings' as ``write(_:schedule:siblings:)`` writes them, and
    /// no comment at all when every card of the question is new again; a note review's
    /// `sr-*` front matter from `previous`, or taken out when it was new. Without this the
    /// comment written for the answer would outlive it, and win over the ledger (a stored
    /// group counts after that day's answers). Off as ``write(_:schedule:siblings:)`` is.
    public func restore(_ card: Card, previous: CardSchedule, siblings: [String: CardSchedule]) -> Outcome {
        guard let group = group(before: previous) else { return .off }
        return restore(card, group: group, siblings: siblings)
    }

    /// What ``restore(_:previous:siblings:)`` puts back for `schedule`, as text a page can carry
    /// to its undo (the web keeps no state between an answer and its undo): `new`, or the group
    /// (`!2026-11-21,3,250`); nil when write-back is off or the card is not under `osr`.
    public func group(before schedule: CardSchedule) -> String? {
        guard let settings = context.config.obsidianSR, settings.writeBack, case .osr(let state) = schedule.state
        else { return nil }
        return state.dueDay.map { OSRScheduleComment.group(dueDay: $0, interval: state.interval, ease: state.ease) }
            ?? "new"
    }

    /// ``restore(_:previous:siblings:)`` from ``group(before:)``'s text; a text that is neither
    /// `new` nor one `osr` group (an address edited by hand) writes nothing.
    public func restore(_ card: Card, group: String, siblings: [String: CardSchedule]) -> Outcome {
        guard let settings = context.config.obsidianSR, settings.writeBack else { return .off }
        var before: (dueDay: Int, interval: Double, ease: Double)?
        if group != "new" {
            let read = group.hasPrefix("!") && group.utf8.count <= 64
                ? OSRScheduleComment.groups(in: OSRParser.commentStart + group + "-->") : []
            // Only a group as ``group(before:)`` writes it: nothing else from an address reaches the note.
            guard read.count == 1, case .scheduled(.osr(let dueDay, let interval, let ease)) = read[0],
                OSRScheduleComment.group(dueDay: dueDay, interval: interval, ease: ease) == group
            else {
                return .failed(card.notePath, reason: "'\(group)' is no schedule to put back")
            }
            before = (dueDay, interval, ease)
        }
        if card.kind == .note {
            return writing(card) { data in
                if let before { return rewriteNoteReview(data, dueDay: before.dueDay, interval: before.interval, ease: before.ease) }
                do {
                    var out = data
                    for key in ["sr-due", "sr-interval", "sr-ease"] { out = try FrontMatterEditor.remove(key, in: out) }
                    return .rewritten(out)
                } catch {
                    return .refused("its front matter cannot be edited safely (\(error))")
                }
            }
        }
        let baseEase = Self.baseEase(
            of: CardSchedule(settings: context.config.schedulers.settings(forNotePath: card.notePath)))
        let own = before == nil ? OSRScheduleComment.newGroup(baseEase: baseEase) : group
        return writing(card) { data in
            rewritingComment(data, of: card, own: own, siblings: siblings, baseEase: baseEase, droppingNewOnly: true)
        }
    }

    /// Rewrites `card`'s note through the files port with `rewrite`, and says what came of it.
    func writing(_ card: Card, _ rewrite: (Data) -> Rewrite) -> Outcome {
        var trace = PhaseTrace(context.tracer)
        defer { trace.mark("write back \(card.notePath)") }
        var found = true
        do {
            try context.files.rewrite(card.notePath) { data in
                switch rewrite(data) {
                case .off: return data
                case .rewritten(let rewritten): return rewritten
                case .notFound:
                    found = false
                    return data
                case .refused(let reason): throw Refusal(reason: reason)
                }
            }
        } catch let refusal as Refusal {
            return .failed(card.notePath, reason: refusal.reason)
        } catch {
            return .failed(card.notePath, reason: error.localizedDescription)
        }
        return found ? .written(card.notePath) : .notFound(card.notePath)
    }

    /// True when an answer giving `schedule` is written back: write-back is on and the card is
    /// under the `osr` scheduler with a due day.
    public func isOn(for schedule: CardSchedule) -> Bool {
        guard let settings = context.config.obsidianSR, settings.writeBack, case .osr(let state) = schedule.state
        else { return false }
        return state.dueDay != nil
    }

    /// What writing `card`'s new `schedule` back makes of its note's bytes `data` (the file's,
    /// or an editor's unsaved buffer): the question's comment rewritten as ``write(_:schedule:siblings:)``
    /// rewrites it, nothing else touched. Does no I/O: the language server sends the change to
    /// the editor that owns the buffer.
    public func rewrite(_ data: Data, of card: Card, schedule: CardSchedule, siblings: [String: CardSchedule])
        -> Rewrite
    {
        guard let settings = context.config.obsidianSR, settings.writeBack, case .osr(let state) = schedule.state,
            let dueDay = state.dueDay
        else { return .off }
        let baseEase = Self.baseEase(of: schedule)
        if card.kind == .note {
            return rewriteNoteReview(data, dueDay: dueDay, interval: state.interval, ease: state.ease)
        }
        let own = OSRScheduleComment.group(dueDay: dueDay, interval: state.interval, ease: state.ease)
        return rewritingComment(data, of: card, own: own, siblings: siblings, baseEase: baseEase, droppingNewOnly: false)
    }

    /// `data` with the comment of `card`'s question holding `own` for the card and its
    /// siblings' groups from `siblings` (``group(of:written:baseEase:)``).
    func rewritingComment(
        _ data: Data, of card: Card, own: String, siblings: [String: CardSchedule], baseEase: Double,
        droppingNewOnly: Bool
    ) -> Rewrite {
        guard let settings = context.config.obsidianSR else { return .off }
        guard let text = String(data: data, encoding: .utf8) else { return .refused("it is not UTF-8") }
        let rewritten = OSRWriteBack.rewriting(
            text, notePath: card.notePath, noteID: card.noteID, cardID: card.id, syntax: settings.syntax,
            placement: settings.commentPlacement, droppingNewOnly: droppingNewOnly
        ) { sibling, written in
            sibling.id == card.id ? own : Self.group(of: siblings[sibling.id], written: written, baseEase: baseEase)
        }
        guard let rewritten else { return .notFound }
        return .rewritten(Data(rewritten.utf8))
    }

    /// A note review's schedule written into its `sr-due`, `sr-interval` and `sr-ease` front
    /// matter (each key's line replaced, or added), as the plugin's `setNoteSchedule` keeps it.
    func rewriteNoteReview(_ data: Data, dueDay: Int, interval: Double, ease: Double) -> Rewrite {
        var out = data
        for (key, value) in [
            ("sr-ease", OSR.jsNumber(ease)), ("sr-interval", OSR.jsNumber(interval)),
            ("sr-due", VaultDate.dayString(dayNumber: dueDay)),
        ] {
            do {
                out = try FrontMatterEditor.set(key, to: value, in: out)
            } catch {
                return .refused("its front matter cannot be edited safely (\(error))")
            }
        }
        return .rewritten(out)
    }

    struct Refusal: Error { var reason: String }

    /// The base ease of the `osr` settings `schedule` is under (the plugin's default otherwise).
    static func baseEase(of schedule: CardSchedule) -> Double {
        if case .osr(let s) = schedule.settings { return s.baseEase }
        return OSRSettings().baseEase
    }

    /// A sibling's group: as written when its schedule is still the one written (or it has
    /// none to write), else from its schedule in `vault`.
    static func group(of schedule: CardSchedule?, written: String?, baseEase: Double) -> String {
        guard let schedule, !schedule.isNew, case .osr(let o) = schedule.state, let day = o.dueDay else {
            return written ?? OSRScheduleComment.newGroup(baseEase: baseEase)
        }
        // No answer after the day the written group implies: its schedule is the group's.
        if let written, let stored = schedule.storedReview,
            schedule.lastReview.map({ $0 < stored.addingTimeInterval(86_400) }) ?? true
        {
            return written
        }
        return OSRScheduleComment.group(dueDay: day, interval: o.interval, ease: o.ease)
    }

    /// The outcome in words, for the command line; nil when there is nothing to say.
    public static func describe(_ outcome: Outcome) -> String? {
        switch outcome {
        case .off, .written: return nil
        case .notFound(let path):
            return
                "\(path): the card was not written back: the note changed since it was read (the answer is in the ledger)."
        case .failed(let path, let reason):
            return "\(path): the card was not written back: \(reason) (the answer is in the ledger)."
        }
    }
}
