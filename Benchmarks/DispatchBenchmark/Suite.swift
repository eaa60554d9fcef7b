import DispatchKit
import Foundation

#if canImport(RoutingKit)
    import RoutingKit
#endif

/// Runs every benchmark of the issue, in one process, and collects the medians.
@MainActor
struct Suite {
    static let routeCounts = [10, 100, 1_000, 10_000]
    static let declinerCounts = [10, 100, 1_000]

    let plan: RunPlan
    let quick: Bool
    /// Only the hostile-input benchmark (`--only hostile`).
    let hostileOnly: Bool
    /// Only the typed-link benchmark (`--only typed`).
    let typedOnly: Bool
    /// How many lookups of each size are checked against the expected answer before timing.
    var checkedLookups: Int { quick ? 512 : RouteSet.lookupCount }

    init(quick: Bool, hostileOnly: Bool = false, typedOnly: Bool = false) {
        self.quick = quick
        self.hostileOnly = hostileOnly
        self.typedOnly = typedOnly
        plan = quick ? .quick : .full
    }

    func run() -> Results {
        var results = Results(machine: Machine.description, quick: quick, runs: plan.runs)
        results.loadBefore = TimingAudit.loadAverage()
        if hostileOnly || typedOnly {
            if typedOnly {
                let routeSet = RouteSet(routeCount: Self.routeCounts.last!)
                Modules.prepare(routeSet)
                results.typedLinks = typedLinkTable(routeSet)
            }
            if hostileOnly { results.hostile = hostileRows() }
            results.cpuShare = TimingAudit.cpuShare
            results.loadAfter = TimingAudit.loadAverage()
            return results
        }
        progress("generating routes and lookups")
        let routeSets = Self.routeCounts.map { RouteSet(routeCount: $0) }
        NaiveScan.prepare(routeSets.last!)
        Modules.prepare(routeSets.last!)

        results.dispatch = dispatchRows(routeSets)
        progress("heap per route (in a child process)")
        let heap = HeapUsage.measureInChild()
        results.build = buildRows(routeSets, heap: heap)
        results.scan = scanRows()
        progress("naive scan: table lookup cost")
        results.naiveLookupNanoseconds = NaiveScan.lookupNanoseconds(plan)
        results.typedLinks = typedLinkTable(routeSets.last!)
        results.hostile = hostileRows()
        results.cpuShare = TimingAudit.cpuShare
        results.loadAfter = TimingAudit.loadAverage()
        return results
    }

    // MARK: - Dispatch

    /// Every method at every size, timed together: one run of each of the 12 to 16 benchmarks per
    /// round, so that a slower or faster phase of the machine affects all sizes alike and the
    /// ratios between sizes (flatness) can be paired round by round too.
    private func dispatchRows(_ routeSets: [RouteSet]) -> [Results.DispatchRow] {
        var bodies: [(Int) -> Int] = []
        var methods = 0
        for routeSet in routeSets {
            let methodBodies = dispatchBodies(routeSet)
            methods = methodBodies.count
            bodies += methodBodies
        }
        progress("timing \(methods) methods × \(routeSets.count) sizes in \(plan.runs) interleaved rounds")
        let measurements = measureTogether(plan, bodies)
        return routeSets.enumerated().map { offset, routeSet in
            let row = measurements[offset * methods..<(offset + 1) * methods].map { $0 }
            return Results.DispatchRow(
                routeCount: routeSet.routeCount, dispatchKit: row[0], foundationFloor: row[1],
                naiveScan: row[2],
                routingKit: row.count > 3 ? row[3] : nil)
        }
    }

