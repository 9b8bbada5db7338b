import Foundation
import VaultApp
import VaultCore
import VaultMarkdown
import VaultPresentation

/// `/study[/FOLDER]`: the study session over ``StudyFlow``, as the terminal
/// screen drives it, and more. The flow is planned anew from the ledger for
/// each request, so the card shown is always the queue's next one, whichever
/// device answered last. The page shows what the terminal's screen shows (the
/// counter, the estimate before the first answer, then the live accuracy,
/// the timer in the colours of `study.timer`, the hint on `h`, the promotion
/// offered, the card's pictures) and its sounds; the answer is revealed in
/// the page (space, enter or a tap; `?reveal=1` without the script); a
/// rating is a POST to `/study/rate`, sent through ``Studying`` (the same
/// `card-link` and `rate` events as `vault study`), carrying the id the
/// script gave it (``GivenID``: sent twice, it is written once); `u` takes
/// the last answer back (`/study/undo`, an `answer-undo` event).
///
/// The queue is the one `vault study FOLDER --limit N [--weak|--cram|--overdue]`
/// plans (``StudyRequest``, resolved against the config by ``Studying``):
/// `?n=5` is its batch and stops after five answers; `m=` the session
/// (weak, cram, overdue); `t=` carries the answers of this run (their ledger
/// words) for the counter and the accuracy; `last=` the card answered last.
enum StudyPage {
    /// The session's address-bar state: the folder, the card limit, the session, the answers so far.
    struct Run: Equatable {
        var folder: String?
        var limit: Int?
        var focus: StudyFocus
        var answers: [String]
        /// The card answered last in this run (what an undo takes back).
        var last: String?
        /// With `obsidian_sr.write_back`, the last card's comment group before its answer (`new` or
        /// `!2026-11-21,3,250`), which an undo puts back (``ObsidianSRWriteBack/restore(_:group:siblings:)``).
        var before: String?

        init(folder: String?, query: FormFields) {
            self.folder = folder.flatMap { $0.isEmpty ? nil : $0 }
            limit = query.int("n").flatMap { $0 > 0 ? min($0, 1000) : nil }
            focus = query["m"].flatMap(StudyFocus.init(rawValue:)) ?? .today
            answers = (query["t"] ?? "").split(separator: ",").map(String.init).filter { !$0.isEmpty }.suffix(1000).map { $0 }
            last = query["last"].flatMap { $0.isEmpty || $0.utf8.count > 200 ? nil : $0 }
            before = query["prev"].flatMap { $0.isEmpty || $0.utf8.count > 64 ? nil : $0 }
        }

        /// What the run asks of ``Studying``: its folder, `n` as the batch (as
        /// `vault study --limit N`), the session.
        var request: StudyRequest { StudyRequest(folder: folder, batch: limit, focus: focus) }

        /// `/study/FOLDER?n=5&m=weak&t=good,again&last=ID&prev=GROUP`.
        func address(answers: [String]? = nil, last: String? = nil, before: String? = nil) -> String {
            var path = "/study"
            if let folder { path += "/" + HTML.urlPath(folder) }
            var query: [String] = []
            if let limit { query.append("n=\(limit)") }
            if focus != .today { query.append("m=\(focus.rawValue)") }
            let all = answers ?? self.answers
            if !all.isEmpty { query.append("t=" + all.map(HTML.urlComponent).joined(separator: ",")) }
            if let last { query.append("last=" + HTML.urlComponent(last)) }
            if let before, last != nil { query.append("prev=" + HTML.urlComponent(before)) }
            return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
        }

        /// The address after `answer` to card `card`, whose comment group was `before` it.
        func adding(_ answer: String, card: String, before: String? = nil) -> String {
            address(answers: answers + [answer], last: card, before: before)
        }

        /// The address after the last answer is taken back.
        var undone: String { address(answers: Array(answers.dropLast()), last: nil) }

        /// The run's own address, as it is.
        var here: String { address(last: last, before: before) }

