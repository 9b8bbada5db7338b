import Foundation
import VaultCore

/// The clock of a command: it starts at the command's moment (`VAULT_NOW`,
/// `--now` or the real time) and runs at the real clock's pace from there,
/// so answers given in a screen under `VAULT_NOW` are stamped just after
/// that moment, not at today's date.
public struct RunningClock: Clock {
    let start: Date
    let startedAt: Date
    public let isFixed: Bool

    /// A clock from `start`; `fixed` when that moment was given (`VAULT_NOW`, `--now`) rather than read.
    public init(startingAt start: Date, fixed: Bool = false) {
        self.start = start
        startedAt = Date()
        isFixed = fixed
    }

    public func now() -> Date { start.addingTimeInterval(max(0, Date().timeIntervalSince(startedAt))) }
}

/// New ids as lowercase random UUIDs.
public struct RandomIDs: IDGenerator, Sendable {
    public init() {}
    public func newID() -> String { UUID().uuidString.lowercased() }
}
