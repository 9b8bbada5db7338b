import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation

/// `/study[/FOLDER]`: the study session over ``StudyFlow``, as the terminal
/// screen drives it. The flow is planned anew from the ledger for each
/// request, so the card shown is always the queue's next one, whichever
/// device answered last. The answer is revealed in the page (space, enter or
/// a tap; `?reveal=1` without the script); a rating is a POST to
/// `/study/rate`, sent through ``Studying`` (the same `card-link` and `rate`
/// events as `vault study`). The queue is the one `vault study FOLDER --limit N`
/// plans (``StudyRequest``, resolved against the config by ``Studying``):
/// `?n=5` is its batch and stops after five answers; `t=` carries the answers
/// of this run (their ledger words) for the summary.
enum StudyPage {
    /// The session's address-bar state: the folder, the card limit, the answers so far.
    struct Run: Equatable {
        var folder: String?
        var limit: Int?
        var answers: [String]

        init(folder: String?, query: FormFields) {
            self.folder = folder.flatMap { $0.isEmpty ? nil : $0 }
            limit = query.int("n").flatMap { $0 > 0 ? min($0, 1000) : nil }
            answers = (query["t"] ?? "").split(separator: ",").map(String.init).filter { !$0.isEmpty }.suffix(1000).map { $0 }
        }

        /// What the run asks of ``Studying``: its folder, `n` as the batch (as `vault study --limit N`).
        var request: StudyRequest { StudyRequest(folder: folder, batch: limit) }

        /// `/study/FOLDER?n=5&t=good,again`, with `answer` added when given.
        func address(adding answer: String? = nil) -> String {
            var path = "/study"
            if let folder { path += "/" + HTML.urlPath(folder) }
            var query: [String] = []
            if let limit { query.append("n=\(limit)") }
            let all = answers + (answer.map { [$0] } ?? [])
            if !all.isEmpty { query.append("t=" + all.map(HTML.urlComponent).joined(separator: ",")) }
            return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
        }

        /// The fields a rating form carries to keep the run going.
        var fields: [(String, String)] {
            [("folder", folder ?? ""), ("n", limit.map(String.init) ?? ""), ("t", answers.joined(separator: ","))]
        }
    }

    /// The session for `run`: its use case and its flow, or a page saying why not.
    static func session(_ context: AppContext, run: Run) -> Result<(Studying, StudyFlow), StudyProblem> {
        let studying = Studying(context)
        do { try studying.checkFolder(run.request) } catch { return .failure(StudyProblem(sentence: error.localizedDescription)) }
        return .success((studying, StudyFlow(studying, request: run.request)))
    }

    struct StudyProblem: Error { var sentence: String }

    /// GET: the next card (question, hidden answer, ratings), or the summary.
    static func get(_ context: AppContext, folder: String?, query: FormFields, csrf: String) -> WebResponse {
        let run = Run(folder: folder, query: query)
        switch session(context, run: run) {
        case .failure(let problem):
            return .problem("Nothing to study there", problem.sentence, status: 404, csrf: csrf)
        case .success(let (_, flow)):
            if flow.isFinished || (run.limit.map { run.answers.count >= $0 } ?? false) {
                return .page(summary(flow, run: run, context: context, csrf: csrf))
            }
            return .page(
                card(
                    flow, run: run, reveal: query["reveal"] == "1", csrf: csrf, timeZone: context.timeZone,
                    links: NoteHTML.Links(context: context, resolver: NoteLinks.resolver(over: context.notes.summaries().notes))))
        }
    }

