import Foundation
import Testing
import VaultCore

@testable import VaultApp

@Suite("Config edits carried out over in-memory ports")
struct ConfigEditingTests {
    let zone = TimeZone(identifier: "UTC")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let config = VaultConfig(timeZoneIdentifier: "UTC")

    static func note(_ path: String, category: String?) -> NoteSummary {
        NoteSummary(
            path: path, id: nil, title: path, tags: [], category: category, source: nil, sourceType: nil,
            sourceTypeInferred: false, aliases: [], created: nil, createdOrigin: .unknown, diagnostics: [])
    }

    static func bytes(_ text: String) -> Data { Data(text.utf8) }

    func context(files: MemoryFiles, store: MemoryConfigStore, ledger: MemoryLedger? = nil, config: VaultConfig? = nil)
        -> AppContext
    {
        AppContext(
            notes: MemoryNotes(all: []), ledger: ledger ?? MemoryLedger(timeZone: zone), ids: MemoryNoteIDs(),
            config: config ?? self.config, now: now, configStore: store, files: files)
    }

    @Test("a rename rewrites each note's category line, goes on past a note it cannot edit, and saves the config once")
    func renameRewritesNotes() throws {
        let files = MemoryFiles([
            "a.md": Self.bytes("---\ntitle: A\ncategory: Health\n---\nbody\n"),
            "b.md": Self.bytes("---\ncategory: >\n  Health\n---\n"),
            "c.md": Self.bytes("---\ncategory: health # mine\ntags: [x]\n---\n"),
            "d.md": Self.bytes("---\ncategory: Finance\n---\n"),
        ])
        let store = MemoryConfigStore()
        let notes = [
            Self.note("a.md", category: "Health"), Self.note("b.md", category: "Health"),
            Self.note("c.md", category: "health"),
        ]
        let edit = try ConfigEdits.renameCategory("Health", to: "Wellbeing", in: config, notes: notes)
        var told: [String] = []
        let results = try ConfigEditing(context(files: files, store: store)).apply(edit) { told.append($0.path) }

        #expect(told == ["a.md", "b.md", "c.md"], "each note is told as it is done, in path order")
        #expect(results.map(\.succeeded) == [true, false, true])
        guard case .failed(let error) = results[1].outcome else {
            Issue.record("b.md should have failed")
            return
        }
        #expect(
            error as? AppError
                == .cannotEditNote(
                    path: "b.md",
                    reason: "line 2: 'category' spans several lines; edit it by hand. The note was left unchanged."))
        let after = files.all
        #expect(after["a.md"] == Self.bytes("---\ntitle: A\ncategory: Wellbeing\n---\nbody\n"))
        #expect(after["b.md"] == Self.bytes("---\ncategory: >\n  Health\n---\n"), "the refused note is unchanged")
        #expect(String(decoding: after["c.md"]!, as: UTF8.self).hasPrefix("---\ncategory: Wellbeing"))
        #expect(after["d.md"] == Self.bytes("---\ncategory: Finance\n---\n"), "another category's note is untouched")
        #expect(store.saved.count == 1)
        #expect(store.saved.first?.category(named: "Wellbeing") != nil)
        #expect(store.saved.first?.category(named: "Health") == nil)
    }

    @Test("a dry run rewrites nothing and saves nothing, and names every note it would rewrite")
    func dryRunWritesNothing() throws {
        let original = ["a.md": Self.bytes("---\ncategory: Health\n---\n")]
        let files = MemoryFiles(original)
        let store = MemoryConfigStore()
        let edit = try ConfigEdits.removeCategory(
            "health", from: config, notes: [Self.note("a.md", category: "Health")])
        let results = try ConfigEditing(context(files: files, store: store)).apply(edit, dryRun: true)
        #expect(results.map(\.path) == ["a.md"])
        #expect(results.allSatisfy { if case .wouldRewrite = $0.outcome { true } else { false } })
        #expect(files.all == original)
        #expect(store.saved.isEmpty)
    }

    @Test("a source type removed takes its line out of the notes that declare it")
    func sourceTypeRemoval() throws {
        let files = MemoryFiles(["v.md": Self.bytes("---\nsource_type: video\ntitle: V\n---\n")])
        let store = MemoryConfigStore()
        var video = Self.note("v.md", category: nil)
        video.sourceType = "video"
        let edit = try ConfigEdits.removeSourceType("video", from: config, notes: [video])
        try ConfigEditing(context(files: files, store: store)).apply(edit)
        #expect(files.all["v.md"] == Self.bytes("---\ntitle: V\n---\n"))
        #expect(store.saved.first?.knowsSourceType("video") == false)
    }

    @Test("when the config cannot be written after the notes, the failure is thrown and the same edit can be run again")
    func configFailureAfterNotes() throws {
        let files = MemoryFiles(["a.md": Self.bytes("---\ncategory: Health\n---\n")])
        let store = MemoryConfigStore()
        store.failure = CocoaError(.fileWriteNoPermission)
        let notes = [Self.note("a.md", category: "Health")]
        let edit = try ConfigEdits.renameCategory("Health", to: "Wellbeing", in: config, notes: notes)
        #expect(throws: CocoaError.self) { try ConfigEditing(context(files: files, store: store)).apply(edit) }
        #expect(store.saved.isEmpty)
        // The config still names Health, so the command runs again: the note
        // says Wellbeing already and only the config is left to write.
        store.failure = nil
        let again = try ConfigEdits.renameCategory(
            "Health", to: "Wellbeing", in: config, notes: [Self.note("a.md", category: "Wellbeing")])
        #expect(again.notes.isEmpty)
        try ConfigEditing(context(files: files, store: store)).apply(again)
        #expect(store.saved.first?.category(named: "Wellbeing") != nil)
    }

    @Test("adding and colouring write the config alone, once; a name taken is refused before anything is written")
    func configOnlyEdits() throws {
        let files = MemoryFiles()
        let store = MemoryConfigStore()
        let ledger = MemoryLedger(timeZone: zone)
        let editing = ConfigEditing(context(files: files, store: store, ledger: ledger))
        try editing.apply(ConfigEdits.addCategory(" Cooking ", color: "#FF8800", to: config))
        #expect(store.saved.last?.category(named: "Cooking")?.color == "#ff8800")
        let recolor = try ConfigEdits.recolorCategory("cooking", to: "#000000", in: store.saved.last!)
        #expect(recolor.name == "Cooking")
        try editing.apply(ConfigEdits.addSourceType("Course", to: config))
        #expect(store.saved.last?.sourceTypes.last == "course")
        #expect(store.saved.count == 2)
        #expect(ledger.events.isEmpty)
        #expect(throws: AppError.categoryExists("health")) {
            try editing.apply(ConfigEdits.addCategory("health", color: "#000000", to: config))
        }
        #expect(store.saved.count == 2)
    }
}

