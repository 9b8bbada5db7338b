import Foundation
import Testing

@testable import VaultCore

/// The board against a plain model of its rules (the direct version it
/// replaced: a look-up per note and period, a stable sort of whole items, a
/// filter per review): on a generated vault, every item, review, missed list
/// and default period must agree.
@Suite("Curation board against a plain model")
struct CurationBoardModelTests {
    typealias F = CurationFixture

    /// The rules, written the direct way.
    struct Model {
        struct Item {
            var note: Note
            var key: String?
            var day: Int
            var periods: CurationBoard.NotePeriods
            var cycle: CurationCycle
            var archived: Bool
        }

        var items: [Item] = []
        let state: CurationState

        init(notes: [Note], state: CurationState, timeZone: TimeZone) {
            self.state = state
            for note in notes {
                guard let created = note.created else { continue }
                // The zone's offset at the start of the UTC hour decides the day.
                let seconds = created.timeIntervalSince1970
                let hourStart = Date(timeIntervalSince1970: (seconds / 3600).rounded(.down) * 3600)
                let day = Int(((seconds + Double(timeZone.secondsFromGMT(for: hourStart))) / 86_400).rounded(.down))
                let periods = CurationBoard.NotePeriods(day: day)
                let key = note.id?.lowercased()
                var cycle = CurationCycle.daily
                var archived = false
                for level in ReviewLevel.allCases {
                    guard let key, let decided = state.decision(note: key, period: periods[level]!) else { continue }
                    if decided.decision == .keep { cycle = max(cycle, level.promotedCycle) }
                    if level == .weekly, decided.decision == .archive { archived = true }
                }
                if cycle > .weekly { archived = false }
                items.append(Item(note: note, key: key, day: day, periods: periods, cycle: cycle, archived: archived))
            }
            items.sort { x, y in  // stable
                if x.day != y.day { return x.day < y.day }
                if x.note.created! != y.note.created! { return x.note.created! < y.note.created! }
                return x.note.path < y.note.path
            }
        }

        func review(_ period: ReviewPeriod) -> (items: [Item], decisions: [CurationState.Decided?], pending: Int) {
            var chosen: [Item] = []
            var decisions: [CurationState.Decided?] = []
            for item in items where item.periods[period.level] == period {
                let decided = item.key.flatMap { state.decision(note: $0, period: period) }
                if decided != nil || (item.cycle == period.level.eligibleCycle && !item.archived) {
                    chosen.append(item)
                    decisions.append(decided)
                }
            }
            let undecided = decisions.filter { $0 == nil }.count
            return (chosen, decisions, state.finished[period] == nil ? undecided : 0)
        }

        func periods(_ level: ReviewLevel) -> [ReviewPeriod] {
            Set(items.map { $0.periods[level]! }).sorted()
        }

        func missed(_ level: ReviewLevel, today: Int) -> [ReviewPeriod] {
            let due = CurationBoard.duePeriod(level, today: today)
            return periods(level).filter { $0 < due && review($0).pending > 0 }
        }

        func defaultPeriod(_ level: ReviewLevel, today: Int) -> ReviewPeriod {
            let due = CurationBoard.duePeriod(level, today: today)
            return periods(level).reversed().first { $0 <= due && review($0).pending > 0 } ?? due
        }
    }

    /// ~900 notes over two years in Berlin, DST days included, with the cases
    /// the board's shortcuts must get right: notes created at the same
    /// moment, one path twice, notes without an id or a date, ids in capitals
    /// (in notes and in the ledger), one id on two notes, decisions in another
    /// period or on notes not eligible, undos, two devices, finished periods.
    static func vault(seed: UInt64) -> CurationFixture {
        var random = SplitMix(seed: seed)
        var f = CurationFixture()
        let first = VaultDate.daysFromCivil(2025, 1, 1)
        let dstDays = [(2025, 3, 30), (2025, 10, 26), (2026, 3, 29), (2026, 10, 25)].map {
            VaultDate.daysFromCivil($0.0, $0.1, $0.2)
        }
        var ids: [String] = []
        for n in 0..<900 {
            let day = n % 9 == 0 ? dstDays[random.next(4)] : first + random.next(730)
            let minute = [0, 59, 60, 119, 120, 179, 1380, 1439][random.next(8)] + (n % 5 == 0 ? 0 : random.next(1440))
            let local = VaultDate.civil(fromDays: day)
            let created = String(
                format: "%04d-%02d-%02dT%02d:%02d:00", local.year, local.month, local.day, minute % 1440 / 60,
                minute % 60)
            var id: String? = String(format: "%04x-note", n)
            if n % 17 == 3 { id = nil }
            if n % 23 == 4 { id = id?.uppercased() }
            if n % 97 == 5 { id = ids.last }  // an id already used
            let path = n % 131 == 7 ? "same.md" : "n\(random.next(100_000)).md"
            f.note(id, created: created, path: path)
            if n % 11 == 6 {  // the same moment as the note before it
                f.notes[n].created = f.notes[n - 1].created
            }
            if n % 53 == 8 { f.notes[n].created = nil }
            if let id { ids.append(id) }
        }
        let zone = F.zone
        for (n, note) in f.notes.enumerated() {
            guard let id = note.id, let created = note.created else { continue }
            let day = VaultDate.dayNumber(of: created, in: zone)
            let periods = CurationBoard.NotePeriods(day: day)
            let written = n % 7 == 1 ? id.uppercased() : id
            let when = "2027-02-01T10:\(String(format: "%02d", n % 60)):00"
            let roll = random.next(100)
            if roll < 70 {
                f.decide(written, roll < 40 ? .keep : .archive, .weekly, periods.week.id, at: when)
            } else if roll < 75 {
                f.decide(written, .keep, .weekly, periods.week.previous.id, at: when)  // another week
            }
            if roll < 40, random.next(3) > 0 {
                f.decide(written, random.next(2) == 0 ? .keep : .archive, .monthly, periods.month.id, at: when)
                if random.next(3) == 0 {
                    f.decide(id, .keep, .yearly, periods.year.id, at: "2027-03-01T09:00:00", device: "B")
                }
            }
            if roll >= 90 { f.decide(id, .archive, .monthly, periods.month.id, at: when) }  // not eligible
            if n % 13 == 2 { f.decide(id, .undo, .weekly, periods.week.id, at: "2027-04-01T09:00:00") }
            if n % 19 == 9 {  // another device, later, perhaps disagreeing
                f.decide(id, .keep, .weekly, periods.week.id, at: "2027-02-05T09:00:00", device: "B")
            }
        }
        for period in ["2025-W10", "2025-W33", "2026-W02", "2026-W40"] {
            f.finish(.weekly, period, at: "2027-02-02T09:00:00")
        }
        f.finish(.monthly, "2025-06", at: "2027-02-02T09:00:00")
        return f
    }

