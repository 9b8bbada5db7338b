import Foundation
import Testing

/// `vault export pdf` through real headless Chromium, read back with
/// poppler's pdfinfo and pdftotext.
@Suite("vault export pdf")
struct PDFExportCommandTests {
    static var tools: Bool {
        ["/usr/bin/chromium", "/usr/bin/pdftotext", "/usr/bin/pdfinfo", "/usr/bin/pdfunite"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    @Test(
        "a folder's notes: title page, contents with each note's page, each note from a new page numbered as the contents say",
        .enabled(if: tools))
    func book() throws {
        let vault = try exampleVaultCopy()
        defer { vault.cleanUp() }
        let out = vault.root.appendingPathComponent("../book-\(UUID().uuidString).pdf").standardizedFileURL
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try vault.run(["export", "pdf", out.path, "2026/11", "--title", "November <notes>"])
        #expect(result.status == 0, "\(result.stderr)")
        // Every note of the folder, archived ones too (vault list hides those without --archived).
        let notes = try #require(try vault.json(["list", "--archived", "--json"]) as? [[String: Any]]).compactMap {
            $0["path"] as? String
        }
        .filter { $0.hasPrefix("2026/11/") }.sorted()
        #expect(result.stdout.hasPrefix("Wrote \(notes.count) notes to \(out.path) ("), "\(result.stdout)")
        let info = try vault.sh("pdfinfo '\(out.path)'")
        let pages = try #require(
            info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap {
                Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces))
            })
        #expect(pages >= notes.count + 2, "a title page, the contents, a page a note at least")
        let first = try vault.sh("pdftotext -f 1 -l 1 -layout '\(out.path)' -")
        #expect(first.contains("November <notes>") && first.contains("\(notes.count) notes · 2026-11-18"))
        let contents = try vault.sh("pdftotext -f 2 -l 2 '\(out.path)' -")
        #expect(contents.contains("Contents"))
        // The contents' page of one note is where its title stands, counting the front's pages (i, ii…).
        let titles = try #require(try vault.json(["list", "--archived", "--json"]) as? [[String: Any]]).reduce(
            into: [String: String]()
        ) {
            $0[$1["path"] as? String ?? ""] = $1["title"] as? String
        }
        // Each page's foot: its last line as laid out (the title page has none; the contents i, ii…; the notes 1, 2…).
        let feet = try (1...pages).map { page in
            try vault.sh("pdftotext -f \(page) -l \(page) -layout '\(out.path)' -").split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }.last { !$0.isEmpty && $0 != "\u{0C}" } ?? ""
        }
        let front = feet.prefix { Int($0) == nil }.count
        #expect(
            front >= 2 && feet[1] == "ii",
            "the title page and the contents (ii) bear no arabic number: \(feet.prefix(4))")
        #expect(Array(feet[front...]) == (1...(pages - front)).map(String.init), "the notes' pages numbered 1, 2…")
        // The last note starts on the page the contents give it (its title, at the top of a page).
        let last = try #require(notes.last.flatMap { titles[$0] })
        let starts = try ((front + 1)...pages).first { page in
            try vault.sh("pdftotext -f \(page) -l \(page) '\(out.path)' -").trimmingCharacters(
                in: .whitespacesAndNewlines
            )
            .hasPrefix(String(last.prefix(20)))
        }
        let start = try #require(starts, "the last note's title opens a page")
        let contentsText = try vault.sh("pdftotext -f 2 -l \(front) -layout '\(out.path)' -")
        let entry = try #require(contentsText.split(separator: "\n").last { $0.contains(String(last.prefix(20))) })
            .trimmingCharacters(in: .whitespaces)
        #expect(entry.hasSuffix(" \(start - front)"), "the contents name page \(start - front): \(entry)")
    }

    @Test("without Chromium the command names the package to install, and writes nothing")
    func noEngine() throws {
        let vault = try exampleVaultCopy()
        defer { vault.cleanUp() }
        let bin = vault.root.appendingPathComponent("../bin-\(UUID().uuidString)").standardizedFileURL
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        let result = try vault.run(["export", "pdf", "out.pdf"], env: ["PATH": bin.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: vault export pdf prints through Chromium, and none is installed"))
        #expect(result.stderr.contains("`sudo apt-get install chromium`"))
        #expect(!FileManager.default.fileExists(atPath: vault.root.appendingPathComponent("out.pdf").path))
    }
}
