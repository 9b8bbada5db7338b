import Testing

@testable import VaultCore

@Suite("Links and tags as Obsidian resolves them")
struct LinkResolverTests {
    let resolver = LinkResolver(paths: [
        "Plugins/Canvas.md", "Release notes/v1.1.5.md", "Ideas/Canvas.md", "Canvas/Canvas.md", "Home.md",
        "pages/Spaced Repetition.md", "Work/Plugins/Tools.md",
    ])

    @Test("a link destination names a vault path from the linking note's folder, or from the root with /")
    func vaultPaths() {
        #expect(LinkResolver.vaultPath("../a.png", from: "2026/11/x.md") == "2026/a.png")
        #expect(LinkResolver.vaultPath("./b/c.md", from: "2026/x.md") == "2026/b/c.md")
        #expect(LinkResolver.vaultPath("/a.png", from: "2026/11/x.md") == "a.png")
        #expect(LinkResolver.vaultPath("../../a.png", from: "2026/x.md") == nil, "above the vault")
        #expect(LinkResolver.vaultPath("..", from: "2026/x.md") == nil, "the vault itself")
    }

    @Test("a file name resolves to the note in the linking note's folder, else the shortest path")
    func fileNames() {
        #expect(resolver.resolveWiki("Home", from: "Plugins/Canvas.md") == .note("Home.md"))
        #expect(resolver.resolveWiki("canvas", from: "Ideas/x.md") == .note("Ideas/Canvas.md"))
        #expect(resolver.resolveWiki("Canvas", from: "Home.md") == .note("Ideas/Canvas.md"))
        #expect(resolver.resolveWiki("spaced repetition", from: "Home.md") == .note("pages/Spaced Repetition.md"))
        #expect(resolver.resolveWiki("v1.1.5", from: "Home.md") == .note("Release notes/v1.1.5.md"))
    }

    @Test("paths resolve from the root, then as the end of a path; attachments are not notes")
    func paths() {
        #expect(resolver.resolveWiki("Plugins/Canvas", from: "Home.md") == .note("Plugins/Canvas.md"))
        #expect(resolver.resolveWiki("Canvas/Canvas.md", from: "Home.md") == .note("Canvas/Canvas.md"))
        #expect(resolver.resolveWiki("Plugins/Tools", from: "Home.md") == .note("Work/Plugins/Tools.md"))
        #expect(resolver.resolveWiki("notes/v1.1.5", from: "Home.md") == .unresolved, "only whole folder names")
        #expect(resolver.resolveWiki("Nowhere", from: "Home.md") == .unresolved)
        #expect(resolver.resolveWiki("diagram.png", from: "Home.md") == .attachment)
        #expect(resolver.resolveMarkdown("../Home.md", from: "Plugins/Canvas.md") == .note("Home.md"))
        #expect(resolver.resolveMarkdown("Canvas.md", from: "Plugins/x.md") == .note("Plugins/Canvas.md"))
        #expect(resolver.resolveMarkdown("../../x.md", from: "Home.md") == .unresolved)
    }

