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

    @Test("a path link resolves as the end of a path exactly as a scan of every path would, by a lookup of its file name")
    func pathEndsAsEveryPathScanned() {
        // Folder and file names that collide in case, accents (two Unicode forms), `.MD` and depth.
        let folders = ["", "A/", "a/", "B/A/", "Ç/", "C\u{327}/", "x/y/z/", "Plugins/", "fr/Plugins/"]
        let names = ["Note.md", "note.md", "Note.MD", "Ça.md", "C\u{327}a.md", "v1.1.5.md", "b.md"]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<40 {
            let paths = (0..<12).map { _ in folders.randomElement(using: &generator)! + names.randomElement(using: &generator)! }
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
