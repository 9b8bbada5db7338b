/// The study events `vault check` reports: session, goal and subject events
/// that replay had to skip (a field missing, or not a number or a moment),
/// each at its ledger line, so a hand-edited or damaged line does not just
/// make a session vanish.
public enum SessionChecks {
    /// The problems of `log`'s replay; `locate` places each event's line.
    public static func run(_ log: StudyLog, locate: LedgerChecks.Locate) -> [Diagnostic] {
        log.problems.map { problem in
            var place: (path: String, line: Int)?
            if case .badEvent(_, let device, let sequence, _) = problem {
                place = locate(LedgerEvent.Identity(device: device, sequence: sequence))
            }
            return Diagnostic(
                code: "ledger-study-event", severity: .error, path: place?.path ?? ".vault/ledger", line: place?.line,
                message: problem.errorDescription ?? "\(problem)")
        }
    }
}
