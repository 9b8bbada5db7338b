/// The checks `vault check` runs on the ledger beyond each line's own
/// parse diagnostics: conflicting decisions between devices, and events
/// naming notes that no longer exist.
public enum LedgerChecks {
    /// Where an event's line is: vault-relative path and 1-based line.
    public typealias Locate = (LedgerEvent.Identity) -> (path: String, line: Int)?

    /// Problems in `state` given the vault's `notes`. `locate` places each
    /// event's line for the report.
    public static func run(
        state: CurationState, history: LedgerHistory, notes: [NoteSummary], locate: Locate
    ) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for conflict in state.conflicts {
            let last = conflict.decisions.last!
            let place = locate(LedgerEvent.Identity(device: last.device, sequence: last.sequence))
            let parts = conflict.decisions.map {
                "device \($0.device) chose \($0.decision.rawValue) at \(VaultDate.isoString($0.time))"
            }.joined(separator: ", ")
            problems.append(
                Diagnostic(
                    code: "ledger-conflict", severity: .warning, path: place?.path ?? ".vault/ledger",
                    line: place?.line,
                    message:
                        "conflicting decisions on note \(conflict.note.elided(to: 80)) in \(conflict.period.id): \(parts); the later one (\(last.decision.rawValue)) is in force. Run `vault review \(conflict.period.level.rawValue) \(conflict.period.id)` to decide again."
                ))
        }
        let ids = Set(notes.compactMap { $0.id?.lowercased() })
        var reported = Set<String>()
        for event in history.events where event.kind == CurationEvent.kind {
            guard let note = event["note"]?.lowercased(), !ids.contains(note), reported.insert(note).inserted else {
                continue
            }
            let place = locate(event.identity)
            problems.append(
                Diagnostic(
                    code: "ledger-missing-note", severity: .warning, path: place?.path ?? ".vault/ledger",
                    line: place?.line,
                    message:
                        "the ledger names note \(note.elided(to: 80)), which no longer exists in the vault (deleted, or its id changed); its history is kept."
                ))
        }
        for identity in history.clashingIdentities {
            let place = locate(identity)
            problems.append(
                Diagnostic(
                    code: "ledger-clash", severity: .warning, path: place?.path ?? ".vault/ledger", line: place?.line,
                    message:
                        "two different events claim the identity \(identity.device)#\(identity.sequence); both are kept and replayed. This happens when a vault is copied with its .vault/local/device (cp -a, Syncthing, Dropbox): vault now gives a copied vault a device id of its own."
                ))
        }
        return problems
    }
}
