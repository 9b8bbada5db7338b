import Foundation
import VaultApp
import VaultCore
import VaultMarkdown

/// `/loci` and `/loci/ITINERARY/learn|review|reverse`: memory palaces over
/// ``LociFlow``, each location's real picture full width (from `/files/`).
///
/// Stateless as the other pages: the flow is made for each request over the
/// locations not yet answered in this walk (`r=`, their keys, in the address)
/// and driven to the step the address names (`s=` reveals in review, `typed=`
/// in reverse, `at=` in learn); a rating is a POST sent through the flow to
/// ``LociPalaces`` (the `loci-rate` event `vault loci` writes). Review order is
/// the terminal's (due first, longest overdue first); reverse shuffles the
/// locations left at each step (the terminal shuffles once per day).
enum LociPage {
    /// The address state of a walk.
    struct Run: Equatable {
        var rated: [String]
        var stage: Int
        var typed: String
        var at: Int

        init(_ query: FormFields) {
            rated = (query["r"] ?? "").split(separator: ",").map(String.init).prefix(200).map { $0 }
            stage = min(max(query.int("s") ?? 0, 0), 2)
            typed = String((query["typed"] ?? "").filter(\.isNumber).prefix(7))
            at = max(query.int("at") ?? 0, 0)
        }

        func query(rated extra: String? = nil, stage: Int? = nil, typed: String? = nil, at: Int? = nil) -> String {
            var parts: [String] = []
            let all = rated + (extra.map { [$0] } ?? [])
            if !all.isEmpty { parts.append("r=" + all.map(HTML.urlComponent).joined(separator: ",")) }
            if let stage, stage > 0 { parts.append("s=\(stage)") }
            if let typed, !typed.isEmpty { parts.append("typed=\(typed)") }
            if let at { parts.append("at=\(at)") }
            return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
        }
    }

    static func mode(_ text: String) -> LociFlow.Mode? {
        switch text {
        case "learn": .learn
        case "review": .review
        case "reverse": .reverse
        default: nil
        }
    }

    /// The flow over the locations of `walk` not yet answered in `run`, driven to its step.
    static func flow(_ palaces: LociPalaces, walk: LociWalk, mode: LociFlow.Mode, run: Run) -> (LociFlow, LociWalk) {
        var left = walk
        left.stops = walk.stops.filter { !run.rated.contains($0.key) }
        var flow = LociFlow(mode: mode, walk: left, states: palaces.states, start: palaces.context.now)
        flow.fixedMoment = palaces.context.clock.isFixed
        switch mode {
        case .learn:
            for _ in 0..<min(run.at, max(left.stops.count - 1, 0)) { _ = flow.handle(.next) }
        case .review:
            for _ in 0..<run.stage { _ = flow.handle(.reveal) }
        case .reverse:
            for digit in run.typed.compactMap(\.wholeNumberValue) { _ = flow.handle(.digit(digit)) }
            if run.stage >= 2 { _ = flow.handle(.check) }
        }
        return (flow, left)
    }

    /// `/loci`: every itinerary with its counts and its three walks.
    static func list(_ context: AppContext, csrf: String) -> WebResponse {
        let palaces = LociPalaces(context)
        var html: HTML = "<h1>Memory palaces</h1>"
        if palaces.walks.isEmpty { html += "<p class=\"dim\">No itinerary in this vault: <code>vault import loci</code> brings one.</p>" }
        for walk in palaces.walks {
            let counts = palaces.counts(walk)
            let base = "/loci/" + HTML.urlComponent(walk.name)
            html += "<section><h2>\(walk.name)</h2><p>\(walk.stops.count) locations · \(counts.due) due · \(counts.new) new</p>"
            if let cover = walk.image { html += "<figure class=\"locus\"><img src=\"/files/\(HTML.urlPath(cover))\" alt=\"\(walk.name)\"></figure>" }
            html += "<p class=\"actions\">" + PageLayout.linkButton(href: base + "/learn", label: "Learn")
                + PageLayout.linkButton(href: base + "/review", label: "Review", className: "button primary")
                + PageLayout.linkButton(href: base + "/reverse", label: "Reverse") + "</p></section>"
        }
        return .page(PageLayout.page(title: "Memory palaces", csrf: csrf, body: html))
    }

