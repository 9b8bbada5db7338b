import Foundation
import VaultCore
import VaultMarkdown

/// The calibration of the FSRS weights: predicted recall (x) against the
/// share recalled (y) per bin, the diagonal being a perfect prediction; a
/// dot's area grows with the reviews in its bin.
enum CalibrationChart {
    static func svg(_ scheduler: CalibrationStats.Scheduler, size: Int = 300) -> HTML {
        let left = 40.0, top = 12.0, plot = Double(size) - 64
        func x(_ v: Double) -> Double { left + plot * v }
        func y(_ v: Double) -> Double { top + plot - plot * v }
        var out: HTML = "<svg class=\"calibration\" role=\"img\" viewBox=\"0 0 \(size) \(size)\" width=\"\(size)\" height=\"\(size)\">"
        out += "<title>Predicted recall against actual recall, \(scheduler.scope)</title>"
        for tick in stride(from: 0.0, through: 1.0, by: 0.2) {
            let label = "\(Int((tick * 100).rounded()))%"
            out += "<line class=\"grid\" x1=\"\(SVGChart.fmt(x(0)))\" y1=\"\(SVGChart.fmt(y(tick)))\" x2=\"\(SVGChart.fmt(x(1)))\" y2=\"\(SVGChart.fmt(y(tick)))\"/>"
            out += "<text x=\"\(SVGChart.fmt(x(0) - 4))\" y=\"\(SVGChart.fmt(y(tick) + 3))\" text-anchor=\"end\">\(label)</text>"
            out += "<text x=\"\(SVGChart.fmt(x(tick)))\" y=\"\(SVGChart.fmt(y(0) + 14))\" text-anchor=\"middle\">\(label)</text>"
        }
        out += "<line class=\"axisline\" stroke-dasharray=\"4 3\" x1=\"\(SVGChart.fmt(x(0)))\" y1=\"\(SVGChart.fmt(y(0)))\" x2=\"\(SVGChart.fmt(x(1)))\" y2=\"\(SVGChart.fmt(y(1)))\"/>"
        let most = Double(scheduler.bins.map(\.count).max() ?? 1)
        let points = scheduler.bins.map { "\(SVGChart.fmt(x($0.predicted))),\(SVGChart.fmt(y($0.actual)))" }
        if points.count > 1 {
            out += "<polyline fill=\"none\" stroke=\"var(--a)\" stroke-width=\"1.5\" points=\"\(points.joined(separator: " "))\"/>"
        }
        for bin in scheduler.bins {
            let r = 2.5 + 5.5 * (Double(bin.count) / most).squareRoot()
            out += "<circle cx=\"\(SVGChart.fmt(x(bin.predicted)))\" cy=\"\(SVGChart.fmt(y(bin.actual)))\" r=\"\(SVGChart.fmt(r))\" fill=\"var(--a)\">"
            out += "<title>predicted \(percent(bin.predicted)), recalled \(percent(bin.actual)) of \(bin.count) reviews</title></circle>"
        }
        out += "<text class=\"label\" x=\"\(SVGChart.fmt(x(0.5)))\" y=\"\(size - 4)\" text-anchor=\"middle\">predicted recall</text>"
        out += "<text class=\"label\" transform=\"rotate(-90)\" x=\"\(SVGChart.fmt(-y(0.5)))\" y=\"11\" text-anchor=\"middle\">recalled</text>"
        return out + "</svg>"
    }

    static func percent(_ v: Double) -> String { "\(Int((v * 100).rounded()))%" }

    /// One line per set of weights for the terminal: the metrics and the bins.
    static func lines(_ calibration: CalibrationStats) -> [String] {
        calibration.schedulers.flatMap { s -> [String] in
            let head =
                "  calibration (\(TerminalText.forScreen(s.scope))): log loss \(String(format: "%.4f", s.logLoss)), RMSE(bins) \(String(format: "%.2f", s.rmseBins * 100))%, \(s.predictions) predictions"
            let bins = s.bins.reversed().map { "\(percent($0.predicted))→\(percent($0.actual)) (\($0.count))" }
            return [head, "    predicted→recalled  " + bins.joined(separator: " · ")]
        }
    }
}

extension StatsHTML {
    /// The calibration section (empty without FSRS predictions).
    func calibration() -> HTML {
        let c = stats.calibration
        guard !c.schedulers.isEmpty else { return "" }
        var content: HTML = "<div class=\"grid2\">"
        for s in c.schedulers {
            let caption =
                "\(s.scope): log loss \(String(format: "%.4f", s.logLoss)), RMSE(bins) \(String(format: "%.2f", s.rmseBins * 100))%, \(s.predictions) predictions"
            content += figure(caption, CalibrationChart.svg(s))
        }
        content += "</div>"
        return section(
            "FSRS calibration",
            "Predicted recall of each review a day or more after the previous answer, in bins of 10%, against the share recalled; the dashed diagonal is a perfect prediction. <code>vault fsrs optimize</code> fits the weights to your answers.",
            content)
    }
}
