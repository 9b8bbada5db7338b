import Foundation
import VaultCore
import VaultMarkdown

/// Small SVG charts for the HTML report: every one with axes, labels, and a
/// `<title>` on each bar, point or cell so hovering tells the number.
/// Colours are CSS variables, so the page's light and dark themes apply.
/// Built with ``HTML``: every label and name is escaped as it goes in.
enum SVGChart {
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    /// An axis for values up to `value`: a round step (1, 2 or 5 times a
    /// power of ten; whole numbers for counts) and the top, 2 to 5 steps up.
    static func axis(_ value: Double, integral: Bool = true) -> (top: Double, step: Double) {
        guard value > 0 else { return (integral ? 4 : 1, integral ? 1 : 0.25) }
        let raw = value / 4
        let magnitude = pow(10, floor(log10(raw)))
        var step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        if integral { step = max(1, step.rounded(.up)) }
        return (ceil(value / step) * step, step)
    }

    /// The top of an axis for `value` (see ``axis(_:integral:)``).
    static func niceTop(_ value: Double) -> Double { axis(value).top }

    /// One series of a chart: values per category, a CSS colour, a name for the titles.
    struct Series {
        var name: String
        var values: [Double]
        var color: String
    }

    /// Vertical bars, stacked when there are several series, with an
    /// optional line (its own right-hand scale) drawn over them.
    static func bars(
        labels: [String], series: [Series], line: Series? = nil, width: Int = 560, height: Int = 220,
        labelEvery: Int = 1, format: (Double) -> String = number
    ) -> HTML {
        let left = 40.0, right = line == nil ? 10.0 : 44.0, top = 12.0, bottom = 34.0
        let plotW = Double(width) - left - right
        let plotH = Double(height) - top - bottom
        let n = max(1, labels.count)
        let totals = (0..<labels.count).map { i in series.reduce(0) { $0 + ($1.values.indices.contains(i) ? $1.values[i] : 0) } }
        let integral = series.allSatisfy { $0.values.allSatisfy { $0 == $0.rounded() } }
        let (maxY, stepY) = axis(totals.max() ?? 0, integral: integral)
        let slot = plotW / Double(n)
        let barW = max(1, slot * 0.8)
        var svg: HTML = "<svg viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" role=\"img\">"
        // Axes and grid.
        for k in 0...Int((maxY / stepY).rounded()) {
            let y = top + plotH - plotH * Double(k) * stepY / maxY
            svg += "<line x1=\"\(left)\" x2=\"\(left + plotW)\" y1=\"\(fmt(y))\" y2=\"\(fmt(y))\" class=\"grid\"/>"
            svg += "<text x=\"\(left - 4)\" y=\"\(fmt(y + 4))\" class=\"axis\" text-anchor=\"end\">\(format(Double(k) * stepY))</text>"
        }
        svg += "<line x1=\"\(left)\" x2=\"\(left)\" y1=\"\(top)\" y2=\"\(top + plotH)\" class=\"axisline\"/>"
        svg += "<line x1=\"\(left)\" x2=\"\(left + plotW)\" y1=\"\(top + plotH)\" y2=\"\(top + plotH)\" class=\"axisline\"/>"
        for i in 0..<labels.count {
            let x = left + slot * Double(i) + (slot - barW) / 2
            var base = top + plotH
            for s in series {
                let v = s.values.indices.contains(i) ? s.values[i] : 0
                guard v > 0 else { continue }
                let h = plotH * v / maxY
                base -= h
                svg += "<rect x=\"\(fmt(x))\" y=\"\(fmt(base))\" width=\"\(fmt(barW))\" height=\"\(fmt(h))\" fill=\"\(s.color)\"><title>\(labels[i]): \(format(v)) \(s.name)</title></rect>"
            }
            if i % labelEvery == 0 {
                svg += "<text x=\"\(fmt(left + slot * (Double(i) + 0.5)))\" y=\"\(fmt(top + plotH + 14))\" class=\"axis\" text-anchor=\"middle\">\(labels[i])</text>"
            }
        }
        // A line value that is NaN is a gap: nothing to say that day or hour.
        if let line, let lineMax = line.values.filter({ !$0.isNaN }).max(), lineMax > 0 {
            let lineTop = axis(lineMax, integral: false).top
            var runs: [[String]] = [[]]
            for (i, v) in line.values.enumerated() {
                if v.isNaN {
                    runs.append([])
                } else {
                    runs[runs.count - 1].append("\(fmt(left + slot * (Double(i) + 0.5))),\(fmt(top + plotH - plotH * v / lineTop))")
                }
            }
            for run in runs where run.count > 1 {
                svg += "<polyline points=\"\(run.joined(separator: " "))\" fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"2\"/>"
            }
            for (i, v) in line.values.enumerated() where !v.isNaN {
                svg += "<circle cx=\"\(fmt(left + slot * (Double(i) + 0.5)))\" cy=\"\(fmt(top + plotH - plotH * v / lineTop))\" r=\"2.5\" fill=\"\(line.color)\"><title>\(labels.indices.contains(i) ? labels[i] : ""): \(format(v)) \(line.name)</title></circle>"
            }
            for k in 0...4 {
                let y = top + plotH - plotH * Double(k) / 4
                svg += "<text x=\"\(left + plotW + 4)\" y=\"\(y + 4)\" class=\"axis\">\(format(lineTop * Double(k) / 4))</text>"
            }
        }
        if series.count > 1 || line != nil {
            var x = left
            for s in series + (line.map { [$0] } ?? []) {
                svg += "<rect x=\"\(fmt(x))\" y=\"\(height - 12)\" width=\"10\" height=\"10\" fill=\"\(s.color)\"/><text x=\"\(fmt(x + 14))\" y=\"\(height - 3)\" class=\"axis\">\(s.name)</text>"
                x += 22 + Double(s.name.count) * 6.5
            }
        }
        return svg + "</svg>"
    }