    @Test("items, reviews, missed and default periods match the plain model", arguments: [1, 2, 3] as [UInt64])
    func matchesModel(seed: UInt64) {
        let f = Self.vault(seed: seed)
        let state = CurationState(LedgerHistory(f.events))
        let board = CurationBoard(notes: f.notes.map(\.summary), state: state, timeZone: F.zone)
        let model = Model(notes: f.notes, state: state, timeZone: F.zone)

        #expect(board.items.count == model.items.count)
        for (item, expected) in zip(board.items, model.items) {
            #expect(item.note == expected.note.summary)
            #expect(item.key == expected.key)
            #expect(item.day == expected.day)
            #expect(item.periods.values == expected.periods.values)
            #expect(item.cycle == expected.cycle, "\(item.note.path)")
            #expect(item.archived == expected.archived, "\(item.note.path)")
        }
        // Each item's decision in force in its own week, month and year, as the state says it.
        for (i, item) in board.items.enumerated() {
            for level in ReviewLevel.allCases {
                let expected = item.note.id.flatMap { state.decision(note: $0, period: item.periods[level]!)?.decision }
                #expect(board.decision(ofItem: i, level: level) == expected, "\(item.note.path) \(level)")
            }
        }
        for level in ReviewLevel.allCases {
            #expect(board.periods(level) == model.periods(level))
            for period in board.periods(level) + [board.periods(level)[0].previous] {
                let review = board.review(period)
                let expected = model.review(period)
                #expect(review.items.map(\.note.path) == expected.items.map(\.note.path), "\(period.id)")
                #expect(review.decisions == expected.decisions, "\(period.id)")
                #expect(review.pendingCount == expected.pending, "\(period.id)")
            }
            for today in [VaultDate.daysFromCivil(2025, 8, 10), VaultDate.daysFromCivil(2027, 1, 3)] {
                #expect(board.missed(level, today: today).map(\.period) == model.missed(level, today: today))
                #expect(board.defaultPeriod(level, today: today) == model.defaultPeriod(level, today: today))
            }
        }
        for month in board.periods(.monthly) + board.periods(.yearly) {
            let expected = ReviewLevel.allCases.filter { $0 < month.level }.reversed().flatMap { lower in
                month.overlapping(lower).filter { model.review($0).pending > 0 }
            }
            #expect(board.incompleteLowerPeriods(of: month).map(\.period) == expected, "\(month.id)")
        }
    }

    @Test("the generated vault has the cases the model test is for")
    func vaultHasTheCases() {
        let f = Self.vault(seed: 1)
        let board = f.board
        let dated = board.items
        #expect(f.notes.contains { $0.created == nil })
        #expect(dated.contains { $0.note.id == nil })
        #expect(dated.contains { $0.note.id != $0.key })
        #expect(Dictionary(grouping: dated.compactMap(\.key), by: { $0 }).values.contains { $0.count > 1 })
        #expect(zip(dated, dated.dropFirst()).contains { $0.note.created == $1.note.created })
        #expect(dated.filter { $0.note.path == "same.md" }.count > 1)
        #expect(Set(dated.map(\.cycle)) == Set(CurationCycle.allCases))
        #expect(dated.contains { $0.archived })
        #expect(!board.state.conflicts.isEmpty)
        #expect(board.state.finished.count == 5)
    }
}
