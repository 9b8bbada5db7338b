import Foundation
import VaultCore

/// The full-screen curation review of one period as a flow: one note at a
/// time, a decision each, written to the ledger as it is made.
///
/// It starts at the first undecided note (so a review left halfway resumes
/// there), moves on after each decision, goes back to change one, and counts
/// what was decided for the summary. After the last note it shows the end
/// page, from which `previous` still goes back; only `quit` finishes.
public struct ReviewFlow: InteractiveFlow {
    /// What the person did.
    public enum Input: Hashable, Sendable {
        /// Decide the note shown: keep it (its cycle moves up) or archive it.
        case keep, archive
        /// On to the next note without deciding.
        case skip
        /// Back to the note before (to see or change its decision).
        case previous
        /// Open the note shown in the editor.
        case edit
        /// Leave the review (what was decided is saved already).
        case quit
        /// A decision was written (``Effect/record(_:_:)`` carried out): the
        /// note's id, `adopted` when it was written into the note just now.
        case recorded(CurationDecision, path: String, id: String, adopted: Bool)
        /// The note was edited and read again.
        case edited(NoteSummary)
        /// Opening or re-reading the note failed: the error's sentence.
        case editFailed(String)
    }

    /// What the flow asks to be done.
    public enum Effect: Hashable, Sendable {
        /// Append the decision about the note to the ledger, first giving the
        /// note an id if it has none; reported back as ``Input/recorded(_:path:id:adopted:)``.
        case record(CurationDecision, NoteSummary)
        /// Open the note (its vault-relative path) in the editor, then report
        /// back with ``Input/edited(_:)`` or ``Input/editFailed(_:)``.
        case openInEditor(String)
        /// The review is left: show ``ReviewFlow/summary``.
        case finish
    }

    /// A line the screen shows once, after the input that caused it.
    public enum Notice: Hashable, Sendable {
        /// The note had no id; `id` was written into it.
        case adoptedID(id: String, path: String)
        /// The editor or the re-read failed: the error's sentence.
        case editFailed(String)
    }

    /// What the review did, shown when it is left.
    public struct Summary: Hashable, Sendable {
        /// "Week 46, 2026".
        public var periodTitle: String
        /// Notes with a decision (made now or before).
        public var decided: Int
        /// Notes in the review.
        public var total: Int
        /// The notes given an id during the review, in order.
        public var adoptedPaths: [String]
    }

    /// The period reviewed.
    public let period: ReviewPeriod
    /// The period's notes, in review order (ids filled in as they are adopted, edits read back).
    public private(set) var notes: [NoteSummary]
    /// The decision on each note, nil while pending.
    public private(set) var decisions: [CurationDecision?]
    /// The note shown; `notes.count` is the end page.
    public private(set) var index: Int
    /// The notes given an id so far, in order.
    public private(set) var adoptedPaths: [String] = []
    /// Set by the last input only.
    public private(set) var notice: Notice?
    /// True once the review is left (``Effect/finish`` given).
    public private(set) var ended = false

    /// The period's review as the board has it, at its first undecided note.
    public init(_ review: CurationBoard.Review) {
        period = review.period
        notes = review.items.map(\.note)
        decisions = review.decisions.map { $0?.decision }
        index = decisions.firstIndex(where: { $0 == nil }) ?? 0
    }

    /// The review `review` is of.
    public init(_ review: CurationReview) {
        self.init(review.review)
    }

    /// The note shown; nil on the end page.
    public var note: NoteSummary? { index < notes.count ? notes[index] : nil }
    /// The decision on the note shown.
    public var decision: CurationDecision? { index < notes.count ? decisions[index] : nil }
    /// True on the end page, after the last note.
    public var isAtEnd: Bool { index >= notes.count }
    /// Notes with a decision.
    public var decidedCount: Int { decisions.filter { $0 != nil }.count }
    /// Notes still without a decision (skipped ones).
    public var pendingCount: Int { notes.count - decidedCount }
    /// True when every note has a decision: the end page may say "done".
    public var isComplete: Bool { pendingCount == 0 }

    /// What the review did so far (shown when it is left, whichever way).
    public var summary: Summary {
        Summary(periodTitle: period.title, decided: decidedCount, total: notes.count, adoptedPaths: adoptedPaths)
    }

    /// Moves on for `input`; decisions and edits come back as inputs once carried out.
    public mutating func handle(_ input: Input) -> [Effect] {
        notice = nil
        guard !ended else { return [] }
        switch input {
        case .keep, .archive:
            guard let note else { return [] }
            return [.record(input == .keep ? .keep : .archive, note)]
        case .skip:
            if index < notes.count { index += 1 }
        case .previous:
            if index > 0 { index -= 1 }
        case .edit:
            guard let note else { return [] }
            return [.openInEditor(note.path)]
        case .quit:
            ended = true
            return [.finish]
        case .recorded(let decision, let path, let id, let adopted):
            guard let at = notes.firstIndex(where: { $0.path == path }) else { return [] }
            if adopted {
                notes[at].id = id
                adoptedPaths.append(path)
                notice = .adoptedID(id: id, path: path)
            }
            decisions[at] = decision
            index = min(at + 1, notes.count)
        case .edited(let summary):
            if let at = notes.firstIndex(where: { $0.path == summary.path }) { notes[at] = summary }
        case .editFailed(let message):
            notice = .editFailed(message)
        }
        return []
    }
}

extension CurationReview: FlowEffectRunner {
    /// The review's decisions are written by the review.
    public typealias Flow = ReviewFlow

    /// Writes a ``ReviewFlow/Effect/record(_:_:)`` decision through ``record(_:_:)``.
    /// - Throws: when the id cannot be written or the ledger cannot be appended to.
    public func perform(_ effect: ReviewFlow.Effect) throws -> ReviewFlow.Input? {
        guard case .record(let decision, let note) = effect else { return nil }
        let recorded = try record(decision, note)
        return .recorded(decision, path: note.path, id: recorded.id, adopted: recorded.adopted)
    }
}
