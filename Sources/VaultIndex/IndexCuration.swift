import GRDB
import VaultCore

extension SearchIndex {
    /// Stores each note's cycle and archived flag for the `cycle:` and
    /// `archived:` filters, in one transaction: notes not in `marks` are daily
    /// and not archived. The ledger, not the cache, is the truth; this is
    /// called with a fresh replay before every query that uses those filters.
    /// - Throws: a database error.
    public func applyCuration(_ marks: [SearchMark]) throws {
        try copyIntoMemory()  // a read-only vault: marks go to a copy in memory
        try database.writeWithoutTransaction { db in
            try db.inTransaction {
                try db.execute(sql: "UPDATE notes SET cycle = 0, archived = 0 WHERE cycle != 0 OR archived != 0")
                let update = try db.makeStatement(sql: "UPDATE notes SET cycle = ?, archived = ? WHERE path = ?")
                for mark in marks where mark.cycle != .daily || mark.archived {
                    try update.execute(arguments: [mark.cycle.rawValue, mark.archived ? 1 : 0, mark.path])
                }
                return .commit
            }
            emptyLargeLog(db)
        }
    }
}