@Suite("Subject edits over in-memory ports")
struct SubjectEditingTests {
    let zone = TimeZone(identifier: "UTC")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    var config: VaultConfig {
        var config = VaultConfig(timeZoneIdentifier: "UTC")
        config.subjects = [Subject(name: "Chem", color: "#10b981"), Subject(name: "Physics")]
        return config
    }

    func context(_ ledger: MemoryLedger, _ store: MemoryConfigStore, config: VaultConfig? = nil) -> AppContext {
        AppContext(
            notes: MemoryNotes(all: []), ledger: ledger, ids: MemoryNoteIDs(), config: config ?? self.config, now: now,
            configStore: store)
    }

    @Test("a rename writes its event, then the config; recorded sessions count under the new name")
    func rename() throws {
        let ledger = MemoryLedger(timeZone: zone)
        let store = MemoryConfigStore()
        try StudyTracking(context(ledger, store)).add(
            "chem", minutes: 30, start: nil, questions: nil, correct: nil, note: nil)
        let edit = try SubjectEdits.rename("chem", to: "Chemistry", in: config, at: now)
        try ConfigEditing(context(ledger, store)).apply(edit)
        #expect(ledger.events.map(\.kind) == ["session", "subject-rename"])
        #expect(store.saved.map { $0.subjects.map(\.name) } == [["Chemistry", "Physics"]])
        #expect(store.saved.first?.subject(named: "Chemistry")?.color == "#10b981")
        let renamed = StudyTracking(context(ledger, store, config: store.saved[0]))
        #expect(renamed.log.sessions.map(\.subject) == ["Chemistry"])
    }

    @Test("a rename whose config write fails leaves the ledger ahead; the next subject command catches the config up")
    func renameCutShort() throws {
        let ledger = MemoryLedger(timeZone: zone)
        let store = MemoryConfigStore()
        store.failure = CocoaError(.fileWriteOutOfSpace)
        let edit = try SubjectEdits.rename("Chem", to: "Chemistry", in: config, at: now)
        #expect(throws: CocoaError.self) { try ConfigEditing(context(ledger, store)).apply(edit) }
        #expect(ledger.events.map(\.kind) == ["subject-rename"], "the event was written first")
        #expect(store.saved.isEmpty)

        // The next run: the config on disk still says Chem.
        store.failure = nil
        let next = StudyTracking(context(ledger, store))
        #expect(next.config.subjects.map(\.name) == ["Chemistry", "Physics"])
        #expect(try next.subject("chemistry").color == "#10b981")
        #expect(throws: AppError.self) { try next.subject("Chem") }
        // Its next write saves the rename with its own change.
        try ConfigEditing(context(ledger, store)).apply(
            SubjectEdits.add("Biology", category: nil, color: "#000000", to: next.config))
        #expect(store.saved.map { $0.subjects.map(\.name) } == [["Chemistry", "Physics", "Biology"]])
        #expect(ledger.events.map(\.kind) == ["subject-rename"], "no second event")
    }

    @Test("a config that already has the new name, or was renamed back, is left as it is")
    func catchingUpLeavesSettledNames() {
        #expect(
            SubjectEdits.catchingUp(config, renames: ["chem": "Physics"]).subjects.map(\.name) == ["Chem", "Physics"],
            "another subject has the name: nothing is merged")
        #expect(SubjectEdits.catchingUp(config, renames: ["chem": "Chem"]).subjects.map(\.name) == ["Chem", "Physics"])
        #expect(SubjectEdits.catchingUp(config, renames: [:]) == config)
    }

    @Test("colour and removal write the config alone; the removed subject is named as the config spells it")
    func colourAndRemoval() throws {
        let ledger = MemoryLedger(timeZone: zone)
        let store = MemoryConfigStore()
        let editing = ConfigEditing(context(ledger, store))
        try editing.apply(SubjectEdits.recolor("physics", to: "#ABCDEF", in: config))
        #expect(store.saved.last?.subject(named: "Physics")?.color == "#abcdef")
        let removal = try SubjectEdits.remove("CHEM", from: config)
        #expect(removal.name == "Chem")
        try editing.apply(removal)
        #expect(store.saved.last?.subjects.map(\.name) == ["Physics"])
        #expect(ledger.events.isEmpty)
        #expect(throws: AppError.unknownSubject("Nope", known: ["Chem", "Physics"])) {
            try SubjectEdits.remove("Nope", from: config)
        }
    }
}
