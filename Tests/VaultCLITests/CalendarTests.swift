import Foundation
import Testing

/// `vault calendar` read back by Python's `icalendar`, an independent
/// RFC 5545 parser (installed into a virtual environment under .build, as
/// the FSRS oracle is).
@Suite("vault calendar", .serialized)
struct CalendarTests {
    static func python() throws -> String {
        try VaultRunner.oraclePython(venv: "icalendar-venv", ["icalendar=icalendar>=5"])
    }

    struct Parsed: Decodable {
        struct Event: Decodable {
            var uid: String
            var summary: String
            var start: String
            var tz: String
            var rrule: String?
            var alarms: Int
        }
        struct Todo: Decodable {
            var uid: String
            var summary: String
            var due: String
        }
        var events: [Event]
        var todos: [Todo]
        var timezones: [String]
        var lines_over_75: Int
        var bare_lf: Bool
    }

    func parse(_ file: URL) throws -> Parsed {
        let script = VaultSandbox.packageRoot.appendingPathComponent("Tests/oracles/ics_oracle.py")
        let result = try VaultSandbox.exec(try Self.python(), [script.path, file.path], in: file.deletingLastPathComponent())
        try #require(result.status == 0, "icalendar could not read the file: \(result.stderr)")
        return try JSONDecoder().decode(Parsed.self, from: Data(result.stdout.utf8))
    }

    @Test("the schedule reads back: repeating reviews with alarms, missed reviews as to-dos, study days, the vault's zone")
    func readsBack() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-ics-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: VaultSandbox.packageRoot.appendingPathComponent("ExampleVault"), to: root)
        let vault = VaultSandbox(root: root)
        defer { vault.cleanUp() }
        let file = root.appendingPathComponent("vault.ics")
        let written = try vault.run(["calendar", "--out", file.path, "--days", "14"])
        #expect(written.status == 0, "\(written.stderr)")
        let ics = try parse(file)
        #expect(ics.lines_over_75 == 0 && !ics.bare_lf, "folded at 75 octets, CRLF")
        #expect(ics.timezones == ["Europe/Berlin"])
        let reviews = ics.events.filter { $0.uid.hasPrefix("review-") }
        #expect(reviews.map(\.rrule) == ["FREQ=WEEKLY;BYDAY=SU", "FREQ=MONTHLY;BYMONTHDAY=1", "FREQ=YEARLY;BYMONTHDAY=1;BYMONTH=1"], "icalendar writes the parts in its own order")
        #expect(reviews.first?.start == "2026-11-22T18:00:00+01:00", "Sunday 22 November, 18:00 in Berlin")
        #expect(ics.events.allSatisfy { $0.alarms == 1 && $0.tz.contains("Berlin") })
        #expect(ics.todos.map(\.summary) == ["Missed review: Week 44, 2026 (4 notes pending)"])
        #expect(ics.todos.first?.due == "2026-11-01")
        let study = ics.events.filter { $0.uid.hasPrefix("study-") }
        #expect(study.first?.summary == "Study 10 flashcards (vault study)", "today: what vault status counts")
        #expect(study.first?.start == "2026-11-18T09:00:00+01:00")
        #expect(Set(ics.events.map(\.uid)).count == ics.events.count, "unique UIDs")
        // Made again later, the same items keep their UIDs.
        let again = root.appendingPathComponent("again.ics")
        #expect(try vault.run(["calendar", "--out", again.path], env: ["VAULT_NOW": "2026-11-18T15:00:00Z"]).status == 0)
        let later = try parse(again)
        #expect(Set(later.events.filter { $0.uid.hasPrefix("review-") }.map(\.uid)) == Set(reviews.map(\.uid)))
        #expect(later.todos.map(\.uid) == ics.todos.map(\.uid))
        // A clone in a folder of another name makes the same UIDs, and `--out -` is standard output.
        let clone = FileManager.default.temporaryDirectory.appendingPathComponent("other-name-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: root, to: clone)
        defer { try? FileManager.default.removeItem(at: clone) }
        let cloned = try VaultSandbox(root: clone).run(["calendar", "--out", "-"])
        #expect(cloned.status == 0 && !FileManager.default.fileExists(atPath: clone.appendingPathComponent("-").path))
        let uids = cloned.stdout.split(separator: "\r\n").filter { $0.hasPrefix("UID:review-") }.map { String($0.dropFirst(4)) }
        #expect(!uids.isEmpty && Set(uids) == Set(reviews.map(\.uid)), "\(uids)")
    }
}