    /// GET a walk.
    static func get(_ context: AppContext, itinerary: String, mode name: String, query: FormFields, csrf: String) -> WebResponse {
        let palaces = LociPalaces(context)
        guard let mode = mode(name), let walk = try? palaces.walk(itinerary) else {
            return .problem("No such walk", "“\(itinerary)/\(name)” is not an itinerary with learn, review or reverse.", status: 404, csrf: csrf)
        }
        let run = Run(query)
        let (flow, _) = flow(palaces, walk: walk, mode: mode, run: run)
        let base = "/loci/\(HTML.urlComponent(walk.name))/\(name)"
        var html: HTML = "<h1>\(walk.name): \(name)</h1>"
        guard let stop = flow.stop else {
            html += "<p class=\"done\" role=\"status\">Walk done: \(run.rated.count) of \(walk.stops.count) locations rated.</p>"
            html += "<nav class=\"keys\">" + PageLayout.linkButton(href: "/loci", label: "Palaces", key: "q", className: "button primary") + "</nav>"
            return .page(PageLayout.page(title: walk.name, csrf: csrf, body: html, bodyClass: "loci"))
        }
        let position = mode == .learn ? flow.index + 1 : run.rated.count + 1
        html += "<p class=\"progress\" role=\"status\">Location \(position) of \(mode == .learn ? walk.stops.count : walk.stops.count)</p>"
        let showName = mode == .learn || (mode == .review && flow.step == .rating) || mode == .reverse
        if mode != .reverse || flow.step == .rating {
            html += "<p class=\"sequence\">Number \(stop.sequence)</p>"
        }
        if showName {
            html += "<h2>\(stop.name)</h2>"
            if !stop.description.isEmpty { html += "<p>\(stop.description)</p>" }
        }
        if flow.showsPicture, let image = stop.image {
            html += "<figure class=\"locus\"><img src=\"/files/\(HTML.urlPath(image))\" alt=\"\(stop.name)\"></figure>"
        }
        // What the typed number got is said above the bar, not in it.
        if flow.step == .rating, let right = flow.typedRight {
            html += "<p class=\"\(right ? "done" : "problem")\">\(right ? "Right" : "Not that one"): you typed \(flow.typed).</p>"
        }
        var keys: HTML = "<nav class=\"keys sticky\" aria-label=\"Walk\">"
        switch flow.step {
        case .walking:
            if flow.index > 0 { keys += PageLayout.linkButton(href: base + run.query(at: flow.index - 1), label: "Previous", key: "p") }
            if flow.index + 1 < walk.stops.count {
                keys += PageLayout.linkButton(href: base + run.query(at: flow.index + 1), label: "Next", key: "n", className: "button primary")
            }
        case .number, .picture:
            keys += PageLayout.linkButton(
                href: base + run.query(stage: run.stage + 1), label: flow.step == .number ? "Show the picture" : "Show the answer",
                key: "Space", className: "button primary")
        case .typing:
            keys += "<form method=\"get\" action=\"\(base)\" class=\"inline\">"
            for key in run.rated.isEmpty ? [] : [run.rated.joined(separator: ",")] { keys += "<input type=\"hidden\" name=\"r\" value=\"\(key)\">" }
            keys += "<input type=\"hidden\" name=\"s\" value=\"2\"><label for=\"typed\">Its number</label> "
                + "<input id=\"typed\" name=\"typed\" type=\"number\" inputmode=\"numeric\" min=\"0\" max=\"9999999\" required autofocus> "
                + "<button class=\"button primary\" type=\"submit\">Check</button></form>"
        case .rating:
            for quality in 0...5 {
                let days = flow.outcome(quality: quality)?.interval ?? 0
                keys += PageLayout.postButton(
                    action: base, csrf: csrf,
                    fields: [("location", stop.key), ("quality", String(quality)), ("typed", run.typed), ("r", run.rated.joined(separator: ",")), ("response_ms", "")],
                    label: "\(quality) <span class=\"interval\">\(days)d</span>", key: String(quality), className: "button rate")
            }
        }
        keys += PageLayout.linkButton(href: "/loci", label: "Stop", key: "q", className: "button quiet") + "</nav>"
        return .page(PageLayout.page(title: walk.name, csrf: csrf, body: PageLayout.withKeyBar(html, keys), bodyClass: "loci"))
    }

    /// POST a rating: `location=KEY&quality=Q[&typed=N]&r=…`, sent through the flow.
    static func rate(_ context: AppContext, itinerary: String, mode name: String, form: FormFields) -> WebResponse {
        let palaces = LociPalaces(context)
        guard let mode = mode(name), mode != .learn, let walk = try? palaces.walk(itinerary) else {
            return .text("no such walk", status: 404)
        }
        var run = Run(form)
        run.stage = 2
        var (flow, left) = flow(palaces, walk: walk, mode: mode, run: run)
        guard let stop = flow.stop, stop.key == form["location"], let quality = form.int("quality"), (0...5).contains(quality) else {
            return .text("that location is not the one asked now", status: 409)
        }
        let response = form.int("response_ms").flatMap { (0...86_400_000).contains($0) ? $0 : nil }
        do {
            if let response {
                _ = try flow.send(.rate(quality, elapsedMilliseconds: 0, responseMilliseconds: response), through: palaces)
            } else {
                // A page without its script has no response time, which the flow's input needs: the same use case.
                try palaces.answer(
                    stop, of: left, mode: mode == .review ? .review : .reverse, quality: quality, at: palaces.context.now,
                    states: flow.states, responseMilliseconds: nil, typed: mode == .reverse ? Int(run.typed) : nil)
            }
        } catch {
            return .text("the rating was not saved: \(error.localizedDescription)", status: 500)
        }
        return .redirect("/loci/\(HTML.urlComponent(walk.name))/\(name)" + run.query(rated: stop.key))
    }
}
