import Foundation
import Testing
import VaultApp
import VaultCore
import VaultMarkdown

@testable import VaultCLI
@testable import VaultServe

/// The study views' contract: the terminal's study screen and the web page
/// (`/study`) show the same rating choices in the same order with the same
/// intervals, the same cloze reveal and the same accuracy.
@Suite("Study views: the terminal and the web agree")
struct StudyViewContractTests {
    /// The terminal's screen over `context` (no colour), as `vault study` makes it.
    static func screen(_ context: AppContext, _ flow: StudyFlow) -> StudyScreen {
        let output = Output(style: .plain, isTerminal: false, width: 200)
        return StudyScreen(
            context: CommandContext(app: context, now: context.now, output: output, noteReference: { $0 }), flow: flow,
            studying: Studying(context))
    }

    /// The web page's rating buttons: key, word and interval, in order, and the keys marked usual.
    static func webRatings(_ page: String) -> (ratings: [String], usual: [String]) {
        var ratings: [String] = []
        var usual: [String] = []
        var rest = Substring(page)
        while let button = rest.range(of: "<button type=\"submit\" class=\"button rate ") {
            rest = rest[button.upperBound...]
            let classes = rest.prefix { $0 != "\"" }
            guard let keyStart = rest.range(of: "data-key=\"") else { break }
            let key = rest[keyStart.upperBound...].prefix { $0 != "\"" }
            guard let close = rest.range(of: ">") else { break }
            let word = rest[close.upperBound...].prefix { $0 != " " }
            guard let interval = rest.range(of: "<span class=\"interval\">") else { break }
            let span = rest[interval.upperBound...].prefix { $0 != "<" }
            ratings.append("\(key) \(word) \(span)")
            if classes.split(separator: " ").contains("usual") { usual.append(String(key)) }
        }
        return (ratings, usual)
    }

    @Test(
        "the rating choices: the terminal's keys and the web's buttons, same words, intervals and order, the usual marked"
    )
    func ratingChoices() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        var seen: Set<SchedulerName> = []
        // ExampleVault: fsrs by default, sm2 under 2026/07, the ladder under 2026/09, the tiers under 2026/10.
        for folder in ["2026/07", "2026/09", "2026/10", "2026/11", "2026/08"] {
            let context = try vault.context()
            let flow = StudyFlow(Studying(context), request: StudyRequest(folder: folder))
            guard let entry = flow.entry else { continue }
            let scheduler = entry.schedule.settings.name
            seen.insert(scheduler)
            let terminal = Self.screen(context, flow).ratingKeys(at: flow.start)
            let page = StudyPage.get(context, folder: folder, query: FormFields(["reveal": "1"]), csrf: "c").text
            let web = Self.webRatings(page)
            #expect(web.ratings.joined(separator: " · ") == terminal, "\(folder): \(scheduler)")
            #expect(web.ratings.count == RatingChoice.choices(for: scheduler).count)
            #expect(web.usual == RatingChoice.choices(for: scheduler).filter(\.isUsual).map { String($0.key) })
            if scheduler == .sm2 { #expect(terminal.hasPrefix("0 blackout ") && terminal.contains(" · 4 good ")) }
        }
        #expect(seen.contains(.sm2) && seen.contains(.fsrs), "\(seen)")
    }

    @Test("a cloze is revealed alike: the terminal's answer lines hold the sentence the web's card keeps")
    func clozeReveal() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let context = try vault.context()
        let flow = StudyFlow(Studying(context), request: StudyRequest())
        let cloze = try #require(
            flow.queue.entries.first { $0.card.kind == .cloze && $0.card.question.contains(Card.clozeGap) })
        let page = StudyPage.get(context, folder: nil, query: FormFields(), csrf: "c").text
        let start = try #require(page.range(of: "id=\"next-cards\">"))
        let json = page[start.upperBound...].prefix { $0 != "<" }
        // The kept cards: {"answered": N, "cards": [{"id", "question", "answer", "ratings", ...}]}.
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let cards = try #require(document["cards"] as? [[String: Any]])
        let web = try #require(cards.first { $0["id"] as? String == cloze.card.id }?["answer"] as? String)
        #expect(web == cloze.card.revealed() && !web.contains(Card.clozeGap))
        let frame = Self.screen(context, flow).frame(
            entry: cloze, index: 0, revealed: true, session: StudySession(), message: "", at: flow.start, columns: 400,
            style: .plain)
        let answer = frame.body.drop { !$0.hasPrefix("─") }.dropFirst().joined(separator: " ")
        #expect(answer == web, "the terminal's revealed answer")
        // The web's own card, when the cloze is the one shown, marks the words put back.
        let html = StudyPage.cardHTML(cloze.card.revealed(marking: "**", "**")).rendered
        #expect(html.contains("<strong>\(XMLText.escaped(cloze.card.answer))</strong>"))
    }

    @Test("the summary's accuracy: the terminal's flow and the web's answers in its address say the same sentence")
    func accuracy() throws {
        let vault = try ServeSandbox()
        defer { vault.cleanUp() }
        let context = try vault.context()
        let studying = Studying(context)
        var flow = StudyFlow(studying, request: StudyRequest())
        let answers: [ReviewAnswer] = [.fsrs(.good), .fsrs(.again), .quality(2), .fsrs(.hard)]
        for (n, answer) in answers.enumerated() {
            _ = flow.handle(.reveal)
            _ = try flow.send(
                .rate(answer, elapsedMilliseconds: n * 1000, responseMilliseconds: 900), through: studying)
        }
        #expect(flow.session.answers.count == 4)
        let terminal = Self.screen(context, flow).summary(flow.summary(elapsedMilliseconds: 5000))
        let words = answers.map(\.ledgerValue).joined(separator: ",")
        let web = StudyPage.get(try vault.context(), folder: nil, query: FormFields(["n": "4", "t": words]), csrf: "c")
            .text
        let sentence = "Accuracy: 50% (2 of 4 answers correct)."
        #expect(terminal.split(separator: "\n").contains { $0 == sentence }, "\(terminal)")
        #expect(web.contains("<p>\(sentence)</p>"), "the web's summary")
    }
}