    /// POST `card=ID&answer=good&response_ms=N[&answered_at=MS]&folder=&n=&t=&csrf=`:
    /// the answer recorded; then the next card.
    static func rate(_ context: AppContext, form: FormFields) -> WebResponse {
        let run = Run(folder: form["folder"], query: form)
        guard case .success(let (studying, flow)) = session(context, run: run) else {
            return .text("that folder has no cards", status: 404)
        }
        guard let id = form["card"], let card = studying.cards.first(where: { $0.id == id }) else {
            return .text("no such card", status: 404)
        }
        let scheduler = flow.queue.entries.first { $0.card.id == id }?.schedule.settings.name ?? .fsrs
        guard let word = form["answer"], let answer = ReviewAnswer(word, scheduler: scheduler) else {
            return .text("answer must be one of the card's ratings", status: 400)
        }
        let response = form.int("response_ms").flatMap { (0...86_400_000).contains($0) ? $0 : nil }
        let elapsed = elapsedMilliseconds(answeredAt: form.int("answered_at"), now: context.now)
        do {
            var flow = flow
            if flow.entry?.card.id == id, let response {
                // The card the queue shows next: through the flow, as the terminal answers it.
                _ = flow.handle(.reveal)
                _ = try flow.send(.rate(answer, elapsedMilliseconds: elapsed, responseMilliseconds: response), through: studying)
            } else {
                // Another device moved the queue on, an answer given offline, or a page without
                // its script (no response time, which the flow's input needs): the same use case.
                try flow.answerOutOfTurn(
                    card, with: answer, elapsedMilliseconds: elapsed, responseMilliseconds: response, through: studying)
            }
        } catch {
            return .text("the answer was not saved: \(error.localizedDescription)", status: 500)
        }
        return .redirect(run.address(adding: answer.ledgerValue))
    }

    /// An answer's moment as milliseconds from `now`: the browser's clock for
    /// an answer given offline (up to 30 days back), else now. The field is
    /// checked against the number policy first (``ValuePolicy``): any
    /// number a form may carry gives a moment in range or none, never an overflow.
    static func elapsedMilliseconds(answeredAt: Int?, now: Date) -> Int {
        guard let answeredAt, ValuePolicy.moment(milliseconds: answeredAt) != nil,
            let nowMilliseconds = ValuePolicy.wholeMilliseconds(of: now),
            let offset = ValuePolicy.difference(Int64(answeredAt), nowMilliseconds)
        else { return 0 }
        return (-30 * 86_400_000...0).contains(offset) ? Int(offset) : 0
    }

    static func card(
        _ flow: StudyFlow, run: Run, reveal: Bool, csrf: String, timeZone: TimeZone, links: NoteHTML.Links? = nil
    ) -> HTML {
        guard let entry = flow.entry else { return "" }
        let card = entry.card
        let scheduler = entry.schedule.settings.name
        let total = min(flow.queue.entries.count, run.limit.map { $0 - run.answers.count } ?? Int.max)
        var html: HTML = "<h1 class=\"visually-hidden\">Study</h1>"
        // Reminders not acted on come first, as in the terminal; the first answer acts on them.
        if let latest = flow.pendingReminders.first, run.answers.isEmpty {
            let count = flow.pendingReminders.count
            html += "<p class=\"pending\" role=\"status\">\(count == 1 ? "1 reminder waiting" : "\(count) reminders waiting") since "
            html += "\(SessionText.clock(flow.pendingReminders.last!.raised, timeZone)): \(latest.title) (answering here acts on it)</p>"
        }
        html +=
            "<p class=\"progress\" role=\"status\">Card 1 of \(total) · \(entry.group.name) · \(scheduler.rawValue) · \(run.answers.count) answered</p>"
        html += "<p class=\"meta\" id=\"place\"><a href=\"/notes/\(HTML.urlPath(card.notePath))\">\(card.notePath):\(card.line)</a></p>"
        html += "<p class=\"offline-count\" id=\"waiting\" role=\"status\" hidden></p>"
        html += "<article class=\"card\" id=\"card\" data-card=\"\(card.id)\">"
        html += "<div class=\"question\">\(cardHTML(card.question, of: card.notePath, links: links))</div>"
        html += "<div class=\"answer\" id=\"answer\"\(reveal ? "" : " hidden")><hr>"
        html += cardHTML(card.revealed(marking: "**", "**"), of: card.notePath, links: links)
        html += "</div></article>"
        html += nextCards(flow, limit: total)
        let revealLink = run.address().contains("?") ? run.address() + "&reveal=1" : run.address() + "?reveal=1"
        html += "<nav class=\"keys sticky\" aria-label=\"Answer\">"
        html += "<div id=\"reveal-bar\"\(reveal ? " hidden" : "")>"
        html += PageLayout.linkButton(href: revealLink, label: "Show the answer", key: "Space", className: "button primary reveal")
        html += "</div><div id=\"rate-bar\" class=\"ratings\"\(reveal ? "" : " hidden")>"
        // The usual answer is marked: the script focuses it when the answer is shown.
        for rating in flow.ratings(at: flow.start) {
            let answer = rating.choice.answer
            html += PageLayout.postButton(
                action: "/study/rate", csrf: csrf,
                fields: [("card", card.id), ("answer", answer.ledgerValue), ("response_ms", "")] + run.fields,
                label: "\(rating.choice.label) <span class=\"interval\">\(rating.interval)</span>",
                key: String(rating.choice.key),
                className: "button rate rate-\(answer.ledgerValue)\(rating.choice.isUsual ? " usual" : "")")
        }
        html += "</div>"
        html += PageLayout.linkButton(href: "/", label: "Stop", key: "q", className: "button quiet")
        html += "</nav>"
        return PageLayout.page(title: "Study", csrf: csrf, body: html, bodyClass: "study")
    }

