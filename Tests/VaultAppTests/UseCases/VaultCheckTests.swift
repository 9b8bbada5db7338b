import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Vault check")
struct VaultCheckTests {
    let inspection = MemoryInspection()

    /// A check of the week notes on disk; the note source holds only `d.md`, which the check must not read.
    func check() -> VaultCheck {
        inspection.notes = Fixture.weekNotes
        let cached = Fixture.weekNotes.filter { $0.path == "d.md" }
        return VaultCheck(Fixture.context(cached, files: Fixture.files(Fixture.weekTexts), inspection: inspection))
    }

    func codes(_ problems: [Diagnostic]) -> [String] { problems.map(\.code).sorted() }

    @Test("the notes are read from disk, not from the note source; a broken wiki link is named with its line from the files port")
    func brokenLink() throws {
        let (problems, notes) = check().problems()
        #expect(notes == 4)
        let broken = problems.filter { $0.code == "broken-link" }
        #expect(broken.map(\.path) == ["a.md"])
        #expect(broken.map(\.line) == [9])
        #expect(broken.first?.message.contains("[[Nowhere]]") == true)
    }

    @Test("problems met reading the notes and the ledger's own diagnostics are reported as they come")
    func passedThrough() {
        inspection.noteProblems = [Diagnostic(code: "front-matter", severity: .error, path: "x.md", line: 2, message: "bad")]
        inspection.ledger.diagnostics = [
            Diagnostic(code: "ledger-line", severity: .error, path: ".vault/ledger/dev.log", line: 7, message: "cut short")
        ]
        let problems = check().problems().problems
        #expect(problems.contains(inspection.noteProblems[0]))
        #expect(problems.contains(inspection.ledger.diagnostics[0]))
    }

    @Test("an event naming a note that is gone is reported at its ledger file and line")
    func missingNote() throws {
        let period = try #require(ReviewPeriod("2026-W46", level: .weekly))
        let event = CurationEvent(time: Fixture.now, note: "ffffffff-0000-4000-8000-00000000000f", period: period, decision: .keep)
            .ledgerEvent(device: "otherdevice", sequence: 4, utcOffset: 3600)
        inspection.ledger = LocatedLedger(
            events: [event], diagnostics: [], places: [(".vault/ledger/otherdevice.log", 12)])
        let missing = check().problems().problems.filter { $0.code == "ledger-missing-note" }
        #expect(missing.map(\.path) == [".vault/ledger/otherdevice.log"])
        #expect(missing.map(\.line) == [12])
    }

    @Test("an event written twice (a conflict copy, a duplicate line) is placed where it is first written")
    func firstPlace() throws {
        let period = try #require(ReviewPeriod("2026-W46", level: .weekly))
        let event = CurationEvent(time: Fixture.now, note: "ffffffff-0000-4000-8000-00000000000f", period: period, decision: .keep)
            .ledgerEvent(device: "otherdevice", sequence: 4, utcOffset: 3600)
        let other = CurationEvent(time: Fixture.now, note: "ffffffff-0000-4000-8000-00000000000e", period: period, decision: .keep)
            .ledgerEvent(device: "otherdevice", sequence: 5, utcOffset: 3600)
        let ledger = LocatedLedger(
            events: [event, other, event], diagnostics: [],
            places: [(".vault/ledger/2026.log", 3), (".vault/ledger/2026.log", 4), (".vault/ledger/2026 (copy).log", 1)])
        let located = ledger.locations()
        #expect(located.count == 2)
        #expect(located[event.identity]?.path == ".vault/ledger/2026.log")
        #expect(located[event.identity]?.line == 3)
        #expect(located[other.identity]?.line == 4)
        inspection.ledger = ledger
        let missing = check().problems().problems.filter { $0.code == "ledger-missing-note" }
        #expect(missing.map(\.line) == [3, 4])
    }

    @Test("conflict copies and leftover temporaries are named; twins in two Unicode forms are both named")
    func copiesLeftoversTwins() {
        inspection.copies = [(".vault/ledger/dev (conflicted copy).log", ".vault/ledger/dev.log")]
        inspection.temporaries = [".vault/.tmp-123"]
        inspection.notes = Fixture.weekNotes + Fixture.notes(["caf\u{E9}.md": "# A\n"]) + Fixture.notes(["cafe\u{301}.md": "# B\n"])
        let check = VaultCheck(Fixture.context([], inspection: inspection))
        let problems = check.problems().problems
        let copy = problems.filter { $0.code == "ledger-conflict-copy" }
        #expect(copy.map(\.path) == [".vault/ledger/dev (conflicted copy).log"])
        #expect(copy.first?.message.contains("merges them into .vault/ledger/dev.log") == true)
        #expect(problems.filter { $0.code == "leftover-temporary" }.map(\.path) == [".vault/.tmp-123"])
        #expect(problems.filter { $0.code == "unicode-twins" }.count == 2)
        #expect(check.problems().notes == 6)
    }

    @Test("a clean vault has no problems but the broken link")
    func clean() {
        #expect(codes(check().problems().problems) == ["broken-link"])
    }

    @Test("repair is the inspection port's, and answers what it changed")
    func repair() throws {
        inspection.repairs = [LedgerFileRepair(path: ".vault/ledger/dev.log", removedLines: 2, duplicates: 1)]
        let repairs = try check().repair()
        #expect(inspection.repaired == 1)
        #expect(repairs == inspection.repairs)
    }
}
