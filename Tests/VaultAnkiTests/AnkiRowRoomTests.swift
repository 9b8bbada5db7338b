import Foundation
import GRDB
import Testing
import VaultCore

@testable import VaultAnki

/// The reader makes room for a table's rows from its count: a stranger's
/// number, so never more room than the budget would let be read.
@Suite("Anki reader: room for the rows, within the budget", .serialized)
struct AnkiRowRoomTests {
    @Test("rows left: the fewer of the rows and the held bytes the budget has left")
    func rowsLeft() throws {
        let account = BudgetAccount(
            InputBudget(.init(unpackedBytes: 1 << 20, heldBytes: 64_000, rows: 5_000, seconds: 60)))
        #expect(account.rowsLeft(holding: 64) == 1_000)
        #expect(account.rowsLeft(holding: 1) == 5_000)
        for _ in 0..<10 { try account.row(while: "a test") }
        try account.hold(6_400, while: "a test")
        #expect(account.rowsLeft(holding: 1) == 4_990)
        #expect(account.rowsLeft(holding: 64) == 900)
        #expect(account.rowsLeft(holding: 0) == 4_990)
    }

    @Test("a review log past the budget's rows is refused by the budget; one within it is read whole, in id order")
    func reviewLogCounted() throws {
        let bytes = try legacyCollection(
            """
            with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000)
            insert into revlog select 1600000000003 + 3001 - i, 1600000000002, 1 + i % 4, i, 1, 1, 0, 2500 from n;
            """)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rows-\(UUID().uuidString).anki2")
        defer { try? FileManager.default.removeItem(at: url) }
        try bytes.write(to: url)
        let small = BudgetAccount(
            InputBudget(.init(unpackedBytes: 1 << 30, heldBytes: 1 << 30, rows: 2_000, seconds: 60)))
        do {
            _ = try AnkiDatabase.read(url.path, file: "rows.anki2", budget: small)
            Issue.record("3,001 reviews passed a budget of 2,000 rows")
        } catch let AnkiImportError.tooLarge(_, reason) {
            #expect(reason.contains("rows"), "\(reason)")
        }
        let enough = BudgetAccount(
            InputBudget(.init(unpackedBytes: 1 << 30, heldBytes: 1 << 30, rows: 10_000, seconds: 60)))
        let collection = try AnkiDatabase.read(url.path, file: "rows.anki2", budget: enough)
        #expect(collection.reviews.count == 3_001)
        #expect(collection.reviews.map(\.id) == collection.reviews.map(\.id).sorted())
        #expect(collection.reviews.first { $0.id == 1600000000004 }?.ease == 1 + 3000 % 4)
    }
}
