import Dispatch
import Foundation
import VaultCore

/// One package's ``InputBudget`` as its readers spend it (the zip, zstd,
/// SQLite and the media, one after the other), with the time counted from
/// when reading began.
final class BudgetAccount {
    private(set) var budget: InputBudget
    /// When reading began (`DispatchTime` uptime, nanoseconds).
    let started: UInt64
    private var rowsSinceTimeCheck = 0

    init(_ budget: InputBudget) {
        self.budget = budget
        started = DispatchTime.now().uptimeNanoseconds
    }

    /// The moment the budget's time runs out (for SQLite's progress handler).
    var deadlineNanoseconds: UInt64 {
        started + UInt64(min(max(budget.limits.seconds, 0), 1e6) * 1e9)
    }

    var elapsedSeconds: Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }

    /// Counts `bytes` unpacked (and checks the time).
    /// - Throws: ``InputBudget/Exceeded``.
    func unpack(_ bytes: Int, while what: @autoclosure () -> String) throws {
        try budget.unpack(bytes, while: what())
        try budget.checkTime(elapsed: elapsedSeconds, while: what())
    }

    /// True when `bytes` (a size declared up front) may still be unpacked.
    func allowsUnpacking(_ bytes: UInt64) -> Bool { budget.allowsUnpacking(bytes) }

    /// Counts `bytes` held in memory.
    /// - Throws: ``InputBudget/Exceeded``.
    func hold(_ bytes: Int, while what: @autoclosure () -> String) throws { try budget.hold(bytes, while: what()) }

    /// Gives back `bytes` held.
    func release(_ bytes: Int) { budget.release(bytes) }

    /// Counts a row (and checks the time every 1,024 rows).
    /// - Throws: ``InputBudget/Exceeded``.
    func row(while what: @autoclosure () -> String) throws {
        try budget.row(while: what())
        rowsSinceTimeCheck += 1
        if rowsSinceTimeCheck >= 1_024 {
            rowsSinceTimeCheck = 0
            try budget.checkTime(elapsed: elapsedSeconds, while: what())
        }
    }

    /// How many more rows the budget allows, each holding `bytesEach` bytes:
    /// room made for a table's rows up front (its count is a stranger's
    /// number) is never more than the budget would let be read.
    func rowsLeft(holding bytesEach: Int) -> Int {
        let rows = max(0, budget.limits.rows - budget.rows)
        let held = max(0, budget.limits.heldBytes - budget.held) / Int64(max(1, bytesEach))
        return Int(min(rows, held, Int64(Int32.max)))
    }

    /// The error of a read stopped at the deadline.
    func timeExceeded(while what: String) -> InputBudget.Exceeded {
        InputBudget.Exceeded(resource: .seconds, limit: budget.limits.seconds, what: what)
    }
}
