import DispatchKit

/// The seed's design at its best: one class per route, each with a custom `isHit`, consulted in
/// turn by a `DispatchCenter` (a class with a custom `isHit` is scanned, exactly as in the seed).
///
/// Kept honest, not slow: the URL is parsed once (the center hands every class the same
/// `DispatchURL`), and each `isHit` is one table lookup (``ClassTable``, a few ns, measured as
/// ``lookupNanoseconds``) plus one comparison of `url.paths` against route segments prepared in
/// advance. The seed re-derived Foundation `pathComponents` in every `isHit`, which the issue
/// measured at about 400 ns per class; this scan pays a few ns per class instead.
final class NaiveRouteActivity<Number: TypeNumber>: DispatchActivity {
    override class func isHit(url: DispatchURL) -> Bool {
        NaiveScan.routes[NaiveScan.table.value(of: self)].matches(url.paths)
    }

    override func execute() throws {}
}

/// The classes and routes of the naive scan, shared by every size (route `i` is the same route in
/// every ``RouteSet``).
@MainActor
enum NaiveScan {
    /// A route's segments prepared for a direct comparison with `DispatchURL.paths`.
    struct PreparedRoute {
        enum Segment {
            case literal(String)
            case any
            case int
        }

        let segments: [Segment]

        init(_ route: Route) {
            segments = route.segments.map { segment in
                switch segment {
                case .literal(let text): return .literal(text)
                case .parameter(_, let isInt): return isInt ? .int : .any
                }
            }
        }

        @inline(__always)
        func matches(_ paths: [String]) -> Bool {
            guard paths.count == segments.count else { return false }
            for (segment, path) in zip(segments, paths) {
                switch segment {
                case .literal(let text):
                    if text != path { return false }
                case .any:
                    continue
                case .int:
                    if path.isEmpty || !path.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return false }
                }
            }
            return true
        }
    }

    fileprivate static var table = ClassTable([])
    fileprivate static var routes: [PreparedRoute] = []
    /// `classes[i]` claims route `i`.
    private(set) static var classes: [DispatchActivity.Type] = []

    /// Makes one class per route of `routeSet` (the largest set; smaller sets use a prefix).
    static func prepare(_ routeSet: RouteSet) {
        classes = distinctClasses(routeSet.routeCount) { number in naiveClass(number) }
        routes = routeSet.routes.map(PreparedRoute.init)
        table = ClassTable(classes)
    }

    private static func naiveClass<T: TypeNumber>(_: T.Type) -> DispatchActivity.Type {
        NaiveRouteActivity<T>.self
    }

    /// A center with the classes of the first `count` routes, in route order.
    static func center(routeCount count: Int) -> DispatchCenter {
        let center = DispatchCenter()
        center.register(Array(classes.prefix(count)))
        return center
    }

    /// The route a class claims.
    static func route(of type: DispatchActivity.Type) -> Int { table.value(of: type) }

    /// Nanoseconds the table lookup adds to one `isHit`: the lookups of a whole scan, timed.
    static func lookupNanoseconds(_ plan: RunPlan) -> Double {
        let types = classes
        let measurement = measure(plan) { operations in
            var sum = 0
            for i in 0..<operations { sum &+= table.value(of: types[i % types.count]) }
            return sum
        }
        return measurement.median
    }
}
