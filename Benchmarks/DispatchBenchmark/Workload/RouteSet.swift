import DispatchTestSupport

/// The routes of one benchmark size and the URLs looked up in them.
///
/// `N` routes over `N / 10` modules. Each module has 10 routes: 7 static (`/m12/page3`,
/// `/m12/settings/privacy`) and 3 with one or two parameters (`/m12/item/:id`,
/// `/m12/user/:uid/profile`, `/m12/order/:oid/line/:lid<int>`). Lookups are app URLs with a query
/// (`app://host/m12/page3?from=push`): 90% hit a route chosen uniformly at random, with realistic
/// parameter values; 10% miss (an unknown page, an unknown module, one segment too many).
/// Everything comes from a fixed seed.
struct RouteSet: Sendable {
    static let routesPerModule = 10
    /// Lookups per set; a power of two so that a benchmark loop can cycle with a mask.
    static let lookupCount = 4096

    /// One lookup and the answer every router must give.
    struct Lookup: Sendable {
        let url: String
        /// The route it hits (`nil`: a miss) and the parameter values of that hit.
        let route: Int?
        let parameters: [String: String]
    }

    let routeCount: Int
    var moduleCount: Int { routeCount / Self.routesPerModule }
    let routes: [Route]
    let lookups: [Lookup]

    init(routeCount: Int, seed: UInt64 = 0xD15_A7C4) {
        precondition(routeCount % Self.routesPerModule == 0 && routeCount > 0)
        self.routeCount = routeCount
        var generator = SeededRandom(seed: seed ^ UInt64(routeCount))
        var routes: [Route] = []
        routes.reserveCapacity(routeCount)
        for module in 0..<routeCount / Self.routesPerModule {
            for template in Self.moduleTemplate(module) {
                routes.append(Route(index: routes.count, module: module, segments: template))
            }
        }
        self.routes = routes
        // Every route starts with its module's literal: the reference rule need only look there.
        let routesByModule = Dictionary(grouping: routes) { route in route.segments[0] }
        var lookups: [Lookup] = []
        lookups.reserveCapacity(Self.lookupCount)
        while lookups.count < Self.lookupCount {
            let lookup: Lookup
            if Int.random(in: 0..<10, using: &generator) == 0 {
                lookup = Self.miss(moduleCount: routeCount / Self.routesPerModule, using: &generator)
            } else {
                lookup = Self.hit(routes.randomElement(using: &generator)!, using: &generator)
            }
            // The reference rule, evaluated naively, decides what the answer is.
            let paths = Self.paths(of: lookup.url)
            let candidates = routesByModule[.literal(paths[0])] ?? []
            let answer = candidates.lazy.compactMap { route in route.matches(paths).map { (route.index, $0) }
            }.first
            precondition(answer?.0 == lookup.route && (answer?.1 ?? [:]) == lookup.parameters, "\(lookup)")
            lookups.append(lookup)
        }
        self.lookups = lookups
    }

    /// The 10 routes of module `m`.
    private static func moduleTemplate(_ m: Int) -> [[Route.Segment]] {
        let module = Route.Segment.literal("m\(m)")
        var templates: [[Route.Segment]] = (0..<5).map { [module, .literal("page\($0)")] }
        templates.append([module, .literal("settings"), .literal("privacy")])
        templates.append([module, .literal("list"), .literal("recent")])
        templates.append([module, .literal("item"), .parameter(name: "id", isInt: false)])
        templates.append([
            module, .literal("user"), .parameter(name: "uid", isInt: false), .literal("profile"),
        ])
        templates.append([
            module, .literal("order"), .parameter(name: "oid", isInt: false), .literal("line"),
            .parameter(name: "lid", isInt: true),
        ])
        return templates
    }

    private static let queries = ["?from=push", "?from=share&ts=1700000000", "", "?uid=42&tab=home"]

    private static func hit(_ route: Route, using generator: inout SeededRandom) -> Lookup {
        var parameters: [String: String] = [:]
        var path = ""
        for segment in route.segments {
            switch segment {
            case .literal(let text):
                path += "/" + text
            case .parameter(let name, let isInt):
                let value =
                    isInt ? String(Int.random(in: 1...40, using: &generator)) : value(for: name, &generator)
                parameters[name] = value
                path += "/" + value
            }
        }
        let query = queries.randomElement(using: &generator)!
        return Lookup(url: "app://host" + path + query, route: route.index, parameters: parameters)
    }

    private static func value(for name: String, _ generator: inout SeededRandom) -> String {
        switch name {
        case "id":
            let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
            return String((0..<8).map { _ in alphabet.randomElement(using: &generator)! })
        case "uid":
            return "u" + String(Int.random(in: 10_000...99_999_999, using: &generator))
        default:
            return "SO-" + String(Int.random(in: 100_000...999_999, using: &generator))
        }
    }

    private static func miss(moduleCount: Int, using generator: inout SeededRandom) -> Lookup {
        let module = Int.random(in: 0..<moduleCount, using: &generator)
        let path: String
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: path = "/m\(module)/page\(Int.random(in: 5...99, using: &generator))"
        case 1: path = "/m\(moduleCount + Int.random(in: 0...999, using: &generator))/page1"
        default: path = "/m\(module)/item/\(Int.random(in: 1...99_999, using: &generator))/reviews"
        }
        return Lookup(url: "app://host" + path + "?from=push", route: nil, parameters: [:])
    }

    /// The path segments of a generated lookup URL (they hold no escapes and no dot segments).
    static func paths(of url: String) -> [String] {
        let afterHost = url.dropFirst("app://host".count)
        let path = afterHost.prefix { $0 != "?" }
        return path.split(separator: "/").map(String.init)
    }
}
