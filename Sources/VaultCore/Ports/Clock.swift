import Foundation

/// The time, as the front end keeps it: the real clock, or a clock that
/// starts at `VAULT_NOW` / `--now` and runs from there. A screen asks it at
/// each answer; the core never does.
public protocol Clock: Sendable {
    func now() -> Date
    /// True when the moment was given (`VAULT_NOW`, `--now`): screens then stamp
    /// every answer at that moment, never after it (the next command at the same
    /// moment must see them as done, not as "in 1 min").
    var isFixed: Bool { get }
}

extension Clock {
    public var isFixed: Bool { false }
}

/// New note ids (lowercase UUIDs in the vault; counted ids in tests).
public protocol IDGenerator {
    func newID() -> String
}
