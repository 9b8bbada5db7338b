import Foundation
import Testing
import VaultApp
import VaultCore

@testable import VaultServe

/// The study queue's contract: `vault study --list --json` and the web's
/// `/study` page offer the same cards in the same order for every `study:`
/// setting of the config (the request each front end makes is resolved by
/// ``Studying``, so neither can leave the config out).
@Suite("Study queue: the terminal and the web agree for every study: setting")
struct StudyQueueContractTests {
    /// ExampleVault with a deck note of 45 cards more: 10 answered on 1 October (long overdue
    /// by now), 10 on 14 November (overdue within the grace days), 5 failed after
    /// graduating (a lapse each), the rest new.
    static func vault() throws -> (ServeSandbox, ids: [String]) {
        let vault = try ServeSandbox()
        let lines = (1...45).map { "Matrix question \($0)? :: answer \($0)" }
        try
            ("---\nid: 0c0c0c0c-0000-4000-8000-000000000045\ncreated: 2026-11-02\n---\n# Matrix deck\n\n"
            + lines.joined(separator: "\n\n") + "\n").write(
                to: vault.root.appendingPathComponent("2026/11/matrix-deck.md"), atomically: true, encoding: .utf8)
        let listed = try vault.vault(["cards", "--json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let cards = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let ids = cards.filter { ($0["note_path"] as? String) == "2026/11/matrix-deck.md" }.compactMap {
            $0["id"] as? String
        }
        try #require(ids.count == 45)
        func rate(_ cards: ArraySlice<String>, _ answer: String, at now: String) throws {
            let result = try vault.vault(["study", "--now", now] + cards.flatMap { ["--rate", "\($0)=\(answer)"] })
            #expect(result.status == 0, "\(result.stderr)")
        }
        try rate(ids[0..<10], "good", at: "2026-09-30T09:00:00Z")
        try rate(ids[0..<10], "good", at: "2026-10-01T09:00:00Z")
        try rate(ids[10..<20], "good", at: "2026-11-13T09:00:00Z")
        try rate(ids[10..<20], "good", at: "2026-11-14T09:00:00Z")
        try rate(ids[20..<25], "good", at: "2026-10-20T09:00:00Z")
        try rate(ids[20..<25], "good", at: "2026-10-21T09:00:00Z")
        try rate(ids[20..<25], "again", at: "2026-11-01T09:00:00Z")
        return (vault, ids)
    }

    /// Every `study:` setting the config knows, alone and together (timer changes no queue, and must not).
    static let settings: [String] = [
        "", "  daily_limit: 1\n", "  daily_limit: 3\n", "  daily_limit: 45\n", "  preset: exam\n", "  preset: normal\n",
        "  daily_limit: 7\n  preset: exam\n", "  overdue_per_day: 1\n", "  overdue_per_day: 5\n",
        "  leech_lapses: 1\n  leech_action: suspend\n", "  leech_lapses: 1\n  leech_action: flag\n",
        "  timer: [1, 2]\n", "  daily_limit: 12\n  overdue_per_day: 2\n  leech_lapses: 1\n  leech_action: suspend\n",
        "  preset: intensive\n", "  daily_limit: 9\n  limits_by_day:\n    wednesday: 2\n",
        "  limits_by_day:\n    weekdays: 0\n    saturday: 5\n", "  preset: exam\n  overdue_per_day: 1\n",
    ]

    /// What the web page offers for `folder` and `n`: every card id of the queue it
    /// shows (the card, then the next ones it keeps for offline study), and "Card 1 of N".
    static func webQueue(_ context: AppContext, folder: String?, n: Int?) throws -> (ids: [String], total: Int) {
        let page = StudyPage.get(
            context, folder: folder, query: FormFields(n.map { ["n": String($0)] } ?? [:]), csrf: "c"
        ).text
        guard let start = page.range(of: "<script type=\"application/json\" id=\"next-cards\">") else {
            #expect(page.contains("Nothing to study now"), "neither a card nor the summary")
            return ([], 0)
        }
        let json = page[start.upperBound...].prefix { $0 != "<" }
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let cards = try #require(document["cards"] as? [[String: Any]]).map { $0.compactMapValues { $0 as? String } }
        let ofRange = try #require(page.range(of: "Card 1 of "))
        let total = try #require(Int(page[ofRange.upperBound...].prefix { $0.isNumber }))
        #expect(page.contains("data-card=\"\(cards.first?["id"] ?? "")\""), "the card shown is the queue's first")
        return (cards.compactMap { $0["id"] }, total)
    }

    @Test("vault study --list --json and the web page queue the same cards in the same order, for every study: setting")
    func queueMatrix() throws {
        let (vault, ids) = try Self.vault()
        defer { vault.cleanUp() }
        let config = vault.root.appendingPathComponent(".vault/config.yml")
        let original = try String(contentsOf: config, encoding: .utf8)
        var sawLimit = false
        var sawDay = false
        for (n, setting) in Self.settings.enumerated() {
            try (original + (setting.isEmpty ? "" : "study:\n" + setting)).write(
                to: config, atomically: true, encoding: .utf8)
            // A card held out of study (`card-hold`), from the fourth setting on.
            if n == 3 {
                let context = try vault.context()
                try context.ledger.append(
                    CardHoldEvent(
                        time: context.now, card: ids[30], note: "0c0c0c0c-0000-4000-8000-000000000045", action: .suspend
                    ))
            }
            for (folder, batch) in [(nil, nil), ("2026/11", nil), (nil, 4), ("2026/11", 2)] as [(String?, Int?)] {
                var arguments = ["study", "--list", "--json"]
                if let folder { arguments.insert(folder, at: 1) }
                if let batch { arguments += ["--limit", String(batch)] }
                let cli = try vault.vault(arguments)
                #expect(cli.status == 0, "\(cli.stderr)")
                let listed = try #require(
                    try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])
                let cliIDs = (listed["cards"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
                let web = try Self.webQueue(try vault.context(), folder: folder, n: batch)
                let label = "study:\n\(setting) folder \(folder ?? "-") n \(batch.map(String.init) ?? "-")"
                #expect(web.ids == Array(cliIDs.prefix(50)), "\(label)")
                #expect(web.total == cliIDs.count, "\(label)")
                if n >= 3 { #expect(!cliIDs.contains(ids[30]), "the held card stays out: \(label)") }
                // 18 November 2026 is a Wednesday: its own limit is the day's, shown as daily_limit.
                if setting.contains("wednesday: 2") {
                    #expect(listed["daily_limit"] as? Int == 2 && cliIDs.count <= 2, "\(label)")
                    sawDay = true
                }
                if setting.contains("weekdays: 0") {
                    #expect(listed["daily_limit"] as? Int == 0 && cliIDs.isEmpty && web.ids.isEmpty, "a day off: \(label)")
                }
                if setting == "  daily_limit: 1\n" && batch == nil {
                    #expect(cliIDs.count == 1, "daily_limit: 1 is one card, on the web too")
                    sawLimit = true
                }
            }
        }
        #expect(sawLimit && sawDay)
    }
}
