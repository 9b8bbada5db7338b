import Foundation

@testable import VaultCore

/// Hand-made notes and events for the curation tests, in Europe/Berlin.
struct CurationFixture {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    var notes: [Note] = []
    var events: [LedgerEvent] = []
    var sequence: [String: Int] = [:]

    static func moment(_ text: String) -> Date { VaultDate.parse(text, in: zone)! }
    static func day(_ text: String) -> Int { VaultDate.dayNumber(of: moment(text), in: zone) }

    /// Adds a note with id `id` created at `created` (vault zone when zone-less).
    mutating func note(_ id: String?, created: String, path: String? = nil) {
        var fm = FrontMatter()
        if let id { fm.entries.append(.init(key: "id", value: .scalar(id), line: 2)) }
        fm.entries.append(.init(key: "created", value: .scalar(created), line: 3))
        notes.append(
            Note(
                path: path ?? "\(id ?? "anon").md", frontMatter: fm, body: BodyFacts(firstHeading: id),
                timeZone: Self.zone))
    }

    /// Appends a curate event.
    mutating func decide(
        _ note: String, _ decision: CurationDecision, _ level: ReviewLevel, _ period: String, at time: String,
        device: String = "A"
    ) {
        append(
            "curate", [("note", note), ("level", level.rawValue), ("period", period), ("decision", decision.rawValue)],
            at: time, device: device)
    }

    mutating func finish(_ level: ReviewLevel, _ period: String, at time: String, device: String = "A") {
        append("finish", [("level", level.rawValue), ("period", period)], at: time, device: device)
    }

    mutating func append(_ kind: String, _ fields: [(key: String, value: String)], at time: String, device: String) {
        sequence[device, default: 0] += 1
        events.append(
            LedgerEvent(
                time: Self.moment(time), utcOffset: 3600, device: device, sequence: sequence[device]!, kind: kind,
                fields: fields))
    }

    var board: CurationBoard {
        CurationBoard(notes: notes.map(\.summary), state: CurationState(LedgerHistory(events)), timeZone: Self.zone)
    }

    static func week(_ id: String) -> ReviewPeriod { ReviewPeriod(id, level: .weekly)! }
    static func month(_ id: String) -> ReviewPeriod { ReviewPeriod(id, level: .monthly)! }
    static func year(_ id: String) -> ReviewPeriod { ReviewPeriod(id, level: .yearly)! }
}

extension CurationBoard {
    func cycle(_ id: String) -> CurationCycle? { item(id: id)?.cycle }
    func isArchived(_ id: String) -> Bool? { item(id: id)?.archived }
    func eligibleIDs(_ period: ReviewPeriod) -> [String] { review(period).items.compactMap(\.note.id) }
}
