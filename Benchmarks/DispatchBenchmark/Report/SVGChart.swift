import Foundation

/// The chart `--svg` writes: median ns per dispatch against the number of routes, log-log, one
/// line per method. Hand-written SVG 1.1, no dependencies; renders in browsers, GitHub and
/// `rsvg-convert`.
enum SVGChart {
    private struct Series {
        let name: String
        let color: String
        let width: Double
        let dash: String?
        let points: [(x: Double, y: Double)]
    }

    private static let width = 780.0
    private static let height = 500.0
    private static let left = 92.0
    private static let right = 40.0
    private static let top = 64.0
    private static let bottom = 64.0

    static func render(_ results: Results) -> String {
        var series = [
            Series(
                name: "DispatchKit dispatch (parse + match + create + execute)", color: "#c0392b", width: 3,
                dash: nil, points: results.dispatch.map { (Double($0.routeCount), $0.dispatchKit.median) }),
            Series(
                name: "Foundation URL(string:) + pathComponents (no routing)", color: "#555555", width: 2,
                dash: "7 5",
                points: results.dispatch.map { (Double($0.routeCount), $0.foundationFloor.median) }),
            Series(
                name: "naive scan (one custom isHit per route)", color: "#e08e0b", width: 2, dash: nil,
                points: results.dispatch.map { (Double($0.routeCount), $0.naiveScan.median) }),
        ]
        if results.hasRoutingKit {
            series.append(
                Series(
                    name: "RoutingKit TrieRouter (Foundation parse + split + route)", color: "#2471a3",
                    width: 2,
                    dash: nil,
                    points: results.dispatch.compactMap { row in
                        row.routingKit.map { (Double(row.routeCount), $0.median) }
                    }))
        }
        let xs = series.flatMap { $0.points.map(\.x) }
        let ys = series.flatMap { $0.points.map(\.y) }
        let xDecades = (log10(xs.min() ?? 10).rounded(.down), log10(xs.max() ?? 10_000).rounded(.up))
        let yDecades = (log10(ys.min() ?? 10).rounded(.down), log10(ys.max() ?? 10_000).rounded(.up))
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        func px(_ x: Double) -> Double {
            left + (log10(x) - xDecades.0) / max(xDecades.1 - xDecades.0, 1) * plotWidth
        }
        func py(_ y: Double) -> Double {
            top + plotHeight - (log10(y) - yDecades.0) / max(yDecades.1 - yDecades.0, 1) * plotHeight
        }

        var svg: [String] = []
        svg.append(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" "
                + "viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"Helvetica, Arial, sans-serif\">")
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>")
        svg.append(
            text(left, 26, "Cost of one dispatch against the number of routes", size: 17, weight: "bold"))
        svg.append(
            text(
                left, 46, escape(results.machine) + " — median ns per lookup, log-log", size: 12,
                color: "#555"))

        // Grid: a line per decade, light lines at 2…9 of each decade.
        for decade in stride(from: yDecades.0, through: yDecades.1, by: 1) {
            let value = pow(10, decade)
            if decade < yDecades.1 {
                for step in 2...9 {
                    let y = py(value * Double(step))
                    svg.append(line(left, y, left + plotWidth, y, color: "#efefef"))
                }
            }
            let y = py(value)
            svg.append(line(left, y, left + plotWidth, y, color: "#cccccc"))
            svg.append(text(left - 8, y + 4, tickLabel(value), size: 12, anchor: "end"))
        }
        for decade in stride(from: xDecades.0, through: xDecades.1, by: 1) {
            let value = pow(10, decade)
            if decade < xDecades.1 {
                for step in 2...9 {
                    let x = px(value * Double(step))
                    svg.append(line(x, top, x, top + plotHeight, color: "#efefef"))
                }
            }
            let x = px(value)
            svg.append(line(x, top, x, top + plotHeight, color: "#cccccc"))
            svg.append(text(x, top + plotHeight + 18, Format.grouped(Int(value)), size: 12, anchor: "middle"))
        }
        svg.append(
            "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\" "
                + "fill=\"none\" stroke=\"#888\" stroke-width=\"1\"/>")
        svg.append(
            text(
                left + plotWidth / 2, height - 18, "routes registered (N, log scale)", size: 13,
                anchor: "middle"))
        svg.append(
            "<text x=\"0\" y=\"0\" font-size=\"13\" text-anchor=\"middle\" fill=\"#222\" "
                + "transform=\"translate(22 \(f(top + plotHeight / 2))) rotate(-90)\">"
                + "ns per dispatch (median, log scale)</text>")

        for entry in series {
            let points = entry.points.map { "\(f(px($0.x))),\(f(py($0.y)))" }.joined(separator: " ")
            let dash = entry.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
            svg.append(
                "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(entry.color)\" "
                    + "stroke-width=\"\(f(entry.width))\" stroke-linejoin=\"round\"\(dash)/>")
            for point in entry.points {
                svg.append(
                    "<circle cx=\"\(f(px(point.x)))\" cy=\"\(f(py(point.y)))\" r=\"\(f(entry.width + 1.5))\" "
                        + "fill=\"\(entry.color)\"><title>\(escape(entry.name)): \(Format.number(point.y)) ns "
                        + "at N = \(Format.grouped(Int(point.x)))</title></circle>")
            }
        }

        // Legend in the top-left corner of the plot, where no line goes (costs grow to the right).
        let legendX = left + 14
        let legendY = top + 14
        let legendHeight = Double(series.count) * 20 + 10
        svg.append(
            "<rect x=\"\(f(legendX - 6))\" y=\"\(f(legendY - 6))\" width=\"462\" height=\"\(f(legendHeight))\" "
                + "fill=\"#ffffff\" fill-opacity=\"0.92\" stroke=\"#bbbbbb\"/>")
        for (index, entry) in series.enumerated() {
            let y = legendY + 8 + Double(index) * 20
            let dash = entry.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
            svg.append(
                "<line x1=\"\(f(legendX))\" y1=\"\(f(y))\" x2=\"\(f(legendX + 28))\" y2=\"\(f(y))\" "
                    + "stroke=\"\(entry.color)\" stroke-width=\"\(f(entry.width))\"\(dash)/>")
            let last =
                entry.points.last.map { " — \(Format.duration($0.y)) at \(Format.grouped(Int($0.x)))" } ?? ""
            svg.append(text(legendX + 36, y + 4, escape(entry.name + last), size: 12))
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// A power of ten of nanoseconds: `100 ns`, `1 µs`, `10 ms`.
    private static func tickLabel(_ nanoseconds: Double) -> String {
        let units: [(Double, String)] = [(1e9, "s"), (1e6, "ms"), (1e3, "µs"), (1, "ns")]
        let (scale, unit) = units.first { nanoseconds >= $0.0 } ?? (1, "ns")
        return String(Int((nanoseconds / scale).rounded())) + " " + unit
    }

    private static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    private static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, color: String) -> String
    {
        "<line x1=\"\(f(x1))\" y1=\"\(f(y1))\" x2=\"\(f(x2))\" y2=\"\(f(y2))\" stroke=\"\(color)\" stroke-width=\"1\"/>"
    }

    private static func text(
        _ x: Double, _ y: Double, _ content: String, size: Int, anchor: String = "start",
        weight: String = "normal",
        color: String = "#222"
    ) -> String {
        "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(size)\" text-anchor=\"\(anchor)\" "
            + "font-weight=\"\(weight)\" fill=\"\(color)\">\(content)</text>"
    }

    private static func escape(_ string: String) -> String {
        string.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
