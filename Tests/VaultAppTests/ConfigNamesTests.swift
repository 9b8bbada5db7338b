import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("One use case for the three lists of names")
struct ConfigNamesTests {
    static let zone = TimeZone(identifier: "UTC")!
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func note(_ path: String, category: String?, sourceType: String? = nil) -> Note {
        var fm = FrontMatter()
        if let category { fm.entries.append(.init(key: "category", value: .scalar(category), line: 2)) }
        if let sourceType { fm.entries.append(.init(key: "source_type", value: .scalar(sourceType), line: 3)) }
        return Note(path: path, frontMatter: fm, body: BodyFacts(), timeZone: zone)
    }

    static func context(ledger: MemoryLedger = MemoryLedger(timeZone: zone)) -> AppContext {
        var config = VaultConfig(timeZoneIdentifier: "UTC")
        config.categories = [Category(name: "health", color: "#00ff00"), Category(name: "Finance", color: "#0000ff")]
        config.sourceTypes = ["book", "video"]
        config.subjects = [Subject(name: "Physics", category: "Finance"), Subject(name: "Chem")]
        let notes = [
            note("a.md", category: "Health", sourceType: "book"), note("b.md", category: "HEALTH"),
            note("c.md", category: "Finance", sourceType: "Book"),
        ]
        return AppContext(
            notes: MemoryNotes(all: notes), ledger: ledger, ids: MemoryNoteIDs(), config: config, now: now)
    }

    @Test("each kind lists its names with their use: notes per category and source type, minutes per subject")
    func lists() throws {
        let context = Self.context()
        try StudyTracking(context).add("chem", minutes: 25, start: nil, questions: nil, correct: nil, note: nil)
        #expect(
            ConfigNames(context, .category).list() == [
                ConfigName(name: "Finance", color: "#0000ff", uses: 1),
                ConfigName(name: "health", color: "#00ff00", uses: 2),
            ], "categories alphabetically, in any case")
        #expect(
            ConfigNames(context, .sourceType).list() == [
                ConfigName(name: "book", uses: 2), ConfigName(name: "video", uses: 0),
            ])
        #expect(
            ConfigNames(context, .subject).list() == [
                ConfigName(name: "Physics", color: "#888888", category: "Finance", uses: 0),
                ConfigName(name: "Chem", color: "#888888", uses: 25),
            ])
    }

    @Test(
        "each kind's edits follow its own rules: what a rename or removal rewrites, and whether the ledger hears of it")
    func editsByKind() throws {
        let context = Self.context()
        let category = try ConfigNames(context, .category).renaming("Health", to: "Wellbeing")
        #expect(category.notes == ["a.md", "b.md"] && category.event == nil)
        let subject = try ConfigNames(context, .subject).renaming("chem", to: "Chemistry")
        #expect(subject.notes.isEmpty && subject.event?.from == "Chem" && subject.event?.to == "Chemistry")
        let type = try ConfigNames(context, .sourceType).removing("BOOK")
        #expect(type.notes == ["a.md", "c.md"] && type.change == .remove(key: "source_type"))
        #expect(
            try ConfigNames(context, .subject).adding("Bio", color: "#123456", category: "health").config
                .subject(named: "Bio")?.category == "health")
        #expect(throws: AppError.unknownCategory("Cooking")) {
            try ConfigNames(context, .subject).adding("Bio", color: "#123456", category: "Cooking")
        }
        #expect(throws: AppError.sourceTypeExists("video")) {
            try ConfigNames(context, .sourceType).adding("video", color: "")
        }
    }

    @Test("subject names start from the config caught up with the ledger's renames")
    func subjectsCaughtUp() throws {
        let ledger = MemoryLedger(timeZone: Self.zone)
        try ledger.append(SubjectRename(time: Self.now, from: "Chem", to: "Chemistry"))
        let names = ConfigNames(Self.context(ledger: ledger), .subject)
        #expect(names.list().map(\.name) == ["Physics", "Chemistry"])
        #expect(throws: AppError.self) { try names.removing("Chem") }
        #expect(try names.removing("chemistry").config.subjects.map(\.name) == ["Physics"])
    }
}
