import Foundation
import Testing
import VaultApp
import VaultCore
import VaultPresentation

@testable import VaultCLI
@testable import VaultServe

/// The status view's contract: `vault status` and the web dashboard render
/// one ``StatusView``: the same counts, the periods in the same order with
/// the same ones actionable, and the same words where both say the same thing.
@Suite("Status view: vault status and the dashboard agree")
struct StatusViewContractTests {
    /// ExampleVault with a run of seven missed weeks in the summer, a session running
    /// since 09:40 and a reminder not acted on since 09:30 (at 10:00 in Berlin).
    static func vault() throws -> ServeSandbox {
        let vault = try ServeSandbox()
        let summer = vault.root.appendingPathComponent("2026/06")
        try FileManager.default.createDirectory(at: summer, withIntermediateDirectories: true)
        for (week, day) in [
            "2026-06-01", "2026-06-08", "2026-06-15", "2026-06-22", "2026-06-29", "2026-07-06", "2026-07-13",
        ]
        .enumerated() {
            try "---\ncreated: \(day)\n---\n# Summer note \(week)\n".write(
                to: summer.appendingPathComponent("summer-\(week).md"), atomically: true, encoding: .utf8)
        }
        let started = try vault.vault(["session", "start", "Statistics", "--now", "2026-11-18T08:40:00Z"])
        #expect(started.status == 0, "\(started.stderr)")
        let log = vault.root.appendingPathComponent(".vault/local/reminders")
        try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "2026-11-18T08:30:00Z\t2\t-\t-\tvault: 2 cards now?\n".write(to: log, atomically: true, encoding: .utf8)
        return vault
    }