        /// The fields a form carries to keep the run going.
        var fields: [(String, String)] {
            [
                ("folder", folder ?? ""), ("n", limit.map(String.init) ?? ""), ("m", focus == .today ? "" : focus.rawValue),
                ("t", answers.joined(separator: ",")), ("last", last ?? ""), ("prev", before ?? ""),
            ]
        }

        /// The session in words (`weak cards`, `cram`), nil for today's queue.
        var focusName: String? {
            switch focus {
            case .today: nil
            case .weak: "weakest cards"
            case .cram: "cram (no schedule changes)"
            case .overdue: "every overdue card"
            }
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
        case .success(let (studying, flow)):
            if flow.isFinished || (run.limit.map { run.answers.count >= $0 } ?? false) {
                return .page(summary(flow, run: run, context: context, csrf: csrf))
            }
            return .page(
                card(
                    flow, studying: studying, run: run, reveal: query["reveal"] == "1", hint: query["hint"] == "1",
                    csrf: csrf,
                    links: NoteHTML.links(context: context, resolver: context.notes.linkResolver())))
        }
    }

    /// The id a form gave its write, when it gave a valid one.
    /// - Returns: `.failure` for one that is not an id (refused: 400).
    static func given(_ form: FormFields) -> Result<String?, WebResponseError> {
        guard let text = form["given"], !text.isEmpty else { return .success(nil) }
        guard GivenID.isValid(text) else {
            return .failure(WebResponseError(.text("given must be an id (letters, digits and -, at most 64)", status: 400)))
        }
        return .success(text)
    }

    /// POST `card=ID&answer=good&response_ms=N[&answered_at=MS][&given=ID]&folder=&n=&m=&t=&csrf=`:
    /// the answer recorded (once per `given`); then the next card.
    static func rate(_ context: AppContext, form: FormFields) -> WebResponse {
        let run = Run(folder: form["folder"], query: form)
        guard case .success(let (studying, flow)) = session(context, run: run) else {
            return .text("that folder has no cards", status: 404)
        }
        guard let id = form["card"], let card = studying.cards.first(where: { $0.id == id }) else {
            return .text("no such card", status: 404)
        }
        let given: String?
        switch Self.given(form) {
        case .success(let id): given = id
        case .failure(let refusal): return refusal.response
        }
        let scheduler = flow.queue.entries.first { $0.card.id == id }?.schedule.settings.name
            ?? context.config.schedulers.settings(forNotePath: card.notePath).name
        guard let word = form["answer"], let answer = ReviewAnswer(word, scheduler: scheduler) else {
            return .text("answer must be one of the card's ratings", status: 400)
        }
        let response = form.int("response_ms").flatMap { (0...86_400_000).contains($0) ? $0 : nil }
        let elapsed = elapsedMilliseconds(answeredAt: form.int("answered_at"), now: context.now)
        // What an undo of this answer puts back in the note, carried by the next page's address.
        let before = studying.writtenGroup(before: card, replay: flow.replay, cram: run.focus == .cram)
        do {
            var flow = flow
            if flow.entry?.card.id == id, let response {
                // The card the queue shows next: through the flow, as the terminal answers it.
                _ = flow.handle(.reveal)
                _ = try flow.send(
                    .rate(answer, elapsedMilliseconds: elapsed, responseMilliseconds: response, given: given),
                    through: studying)
            } else {
                // Another device moved the queue on, an answer given offline, or a page without
                // its script (no response time, which the flow's input needs): the same use case.
                try flow.answerOutOfTurn(
                    card, with: answer, elapsedMilliseconds: elapsed, responseMilliseconds: response, given: given,
                    through: studying)
            }
        } catch {
            return .text("the answer was not saved: \(error.localizedDescription)", status: 500)
        }
        return .redirect(run.adding(answer.ledgerValue, card: card.id, before: before))
    }

