import Foundation
import VaultCore
import VaultMarkdown

/// `vault stats` in the terminal: a dashboard as wide as the window, small
/// bar charts, and the year's activity calendar as GitHub draws it (weeks as
/// columns, Monday on top). Without colour the calendar shades by characters.
package struct StatsDashboard {
    let stats: VaultStatistics
    let style: ANSIStyle
    let width: Int

    /// The dashboard of `stats`, in `style`, fitted to `width` columns.
    package init(stats: VaultStatistics, style: ANSIStyle, width: Int) {
        self.stats = stats
        self.style = style
        self.width = width
    }

    /// The calendar's shades, nothing to most: characters without colour, green cells with.
    static let shades: [Character] = ["·", "░", "▒", "▓", "█"]
    static let greens = ["#2d333b", "#0e4429", "#006d32", "#26a641", "#39d353"]
    static let spark: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// The latest milestones the dashboard lists (all are in `--json`).
    static let milestonesShown = 5

    /// The dashboard's lines, joined.
    package var text: String {
        var out: [String] = []
        let s = stats
        out.append(style.bold("Vault statistics") + style.dim("  \(s.today), charts over \(s.days) days"))
        out.append("")
        let n = s.notes
        out.append(style.bold("Notes \(n.total)") + "  " + n.perCycle.map { "\($0.name) \(Int($0.count))" }.joined(separator: " · "))
        out += bars(n.perCategory.prefix(Self.categoriesShown).map { $0 }, indent: "  ")
        let unshown = n.perCategory.dropFirst(Self.categoriesShown)
        if !unshown.isEmpty {
            let notes = Int(unshown.reduce(0) { $0 + $1.count })
            let categories = unshown.count == 1 ? "1 more category" : "\(unshown.count) more categories"
            out.append(style.dim("  and \(categories), \(plural(notes, "note"))"))
        }
        out.append("  captured per week  " + sparkline(n.capturedPerWeek.map(\.count)) + style.dim("  \(Int(n.capturedPerWeek.map(\.count).reduce(0, +))) in \(n.capturedPerWeek.count) weeks"))
        out.append("  kept  " + n.funnel.map { step in
            "\(step.level) \(step.kept)/\(step.decided)" + (step.keepRate.map { " (\(percent($0)))" } ?? "")
        }.joined(separator: " · "))
        out.append("")
        let c = s.curation
        out.append(style.bold("Curation") + "  decisions per week " + sparkline(c.decisionsPerWeek.map(\.count)))
        out.append("  " + c.periods.map { "\($0.level): \($0.onTime) on time, \($0.late) late, \($0.missed) missed" }.joined(separator: " · "))
        out.append("")
        let k = s.cards
        if k.total == 0 && s.reviews.total == 0 {
            out.append(style.bold("Flashcards") + "  none yet: notes in a deck (`decks` in .vault/config.yml) hold them")
        } else {
            appendCards(to: &out)
        }
        out.append("")
        let t = s.studyTime
        if t.totalMinutes == 0 {
            out.append(style.bold("Study time") + "  none yet: `vault session start SUBJECT`")
        } else {
            out.append(style.bold("Study time \(SessionText.duration(t.totalMinutes))"))
            out += bars(t.perSubject.map { Tally($0.subject, Double($0.minutes)) }, indent: "  ") { SessionText.duration(Int($0)) }
            out.append("  per weekday  " + t.perWeekday.map { "\($0.name.prefix(2)) \(SessionText.duration(Int($0.count)))" }.joined(separator: " "))
            for goal in t.goals {
                out.append("  goal \(goal.subject ?? "all"): \(goal.percent)% of \(SessionText.hours(goal.hours)) h by \(goal.by), \(goal.standing)")
            }
        }
        out.append("")
        if !s.loci.itineraries.isEmpty {
            out.append(style.bold("Memory palaces"))
            for palace in s.loci.itineraries {
                var text = "  \(TerminalText.forScreen(palace.name)): \(plural(palace.locations, "location")), \(palace.due) due, \(palace.new) new"
                if palace.answers > 0 {
                    text += "; \(plural(palace.answers, "answer")), quality \(String(format: "%.1f", palace.meanQuality ?? 0))"
                }
                if palace.numbersTyped > 0 { text += ", \(palace.numbersRight)/\(palace.numbersTyped) numbers right" }
                out.append(text)
            }
            out.append("")
        }
        if !s.milestones.isEmpty {
            out.append(style.bold("Milestones"))
            for milestone in s.milestones.reversed().prefix(Self.milestonesShown) {
                out.append("  \(milestone.day)  \(TerminalText.forScreen(milestone.title))" + (milestone.isNew ? style.yellow("  new today") : ""))
            }
            if s.milestones.count > Self.milestonesShown {
                out.append(style.dim("  and \(s.milestones.count - Self.milestonesShown) earlier (--json lists them)"))
            }
            out.append("")
        }
        if let best = s.insights.bestHour, let bin = s.insights.byHour.first(where: { $0.from == best }), let recall = bin.recall {
            var line = style.bold("Insights") + "  best hour \(best.zeroPadded(2)):00 (\(percent(recall)) recalled, \(bin.answers) answers)"
            let positions = s.insights.byPosition.filter { $0.recall != nil }
            if positions.count > 1 {
                line += " · by position in a sitting " + positions.map { "\($0.from)+ \(percent($0.recall!))" }.joined(separator: ", ")
            }
            out.append(line)
            out += insightLines()
            out.append("")
        } else if !insightLines().isEmpty {
            out.append(style.bold("Insights"))
            out += insightLines()
            out.append("")
        }
        if let reminders = s.reminders, reminders.total > 0 {
            out.append(
                style.bold("Reminders") + "  \(reminders.total) in \(reminders.days) days: \(reminders.study) studied, "
                    + "\(reminders.snooze) snoozed, \(reminders.skip) skipped, \(reminders.ignored) ignored"
                    + (reminders.pending > 0 ? ", \(reminders.pending) waiting" : ""))
            out.append("")
        }
        out.append(style.bold("Streak \(plural(s.streak, "day"))") + "  best \(s.bestStreak)")
        out += calendar()
        return out.map { TextWrap.truncate($0, width: width) }.joined(separator: "\n")
    }

    /// The advice of the insights: the sitting length that recalls best, and the cards failed most.
    func insightLines() -> [String] {
        let insights = stats.insights
        var lines: [String] = []
        if let best = insights.bestSittingLength,
            let bin = insights.bySittingLength.first(where: { $0.from == best }), let recall = bin.recall
        {
            let bins = Insights.sittingLengthBins
            let next = bins.firstIndex(of: best).flatMap { $0 + 1 < bins.count ? bins[$0 + 1] - 1 : nil }
            let span = next.map { "\(best)-\($0)" } ?? "\(best) or more"
            let others = insights.bySittingLength.filter { $0.recall != nil && $0.from != best }
            lines.append(
                "  sittings of \(span) answers recall best (\(percent(recall)))"
                    + (others.isEmpty ? "" : style.dim("; " + others.map { "\($0.from)+ \(percent($0.recall!))" }.joined(separator: ", "))))
        }
        if !insights.hardestCards.isEmpty {
            lines.append("  hardest cards (rewrite, split or add a hint; vault study --weak takes them first):")
            for card in insights.hardestCards {
                let question = card.question.map { TerminalText.oneLine($0) } ?? "(no longer in a note)"
                lines.append("    \(card.card.prefix(8))  \(card.answers - card.failed) of \(card.answers) right  \(question)")
            }
        }
        return lines
    }

    /// The flashcard lines: counts by state and scheduler, reviews, retention, the forecast.
    func appendCards(to out: inout [String]) {
        let k = stats.cards
        let schedulers = k.perScheduler.filter { $0.count > 0 }
        out.append(style.bold("Flashcards \(k.total)") + "  " + k.perState.map { "\($0.name) \(Int($0.count))" }.joined(separator: " · ")
            + (schedulers.isEmpty ? "" : style.dim("  (" + schedulers.map { "\($0.name) \(Int($0.count))" }.joined(separator: ", ") + ")")))
        let r = stats.reviews
        let perDay = r.perDay.map { Double($0.learn + $0.young + $0.mature + $0.relearn) }
        out.append("  reviews per day  " + sparkline(perDay) + style.dim("  \(r.total) in \(stats.days) days"))
        let byKind = ReviewKind.allCases.map { kind in
            "\(kind.rawValue) \(r.perDay.reduce(0) { $0 + [$1.learn, $1.young, $1.mature, $1.relearn][ReviewKind.allCases.firstIndex(of: kind)!] })"
        }
        out.append("  " + byKind.joined(separator: " · "))
        let retention = r.retention.map { span in "\(span.span) \(span.total.map(percent) ?? "–")" }.joined(separator: " · ")
        out.append("  true retention  " + retention)
        // As many of the next days as fit after the label (all 30 from 60 columns), the label saying how many.
        let label = "  next \(k.forecast.count) days  "
        let days = min(k.forecast.count, max(8, width - DisplayWidth.of(label) - 14))
        out.append("  next \(days) days  " + sparkline(k.forecast.prefix(days).map { Double($0.due) }, fitting: false) + style.dim("  \(k.forecast.first?.due ?? 0) due today, \(k.forecast.prefix(7).reduce(0) { $0 + $1.due }) this week, daily load \(SVGChart.number(k.dailyLoad))"))
        if k.estimatedKnown > 0 { out.append("  FSRS: about \(k.estimatedKnown) cards known now (sum of retrievability)") }
        out += CalibrationChart.lines(stats.calibration)
        if let median = r.medianAnswerSeconds { out.append("  answer time: median \(String(format: "%.1f", median)) s") }
        if k.relinked + k.orphaned > 0 { out.append("  \(k.relinked) re-linked, \(k.orphaned) orphaned histories") }
        if k.cramming > 0 { out.append("  cramming: \(k.cramming) answers in \(stats.days) days (no schedule changed)") }
        if k.leeches > 0 { out.append("  leeches: \(k.leeches)  " + style.dim("vault cards --leeches")) }
    }

    /// The categories drawn as bars; the rest are counted on one line.
    static let categoriesShown = 8

    /// Horizontal bars for `tallies`, the longest as wide as the room allows.
    func bars(_ tallies: [Tally], indent: String, format: (Double) -> String = { String(Int($0)) }) -> [String] {
        guard let top = tallies.map(\.count).max(), top > 0 else { return [] }
        let label = min(18, tallies.map { DisplayWidth.of($0.name) }.max() ?? 0)
        let room = max(4, min(40, width - indent.count - label - 12))
        return tallies.map { t in
            let name = TextWrap.truncate(t.name, width: label)
            let pad = String(repeating: " ", count: max(0, label - DisplayWidth.of(name)))
            let length = max(t.count > 0 ? 1 : 0, Int((t.count / top * Double(room)).rounded()))
            return indent + name + pad + " " + style.cyan(String(repeating: "█", count: length)) + " " + format(t.count)
        }
    }

    /// `▁▃▇…` for `values`; `fitting`: the last of them, at most the width left.
    func sparkline(_ values: [Double], fitting: Bool = true) -> String {
        let shown = fitting ? values.suffix(max(8, width - 40)) : values[...]
        guard let top = shown.max(), top > 0 else { return String(repeating: "▁", count: shown.count) }
        return String(shown.map { Self.spark[min(7, Int(($0 / top * 7).rounded()))] })
    }

    func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }

    /// The activity calendar: 7 rows (Monday to Sunday), one column a week, the most recent weeks that fit.
    func calendar() -> [String] {
        let cal = stats.calendar
        let weeks = min(cal.weeks, max(8, width - 5))
        let firstWeek = cal.weeks - weeks
        var grid = Array(repeating: Array(repeating: " ", count: weeks), count: 7)
        for day in cal.days where day.week >= firstWeek {
            let cell: String
            if style.enabled {
                cell = style.color("■", hex: Self.greens[day.level])
            } else {
                cell = String(Self.shades[day.level])
            }
            grid[day.weekday][day.week - firstWeek] = cell
        }
        var monthLine = Array(repeating: " ", count: weeks)
        var lastEnd = -1
        var lastAt: Int?
        for label in cal.months where label.week >= firstWeek {
            let at = label.week - firstWeek
            guard at + 3 <= weeks else { continue }
            if at <= lastEnd {
                // Too close to the label before: that one names the few days of a month the calendar
                // starts in, this one a whole month. The whole month keeps its label.
                guard let before = lastAt else { continue }
                for i in before..<min(weeks, before + 3) { monthLine[i] = " " }
            }
            for (i, c) in label.name.enumerated() { monthLine[at + i] = String(c) }
            lastEnd = at + 3
            lastAt = at
        }
        let names = ["Mon", "   ", "Wed", "   ", "Fri", "   ", "Sun"]
        return ["    " + monthLine.joined()] + (0..<7).map { style.dim(names[$0]) + " " + grid[$0].joined() }
            + [style.dim("    less " + (style.enabled ? Self.greens.map { style.color("■", hex: $0) }.joined() : String(Self.shades)) + " more")]
    }
}