    /// Horizontal bars with names on the left: categories, subjects.
    static func horizontal(_ items: [(name: String, value: Double)], color: String, width: Int = 420, format: (Double) -> String = number) -> HTML {
        let row = 22.0, label = 130.0
        let height = Int(row * Double(max(1, items.count))) + 24
        let top = niceTop(items.map(\.value).max() ?? 0)
        let plotW = Double(width) - label - 50
        var svg: HTML = "<svg viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" role=\"img\">"
        svg += "<line x1=\"\(label)\" x2=\"\(label)\" y1=\"0\" y2=\"\(Double(height) - 20)\" class=\"axisline\"/>"
        for (i, item) in items.enumerated() {
            let y = Double(i) * row
            let w = plotW * item.value / top
            svg += "<text x=\"\(label - 6)\" y=\"\(fmt(y + 15))\" class=\"label\" text-anchor=\"end\">\(String(item.name.prefix(20)))</text>"
            svg += "<rect x=\"\(label)\" y=\"\(fmt(y + 4))\" width=\"\(fmt(max(w, item.value > 0 ? 1 : 0)))\" height=\"\(row - 8)\" fill=\"\(color)\"><title>\(item.name): \(format(item.value))</title></rect>"
            svg += "<text x=\"\(fmt(label + w + 4))\" y=\"\(fmt(y + 15))\" class=\"axis\">\(format(item.value))</text>"
        }
        svg += "<text x=\"\(label)\" y=\"\(height - 4)\" class=\"axis\">0</text><text x=\"\(fmt(label + plotW))\" y=\"\(height - 4)\" class=\"axis\" text-anchor=\"end\">\(format(top))</text>"
        return svg + "</svg>"
    }

    /// Lines of rates (0 to 1) over the same categories, one per series, on
    /// a 0-100% axis; a NaN value is a gap (nothing to say that week), and
    /// every point has a `<title>`.
    static func rateLines(labels: [String], series: [Series], width: Int = 620, height: Int = 220, labelEvery: Int = 1) -> HTML {
        let left = 40.0, right = 10.0, top = 12.0, bottom = 34.0 + 14.0 * Double((series.count + 3) / 4)
        let plotW = Double(width) - left - right
        let plotH = Double(height) - top - bottom
        let slot = plotW / Double(max(1, labels.count))
        func x(_ i: Int) -> Double { left + slot * (Double(i) + 0.5) }
        func y(_ v: Double) -> Double { top + plotH - plotH * v }
        var svg: HTML = "<svg viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" role=\"img\">"
        for k in 0...4 {
            let v = Double(k) / 4
            svg += "<line x1=\"\(left)\" x2=\"\(left + plotW)\" y1=\"\(fmt(y(v)))\" y2=\"\(fmt(y(v)))\" class=\"grid\"/>"
            svg += "<text x=\"\(left - 4)\" y=\"\(fmt(y(v) + 4))\" class=\"axis\" text-anchor=\"end\">\(k * 25)%</text>"
        }
        svg += "<line x1=\"\(left)\" x2=\"\(left)\" y1=\"\(top)\" y2=\"\(top + plotH)\" class=\"axisline\"/>"
        svg += "<line x1=\"\(left)\" x2=\"\(left + plotW)\" y1=\"\(top + plotH)\" y2=\"\(top + plotH)\" class=\"axisline\"/>"
        for i in labels.indices where i % labelEvery == 0 {
            svg += "<text x=\"\(fmt(x(i)))\" y=\"\(fmt(top + plotH + 14))\" class=\"axis\" text-anchor=\"middle\">\(labels[i])</text>"
        }
        for s in series {
            var runs: [[String]] = [[]]
            for (i, v) in s.values.enumerated() {
                if v.isNaN { runs.append([]) } else { runs[runs.count - 1].append("\(fmt(x(i))),\(fmt(y(v)))") }
            }
            for run in runs where run.count > 1 {
                svg += "<polyline points=\"\(run.joined(separator: " "))\" fill=\"none\" stroke=\"\(s.color)\" stroke-width=\"2\"/>"
            }
            for (i, v) in s.values.enumerated() where !v.isNaN {
                svg += "<circle cx=\"\(fmt(x(i)))\" cy=\"\(fmt(y(v)))\" r=\"3\" fill=\"\(s.color)\"><title>\(s.name), \(labels.indices.contains(i) ? labels[i] : ""): \(Int((v * 100).rounded()))%</title></circle>"
            }
        }
        var lx = left, ly = top + plotH + 30
        for (n, s) in series.enumerated() {
            if n > 0, n % 4 == 0 {
                lx = left
                ly += 14
            }
            svg += "<rect x=\"\(fmt(lx))\" y=\"\(fmt(ly - 9))\" width=\"10\" height=\"10\" fill=\"\(s.color)\"/><text x=\"\(fmt(lx + 14))\" y=\"\(fmt(ly))\" class=\"axis\">\(s.name)</text>"
            lx += 28 + Double(s.name.count) * 6.5
        }
        return svg + "</svg>"
    }

    static func fmt(_ v: Double) -> String { String(format: "%.1f", v) }
}