    /// POST `card=ID[&given=ID]&folder=&n=&m=&t=&csrf=`: `card`'s last answer
    /// taken back (an `answer-undo` event, once per `given`); then that card again.
    static func undo(_ context: AppContext, form: FormFields) -> WebResponse {
        let run = Run(folder: form["folder"], query: form)
        let studying = Studying(context)
        guard let id = form["card"], let card = studying.cards.first(where: { $0.id == id }) else {
            return .text("no such card", status: 404)
        }
        let given: String?
        switch Self.given(form) {
        case .success(let id): given = id
        case .failure(let refusal): return refusal.response
        }
        do {
            // As the terminal's undo: the comment written for the answer goes back to what it was.
            let group = run.last == card.id ? run.before : nil
            guard
                try studying.undoLastAnswer(of: card, cram: run.focus == .cram, given: given, puttingBack: group) != nil
            else {
                return .text("that card has no answer to take back", status: 409)
            }
        } catch {
            return .text("the undo was not saved: \(error.localizedDescription)", status: 500)
        }
        return .redirect(run.undone)
    }

    /// POST `card=ID[&given=ID]&…`: the card shown moved up a tier (tiers
    /// scheduler), as the terminal's `p`; then the same card, revealed.
    static func promote(_ context: AppContext, form: FormFields) -> WebResponse {
        let run = Run(folder: form["folder"], query: form)
        guard case .success(let (studying, flow)) = session(context, run: run) else {
            return .text("that folder has no cards", status: 404)
        }
        guard let id = form["card"], flow.entry?.card.id == id else {
            return .text("that card is not the one shown", status: 409)
        }
        var revealed = flow
        _ = revealed.handle(.reveal)
        guard revealed.promotionOffered != nil else { return .text("no promotion is offered for that card", status: 409) }
        do {
            _ = try revealed.send(.promote(elapsedMilliseconds: 0), through: studying)
        } catch {
            return .text("the promotion was not saved: \(error.localizedDescription)", status: 500)
        }
        let here = run.here
        return .redirect(here + (here.contains("?") ? "&" : "?") + "reveal=1")
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

    /// The address's query with `name=1` added.
    static func with(_ address: String, _ name: String) -> String {
        address + (address.contains("?") ? "&" : "?") + name + "=1"
    }

    static func card(
        _ flow: StudyFlow, studying: Studying, run: Run, reveal: Bool, hint: Bool, csrf: String, links: VaultLinks? = nil
    ) -> HTML {
        guard let entry = flow.entry else { return "" }
        let context = studying.context
        let card = entry.card
        let scheduler = entry.schedule.settings.name
        let left = min(flow.queue.entries.count, run.limit.map { $0 - run.answers.count } ?? Int.max)
        let tally = AnswerTally(ledgerWords: run.answers)
        var html: HTML = "<h1 class=\"visually-hidden\">Study</h1>"
        // Reminders not acted on come first, as in the terminal; the first answer acts on them.
        if let latest = flow.pendingReminders.first, run.answers.isEmpty {
            let count = flow.pendingReminders.count
            html += "<p class=\"pending\" role=\"status\">\(count == 1 ? "1 reminder waiting" : "\(count) reminders waiting") since "
            html += "\(SessionText.clock(flow.pendingReminders.last!.raised, context.timeZone)): \(latest.title) (answering here acts on it)</p>"
        }
        // The counter moves on with each answer: the answers of this run, then the cards left.
        let position = run.answers.count + 1
        let total = run.answers.count + left
        var line: HTML = "<strong id=\"counter\" data-position=\"\(position)\" data-total=\"\(total)\">Card \(position) of \(total)</strong>"
        line += " · \(entry.group.name) · \(scheduler.rawValue)"
        if let focus = run.focusName { line += " · \(focus)" }
        if let live = tally.progress {
            line += " · <span id=\"accuracy\">\(live)</span>"
        } else {
            // Before the first answer, the session's size and length, as the terminal shows them.
            let minutes = max(1, (left * StudyFlow.secondsPerCard + 59) / 60)
            line += " · <span id=\"estimate\">\(plural(left, "card")), ~\(minutes) min</span>"
        }
        html += "<div class=\"study-head\"><p class=\"progress\" role=\"status\">\(line)</p>"
        html += "<p class=\"timer timer-green\" id=\"timer\" data-amber=\"\(flow.timer.amber)\" data-red=\"\(flow.timer.red)\""
        html += " aria-label=\"Seconds on this card\"\(reveal ? " hidden" : "")>0s</p></div>"
        html += "<p class=\"meta\" id=\"place\"><a href=\"/notes/\(HTML.urlPath(card.notePath))\">\(card.notePath):\(card.line)</a></p>"
        html += "<p class=\"offline-count\" id=\"waiting\" role=\"status\" hidden></p>"
        html += "<article class=\"card\" id=\"card\" data-card=\"\(card.id)\">"
        html += "<div class=\"question\">\(cardHTML(card.question, of: card.notePath, links: links))</div>"
        // The paragraph's pictures and sounds the card's text does not show itself (those it shows are rendered in it).
        let media = studying.media(of: card)
        let shown = { (path: String) in
            let name = (path as NSString).lastPathComponent
            return card.question.contains(name) || card.answer.contains(name)
        }
        for picture in media.pictures where !shown(picture) {
            html += "<figure class=\"card-picture\"><img src=\"/files/\(HTML.urlPath(picture))\" alt=\"\((picture as NSString).lastPathComponent)\"></figure>"
        }
        for sound in media.sounds where !shown(sound) {
            html += "<p class=\"sound\"><audio controls preload=\"metadata\" src=\"/files/\(HTML.urlPath(sound))\""
            html += " aria-label=\"\((sound as NSString).lastPathComponent)\"></audio></p>"
        }
        if let hintText = card.hint {
            html += "<p class=\"hint\" id=\"hint\"\(hint && !reveal ? "" : " hidden")>Hint: \(hintText)</p>"
        }
        html += "<div class=\"answer\" id=\"answer\"\(reveal ? "" : " hidden")><hr>"
        html += cardHTML(card.revealed(marking: "**", "**"), of: card.notePath, links: links)
        html += "</div></article>"
        html += nextCards(flow, limit: left, answered: run.answers.count)
        var keys: HTML = "<nav class=\"keys sticky grouped\" aria-label=\"Answer\">"
        keys += "<div id=\"reveal-bar\" class=\"bar\"\(reveal ? " hidden" : "")>"
        keys += PageLayout.linkButton(href: with(run.here, "reveal"), label: "Show the answer", key: "Space", className: "button primary reveal")
        if card.hint != nil {
            keys += PageLayout.linkButton(href: with(run.here, "hint"), label: "Hint", key: "h", className: "button show-hint")
        }
        keys += "</div><div id=\"rate-bar\" class=\"ratings\"\(reveal ? "" : " hidden")>"
        // The usual answer is marked: the script focuses it when the answer is shown. Each
        // answer in its tone's colour (RatingChoice.tone), named in words.
        for rating in flow.ratings(at: flow.start) {
            let answer = rating.choice.answer
            keys += PageLayout.postButton(
                action: "/study/rate", csrf: csrf,
                fields: [("card", card.id), ("answer", answer.ledgerValue), ("response_ms", "")] + run.fields,
                label: "\(rating.choice.label) <span class=\"interval\">\(rating.interval)</span>",
                key: String(rating.choice.key),
                className: "button rate tone-\(rating.choice.tone.rawValue)\(rating.choice.isUsual ? " usual" : "")",
                queue: true)
        }
        var revealed = flow
        _ = revealed.handle(.reveal)
        if let tier = revealed.promotionOffered {
            keys += PageLayout.postButton(
                action: "/study/promote", csrf: csrf, fields: [("card", card.id)] + run.fields,
                label: "Promote to \(tier.rawValue)", key: "p", className: "button promote")
        }
        keys += "</div><div class=\"bar\">"
        if let last = run.last, !run.answers.isEmpty {
            keys += PageLayout.postButton(
                action: "/study/undo", csrf: csrf, fields: [("card", last)] + run.fields, label: "Undo the last answer",
                key: "u", className: "button quiet undo")
        }
        keys += PageLayout.linkButton(href: "/decks", label: "Stop", key: "q", className: "button quiet")
        keys += "</div></nav>"
        return PageLayout.page(title: "Study", csrf: csrf, body: PageLayout.withKeyBar(html, keys), bodyClass: "study")
    }

    /// The next cards of the queue as data (`<script type="application/json">`, never run), so a
    /// phone that loses the network goes on studying; answers are then kept until it returns.
    /// Each card carries what its rating buttons need (their answers, words, keys, tones), the
    /// first its place in the run (`answered`).
    static func nextCards(_ flow: StudyFlow, limit: Int, answered: Int = 0) -> HTML {
        let entries = flow.queue.entries.prefix(max(0, min(limit, 50)))
        let cards = entries.map { entry in
            let card = entry.card
            return OfflineCard(
                id: card.id, question: card.question, answer: card.revealed(), place: "\(card.notePath):\(card.line)",
                hint: card.hint ?? "",
                ratings: RatingChoice.choices(for: entry.schedule.settings.name).map {
                    OfflineCard.Rating(
                        answer: $0.answer.ledgerValue, label: $0.label, key: String($0.key), tone: $0.tone.rawValue,
                        usual: $0.isUsual)
                })
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(OfflineQueue(answered: answered, cards: cards)) else { return "" }
        return "<script type=\"application/json\" id=\"next-cards\">\(scriptData(String(decoding: data, as: UTF8.self)))</script>"
    }

    /// What app.js reads from `#next-cards` to go on offline.
    struct OfflineQueue: Encodable {
        var answered: Int
        var cards: [OfflineCard]
    }

    /// A card of the offline queue: its texts and its rating buttons.
    struct OfflineCard: Encodable {
        struct Rating: Encodable {
            var answer: String
            var label: String
            var key: String
            var tone: String
            var usual: Bool
        }
        var id: String
        var question: String
        var answer: String
        var place: String
        var hint: String
        var ratings: [Rating]
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
    static func cardHTML(_ text: String, of notePath: String = "", links: VaultLinks? = nil) -> HTML {
        let rendered =
            links.map { NoteHTML.card(text, of: notePath, links: $0) }
            ?? MarkdownHTML(links: NoteHTML.NoLinks(), highlights: false).render(text, from: notePath)
        // The gap is the program's own text ("[…]"), so marking it adds only our markup.
        return HTML(trusted: rendered.rendered.replacingOccurrences(of: Card.clozeGap, with: "<mark>\(Card.clozeGap)</mark>"))
    }

    static func summary(_ flow: StudyFlow, run: Run, context: AppContext, csrf: String) -> HTML {
        var html: HTML = "<h1>Study</h1>"
        if run.answers.isEmpty {
            let queue = flow.queue
            if queue.dailyLimitReached {
                html += "<p class=\"done\" role=\"status\">Nothing to study now: the daily limit of \(queue.dailyLimit) is reached "
                html += "(\(queue.studiedToday) answered today).</p>"
            } else {
                html += "<p class=\"done\" role=\"status\">Nothing to study now.</p>"
            }
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
        if !flow.isFinished { html += PageLayout.linkButton(href: run.address(answers: []), label: "Go on studying", key: "Enter") }
        html += PageLayout.linkButton(href: "/decks", label: "Decks")
        if let last = run.last, !run.answers.isEmpty {
            html += PageLayout.postButton(
                action: "/study/undo", csrf: csrf, fields: [("card", last)] + run.fields, label: "Undo the last answer",
                key: "u", className: "button quiet undo")
        }
        html += "</nav>"
        return PageLayout.page(title: "Study summary", csrf: csrf, body: html, bodyClass: "study")
    }
}

/// A handler's refusal carried as a value (``WebResponse``), for helpers that decide it.
struct WebResponseError: Error {
    let response: WebResponse
    init(_ response: WebResponse) { self.response = response }
}
