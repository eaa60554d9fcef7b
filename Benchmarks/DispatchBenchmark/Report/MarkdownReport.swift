import Foundation

/// The results as markdown: what the benchmark prints and what `--markdown` writes.
enum MarkdownReport {
    static func render(_ results: Results) -> String {
        var lines: [String] = []
        let rk = results.hasRoutingKit
        lines.append("### DispatchKit benchmark")
        lines.append("")
        lines.append(
            "\(results.machine); \(results.quick ? "`--quick`" : "full run"), median of \(results.runs) interleaved runs, "
                + "each right after an untimed run of the same benchmark.")
        if let share = results.cpuShare {
            var audit = "The benchmark thread ran \(Format.percent(share)) of the timed wall-clock time"
            if let before = results.loadBefore, let after = results.loadAfter {
                audit += String(format: " (load average %.2f before, %.2f after)", before, after)
            }
            audit += share < 0.97 ? ": **the machine was busy; these numbers are noisy**." : "."
            lines.append(audit)
        }
        // `--only hostile` measures none of these.
        if !results.dispatch.isEmpty {
            lines.append("")
            lines.append(
                "**Dispatch**, ns per lookup (4,096 URLs like `app://host/m12/page3?from=push`: 90% hits, 10% misses)"
            )
            lines.append("")
            var header = [
                "routes (N)", "DispatchKit `dispatch`", "Foundation `URL` + `pathComponents`", "naive scan",
            ]
            if rk { header.append("RoutingKit parse + split + route") }
            header.append("DispatchKit ÷ Foundation")
            if rk { header.append("DispatchKit ÷ RoutingKit") }
            lines.append(row(header))
            lines.append(row(header.map { _ in "---:" }))
            for entry in results.dispatch {
                var cells = [
                    Format.grouped(entry.routeCount), Format.number(entry.dispatchKit.median),
                    Format.number(entry.foundationFloor.median), Format.number(entry.naiveScan.median),
                ]
                if rk { cells.append(entry.routingKit.map { Format.number($0.median) } ?? "–") }
                cells.append(Format.ratio(entry.dispatchKit.pairedRatio(to: entry.foundationFloor)))
                if rk {
                    cells.append(
                        entry.routingKit.map { Format.ratio(entry.dispatchKit.pairedRatio(to: $0)) } ?? "–")
                }
                lines.append(row(cells))
            }
            if let widest = widestSpread(results) {
                lines.append("")
                lines.append(
                    "Run-to-run spread (half the interquartile range ÷ median): at most \(Format.percent(widest.spread)) "
                        + "(\(widest.name), N = \(Format.grouped(widest.routeCount))). The naive scan's table lookup "
                        + "adds \(Format.number(results.naiveLookupNanoseconds)) ns per class to it.")
            }
            lines.append("")
            lines.append("**Registration + index build**, per route (N / 10 classes of 10 patterns each)")
            lines.append("")
            var buildHeader = ["routes (N)", "DispatchKit ns", "DispatchKit heap B"]
            if rk { buildHeader += ["RoutingKit ns", "RoutingKit heap B", "DispatchKit ÷ RoutingKit, time"] }
            lines.append(row(buildHeader))
            lines.append(row(buildHeader.map { _ in "---:" }))
            for entry in results.build {
                var cells = [
                    Format.grouped(entry.routeCount), Format.number(entry.dispatchKitNanosecondsPerRoute),
                    entry.dispatchKitHeapBytesPerRoute.map(Format.number) ?? "n/a",
                ]
                if rk {
                    cells.append(entry.routingKitNanosecondsPerRoute.map(Format.number) ?? "–")
                    cells.append(entry.routingKitHeapBytesPerRoute.map(Format.number) ?? "–")
                    cells.append(entry.buildRatioToRoutingKit.map(Format.ratio) ?? "–")
                }
                lines.append(row(cells))
            }
            lines.append("")
            lines.append(
                "**Custom `isHit` classes**: K classes whose `isHit` says no, consulted before one pattern class "
                    + "(higher priority), which the URL hits")
            lines.append("")
            lines.append(row(["classes (K)", "ns per dispatch", "overhead ns per class, (t(K) − t(0)) ÷ K"]))
            lines.append(row(["---:", "---:", "---:"]))
            for entry in results.scan {
                lines.append(
                    row([
                        Format.grouped(entry.classCount), Format.number(entry.nanosecondsPerDispatch),
                        entry.overheadPerClass.map(Format.number) ?? "–",
                    ]))
            }
        }
        if let typed = results.typedLinks {
            lines.append("")
            lines.append(
                "**Typed links**, ns per dispatch at \(Format.grouped(typed.routeCount)) routes (the module classes of the dispatch table) plus "
                    + "a product class (`app://host/product/:id<int>`), which all 4,096 URLs reach "
                    + "(`app://host/product/4821733?tab=reviews&from=push`, `tab` and `from` each absent in a quarter)"
            )
            lines.append("")
            lines.append(row(["dispatch", "ns per dispatch", "÷ plain"]))
            lines.append(row(["---", "---:", "---:"]))
            let rows: [(String, Measurement)] = [
                ("plain `dispatch(string)`, values read as strings", typed.plain),
                ("typed `dispatch(string)`, link decoded before `execute(with:)`", typed.typedURL),
                ("typed `dispatch(link)`: URL built, then dispatched and decoded", typed.typedValue),
                ("plain `dispatch(string)` of a URL the caller formats from the values", typed.formatted),
                ("plain `dispatch(string)`, the activity reads nothing", typed.silent),
                (
                    "enum `dispatch(string)`: case selected, link decoded before `execute(with:)`",
                    typed.moduleURL
                ),
                (
                    "enum `dispatch(link)`: the case's URL built and dispatched, the value handed to the case",
                    typed.moduleValue
                ),
            ]
            for (name, measurement) in rows {
                lines.append(
                    row([
                        name, Format.number(measurement.median),
                        Format.ratio(measurement.pairedRatio(to: typed.plain)),
                    ]))
            }
            lines.append("")
            lines.append(
                "A typed link dispatched as a value costs \(Format.ratio(typed.typedValueToFormattedRatio)) a plain dispatch "
                    + "of a URL the caller formats, an enum link \(Format.ratio(typed.moduleValueToFormattedRatio)). "
                    + "The enum rows go to one module class whose enum has five cases (7 patterns): the product "
                    + "case has the product class's two patterns.")
        }
        if let hostile = results.hostile {
            lines.append("")
            lines.append(
                "**Hostile input**: `DispatchURL(string:)` on \(Format.grouped(HostileInput.length))-byte inputs "
                    + "with the limits raised past their size, against an ordinary URL of the same length "
                    + "(`cono://test.com/shop/items/12345/…?from=push&id=42&…`, "
                    + "\(Format.number(hostile.ordinaryNanosecondsPerByte)) ns/byte) and against the cheapest "
                    + "input, a run of \"a\" (\(Format.number(hostile.floorNanosecondsPerByte)) ns/byte)")
            lines.append("")
            lines.append(row(["input", "ns per byte", "÷ ordinary URL", "÷ run of \"a\""]))
            lines.append(row(["---", "---:", "---:", "---:"]))
            for entry in hostile.rows {
                lines.append(
                    row([
                        entry.name, Format.number(entry.nanosecondsPerByte),
                        Format.ratio(entry.ratioToOrdinary),
                        Format.ratio(entry.ratioToFloor),
                    ]))
            }
        }
        lines.append("")
        lines.append("**Targets**")
        lines.append("")
        lines.append(row(["figure", "measured", "target", ""]))
        lines.append(row(["---", "---:", "---:", "---"]))
        for target in results.targets where !results.dispatch.isEmpty || target.measured != nil {
            let measured = target.measured.map { value in
                target.unit == "×" ? Format.ratio(value) : Format.number(value) + " " + target.unit
            }
            let limit =
                target.unit == "×"
                ? "≤ " + Format.ratio(target.limit) : "≤ \(Format.number(target.limit)) \(target.unit)"
            let verdict = target.met.map { $0 ? "met" : "**missed**" } ?? "not measured"
            lines.append(row([target.figure, measured ?? "–", limit, verdict]))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |"
    }

    private static func widestSpread(_ results: Results) -> (name: String, routeCount: Int, spread: Double)? {
        var candidates: [(String, Int, Double)] = []
        for entry in results.dispatch {
            candidates.append(("DispatchKit", entry.routeCount, entry.dispatchKit.relativeSpread))
            candidates.append(("Foundation", entry.routeCount, entry.foundationFloor.relativeSpread))
            candidates.append(("naive scan", entry.routeCount, entry.naiveScan.relativeSpread))
            if let routingKit = entry.routingKit {
                candidates.append(("RoutingKit", entry.routeCount, routingKit.relativeSpread))
            }
        }
        return candidates.max { $0.2 < $1.2 }.map { (name: $0.0, routeCount: $0.1, spread: $0.2) }
    }
}