    /// The benchmarks of one size — DispatchKit, Foundation floor, naive scan, RoutingKit if
    /// built — after checking every router's answers.
    private func dispatchBodies(_ routeSet: RouteSet) -> [(Int) -> Int] {
        let n = routeSet.routeCount
        let urls = routeSet.lookups.map(\.url)
        progress("N = \(n): building and checking every router's answers")

        let center = Modules.center(moduleCount: routeSet.moduleCount)
        Modules.freeze(center)
        check(routeSet, "DispatchKit") { url in
            let result = center.dispatch(url)
            guard let activity = result.activity else { return nil }
            return (Modules.module(of: type(of: activity)), activity.parameters)
        } expected: { lookup in
            lookup.route.map { (routeSet.routes[$0].module, lookup.parameters) }
        }

        let naiveCenter = NaiveScan.center(routeCount: n)
        check(routeSet, "naive scan") { url in
            guard let activity = naiveCenter.dispatch(url).activity else { return nil }
            return (NaiveScan.route(of: type(of: activity)), nil)
        } expected: { lookup in
            lookup.route.map { ($0, nil) }
        }

        var bodies = [
            DispatchKitSubject.body(center, urls), FoundationFloor.body(urls),
            DispatchKitSubject.body(naiveCenter, urls),
        ]
        #if canImport(RoutingKit)
            let router = RoutingKitSubject.router(routeSet)
            check(routeSet, "RoutingKit") { url in
                RoutingKitSubject.route(router, url)
            } expected: { lookup in
                lookup.route.map { ($0, lookup.parameters) }
            }
            bodies.append(RoutingKitSubject.body(router, urls))
        #endif
        return bodies
    }

    /// Fails the run if a router gives another answer than the reference rule for any checked
    /// lookup: a benchmark of wrong answers would measure nothing.
    private func check(
        _ routeSet: RouteSet, _ name: String, actual: (String) -> (Int, [String: String]?)?,
        expected: (RouteSet.Lookup) -> (Int, [String: String]?)?
    ) {
        for lookup in routeSet.lookups.prefix(checkedLookups) {
            let got = actual(lookup.url)
            let want = expected(lookup)
            guard got?.0 == want?.0, got?.1 == want?.1 else {
                fatalError(
                    "\(name), N = \(routeSet.routeCount): \(lookup.url) gave \(String(describing: got)), expected \(String(describing: want))"
                )
            }
        }
    }

    // MARK: - Build

    /// Build times of every router at every size, in interleaved rounds.
    private func buildRows(_ routeSets: [RouteSet], heap: [String: [Int: Int]]) -> [Results.BuildRow] {
        progress("registration + index build, every size, interleaved")
        var builds: [(routeCount: Int, build: () -> AnyObject)] = []
        var methods = 0
        for routeSet in routeSets {
            var these: [() -> AnyObject] = [{ Self.buildDispatchKit(routeSet) }]
            #if canImport(RoutingKit)
                these.append { RoutingKitSubject.router(routeSet) }
            #endif
            methods = these.count
            builds += these.map { (routeSet.routeCount, $0) }
        }
        let measurements = buildNanoseconds(builds)
        return routeSets.enumerated().map { offset, routeSet in
            let n = routeSet.routeCount
            let row = measurements[offset * methods..<(offset + 1) * methods].map { $0 }
            return Results.BuildRow(
                routeCount: n, dispatchKitNanosecondsPerRoute: row[0].median,
                buildRatioToRoutingKit: row.count > 1 ? row[0].pairedRatio(to: row[1]) : nil,
                dispatchKitHeapBytesPerRoute: heap["dispatchkit"]?[n].map { Double($0) / Double(n) },
                routingKitNanosecondsPerRoute: row.count > 1 ? row[1].median : nil,
                routingKitHeapBytesPerRoute: heap["routingkit"]?[n].map { Double($0) / Double(n) })
        }
    }

    /// What the build benchmark times: a new center, the N / 10 module classes registered, and
    /// the snapshot and index built.
    private static func buildDispatchKit(_ routeSet: RouteSet) -> DispatchCenter {
        let center = Modules.center(moduleCount: routeSet.moduleCount)
        Modules.freeze(center)
        return center
    }

