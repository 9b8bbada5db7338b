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

    /// Writes `card`'s new `schedule` back into its note; the other cards of its question get
    /// their schedules from `siblings` (a group as written is kept when the schedule is still
    /// the one it holds).
    public func write(_ card: Card, schedule: CardSchedule, siblings: [String: CardSchedule]) -> Outcome {
        guard let settings = context.config.obsidianSR, settings.writeBack, case .osr(let state) = schedule.state,
            let dueDay = state.dueDay
        else { return .off }
        var trace = PhaseTrace(context.tracer)
        defer { trace.mark("write back \(card.notePath)") }
        let baseEase: Double = {
            if case .osr(let s) = schedule.settings { return s.baseEase }
            return OSRSettings().baseEase
        }()
        if card.kind == .note { return writeNoteReview(card, state: state, dueDay: dueDay) }
        var found = true
        do {
            try context.files.rewrite(card.notePath) { data in
                guard let text = String(data: data, encoding: .utf8) else {
                    throw Refusal(reason: "it is not UTF-8")
                }
                let rewritten = OSRWriteBack.rewriting(
                    text, notePath: card.notePath, noteID: card.noteID, cardID: card.id, syntax: settings.syntax,
                    placement: settings.commentPlacement
                ) { sibling, written in
                    if sibling.id == card.id {
                        return OSRScheduleComment.group(dueDay: dueDay, interval: state.interval, ease: state.ease)
                    }
                    return Self.group(of: siblings[sibling.id], written: written, baseEase: baseEase)
                }
                guard let rewritten else {
                    found = false
                    return data
                }
                return Data(rewritten.utf8)
            }
        } catch let refusal as Refusal {
            return .failed(card.notePath, reason: refusal.reason)
        } catch {
            return .failed(card.notePath, reason: error.localizedDescription)
        }
        return found ? .written(card.notePath) : .notFound(card.notePath)
    }

    /// A note review's schedule written into its `sr-due`, `sr-interval` and `sr-ease` front
    /// matter (each key's line replaced, or added), as the plugin's `setNoteSchedule` keeps it.
    func writeNoteReview(_ card: Card, state: OSRCardState, dueDay: Int) -> Outcome {
        do {
            try context.files.rewrite(card.notePath) { data in
                var out = data
                for (key, value) in [
                    ("sr-ease", OSR.jsNumber(state.ease)), ("sr-interval", OSR.jsNumber(state.interval)),
                    ("sr-due", VaultDate.dayString(dayNumber: dueDay)),
                ] {
                    do {
                        out = try FrontMatterEditor.set(key, to: value, in: out)
                    } catch {
                        throw Refusal(reason: "its front matter cannot be edited safely (\(error))")
                    }
                }
                return out
            }
        } catch let refusal as Refusal {
            return .failed(card.notePath, reason: refusal.reason)
        } catch {
            return .failed(card.notePath, reason: error.localizedDescription)
        }
        return .written(card.notePath)
    }

    struct Refusal: Error { var reason: String }

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
            return "\(path): the card was not written back: the note changed since it was read (the answer is in the ledger)."
        case .failed(let path, let reason):
            return "\(path): the card was not written back: \(reason) (the answer is in the ledger)."
        }
    }
}
