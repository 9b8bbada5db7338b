import Foundation

/// The time, as the front end keeps it: the real clock, or a clock that
/// starts at `VAULT_NOW` / `--now` and runs from there. A screen asks it at
/// each answer; the core never does.
public protocol Clock: Sendable {
    func now() -> Date
}

/// New note ids (lowercase UUIDs in the vault; counted ids in tests).
public protocol IDGenerator {
    func newID() -> String
}
