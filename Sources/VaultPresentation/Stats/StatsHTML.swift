import Foundation
import VaultCore
import VaultMarkdown

/// `vault stats --html FILE`: one self-contained page (inline CSS and SVG,
/// no script, no request), light and dark by `prefers-color-scheme`.
package struct StatsHTML {
    let stats: VaultStatistics
    let title: String

    package init(stats: VaultStatistics, title: String) {
        self.stats = stats
        self.title = title
    }

    /// The report's content (its header and sections), the same in the
    /// written page and inside `vault serve`'s app (``page`` frames it alone).
    package var content: HTML {
        let s = stats
        var body: HTML = "<header><h1>\(title)</h1><p>Statistics on \(s.today) · charts over \(s.days) days · streak \(s.streak) days (best \(s.bestStreak))</p></header>"
        body += milestones()
        body += insights()
        body += section("Activity", "Ratings, curation decisions and study time per day over the last year.", calendar())
        body += notes()
        body += curation()
        body += cards()
        body += reviews()
        body += calibration()
        body += studyTime()
        body += loci()
        return body
    }

    /// The milestones reached, the latest first (as the terminal's dashboard lists them).
    func milestones() -> HTML {
        guard !stats.milestones.isEmpty else { return "" }
        let items = stats.milestones.reversed().map { milestone -> HTML in
            "<li><span class=\"day\">\(milestone.day)</span> \(milestone.title)\(milestone.isNew ? HTML(" <strong class=\"new\">new today</strong>") : HTML())</li>"
        }
        return section("Milestones", "Streaks, mastered cards, kept notes and hours of study, as they were reached.", "<ul class=\"milestones\">\(HTML.joined(items))</ul>")
    }

    /// When recall is best: by hour of the day and by place in a sitting (at least 20 answers a bin).
    func insights() -> HTML {
        let insight = stats.insights
        let hours = insight.byHour.filter { $0.recall != nil }
        guard !hours.isEmpty else { return "" }
        var list: HTML = "<ul class=\"insights\">"
        if let best = insight.bestHour, let bin = insight.byHour.first(where: { $0.from == best }), let recall = bin.recall {
            list += "<li>Best hour: <strong>\(best.zeroPadded(2)):00</strong>, \(percent(recall)) recalled over \(bin.answers) answers.</li>"
        }
        let positions = insight.byPosition.filter { $0.recall != nil }
        if positions.count > 1 {
            let text = positions.map { "card \($0.from)+ \(percent($0.recall))" }.joined(separator: ", ")
            list += "<li>By place in a sitting: \(text).</li>"
        }
        list += "</ul>"
        let rows = hours.map { bin -> HTML in "<tr><td>\(bin.from.zeroPadded(2)):00</td><td>\(bin.answers)</td><td>\(percent(bin.recall))</td></tr>" }
        let table: HTML = "<table><tr><th>hour</th><th>answers</th><th>recalled</th></tr>\(HTML.joined(rows))</table>"
        return section("Insights", "Recall by the hour of the answer and its place in a sitting, where 20 answers or more say it.", list + table)
    }

    package var page: String {
        let body = content
        let html: HTML = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title): statistics</title>
            <style>\(HTML(trusted: Self.css))</style></head>
            <body>\(body)<footer>Made by vault stats. Hover a bar or a cell for its number.</footer></body></html>

            """
        return html.rendered
    }

    package static let css = """
        :root{--bg:#ffffff;--fg:#1f2328;--muted:#656d76;--card:#f6f8fa;--line:#d0d7de;--c0:#ebedf0;--c1:#9be9a8;--c2:#40c463;--c3:#30a14e;--c4:#216e39;--a:#137fec;--b:#10b981;--c:#f59e0b;--d:#ef4444;--e:#8b5cf6}
        @media (prefers-color-scheme: dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#8d96a0;--card:#161b22;--line:#30363d;--c0:#161b22;--c1:#0e4429;--c2:#006d32;--c3:#26a641;--c4:#39d353}}
        body{margin:0;padding:24px 32px;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
        header h1{margin:0 0 4px;font-size:24px}header p,footer,.note{color:var(--muted)}
        section{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:16px 20px;margin:16px 0}
        section h2{margin:0 0 4px;font-size:17px}.grid2{display:flex;flex-wrap:wrap;gap:24px}
        figure{margin:8px 0}figcaption{font-weight:600;margin-bottom:4px}
        svg text{fill:var(--muted);font-size:10px}svg .label{fill:var(--fg);font-size:11px}.grid{stroke:var(--line);stroke-width:.5}.axisline{stroke:var(--muted);stroke-width:1}
        table{border-collapse:collapse}td,th{padding:3px 10px;border-bottom:1px solid var(--line);text-align:right}th:first-child,td:first-child{text-align:left}
        svg{max-width:100%;height:auto}.grid2>*{min-width:0;max-width:100%}table{display:block;max-width:100%;overflow-x:auto}
        @media (max-width:600px){body{padding:12px}section{padding:12px}svg.calendar{max-width:none;width:720px}}
        .year{overflow-x:auto;direction:rtl}.year>svg{direction:ltr}.year:focus-visible{outline:2px solid var(--a)}
        .l0{fill:var(--c0)}.l1{fill:var(--c1)}.l2{fill:var(--c2)}.l3{fill:var(--c3)}.l4{fill:var(--c4)}
        """

    func section(_ name: String, _ note: HTML, _ content: HTML) -> HTML {
        "<section><h2>\(name)</h2><p class=\"note\">\(note)</p>\(content)</section>"
    }

    func figure(_ caption: String, _ svg: HTML) -> HTML { "<figure><figcaption>\(caption)</figcaption>\(svg)</figure>" }

    func percent(_ v: Double?) -> String { v.map { "\(Int(($0 * 100).rounded()))%" } ?? "–" }

    func calendar() -> HTML {
        let cal = stats.calendar
        let cell = 13.0, gap = 3.0, left = 30.0, top = 18.0
        let width = Int(left + Double(cal.weeks) * (cell + gap)) + 4
        let height = Int(top + 7 * (cell + gap)) + 4
        // Drawn at 1.4 times its size, so the year reads at a glance, and narrower when the
        // section is (the style sheet's `svg{max-width:100%}`): no inline style, which a
        // Content-Security-Policy (`vault serve`'s /stats) refuses.
        var svg: HTML = "<svg viewBox=\"0 0 \(width) \(height)\" width=\"\(width * 7 / 5)\" height=\"\(height * 7 / 5)\" role=\"img\" class=\"calendar\">"
        // A month's name takes two weeks' width: a first month shown for less (the year's
        // window starts in its last days) gives its place to the next one's name.
        for (k, label) in cal.months.enumerated()
        where k + 1 == cal.months.count || cal.months[k + 1].week - label.week >= 2 {
            svg += "<text x=\(quote(left + Double(label.week) * (cell + gap))) y=\"12\">\(label.name)</text>"
        }
        for (row, name) in ["Mon", "", "Wed", "", "Fri", "", "Sun"].enumerated() where !name.isEmpty {
            svg += "<text x=\"0\" y=\(quote(top + Double(row) * (cell + gap) + 10))>\(name)</text>"
        }
        for day in cal.days {
            let x = left + Double(day.week) * (cell + gap)
            let y = top + Double(day.weekday) * (cell + gap)
            svg += "<rect x=\(quote(x)) y=\(quote(y)) width=\"\(Int(cell))\" height=\"\(Int(cell))\" rx=\"2\" class=\"l\(day.level)\"><title>\(day.day): \(day.ratings) ratings, \(day.decisions) decisions, \(day.minutes) min studied</title></rect>"
        }
        // On a phone the year is drawn at a size that reads, in a box that scrolls
        // and opens at its right end: the latest weeks first.
        return "<div class=\"year\" tabindex=\"0\" role=\"region\" aria-label=\"Activity over the last year\">"
            + svg + "</svg></div>"
    }

    /// A number as a quoted attribute value.
    func quote(_ v: Double) -> HTML { "\"\(SVGChart.fmt(v))\"" }

    func notes() -> HTML {
        let n = stats.notes
        let cycles = SVGChart.bars(
            labels: n.perCycle.map(\.name), series: [.init(name: "notes", values: n.perCycle.map(\.count), color: "var(--a)")],
            width: 360, height: 200)
        let categories = SVGChart.horizontal(n.perCategory.prefix(12).map { ($0.name, $0.count) }, color: "var(--b)")
        let types = SVGChart.horizontal(n.perSourceType.prefix(10).map { ($0.name, $0.count) }, color: "var(--c)")
        let weeks = SVGChart.bars(
            labels: n.capturedPerWeek.map { String($0.name.suffix(3)) },
            series: [.init(name: "notes", values: n.capturedPerWeek.map(\.count), color: "var(--a)")], width: 420, height: 200)
        var funnel: HTML = "<table><tr><th>review</th><th>decided</th><th>kept</th><th>keep rate</th></tr>"
        for step in n.funnel { funnel += "<tr><td>\(step.level)</td><td>\(step.decided)</td><td>\(step.kept)</td><td>\(percent(step.keepRate))</td></tr>" }
        funnel += "</table>"
        return section(
            "Notes (\(n.total))", "Where the notes are in the curation cycle, and what they are about.",
            "<div class=\"grid2\">" + figure("Per cycle", cycles) + figure("Captured per week", weeks) + figure("Per category", categories)
                + figure("Per source type", types) + figure("Curation funnel", funnel) + "</div>")
    }

    func curation() -> HTML {
        let c = stats.curation
        let weeks = SVGChart.bars(
            labels: c.decisionsPerWeek.map { String($0.name.suffix(3)) },
            series: [.init(name: "decisions", values: c.decisionsPerWeek.map(\.count), color: "var(--e)")], width: 420, height: 200)
        var table: HTML = "<table><tr><th>level</th><th>on time</th><th>late</th><th>missed</th></tr>"
        for p in c.periods { table += "<tr><td>\(p.level)</td><td>\(p.onTime)</td><td>\(p.late)</td><td>\(p.missed)</td></tr>" }
        table += "</table>"
        return section("Curation", "Keep and archive decisions, and how past reviews went (on time: done before the next period's review day).",
            "<div class=\"grid2\">" + figure("Decisions per week", weeks) + figure("Past periods", table) + "</div>")
    }

    func cards() -> HTML {
        let k = stats.cards
        let states = SVGChart.bars(
            labels: k.perState.map(\.name), series: [.init(name: "cards", values: k.perState.map(\.count), color: "var(--a)")],
            width: 300, height: 200)
        let forecast = SVGChart.bars(
            labels: k.forecast.map { String($0.day.suffix(5)) },
            series: [.init(name: "cards due", values: k.forecast.map { Double($0.due) }, color: "var(--a)")],
            line: .init(name: "load (Σ 1/interval)", values: k.forecast.map(\.load), color: "var(--d)"), width: 620,
            labelEvery: 5)
        let intervals = SVGChart.bars(
            labels: k.intervals.map(\.name), series: [.init(name: "cards", values: k.intervals.map(\.count), color: "var(--b)")],
            width: 460, height: 200)
        var content: HTML = "<div class=\"grid2\">" + figure("Cards per state", states) + figure("Forecast: due per day, 30 days · daily load \(SVGChart.number(k.dailyLoad)) (Σ 1/interval)", forecast)
            + figure("Intervals (review cards)", intervals)
        if k.perTier.contains(where: { $0.count > 0 }) {
            content += figure("Tiers", SVGChart.bars(labels: k.perTier.map(\.name), series: [.init(name: "cards", values: k.perTier.map(\.count), color: "var(--c)")], width: 300, height: 200))
        }
        content += figure("Cards per scheduler", SVGChart.horizontal(k.perScheduler.map { ($0.name, $0.count) }, color: "var(--e)", width: 320))
        if k.stability.contains(where: { $0.count > 0 }) {
            content += figure("FSRS stability", SVGChart.bars(labels: k.stability.map(\.name), series: [.init(name: "cards", values: k.stability.map(\.count), color: "var(--b)")], width: 460, height: 200))
            content += figure("FSRS difficulty", SVGChart.bars(labels: k.difficulty.map(\.name), series: [.init(name: "cards", values: k.difficulty.map(\.count), color: "var(--c)")], width: 320, height: 200))
            content += figure("FSRS retrievability now", SVGChart.bars(labels: k.retrievability.map(\.name), series: [.init(name: "cards", values: k.retrievability.map(\.count), color: "var(--a)")], width: 580, height: 200))
        }
        content += "</div><p>Estimated cards known now (FSRS, the sum of retrievability): <b>\(SVGChart.number(k.estimatedKnown))</b> · re-linked: \(k.relinked) · orphaned histories: \(k.orphaned)</p>"
        return section("Flashcards (\(k.total))", "Cards as they stand and the work ahead.", content)
    }

    func reviews() -> HTML {
        let r = stats.reviews
        let labels = r.perDay.map { String($0.day.suffix(5)) }
        let stacked = SVGChart.bars(
            labels: labels,
            series: [
                .init(name: "learn", values: r.perDay.map { Double($0.learn) }, color: "var(--a)"),
                .init(name: "young", values: r.perDay.map { Double($0.young) }, color: "var(--c2)"),
                .init(name: "mature", values: r.perDay.map { Double($0.mature) }, color: "var(--c4)"),
                .init(name: "relearn", values: r.perDay.map { Double($0.relearn) }, color: "var(--d)"),
            ], line: .init(name: "cumulative", values: r.perDay.map { Double($0.cumulative) }, color: "var(--e)"), width: 720,
            labelEvery: max(1, r.perDay.count / 10))
        let buttons = SVGChart.bars(
            labels: r.buttons.map(\.kind),
            series: [
                .init(name: "again", values: r.buttons.map { Double($0.again) }, color: "var(--d)"),
                .init(name: "hard", values: r.buttons.map { Double($0.hard) }, color: "var(--c)"),
                .init(name: "good", values: r.buttons.map { Double($0.good) }, color: "var(--b)"),
                .init(name: "easy", values: r.buttons.map { Double($0.easy) }, color: "var(--a)"),
            ], width: 360, height: 220)
        let hours = SVGChart.bars(
            labels: r.hours.map { "\($0.hour)" }, series: [.init(name: "reviews", values: r.hours.map { Double($0.reviews) }, color: "var(--a)")],
            line: .init(name: "pass rate %", values: r.hours.map { $0.passRate.map { $0 * 100 } ?? .nan }, color: "var(--b)"), width: 620,
            labelEvery: 2)
        let answer = r.medianAnswerSeconds == nil ? "<p class=\"note\">No answer times recorded (answers given with --rate have none).</p>" : SVGChart.bars(
            labels: r.answerSeconds.map { String($0.name.suffix(5)) },
            series: [.init(name: "seconds per answer", values: r.answerSeconds.map(\.count), color: "var(--c)")], width: 560,
            labelEvery: max(1, r.answerSeconds.count / 8))
        var retention: HTML = "<table><tr><th>span</th><th>young</th><th>mature</th><th>total</th><th>reviews</th></tr>"
        for span in r.retention {
            retention += "<tr><td>\(span.span)</td><td>\(percent(span.young))</td><td>\(percent(span.mature))</td><td>\(percent(span.total))</td><td>\(span.youngReviews + span.matureReviews)</td></tr>"
        }
        retention += "</table>"
        var folders: HTML = "<table><tr><th>folder</th><th>reviews</th><th>pass rate</th></tr>"
        for f in r.folders {
            folders += "<tr><td>\(f.folder)</td><td>\(f.reviews)</td><td>\(percent(f.passRate))</td></tr>"
        }
        folders += "</table>"
        // The weeks of the trend are those of the curation chart: the last weeks of the span, ending this one.
        let weeks = stats.curation.decisionsPerWeek.map { String($0.name.suffix(3)) }
        let palette = ["var(--a)", "var(--b)", "var(--c)", "var(--d)", "var(--e)", "var(--c4)", "var(--muted)"]
        let trend = r.folders.isEmpty ? "" : figure("Accuracy trend per folder (pass rate per week)", SVGChart.rateLines(
            labels: weeks,
            series: r.folders.prefix(palette.count).enumerated().map { i, f in
                .init(name: f.folder, values: f.weekly.map { $0 ?? .nan }, color: palette[i])
            }, width: 560, labelEvery: max(1, weeks.count / 10)))
        return section(
            "Reviews (\(r.total))", "The review log, counted as Anki counts it: learn, young (interval under 21 days), mature, relearn.",
            figure("Reviews per day", stacked) + "<div class=\"grid2\">" + figure("Answer buttons", buttons)
                + figure("True retention (first review of a card each day; Again fails)", retention)
                + figure("Hour of the day", hours) + figure("Answer time" + (r.medianAnswerSeconds.map { " (median \(SVGChart.number($0)) s)" } ?? ""), answer)
                + figure("Accuracy per folder", folders) + trend + "</div>")
    }

    func loci() -> HTML {
        guard !stats.loci.itineraries.isEmpty else { return "" }
        var table: HTML =
            "<table><tr><th>itinerary</th><th>locations</th><th>due</th><th>new</th><th>answers</th><th>mean quality</th><th>numbers right</th></tr>"
        for p in stats.loci.itineraries {
            let right = p.numbersTyped > 0 ? "\(p.numbersRight) of \(p.numbersTyped)" : "–"
            table +=
                "<tr><td>\(p.name)</td><td>\(p.locations)</td><td>\(p.due)</td><td>\(p.new)</td><td>\(p.answers)</td><td>\(p.meanQuality.map { String(format: "%.1f", $0) } ?? "–")</td><td>\(right)</td></tr>"
        }
        return section(
            "Memory palaces", "Locations due now and the review and reverse answers of the last \(stats.days) days (SM-2 quality 0-5).",
            table + "</table>")
    }

    func studyTime() -> HTML {
        let t = stats.studyTime
        guard t.totalMinutes > 0 else {
            return section("Study time", "No study sessions yet: <code>vault session start SUBJECT</code> starts one.", "")
        }
        let subjects = SVGChart.horizontal(t.perSubject.map { ($0.subject, Double($0.minutes) / 60) }, color: "var(--b)") { SVGChart.number($0) + " h" }
        let weekdays = SVGChart.bars(
            labels: t.perWeekday.map { String($0.name.prefix(3)) },
            series: [.init(name: "minutes", values: t.perWeekday.map(\.count), color: "var(--a)")], width: 360, height: 200)
        let days = SVGChart.bars(
            labels: t.perDay.map { String($0.name.suffix(5)) },
            series: [.init(name: "minutes", values: t.perDay.map(\.count), color: "var(--e)")], width: 620,
            labelEvery: max(1, t.perDay.count / 8))
        var table: HTML = "<table><tr><th>subject</th><th>time</th><th>sessions</th><th>questions</th><th>accuracy</th></tr>"
        for s in t.perSubject {
            table += "<tr><td>\(s.subject)</td><td>\(SessionText.duration(s.minutes))</td><td>\(s.sessions)</td><td>\(s.questions)</td><td>\(percent(s.accuracy))</td></tr>"
        }
        table += "</table>"
        var goals: HTML = ""
        for g in t.goals {
            goals += "<p>Goal \(g.subject ?? "all subjects"): \(SVGChart.number(g.hoursDone)) of \(SVGChart.number(g.hours)) h by \(g.by) (\(g.percent)%) — \(g.standing)</p>"
        }
        return section(
            "Study time (\(SessionText.duration(t.totalMinutes)))", "Timed and entered study sessions.",
            "<div class=\"grid2\">" + figure("Hours per subject", subjects) + figure("Minutes per weekday", weekdays)
                + figure("Minutes per day", days) + figure("Per subject", table) + "</div>" + goals)
    }
}
