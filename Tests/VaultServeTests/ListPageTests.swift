import Foundation
import Testing
import VaultApp

@testable import VaultServe

/// `/list/TAB` and `/list/all`, as `vault list` prints them.
@Suite("Notes list pages")
struct ListPageTests {
    /// A vault of `count` notes without dates, copied in one minute (as an adopted vault is).
    static func undated(_ count: Int) throws -> ServeSandbox {
        let vault = try ServeSandbox(fixture: "basic")
        for dated in ["2026", "inbox"] { try FileManager.default.removeItem(at: vault.root.appendingPathComponent(dated)) }
        let folder = vault.root.appendingPathComponent("copied")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for k in 0..<count {
            try "# Copied \(k)\n".write(to: folder.appendingPathComponent("c\(k).md"), atomically: true, encoding: .utf8)
        }
        return vault
    }

    @Test("an adopted vault of undated notes: the weeks say why they are empty, All lists every note a page at a time")
    func undatedNotes() throws {
        let vault = try Self.undated(150)
        defer { vault.cleanUp() }
        let daily = ListPage.get(try vault.context(), tab: "daily", query: FormFields(), csrf: "c")
        #expect(daily.text.contains("150 notes have no created date, so no week holds them"))
        #expect(daily.text.contains("<a href=\"/list/all\">All notes</a>"))
        let first = ListPage.get(try vault.context(), tab: "all", query: FormFields(), csrf: "c")
        #expect(first.text.contains("<span data-count=\"notes\">150</span> in all"))
        #expect(first.text.components(separatedBy: "<li><a href=\"/notes/copied/").count - 1 == ListPage.pageNotes)
        #expect(first.text.contains("href=\"/list/all?from=100\"") && !first.text.contains("Newer"))
        let second = ListPage.get(try vault.context(), tab: "all", query: FormFields(["from": "100"]), csrf: "c")
        #expect(second.text.components(separatedBy: "<li><a href=\"/notes/copied/").count - 1 == 50)
        #expect(second.text.contains("href=\"/list/all?from=0\"") && !second.text.contains("Older"))
        #expect(first.text.contains("no date · copied/c0.md"))
    }

    @Test("All lists what plain vault list lists, in its order")
    func allIsVaultList() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let page = ListPage.get(try vault.context(), tab: "all", query: FormFields(), csrf: "c").text
        let cli = try vault.vault(["list"]).stdout.split(separator: "\n").dropLast()
        // The path is the table's last column (columns are two spaces apart; a path may hold one).
        let cliPaths = cli.map { $0.components(separatedBy: "  ").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        let pagePaths = page.components(separatedBy: "<li><a href=\"/notes/").dropFirst().prefix(ListPage.pageNotes)
            .map { String($0.prefix { $0 != "\"" }).removingPercentEncoding ?? "" }
        #expect(!pagePaths.isEmpty && Array(cliPaths.prefix(pagePaths.count)) == pagePaths, "\(cliPaths) \(pagePaths)")
        #expect(ListPage.get(try vault.context(), tab: "nope", query: FormFields(), csrf: "c").status == 404)
    }
}
