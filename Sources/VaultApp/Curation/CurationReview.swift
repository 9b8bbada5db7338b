import Foundation
import VaultCore
import VaultStore

/// The curation review of one period: what is in it, and recording keep,
/// archive, undo and finish decisions as typed ledger events.
public struct CurationReview {
    public let snapshot: CurationSnapshot
    public let period: ReviewPeriod

    /// The review of `period`, or of the level's default period (the latest
    /// one up to the one due that still has pending notes).
    public init(_ snapshot: CurationSnapshot, level: ReviewLevel, period: ReviewPeriod? = nil) {
        self.snapshot = snapshot
        self.period = period ?? snapshot.board.defaultPeriod(level, today: snapshot.today)
    }

    /// Lines of the ledger that replay skipped and `vault check` reports.
    public var ledgerProblems: Int { snapshot.context.ledger.diagnostics().count }

    /// The period's notes, decisions and status.
    public var review: CurationBoard.Review { snapshot.board.review(period) }

    /// The lower-level periods inside this one that are not completed
    /// (starting a monthly or yearly review warns about them).
    public var incompleteLowerPeriods: [CurationBoard.Review] {
        period.level == .weekly ? [] : snapshot.board.incompleteLowerPeriods(of: period)
    }

    /// One decision to record.
    public struct Decision {
        public var decision: CurationDecision
        public var note: NoteSummary
    }

    /// What recording a decision did.
    public struct Recorded {
        public var decision: CurationDecision
        public var note: NoteSummary
        /// The note's id (written into it when it had none: see ``adopted``).
        public var id: String
        public var adopted: Bool
    }

    /// Resolves every reference before anything is written, so a typo writes nothing.
    /// - Throws: ``AppError`` for a reference that names no note or
    ///   several; ``AppError/notInReview(note:period:why:)`` for a note that is not up for this review.
    public func resolve(_ references: [(CurationDecision, [String])]) throws -> [Decision] {
        var resolved: [Decision] = []
        for (decision, list) in references {
            for reference in list {
                let note = try snapshot.resolve(reference)
                if let why = snapshot.board.ineligibility(ofNoteAt: note.path, in: period) {
                    throw AppError.notInReview(note: note.path, period: period.title, why: why)
                }
                resolved.append(Decision(decision: decision, note: note))
            }
        }
        return resolved
    }

    /// Records `decision` about `note`, first giving the note an id if it has none.
    /// - Throws: when the id cannot be written or the ledger cannot be appended to.
    public func record(_ decision: CurationDecision, _ note: NoteSummary) throws -> Recorded {
        let identity = try snapshot.context.ids.ensureID(of: note)
        try snapshot.context.ledger.append(
            CurationEvent(time: snapshot.context.now, note: identity.id, period: period, decision: decision))
        return Recorded(decision: decision, note: note, id: identity.id, adopted: identity.adopted)
    }

    /// Records that the period is finished: undecided notes stay where they are.
    /// - Throws: when the ledger cannot be appended to.
    public func finish() throws {
        try snapshot.context.ledger.append(FinishEvent(time: snapshot.context.now, period: period))
    }
}