    /// The next cards of the queue as data (`<script type="application/json">`, never run), so a
    /// phone that loses the network goes on studying; answers are then kept until it returns.
    static func nextCards(_ flow: StudyFlow, limit: Int) -> HTML {
        let entries = flow.queue.entries.prefix(max(0, min(limit, 50)))
        let cards = entries.map { entry -> [String: String] in
            let card = entry.card
            return ["id": card.id, "question": card.question, "answer": card.revealed(), "place": "\(card.notePath):\(card.line)"]
        }
        guard let data = try? JSONSerialization.data(withJSONObject: cards, options: [.sortedKeys]) else { return "" }
        return "<script type=\"application/json\" id=\"next-cards\">\(scriptData(String(decoding: data, as: UTF8.self)))</script>"
    }

    /// JSON as the content of a data `<script>`: `<`, `>` and `&` as JSON
    /// escapes, scalar by scalar (a search by Characters misses a `<` followed
    /// by a combining mark), so no text can close the element. Trusted: JSON
    /// with nothing that markup could read.
    static func scriptData(_ json: String) -> HTML {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return HTML(trusted: out)
    }

    /// A card's text (Markdown) as HTML, the cloze gap marked; its pictures and sounds found from its note's folder.
    static func cardHTML(_ text: String, of notePath: String = "", links: NoteHTML.Links? = nil) -> HTML {
        let rendered =
            links.map { NoteHTML.card(text, of: notePath, links: $0) }
            ?? MarkdownHTML(links: NoteHTML.NoLinks(), highlights: false).render(text, from: notePath)
        // The gap is the program's own text ("[…]"), so marking it adds only our markup.
        return HTML(trusted: rendered.rendered.replacingOccurrences(of: Card.clozeGap, with: "<mark>\(Card.clozeGap)</mark>"))
    }

    static func summary(_ flow: StudyFlow, run: Run, context: AppContext, csrf: String) -> HTML {
        var html: HTML = "<h1>Study</h1>"
        if run.answers.isEmpty {
            html += "<p class=\"done\" role=\"status\">Nothing to study now.</p>"
        } else {
            let stopped = run.limit.map { run.answers.count >= $0 } ?? false
            html += "<p class=\"done\" role=\"status\">\(stopped ? "Session stopped" : "Session done"): \(plural(run.answers.count, "card")) studied.</p>"
            if let accuracy = AnswerTally(ledgerWords: run.answers).sentence { html += "<p>\(accuracy)</p>" }
            var counts: [String: Int] = [:]
            for answer in run.answers { counts[answer, default: 0] += 1 }
            let tally = counts.sorted { $0.key < $1.key }.map { word, count -> HTML in "<li>\(word): \(count)</li>" }
            html += "<ul class=\"tally\">\(HTML.joined(tally))</ul>"
        }
        let summary = flow.summary(elapsedMilliseconds: 0)
        if let next = summary.nextDue {
            html += "<p>Next card due \(RelativeTime.describe(next, from: summary.end, in: context.timeZone)) (\(VaultDate.isoString(next, in: context.timeZone))).</p>"
        }
        html += "<nav class=\"keys\">"
        html += PageLayout.linkButton(href: "/", label: "Dashboard", key: "q", className: "button primary")
        if !flow.isFinished { html += PageLayout.linkButton(href: "/study", label: "Go on studying", key: "Enter") }
        html += "</nav>"
        return PageLayout.page(title: "Study summary", csrf: csrf, body: html, bodyClass: "study")
    }
}
