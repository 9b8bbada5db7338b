import Foundation
import Testing

@testable import VaultCore

@Suite("Ledger lines")
struct LedgerLineTests {
    let time = VaultDate.parse("2026-11-18T09:00:00.250Z", in: TimeZone(identifier: "UTC")!)!

    func event(_ fields: [(key: String, value: String)] = [("note", "abc"), ("decision", "keep")]) -> LedgerEvent {
        LedgerEvent(time: time, utcOffset: 3600, device: "dev1", sequence: 7, kind: "curate", fields: fields)
    }

    func read(_ text: String) -> LedgerText.Contents {
        LedgerText.read(Array(text.utf8), path: ".vault/ledger/2026.log")
    }

    @Test("a line is written with the zone's offset and milliseconds")
    func format() {
        #expect(
            LedgerLine.format(event())
                == "2026-11-18T10:00:00.250+01:00\tdev1\t7\tcurate\tnote=abc\tdecision=keep")
        #expect(LedgerLine.formatTime(time, utcOffset: 0) == "2026-11-18T09:00:00.250Z")
        #expect(LedgerLine.formatTime(time, utcOffset: -18000) == "2026-11-18T04:00:00.250-05:00")
    }

    @Test("times are written as String(format:) wrote them: any moment, any offset, before 1970 too")
    func timeAsFormatWroteIt() {
        func formatted(_ time: Date, _ utcOffset: Int) -> String {
            let millis = Int((time.timeIntervalSince1970 * 1000).rounded()) + utcOffset * 1000
            let days = millis >= 0 ? millis / 86_400_000 : (millis - 86_399_999) / 86_400_000
            let rest = millis - days * 86_400_000
            let d = VaultDate.civil(fromDays: days)
            let seconds = rest / 1000
            let zone =
                utcOffset == 0
                ? "Z"
                : String(
                    format: "%@%02d:%02d", utcOffset < 0 ? "-" : "+", abs(utcOffset) / 3600, abs(utcOffset) % 3600 / 60)
            return String(
                format: "%04d-%02d-%02dT%02d:%02d:%02d.%03d", d.year, d.month, d.day, seconds / 3600,
                seconds % 3600 / 60, seconds % 60, rest % 1000) + zone
        }
        var generator = SystemRandomNumberGenerator()
        let offsets = [0, 3600, -18000, 19800, -34200, 45900, 50400, -43200]
        for i in 0..<2_000 {
            // From 1900 to 2100, to the millisecond.
            let time = Date(timeIntervalSince1970: Double(Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &generator)) / 1000)
            let offset = offsets[i % offsets.count]
            #expect(LedgerLine.formatTime(time, utcOffset: offset) == formatted(time, offset), "\(time) \(offset)")
        }
        #expect(LedgerLine.formatTime(Date(timeIntervalSince1970: -1), utcOffset: 0) == "1969-12-31T23:59:59.000Z")
    }

    @Test("format then parse gives the same event, values with tabs, newlines and % included")
    func roundTrip() throws {
        let tricky = event([("note", "a%b\tc\nd\re"), ("text", "ünïcode = fine"), ("empty", "")])
        let line = LedgerLine.format(tricky)
        #expect(!line.contains("\t\n") && !line.contains("\n"))
        #expect(line.contains("note=a%25b%09c%0Ad%0De"))
        let parsed = try LedgerLine.parse(line).get()
        #expect(parsed == tricky)
        #expect(parsed["note"] == "a%b\tc\nd\re")
    }

    @Test("zone-less Z and fraction-less times parse")
    func timeVariants() throws {
        let a = try LedgerLine.parse("2026-11-18T09:00:00Z\td\t1\tcurate").get()
        #expect(a.time == VaultDate.parse("2026-11-18T09:00:00Z", in: .current))
        #expect(a.utcOffset == 0)
        #expect(a.fields.isEmpty)
    }

    @Test("every kind of malformed line is named")
    func malformed() {
        let cases: [(String, LedgerLine.Failure)] = [
            ("2026-11-18T10:00:00.000+01:00\tdev\t1", .tooFewFields),
            ("yesterday\tdev\t1\tcurate", .badTime),
            ("2026-13-18T10:00:00.000+01:00\tdev\t1\tcurate", .badTime),
            ("2026-11-18T10:00:00.000+01\tdev\t1\tcurate", .badTime),
            ("2026-11-18T10:00:00.000+01:00\t\t1\tcurate", .badDevice),
            ("2026-11-18T10:00:00.000+01:00\tde v\t1\tcurate", .badDevice),
            ("2026-11-18T10:00:00.000+01:00\tdev\t0\tcurate", .badSequence),
            ("2026-11-18T10:00:00.000+01:00\tdev\tx1\tcurate", .badSequence),
            ("2026-11-18T10:00:00.000+01:00\tdev\t1\tcu rate", .badKind),
            ("2026-11-18T10:00:00.000+01:00\tdev\t1\t", .tooFewFields),  // the trailing tab is not part of it
            ("2026-11-18T10:00:00.000+01:00\tdev\t1\tcurate\tnoequals", .badField(1)),
            ("2026-11-18T10:00:00.000+01:00\tdev\t1\tcurate\ta=1\t=2", .badField(2)),
            ("2026-11-18T10:00:00.000+01:00\tdev\t1\tcurate\ta=%zz", .badField(1)),
            ("2026-11-18T10:00:00.000+01:00\tdev\t1\tcurate\ta=1\t\t=", .badField(2)),
        ]
        for (line, failure) in cases {
            guard case .failure(let got) = LedgerLine.parse(line) else {
                Issue.record("parsed: \(line)")
                continue
            }
            #expect(got == failure, "\(line)")
        }
        // A stray trailing tab or space, and a byte order mark, are not part of the event.
        let tolerated = try? LedgerLine.parse("\u{FEFF}2026-11-18T10:00:00.000+01:00\tdev\t1\tcurate\ta=1\t \t").get()
        #expect(tolerated?.fields.map(\.value) == ["1"])
    }

    @Test("conflict markers are skipped and reported with their line")
    func conflictMarkers() {
        let good = LedgerLine.format(event())
        let text = "# vault-ledger v1\n<<<<<<< HEAD\n\(good)\n=======\n>>>>>>> origin/main\n"
        let contents = read(text)
        #expect(contents.events.count == 1)
        #expect(contents.lines == [3])
        #expect(contents.diagnostics.map(\.code) == Array(repeating: "ledger-conflict-marker", count: 3))
        #expect(contents.diagnostics.map(\.line) == [2, 4, 5])
        #expect(contents.diagnostics.allSatisfy { $0.path == ".vault/ledger/2026.log" })
    }

    @Test("a last line without a newline is ignored and reported, even if it looks whole")
    func truncatedLastLine() {
        let good = LedgerLine.format(event())
        let contents = read("# vault-ledger v1\n\(good)\n\(good.prefix(30))")
        #expect(contents.events.count == 1)
        #expect(contents.lacksFinalNewline)
        #expect(contents.diagnostics.map(\.code) == ["ledger-truncated"])
        #expect(contents.diagnostics.first?.line == 3)
        let whole = read("# vault-ledger v1\n\(good)")
        #expect(whole.events.isEmpty)
        #expect(whole.diagnostics.map(\.code) == ["ledger-truncated"])
    }

    @Test("a malformed line in the middle is reported as an error and skipped")
    func malformedMiddle() {
        let good = LedgerLine.format(event())
        let contents = read("# vault-ledger v1\ngarbage line\n\(good)\n")
        #expect(contents.events.count == 1)
        #expect(contents.diagnostics.map(\.code) == ["ledger-malformed"])
        #expect(contents.diagnostics.first?.severity == .error)
        #expect(contents.diagnostics.first?.line == 2)
        // Only a write cut short is promised to `check --fix`, which refuses anything else.
        #expect(contents.diagnostics.first?.message.contains("correct or delete it by hand") == true)
        var seen = Set<LedgerEvent>()
        guard case .failure = LedgerText.repaired(Array("# vault-ledger v1\ngarbage line\n\(good)\n".utf8), seen: &seen)
        else { Issue.record("check --fix would have removed the line"); return }
        let cut = String(good.prefix(good.count - 12))  // cut inside its last field, then ended by a newline
        let cutShort = read("# vault-ledger v1\n\(cut)\n\(good)\n")
        #expect(cutShort.diagnostics.map(\.code) == ["ledger-malformed"])
        #expect(cutShort.diagnostics.first?.message.contains("`vault check --fix` removes it") == true)
        guard
            case .success(let fixed) = LedgerText.repaired(
                Array("# vault-ledger v1\n\(cut)\n\(good)\n".utf8), seen: &seen)
        else { Issue.record("check --fix refused a line cut short"); return }
        #expect(fixed.removed == 1)
    }

    @Test("unknown kinds are kept as events; blank lines and comments are ignored")
    func unknownKinds() {
        let text = "# vault-ledger v1\n\n# a comment\n2026-11-18T10:00:00.000+01:00\tdev\t1\tfrobnicate\tx=1\n"
        let contents = read(text)
        #expect(contents.events.map(\.kind) == ["frobnicate"])
        #expect(contents.diagnostics.isEmpty)
    }

    @Test("a newer format version is reported")
    func newerVersion() {
        let contents = read("# vault-ledger v2\n")
        #expect(contents.diagnostics.map(\.code) == ["ledger-version"])
    }

    @Test("repair keeps every valid event line byte for byte, drops markers, repeats and a cut-short line")
    func repair() throws {
        let a = LedgerLine.format(event())
        var other = event()
        other.sequence = 8
        let b = LedgerLine.format(other)
        let text = "# vault-ledger v1\n<<<<<<< HEAD\n\(a)\n=======\n\(a)\n\(b)\n>>>>>>> x\n\(b.prefix(20))"
        var seen = Set<LedgerEvent>()
        let result = try LedgerText.repaired(Array(text.utf8), seen: &seen).get()
        #expect(String(decoding: result.text, as: UTF8.self) == "# vault-ledger v1\n\(a)\n\(b)\n")
        #expect(result.removed == 4)
        #expect(result.duplicates == 1)
    }

    @Test("repair keeps a clashing event, a whole last event without its newline, a trailing tab and a BOM")
    func repairKeepsValidEvents() throws {
        let a = LedgerLine.format(event())
        let clash = LedgerLine.format(event([("note", "abc"), ("decision", "archive")]))  // same device and sequence
        var later = event()
        later.sequence = 9
        let last = LedgerLine.format(later)
        let text = "# vault-ledger v1\n\(a)\t\n\u{FEFF}\(clash)\n\(last)"
        var seen = Set<LedgerEvent>()
        let result = try LedgerText.repaired(Array(text.utf8), seen: &seen).get()
        let kept = LedgerText.read(result.text, path: "l.log").events
        #expect(kept.count == 3)
        #expect(Set(kept.map { $0["decision"] ?? "" }) == ["keep", "archive"])
        #expect(kept.last?.sequence == 9, "the last event, which lacked its newline, is kept")
        #expect(result.removed == 0 && result.duplicates == 0)
        #expect(String(decoding: result.text, as: UTF8.self).hasSuffix("\n"))
    }

    @Test("a byte order mark before the header (an editor's) leaves it a header: read without a problem, repaired")
    func byteOrderMarkBeforeHeader() throws {
        let a = LedgerLine.format(event())
        let text = Array("\u{FEFF}# vault-ledger v1\n# a comment\n\(a)\n".utf8)
        let read = LedgerText.read(text, path: "l.log")
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        #expect(read.events.count == 1)
        var seen = Set<LedgerEvent>()
        let repaired = try LedgerText.repaired(text, seen: &seen).get()
        #expect(String(decoding: repaired.text, as: UTF8.self) == "# vault-ledger v1\n# a comment\n\(a)\n")
        var again = Set<LedgerEvent>()
        #expect(
            LedgerText.repaired(Array("\u{FEFF}# vault-ledger v2\n\(a)\n".utf8), seen: &again).failure == .newerVersion(2))
        #expect(LedgerText.read(Array("\u{FEFF}# vault-ledger v2\n".utf8), path: "l.log").diagnostics.count == 1)
    }

    @Test("repair refuses a line it cannot read and a newer format, rather than delete what it does not understand")
    func repairRefuses() {
        let a = LedgerLine.format(event())
        var seen = Set<LedgerEvent>()
        #expect(
            LedgerText.repaired(Array("# vault-ledger v1\n\(a)\nnot an event\n".utf8), seen: &seen).failure
                == .unreadableLine(3))
        #expect(
            LedgerText.repaired(Array("# vault-ledger v2\n\(a)\nkind-v2 stuff\n".utf8), seen: &seen).failure
                == .newerVersion(2))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