    /// The child process of ``HeapUsage/measureInChild()``: prints `name routeCount bytes` for
    /// each router and size, the bytes being the median of three builds (after one that pays the
    /// first-use costs: metadata, caches).
    static func heapChild() {
        let routeSets = routeCounts.map { RouteSet(routeCount: $0) }
        NaiveScan.prepare(routeSets.last!)
        Modules.prepare(routeSets.last!)
        guard HeapUsage.isExact else { return }
        func median(_ build: () -> AnyObject) -> Int? {
            blackHole(ObjectIdentifier(build()).hashValue)
            let readings = (0..<3).compactMap { _ in HeapUsage.retainedBytes(build) }
            return readings.count == 3 ? readings.sorted()[1] : nil
        }
        for routeSet in routeSets {
            if let bytes = median({ buildDispatchKit(routeSet) }) {
                print("dispatchkit \(routeSet.routeCount) \(bytes)")
            }
            #if canImport(RoutingKit)
                if let bytes = median({ RoutingKitSubject.router(routeSet) }) {
                    print("routingkit \(routeSet.routeCount) \(bytes)")
                }
            #endif
        }
    }

    /// Nanoseconds per route of each build, in interleaved rounds (as ``measureTogether(_:_:)``).
    /// Each build is timed alone: the teardown of what it built happens outside the timed region.
    /// Small sizes repeat the build within a sample (about 2,000 routes' worth).
    private func buildNanoseconds(_ builds: [(routeCount: Int, build: () -> AnyObject)]) -> [Measurement] {
        for (_, build) in builds {
            for _ in 0..<3 { blackHole(ObjectIdentifier(build()).hashValue) }  // warm-up
        }
        var samples = Array(repeating: [Double](), count: builds.count)
        for round in 0..<plan.runs {
            for offset in 0..<builds.count {
                let which = (round + offset) % builds.count
                let (routeCount, build) = builds[which]
                let repetitions = max(1, 2_000 / routeCount)
                var total: UInt64 = 0
                for _ in 0..<repetitions {
                    var built: AnyObject?
                    total += time { built = build() }
                    blackHole(built.map { ObjectIdentifier($0).hashValue } ?? 0)
                    built = nil
                }
                samples[which].append(Double(total) / Double(repetitions) / Double(routeCount))
            }
        }
        return samples.map { Measurement(samples: $0, operationsPerRun: 1) }
    }

    // MARK: - Custom isHit scan

    /// K = 0 and every ``declinerCounts`` measured in interleaved rounds; the overhead per class
    /// is the median over rounds of `(t(K) − t(0)) / K`.
    private func scanRows() -> [Results.ScanRow] {
        progress(
            "custom isHit scan: K = \(([0] + Self.declinerCounts).map(String.init).joined(separator: ", "))")
        let counts = [0] + Self.declinerCounts
        let decliners = Decliners.classes(Self.declinerCounts.max()!)
        let url = "app://host/m0/page3?from=push"
        let bodies = counts.map { count in
            let center = DispatchCenter()
            center.register(Array(decliners.prefix(count)))
            center.register(Modules.classes[0])
            guard let activity = center.dispatch(url).activity, Modules.module(of: type(of: activity)) == 0
            else {
                fatalError("custom isHit scan: \(url) did not reach the pattern class")
            }
            return DispatchKitSubject.body(center, Array(repeating: url, count: RouteSet.lookupCount))
        }
        let measurements = measureTogether(plan, bodies)
        let baseline = measurements[0]
        return zip(counts, measurements).map { count, measurement in
            let overhead = zip(measurement.samples, baseline.samples).map { ($0 - $1) / Double(count) }
            return Results.ScanRow(
                classCount: count, nanosecondsPerDispatch: measurement.median,
                overheadPerClass: count == 0 ? nil : Measurement.median(overhead))
        }
    }

    // MARK: - Typed links