    @Test("a name that is no file name resolves to a note's title or alias")
    func titles() {
        let resolver = LinkResolver(notes: [
            ("2026/11/you-do-not-rise.md", ["You do not rise to the level of your goals", "Systems"]),
            ("Systems.md", []),
        ])
        #expect(
            resolver.resolveWiki("you do not rise to the level of your goals", from: "a.md")
                == .note("2026/11/you-do-not-rise.md"))
        #expect(resolver.resolveWiki("Systems", from: "a.md") == .note("Systems.md"), "file names first")
    }

    @Test(
        "a path link resolves as the end of a path exactly as a scan of every path would, by a lookup of its file name")
    func pathEndsAsEveryPathScanned() {
        // Folder and file names that collide in case, accents (two Unicode forms), `.MD` and depth.
        let folders = ["", "A/", "a/", "B/A/", "Ç/", "C\u{327}/", "x/y/z/", "Plugins/", "fr/Plugins/"]
        let names = ["Note.md", "note.md", "Note.MD", "Ça.md", "C\u{327}a.md", "v1.1.5.md", "b.md"]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<40 {
            let paths = (0..<12).map { _ in
                folders.randomElement(using: &generator)! + names.randomElement(using: &generator)!
            }
            let resolver = LinkResolver(paths: paths)
            for folder in folders + ["z/", "y/z/", "Y/Z/"] where folder.contains("/") {
                for name in names + ["Note", "ça", "nothing"] {
                    let target = folder + name
                    // What the resolver did before it had the lookup: every path, shortest first.
                    let lower = target.lowercased()
                    let withExtension = lower.hasSuffix(".md") ? lower : lower + ".md"
                    let byPath = Dictionary(paths.map { ($0.lowercased(), $0) }, uniquingKeysWith: { _, last in last })
                    let expected: LinkResolver.Resolution
                    if let path = byPath[withExtension] {
                        expected = .note(path)
                    } else if let match = byPath.keys.filter({ $0.hasSuffix("/" + withExtension) })
                        .min(by: { ($0.count, $0) < ($1.count, $1) })
                    {
                        expected = .note(byPath[match]!)
                    } else {
                        expected = LinkResolver.namesAttachment(lower) ? .attachment : .unresolved
                    }
                    #expect(
                        resolver.resolveWiki(target, from: "Home.md") == expected,
                        "round \(round): [[\(target)]] among \(paths)")
                }
            }
        }
    }

    @Test("the byte-wise fast paths say what the character-wise comparisons say, on ASCII and beyond")
    func bytesAsCharacters() {
        let texts = [
            "", "a", "Note", "NOTE.MD", "plain/lower.md", "Mixed/Case Folder/Note.md", "/lead", "a//b/",
            "Ça/x.md", "C\u{327}a/X.md", "İstanbul", "STRASSE ß", "ǅ/Ǆ.md", "a/\u{301}b.md", "ar/\u{600}/x.md",
            "ar/b/\u{301}", "ar/\u{600}.md", "ا/ب/ت.md", "日本/ノート.md",
            "Z@[`{", "tab\tcase/AZaz09.md", "zh/Teams/服水果身住版.md", "Advanced topics/اامعزبغ.md", "ΣΑΣ/Όλα.md",
            "İİ/ǈ ﬃ", "Ω/\u{2126}K\u{212A}", "e\u{301}É\u{1E9E}.md", "Дом/Ёлка 𐐀𐐨.md",
        ]
        for text in texts {
            #expect(LinkResolver.lowercased(text) == text.lowercased(), "\(text)")
            #expect(Array(LinkResolver.lowercased(text).utf8) == Array(text.lowercased().utf8), "\(text) byte for byte")
            #expect(LinkResolver.isASCII(text) == text.unicodeScalars.allSatisfy(\.isASCII), "\(text)")
            let slash = text.lastIndex(of: "/")
            let folder = slash.map { String(text[..<$0]) } ?? ""
            #expect(LinkResolver.folder(of: text) == folder, "\(text)")
            let name =
                slash.flatMap { text.index(after: $0) == text.endIndex ? nil : text[text.index(after: $0)...] }
                ?? text.split(separator: "/").last ?? text[...]
            #expect(NotePath.stem(text) == (name.hasSuffix(".md") ? String(name.dropLast(3)) : String(name)), "\(text)")
            for other in texts + ["Mixed/Case Folder", "mixed/case folder", "C\u{327}a", "Ça", "plain"] {
                #expect(LinkResolver.isNote(text, inFolder: other) == (folder == other), "\(text) in \(other)")
                if LinkResolver.isASCII(text), LinkResolver.isASCII(other) {
                    #expect(LinkResolver.hasASCIISuffix(text, other) == text.hasSuffix(other), "\(text) ends \(other)")
                }
            }
        }
    }

    @Test("a scalar that does not change when lowercased is its own lowercase, for every Unicode scalar")
    func caselessScalars() {
        var caseless = 0
        var changed: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), !scalar.properties.changesWhenLowercased else { continue }
            let text = String(Character(scalar))
            if !text.lowercased().utf8.elementsEqual(text.utf8) { changed.append("U+" + String(value, radix: 16)) }
            caseless += 1
        }
        #expect(changed == [])
        #expect(caseless > 1_000_000)
        // Scalar by scalar, every scalar lowercases as within a string.
        var differ: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "Ab\u{4E2D}" + String(Character(scalar)) + "Z"
            if !LinkResolver.lowercasedByScalar(text).utf8.elementsEqual(text.lowercased().utf8) {
                differ.append("U+" + String(value, radix: 16))
            }
        }
        #expect(differ == [])
        // Every scalar of the ranges the lowercasing takes as caseless, without asking, has no case.
        let cased = (UInt32(0)...0x10FFFF).filter {
            ScalarLowercase.isCaseless($0) && Unicode.Scalar($0)?.properties.changesWhenLowercased != false
        }
        #expect(cased == [])
        #expect(ScalarLowercase.isCaseless(0x4E2D) && ScalarLowercase.isCaseless(0xAC00))
        #expect(!ScalarLowercase.isCaseless(0x2FFF) && !ScalarLowercase.isCaseless(0xA640))
        #expect(LinkResolver.lowercased("Ωμέγα") == "ωμέγα")
        #expect(LinkResolver.lowercased("日本語") == "日本語")
    }

    @Test("a file name shared by several notes resolves to the linking note's folder, in any case and Unicode form")
    func sameNameInOwnFolder() {
        let resolver = LinkResolver(paths: [
            "A/Notes.md", "Deep/Er/Notes.md", "Ça/Notes.md", "Mixed Case/NOTES.md", "mixed case/Other.md",
        ])
        #expect(resolver.resolveWiki("notes", from: "Deep/Er/x.md") == .note("Deep/Er/Notes.md"))
        #expect(resolver.resolveWiki("Notes", from: "Deep/x.md") == .note("A/Notes.md"), "shortest path elsewhere")
        #expect(resolver.resolveWiki("NOTES", from: "Ça/x.md") == .note("Ça/Notes.md"))
        #expect(resolver.resolveWiki("notes", from: "C\u{327}a/x.md") == .note("Ça/Notes.md"), "the other Unicode form")
        #expect(resolver.resolveWiki("Notes", from: "Mixed Case/y.md") == .note("Mixed Case/NOTES.md"))
        #expect(resolver.resolveWiki("notes", from: "mixed case/y.md") == .note("A/Notes.md"), "folders differ in case")
        #expect(resolver.resolveWiki("//Notes", from: "Ça/x.md") == .note("Ça/Notes.md"), "leading slashes go")
        #expect(resolver.resolveWiki("ÇA/notes", from: "x.md") == .note("Ça/Notes.md"))
        #expect(resolver.resolveWiki("er/NOTES.md", from: "x.md") == .note("Deep/Er/Notes.md"))
        #expect(resolver.resolveWiki("none", from: "Ça/x.md") == .unresolved)
    }

    @Test(
        "over thousands of notes sharing paths, file names and titles, a link resolves as the dictionaries of every key said"
    )
    func manyNotesAsDictionaries() {
        // Names that collide in case and Unicode form, paths that differ only in case (the last one wins).
        let folders = ["", "A/", "a/", "Ç/", "C\u{327}/", "x/y/", "X/Y/"]
        let stems = ["Note", "note", "Ça", "C\u{327}a", "Idea", "v1.1.5"]
        let titles = ["Note", "A Title", "a title", "Ça va", "C\u{327}a va", "Idea", "Other"]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<3 {
            var notes: [(path: String, names: [String])] = []
            for i in 0..<3_000 {
                let stem = i % 3 == 0 ? "n\(i % 500)" : stems.randomElement(using: &generator)!
                let path = folders.randomElement(using: &generator)! + stem + ".md"
                let names = (0..<Int.random(in: 0...2, using: &generator)).map { _ in
                    titles.randomElement(using: &generator)! + (Bool.random(using: &generator) ? "" : " \(i % 7)")
                }
                notes.append((path, names))
            }
            let resolver = LinkResolver(notes: notes)
            let byPath = Dictionary(
                notes.map { ($0.path.lowercased(), $0.path) }, uniquingKeysWith: { _, last in last })
            let targets =
                stems + titles + titles.map { $0 + " 3" } + ["n7", "N499", "A/note", "y/Ça", "Y/IDEA.md", "none"]
            for target in targets {
                for from in ["A/x.md", "Ç/x.md", "x/y/x.md", "x.md"] {
                    let lower = target.lowercased()
                    let withExtension = lower.hasSuffix(".md") ? lower : lower + ".md"
                    let shortest: (String, String) -> Bool = { ($0.count, $0) < ($1.count, $1) }
                    var expected = LinkResolver.Resolution.unresolved
                    if let path = byPath[withExtension] {
                        expected = .note(path)
                    } else if lower.contains("/") {
                        if let key = byPath.keys.filter({ $0.hasSuffix("/" + withExtension) }).min(by: shortest) {
                            expected = .note(byPath[key]!)
                        }
                    } else {
                        let named = notes.map(\.path).filter { NotePath.stem($0).lowercased() + ".md" == withExtension }
                            .sorted(by: shortest)
                        let folder = LinkResolver.folder(of: from)
                        if let first = named.first {
                            expected = .note(named.first { LinkResolver.folder(of: $0) == folder } ?? first)
                        } else if let titled = notes.filter({ $0.names.contains { $0.lowercased() == lower } })
                            .map(\.path).min(by: shortest)
                        {
                            expected = .note(titled)
                        }
                    }
                    #expect(
                        resolver.resolveWiki(target, from: from) == expected,
                        "round \(round): [[\(target)]] from \(from)")
                }
            }
        }
    }

    @Test("a resolver tells whether it was built over the same paths, titles and aliases, and is taken over them")
    func builtOver() {
        func note(_ path: String, _ title: String, _ aliases: [String] = []) -> NoteSummary {
            // Each string made anew, as another decoding of the catalog makes them.
            NoteSummary(
                path: String(decoding: Array(path.utf8), as: UTF8.self), id: nil,
                title: String(decoding: Array(title.utf8), as: UTF8.self), tags: [], category: nil, source: nil,
                sourceType: nil, sourceTypeInferred: false, aliases: aliases.map { String($0) }, created: nil,
                createdOrigin: .unknown, diagnostics: [])
        }
        let notes = [
            note("Inbox/harbour.md", "Harbour", ["Port", "Quay"]), note("Ideas/canvas.md", "Canvas"),
            note("Home.md", "Welcome home", ["Start"]),
        ]
        let resolver = LinkResolver(summaries: notes)
        #expect(resolver.isBuilt(over: notes))
        #expect(resolver.isBuilt(over: notes.map { note($0.path, $0.title, $0.aliases) }))
        var retitled = notes
        retitled[1] = note("Ideas/canvas.md", "Canvases")
        var moved = notes
        moved[1] = note("Ideas/canvas2.md", "Canvas")
        var aliased = notes
        aliased[1] = note("Ideas/canvas.md", "Canvas", ["Board"])
        // The same names one after another (Harbour, Port, Quay, Canvas...), but "Quay" is now the second note's.
        var regrouped = notes
        regrouped[0] = note("Inbox/harbour.md", "Harbour", ["Port"])
        regrouped[1] = note("Ideas/canvas.md", "Quay", ["Canvas"])
        for other in [retitled, moved, aliased, regrouped, Array(notes.reversed()), Array(notes.dropLast()), []] {
            #expect(!resolver.isBuilt(over: other))
            #expect(resolver.taken(over: other) == nil)
        }
        #expect(!LinkResolver(summaries: []).isBuilt(over: notes))
        #expect(LinkResolver(summaries: []).isBuilt(over: []))
        let copies = notes.map { note($0.path, $0.title, $0.aliases) }
        guard let taken = resolver.taken(over: copies) else {
            Issue.record("not taken over the same names")
            return
        }
        for target in [
            "Harbour", "quay", "port", "Canvas", "canvas", "Start", "welcome home", "Home", "Inbox/harbour",
            "Nowhere",
        ] {
            #expect(taken.resolveWiki(target, from: "x.md") == resolver.resolveWiki(target, from: "x.md"), "\(target)")
        }
        #expect(taken.resolveWiki("Quay", from: "x.md") == .note("Inbox/harbour.md"))
        #expect(taken.isBuilt(over: notes))
        // Names read from the summaries (titles, then each note's aliases) resolve as names listed apart.
        let listed = LinkResolver(notes: notes.map { ($0.path, [$0.title] + $0.aliases) })
        for target in ["Harbour", "Port", "quay", "Canvas", "Welcome home", "start", "Inbox/harbour", "Nowhere"] {
            #expect(resolver.resolveWiki(target, from: "x.md") == listed.resolveWiki(target, from: "x.md"), "\(target)")
        }
        #expect(resolver.resolveWiki("Start", from: "x.md") == .note("Home.md"))
        // Detached from the summaries: the same answers, still taken over the same names only.
        let detached = resolver.detached()
        for target in ["Harbour", "Port", "quay", "Canvas", "Welcome home", "start", "Inbox/harbour", "Nowhere"] {
            #expect(
                detached.resolveWiki(target, from: "x.md") == resolver.resolveWiki(target, from: "x.md"), "\(target)")
        }
        #expect(detached.isBuilt(over: copies))
        #expect(detached.taken(over: regrouped) == nil)
        #expect(detached.taken(over: copies)?.resolveWiki("Quay", from: "x.md") == .note("Inbox/harbour.md"))
    }

    @Test("tags count notes, nested tags under their parents, case-insensitively with the first spelling")
    func tagTree() {
        func note(_ tags: [String]) -> NoteSummary {
            NoteSummary(
                path: "x.md", id: nil, title: "x", tags: tags, category: nil, source: nil, sourceType: nil,
                sourceTypeInferred: false, aliases: [], created: nil, createdOrigin: .unknown, diagnostics: [])
        }
        let tree = TagTree(notes: [note(["Area/Sub", "habits"]), note(["area"]), note(["area/sub", "area/other"])])
        #expect(tree.roots.map(\.tag) == ["Area", "habits"])
        let area = tree.roots[0]
        #expect(area.total == 3)
        #expect(area.notes == 1)
        #expect(area.children.map(\.name) == ["other", "Sub"])
        #expect(area.children.map(\.total) == [1, 2])
        #expect(tree.flattened.map(\.depth) == [0, 1, 1, 0])
    }
}
