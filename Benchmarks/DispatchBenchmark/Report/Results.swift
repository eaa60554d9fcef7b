/// Everything one run measured.
struct Results {
    /// Dispatch cost at one route count.
    struct DispatchRow {
        let routeCount: Int
        let dispatchKit: Measurement
        let foundationFloor: Measurement
        let naiveScan: Measurement
        let routingKit: Measurement?
    }

    /// Registration + index build cost at one route count.
    struct BuildRow {
        let routeCount: Int
        let dispatchKitNanosecondsPerRoute: Double
        /// Median of the round-by-round ratios DispatchKit ÷ RoutingKit.
        let buildRatioToRoutingKit: Double?
        let dispatchKitHeapBytesPerRoute: Double?
        let routingKitNanosecondsPerRoute: Double?
        let routingKitHeapBytesPerRoute: Double?
    }

    /// Dispatch cost with `classCount` custom-`isHit` classes consulted before the match.
    struct ScanRow {
        let classCount: Int
        let nanosecondsPerDispatch: Double
        /// `(t(K) − t(0)) / K`.
        let overheadPerClass: Double?
    }

    /// Parse cost of one long hostile input, against an ordinary URL of the same length.
    struct HostileRow {
        let name: String
        let nanosecondsPerByte: Double
        /// Median of the round-by-round ratios hostile ÷ ordinary URL.
        let ratioToOrdinary: Double
        /// Median of the round-by-round ratios hostile ÷ a run of "a" (``HostileInput/floor``).
        let ratioToFloor: Double
    }

    /// A typed link against plain dispatch of the same URLs, in one center shape.
    struct TypedLinkTable {
        /// Routes of the module classes, besides the product class's 2.
        let routeCount: Int
        /// `dispatch(string)` to the plain class, which reads its values as strings.
        let plain: Measurement
        /// `dispatch(string)` to the typed class: the link decoded, then `execute(with:)`.
        let typedURL: Measurement
        /// `dispatch(link)` to the typed class: the URL built, dispatched and decoded.
        let typedValue: Measurement
        /// `dispatch(string)` to a plain class that reads nothing.
        let silent: Measurement
        /// `dispatch(string)` to the plain class of a string formatted from the values: what
        /// `dispatch(link)` replaces in a caller.
        let formatted: Measurement
        /// `dispatch(string)` to the module class: the product case selected by the pattern that
        /// won, decoded, then `execute(with:)`.
        let moduleURL: Measurement
        /// `dispatch(link)` of the module class's product case: the case's URL built and
        /// dispatched, the value handed to the case.
        let moduleValue: Measurement

        var moduleURLRatio: Double { moduleURL.pairedRatio(to: plain) }
        var moduleValueToFormattedRatio: Double { moduleValue.pairedRatio(to: formatted) }
        var typedURLRatio: Double { typedURL.pairedRatio(to: plain) }
        var typedValueRatio: Double { typedValue.pairedRatio(to: plain) }
        var typedValueToFormattedRatio: Double { typedValue.pairedRatio(to: formatted) }
    }

    struct HostileTable {
        let ordinaryNanosecondsPerByte: Double
        let floorNanosecondsPerByte: Double
        let rows: [HostileRow]
        var slowest: HostileRow? { rows.max { $0.ratioToOrdinary < $1.ratioToOrdinary } }
    }

    var machine: String
    var quick: Bool
    /// CPU time ÷ wall time of the timed regions (below ~0.97: another process took the CPU).
    var cpuShare: Double?
    /// The 1-minute load average before and after the run.
    var loadBefore: Double?
    var loadAfter: Double?
    var runs: Int
    var dispatch: [DispatchRow] = []
    var build: [BuildRow] = []
    var scan: [ScanRow] = []
    /// What ``ClassTable`` adds to each `isHit` of the naive scan.
    var naiveLookupNanoseconds: Double = 0
    var hostile: HostileTable?
    var typedLinks: TypedLinkTable?

    var hasRoutingKit: Bool { dispatch.contains { $0.routingKit != nil } }

    /// One figure of the targets.
    struct Target {
        let figure: String
        let measured: Double?
        let limit: Double
        let unit: String
        var met: Bool? { measured.map { $0 <= limit } }
    }

    var targets: [Target] {
        let small = dispatch.first { $0.routeCount == 10 }
        let large = dispatch.first { $0.routeCount == 10_000 }
        let largeBuild = build.first { $0.routeCount == 10_000 }
        let largestScan = scan.last
        let slowestHostile = hostile?.slowest
        let typedRoutes = typedLinks.map { " (N = \(Format.grouped($0.routeCount)))" } ?? ""
        return [
            Target(
                figure: "dispatch ÷ Foundation floor, N = 10,000",
                measured: large.map { $0.dispatchKit.pairedRatio(to: $0.foundationFloor) }, limit: 0.75,
                unit: "×"),
            Target(
                figure: "dispatch ÷ RoutingKit, N = 10,000",
                measured: large.flatMap { row in row.routingKit.map { row.dispatchKit.pairedRatio(to: $0) } },
                limit: 0.25, unit: "×"),
            Target(
                figure: "dispatch N = 10,000 ÷ N = 10",
                measured: large.flatMap { large in
                    small.map { large.dispatchKit.pairedRatio(to: $0.dispatchKit) }
                },
                limit: 1.3, unit: "×"),
            Target(
                figure: "registration + index build, N = 10,000",
                measured: largeBuild?.dispatchKitNanosecondsPerRoute, limit: 200, unit: "ns/route"),
            Target(
                figure: "heap, N = 10,000", measured: largeBuild?.dispatchKitHeapBytesPerRoute, limit: 150,
                unit: "B/route"),
            Target(
                figure: "custom-isHit scan, K = \(largestScan.map { String($0.classCount) } ?? "?")",
                measured: largestScan?.overheadPerClass, limit: 15, unit: "ns/class"),
            Target(
                figure: "typed link ÷ plain dispatch of the same URL, decode included" + typedRoutes,
                measured: typedLinks?.typedURLRatio, limit: 1.3, unit: "×"),
            Target(
                figure: "typed link dispatched as a value ÷ plain dispatch of a URL the caller formats"
                    + typedRoutes,
                measured: typedLinks?.typedValueToFormattedRatio, limit: 2.0, unit: "×"),
            Target(
                figure: "enum link ÷ plain dispatch of the same URL, decode included" + typedRoutes,
                measured: typedLinks?.moduleURLRatio, limit: 1.3, unit: "×"),
            Target(
                figure: "enum link dispatched as a value ÷ plain dispatch of a URL the caller formats"
                    + typedRoutes,
                measured: typedLinks?.moduleValueToFormattedRatio, limit: 2.0, unit: "×"),
            Target(
                figure: "slowest hostile input ÷ ordinary URL, same length"
                    + (slowestHostile.map { " (\($0.name))" } ?? ""),
                measured: slowestHostile?.ratioToOrdinary, limit: 10, unit: "×"),
        ]
    }
}
