import Testing
import VaultCore

@Suite("Config text edits keep every other byte")
struct ConfigTextTests {
    typealias Entry = ConfigText.Entry

    let text = """
        # my vault
        version: 1   # do not change
        categories:
          # the ones I use most
          - name: Health
            color: "#10b981"  # green
          - name: 'Deep Work'
            color: '#137fec'
        # types of sources
        source_types: [link, book]  # short list
        timezone: Europe/Berlin

        """

    let old = [Entry(name: "Health", fields: [("color", "#10b981")]), Entry(name: "Deep Work", fields: [("color", "#137fec")])]

    /// The lines of `after` that are not in `before`, and those gone.
    func changed(_ before: String, _ after: String) -> (added: [String], removed: [String]) {
        let a = before.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = after.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let diff = b.difference(from: a)
        return (
            diff.insertions.compactMap { if case .insert(_, let line, _) = $0 { line } else { nil } },
            diff.removals.compactMap { if case .remove(_, let line, _) = $0 { line } else { nil } }
        )
    }

    @Test("adding appends the entry after the last one; nothing else moves")
    func add() {
        let new = old + [Entry(name: "Cooking", fields: [("color", "#ff8800")])]
        let out = ConfigText.updating(text, key: "categories", from: old, to: new)
        #expect(changed(text, out).added == ["  - name: Cooking", "    color: \"#ff8800\""])
        #expect(changed(text, out).removed.isEmpty)
        #expect(out.contains("    color: '#137fec'\n  - name: Cooking\n    color: \"#ff8800\"\n# types of sources"))
    }

    @Test("recolouring rewrites one value and keeps the comment after it")
    func recolour() {
        var new = old
        new[0].fields = [("color", "#00ff00")]
        let out = ConfigText.updating(text, key: "categories", from: old, to: new)
        #expect(changed(text, out).added == ["    color: \"#00ff00\"  # green"])
        #expect(changed(text, out).removed == ["    color: \"#10b981\"  # green"])
    }

    @Test("renaming rewrites the name line only; removing drops the entry's lines only")
    func renameAndRemove() {
        let renamed = ConfigText.updating(
            text, key: "categories", from: old, to: [old[0], Entry(name: "Focus", fields: [("color", "#137fec")])])
        #expect(changed(text, renamed).added == ["  - name: Focus"])
        #expect(changed(text, renamed).removed == ["  - name: 'Deep Work'"])
        let removed = ConfigText.updating(text, key: "categories", from: old, to: [old[1]])
        #expect(changed(text, removed).removed == ["  - name: Health", "    color: \"#10b981\"  # green"])
        #expect(changed(text, removed).added.isEmpty)
        #expect(removed.contains("  # the ones I use most\n  - name: 'Deep Work'"))
    }

    @Test("a flow list is rewritten on its own line with its comment; a block list item by item")
    func plainLists() {
        let flow = ConfigText.updating(text, key: "source_types", values: ["link", "book", "course"])
        #expect(changed(text, flow).added == ["source_types: [link, book, course]  # short list"])
        #expect(changed(text, flow).removed.count == 1)
        let block = "source_types:\n  - link   # web pages\n  - book\nversion: 1\n"
        let out = ConfigText.updating(block, key: "source_types", values: ["link", "course"])
        #expect(out == "source_types:\n  - link   # web pages\n  - course\nversion: 1\n")
    }

    @Test("a missing key is appended at the end; an unreadable shape is replaced whole")
    func missingAndOdd() {
        let out = ConfigText.updating("version: 1\n", key: "subjects", from: [], to: [Entry(name: "Chemistry", fields: [("color", "#00aa00")])])
        #expect(out == "version: 1\nsubjects:\n  - name: Chemistry\n    color: \"#00aa00\"\n")
        let flow = "categories: [{name: A, color: '#000000'}]\nversion: 1\n"
        let replaced = ConfigText.updating(
            flow, key: "categories", from: [Entry(name: "A", fields: [("color", "#000000")])],
            to: [Entry(name: "B", fields: [("color", "#000000")])])
        #expect(replaced == "categories:\n  - name: B\n    color: \"#000000\"\nversion: 1\n")
    }

    let subjects = """
        subjects:   # what I study
          # the hard one
          - name: "Chemistry"   # since 2025
            color: '#10b981'
          - {name: Physics, color: "#123456", weekly: 3}   # flow style
          - name: Maths
        # after subjects
        watcher: auto

        """

    let oldSubjects = [
        Entry(name: "Chemistry", fields: [("color", "#10b981")]), Entry(name: "Physics", fields: [("color", "#123456")]),
        Entry(name: "Maths", fields: [("color", "#888888")]),
    ]

    @Test("a quoted name with a comment after it is matched: recolouring another entry touches no other line")
    func quotedNameWithComment() {
        var new = oldSubjects
        new[2].fields = [("color", "#abcdef")]
        let out = ConfigText.updating(subjects, key: "subjects", from: oldSubjects, to: new)
        #expect(changed(subjects, out).removed.isEmpty, "the block is not written anew")
        #expect(changed(subjects, out).added == ["    color: \"#abcdef\""])
        let renamed = ConfigText.updating(
            subjects, key: "subjects", from: oldSubjects,
            to: [Entry(name: "Chem", fields: [("color", "#10b981")])] + oldSubjects.dropFirst())
        #expect(changed(subjects, renamed).removed == ["  - name: \"Chemistry\"   # since 2025"])
        #expect(changed(subjects, renamed).added == ["  - name: Chem   # since 2025"])
    }

    @Test("a flow-map entry is edited on its own line: its other keys and its comment stay")
    func flowMapEntry() {
        var new = oldSubjects
        new[1] = Entry(name: "Physics: Mechanics", fields: [("category", "Learning"), ("color", "#111111")])
        let out = ConfigText.updating(subjects, key: "subjects", from: oldSubjects, to: new)
        #expect(changed(subjects, out).removed == ["  - {name: Physics, color: \"#123456\", weekly: 3}   # flow style"])
        #expect(
            changed(subjects, out).added
                == ["  - {name: \"Physics: Mechanics\", color: \"#111111\", weekly: 3, category: Learning}   # flow style"])
        let removed = ConfigText.updating(subjects, key: "subjects", from: oldSubjects, to: [oldSubjects[0], oldSubjects[2]])
        #expect(changed(subjects, removed).removed == ["  - {name: Physics, color: \"#123456\", weekly: 3}   # flow style"])
        #expect(changed(subjects, removed).added.isEmpty)
        let dropped = ConfigText.updating(
            "subjects:\n  - {name: 'A, B', category: X, color: '#000000'}\n", key: "subjects",
            from: [Entry(name: "A, B", fields: [("category", "X"), ("color", "#000000")])],
            to: [Entry(name: "A, B", fields: [("color", "#000000")])])
        #expect(dropped == "subjects:\n  - {name: 'A, B', color: '#000000'}\n", "a comma inside quotes is not a separator")
    }
}