    /// The same product URLs dispatched to a plain class that reads its values as strings, to a
    /// typed class (the link decoded before the activity exists), as link values (the URL built
    /// first), to a plain class that reads nothing, and to a module class whose enum's product case
    /// has the product routes, as URLs and as values, in interleaved rounds: five centers of the
    /// same shape, the module classes of `routeSet` and one product class.
    private func typedLinkTable(_ routeSet: RouteSet) -> Results.TypedLinkTable {
        let n = routeSet.routeCount
        progress("typed links, N = \(n): building and checking the plain, typed and silent centers")
        let lookups = ProductLinks().lookups
        let plain = TypedLinkSubject.center(
            moduleCount: routeSet.moduleCount, hitClass: PlainProductActivity.self)
        let typed = TypedLinkSubject.center(
            moduleCount: routeSet.moduleCount, hitClass: TypedProductActivity.self)
        let silent = TypedLinkSubject.center(
            moduleCount: routeSet.moduleCount, hitClass: SilentProductActivity.self)
        let module = TypedLinkSubject.center(
            moduleCount: routeSet.moduleCount, hitClass: ShopModuleActivity.self)
        TypedLinkSubject.check(lookups.prefix(checkedLookups), plain: plain, typed: typed, silent: silent)
        ModuleLinkSubject.check(lookups.prefix(checkedLookups), module: module)
        let urls = lookups.map(\.url)
        progress("typed links: timing 7 methods in \(plan.runs) interleaved rounds")
        let measurements = measureTogether(
            plan,
            [
                DispatchKitSubject.body(plain, urls), DispatchKitSubject.body(typed, urls),
                TypedLinkSubject.valueBody(typed, lookups.map(\.link)), DispatchKitSubject.body(silent, urls),
                TypedLinkSubject.formattedBody(plain, lookups.map(\.link)),
                DispatchKitSubject.body(module, urls),
                ModuleLinkSubject.valueBody(module, lookups.map { ShopLink($0.link) }),
            ])
        return Results.TypedLinkTable(
            routeCount: n, plain: measurements[0], typedURL: measurements[1], typedValue: measurements[2],
            silent: measurements[3], formatted: measurements[4], moduleURL: measurements[5],
            moduleValue: measurements[6])
    }

    // MARK: - Hostile input

    /// Every family of ``HostileInput``, the ordinary URL and the floor of the same length, in
    /// interleaved rounds; each family's ratios are paired round by round with the other two.
    private func hostileRows() -> Results.HostileTable {
        let families = HostileInput.families
        progress("hostile input: \(families.count) families of \(HostileInput.length) bytes")
        let ordinary = HostileInput.ordinary
        let floor = HostileInput.floor
        let inputs = [ordinary, floor] + families.map(\.input)
        let bodies = inputs.map(HostileInput.body)
        let measurements = measureTogether(plan, bodies)
        let rows = zip(families, measurements.dropFirst(2)).map { family, measurement in
            Results.HostileRow(
                name: family.name,
                nanosecondsPerByte: measurement.median / Double(family.input.utf8.count),
                ratioToOrdinary: measurement.pairedRatio(to: measurements[0]),
                ratioToFloor: measurement.pairedRatio(to: measurements[1]))
        }
        return Results.HostileTable(
            ordinaryNanosecondsPerByte: measurements[0].median / Double(ordinary.utf8.count),
            floorNanosecondsPerByte: measurements[1].median / Double(floor.utf8.count), rows: rows)
    }

    private func progress(_ message: String) {
        FileHandle.standardError.write(Data("· \(message)\n".utf8))
    }
}

/// A one-line description of where the benchmark ran.
enum Machine {
    static var description: String {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
        #if compiler(>=6.3)
            let swift = "Swift 6.3"
        #elseif compiler(>=6.2)
            let swift = "Swift 6.2"
        #else
            let swift = "Swift 6"
        #endif
        #if os(Linux)
            let os = "Linux"
        #elseif os(macOS)
            let os = "macOS"
        #else
            let os = "unknown OS"
        #endif
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return "\(cpu ?? "unknown CPU"), \(cores) cores, \(os), \(swift), release build"
    }
}