    /// The page's text as a reader sees it: tags dropped, entities read, spaces folded.
    static func text(_ html: String) -> String {
        var out = ""
        var inTag = false
        for c in html {
            if c == "<" {
                inTag = true
            } else if c == ">" {
                inTag = false; out.append(" ")
            } else if !inTag {
                out.append(c)
            }
        }
        for (entity, c) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: c)
        }
        return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .replacingOccurrences(of: " ,", with: ",").replacingOccurrences(of: "( ", with: "(")
            .replacingOccurrences(of: " )", with: ")").replacingOccurrences(of: " ;", with: ";")
    }

    /// A terminal line's words, without the command after two spaces and the indent.
    static func words(_ line: Substring) -> String {
        let text = line.trimmingCharacters(in: .whitespaces)
        return String(text.components(separatedBy: "  ").first ?? text)
    }

    @Test("the counts, the periods in order with their actions, and the lines both show, word for word")
    func contract() throws {
        let vault = try Self.vault()
        defer { vault.cleanUp() }
        let cli = try vault.vault(["status"])
        #expect(cli.status == 0, "\(cli.stderr)")
        let lines = cli.stdout.split(separator: "\n")
        let view = StatusView(VaultStatus.load(try vault.context()))
        let html = DashboardPage.render(view, csrf: "c").rendered
        let page = Self.text(html)

        // What the view holds for this vault, so neither renderer can pass by showing nothing.
        #expect(view.missedRuns.count == 1 && view.running.count == 1 && view.reminders != nil)
        #expect(view.followUps.more > 0 && !view.goals.isEmpty && !view.palaces.isEmpty && view.streak != nil)

        // Counts: the terminal's lead line and the page's data-count numbers.
        #expect(lines.contains { $0.hasPrefix("\(view.noteCount) notes, \(view.notesToReview) to review now") })
        let counts = PageHandlerTests.counts(html)
        #expect(counts["notes"] == view.noteCount && counts["notes_to_review"] == view.notesToReview)
        #expect(counts["session_reviews_due"] == view.followUps.due && counts["loci_due"] == view.locationsDue)

        // The periods, in the view's order: the terminal's table rows and the page's rows, the same ones actionable.
        let rows = lines.filter { line in ["due ", "missed ", "current "].contains { line.hasPrefix($0) } }
        #expect(rows.count == view.periods.count)
        var rest = Substring(html)
        for (row, line) in zip(rows, view.periods) {
            let period = line.review.period
            #expect(row.contains(" \(period.level.rawValue) ") && row.contains(" \(period.id) "))
            if let action = line.action {
                #expect(row.hasSuffix(action.command), "\(row)")
            } else {
                #expect(!row.contains("vault review "), "\(row)")
            }
            let found = try #require(rest.range(of: "<tr class=\"role-\(line.role.rawValue)\">"), "\(period.id)")
            rest = rest[found.upperBound...]
            let cell = rest.prefix { $0 != "\n" }.components(separatedBy: "</tr>").first ?? ""
            #expect(cell.contains(XMLText.escaped(period.title)))
            let link = "/review/\(period.level.rawValue)/\(period.id)"
            #expect(cell.contains("href=\"\(link)\"") == (line.action != nil), "\(period.id)")
        }

        // The lines both show, in the terminal's words.
        let shared: [(String, (Substring) -> Bool)] = [
            ("reminders", { $0.contains("reminder waiting since") }),
            ("missed run", { $0.contains("missed weekly reviews since") }),
            ("flashcards", { $0.contains("flashcards to study today") }),
            ("running", { $0.hasPrefix("Session running: ") }),
            ("follow-ups", { $0.hasPrefix("  ") && $0.contains("-day review of session ") }),
            ("goals", { $0.hasPrefix("Goal ") }),
        ]
        var order: [String.Index] = []
        for (name, select) in shared {
            let chosen = lines.filter(select)
            #expect(!chosen.isEmpty, "the terminal shows \(name)")
            for line in chosen {
                var words = Self.words(line)
                if name == "missed run" { words = String(words.prefix { $0 != ";" }) }
                let found = page.range(of: words)
                #expect(found != nil, "the page says \"\(words)\"")
                if name == "follow-ups" || name == "goals", let found { order.append(found.lowerBound) }
            }
        }
        #expect(order == order.sorted(), "the follow-ups and goals in the terminal's order")
        // "and N more", and the streak and points after "Streak: ".
        let more = try #require(lines.first { $0.contains("more: vault session reviews") })
        #expect(page.contains("and \(view.followUps.more) more") && more.contains("and \(view.followUps.more) more"))
        let streak = try #require(lines.first { $0.hasPrefix("Streak: ") })
        #expect(page.contains(String(streak.dropFirst("Streak: ".count))), "\(streak)")
        // The running minutes are the session's own count: from 08:40 to 09:00 UTC.
        #expect(view.running.first?.minutes == 20 && page.contains("(20m)"))
        // Study time in all and the latest sessions (newest first), and the tip of the day, on both.
        #expect(view.studyMinutesTotal == 895 && view.latestSessions.map(\.subject) == ["Spanish", "Statistics", "Spanish"])
        let studyTime = try #require(lines.first { $0.hasPrefix("Study time: ") })
        #expect(studyTime.hasPrefix("Study time: 14h 55m in all; latest: Spanish 35m yesterday, Statistics 50m 2 days ago"))
        #expect(counts["study_minutes_total"] == nil, "a duration, not a count")
        #expect(page.contains("14h 55m in all"))
        for session in view.latestSessions {
            #expect(page.contains("\(session.subject) \(SessionText.duration(session.minutes)),"))
        }
        let tip = try #require(view.tip)
        #expect(lines.contains { $0 == "Tip: \(tip.text)" } && page.contains("Tip: \(tip.text)"))
    }

    @Test("an adopted vault whose notes have no dates: both say why nothing is to review, in the same words")
    func undatedNotice() throws {
        let vault = try ServeSandbox(fixture: "basic")
        defer { vault.cleanUp() }
        for dated in ["2026", "inbox"] { try FileManager.default.removeItem(at: vault.root.appendingPathComponent(dated)) }
        let copied = vault.root.appendingPathComponent("copied")
        try FileManager.default.createDirectory(at: copied, withIntermediateDirectories: true)
        for k in 0..<25 {
            try "# Copied \(k)\n".write(to: copied.appendingPathComponent("c\(k).md"), atomically: true, encoding: .utf8)
        }
        let view = StatusView(VaultStatus.load(try vault.context()))
        let notice = try #require(view.undatedNotice, "25 notes copied in one minute and nothing to review")
        #expect(notice.hasPrefix("25 notes have no created date"))
        let cli = try vault.vault(["status"]).stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(cli.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(notice))
        let page = Self.text(DashboardPage.render(view, csrf: "c").rendered)
        #expect(page.contains(notice.replacingOccurrences(of: "`", with: "")), "\(page)")
    }

    @Test("tips: false takes the tip off both; the tip is the day's, the same all day")
    func tipsOff() throws {
        let vault = try Self.vault()
        defer { vault.cleanUp() }
        let config = vault.root.appendingPathComponent(".vault/config.yml")
        try (try String(contentsOf: config, encoding: .utf8) + "tips: false\n").write(to: config, atomically: true, encoding: .utf8)
        let view = StatusView(VaultStatus.load(try vault.context()))
        #expect(view.tip == nil)
        let cli = try vault.vault(["status"])
        #expect(!cli.stdout.contains("Tip: ") && !DashboardPage.render(view, csrf: "c").rendered.contains("Tip: "))
        #expect(try vault.vault(["status", "--json"]).stdout.contains("\"tip\" : null"))
        #expect(MemoryTip.of(day: 20_775) == MemoryTip.of(day: 20_775 + MemoryTip.all.count))
        #expect(MemoryTip.of(day: 20_775) != MemoryTip.of(day: 20_776))
    }

    @Test("vault status --line prints the view's counts")
    func line() throws {
        let vault = try Self.vault()
        defer { vault.cleanUp() }
        let view = StatusView(VaultStatus.load(try vault.context()))
        let line = try vault.vault(["status", "--line"])
        #expect(line.stdout == view.line.text + "\n")
        let format = try vault.vault([
            "status", "--format", "{reviews} {cards} {palaces} {locations} {streak} {pending}",
        ])
        let counts = view.line
        #expect(
            format.stdout
                == "\(counts.reviews) \(counts.cards) \(counts.palaces) \(counts.locations) \(counts.streak) \(counts.pending)\n"
        )
        #expect(counts.reviews == view.notesToReview && counts.pending == 1 && counts.locations == view.locationsDue)
    }
}
