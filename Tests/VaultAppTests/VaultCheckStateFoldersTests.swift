import Foundation
import Testing
import VaultCore

@testable import VaultApp

/// Issue 34: `vault check` names `.vault/` folders that are links, and `--fix` repairs the ones it can.
@Suite("vault check: the .vault folders")
struct VaultCheckStateFoldersTests {
    func context(_ inspection: MemoryInspection) -> AppContext {
        AppContext(
            notes: MemoryNotes(all: []), ledger: MemoryLedger(timeZone: TimeZone(identifier: "UTC")!), ids: MemoryNoteIDs(),
            config: VaultConfig(timeZoneIdentifier: "UTC"), now: Date(timeIntervalSince1970: 1_795_000_000),
            inspection: inspection)
    }

    @Test("a linked cache, local or trash is an error with its fix; the ledger's fix is left to the person")
    func reported() throws {
        let inspection = MemoryInspection()
        inspection.misplaced = [
            (".vault/cache", "is a symbolic link (to /elsewhere/cache), not a folder"),
            (".vault/ledger", "is a symbolic link (to /elsewhere/ledger), not a folder"),
        ]
        inspection.temporaries = ["loci/.walk.vault-tmp-1-2/", ".x.md.vault-tmp-1-2"]
        let check = VaultCheck(context(inspection))
        let problems = check.problems().problems
        let cache = try #require(problems.first { $0.path == ".vault/cache" })
        #expect(cache.code == "linked-state-folder" && cache.severity == .error)
        #expect(cache.message.hasPrefix("is a symbolic link (to /elsewhere/cache), not a folder: "))
        #expect(cache.message.hasSuffix("`vault check --fix` replaces it with an empty folder (what it points to is left alone)."))
        let ledger = try #require(problems.first { $0.path == ".vault/ledger" })
        #expect(ledger.message.contains("replace it with the folder itself"))
        let folder = try #require(problems.first { $0.path == "loci/.walk.vault-tmp-1-2/" })
        #expect(folder.message.hasPrefix("a temporary folder left by an import that was killed midway"))
        #expect(try check.repairStateFolders() == [".vault/cache"])
        #expect(check.problems().problems.filter { $0.code == "linked-state-folder" }.map(\.path) == [".vault/ledger"])
    }
}
