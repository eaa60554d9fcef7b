#if canImport(RoutingKit)
    import Foundation
    import Logging
    import RoutingKit

    /// vapor/routing-kit's `TrieRouter` on the same routes, fed the way a server feeds it: parse the
    /// URL with Foundation, split the path, route.
    ///
    /// Built only when the manifest is evaluated with `DISPATCHKIT_BENCH_ROUTINGKIT=1`. RoutingKit has
    /// no typed parameters, so `:lid<int>` is registered as `:lid` (every generated hit has digits
    /// there, and no miss depends on it, so both routers give the same answers). `Parameters` gets a
    /// logger made once: `Parameters()` would make a new `Logger` per lookup, a cost of the API
    /// rather than of the trie.
    enum RoutingKitSubject {
        static let isAvailable = true
        private static let logger = Logger(label: "dispatch-benchmark")

        /// A router with every route of `routeSet` registered, output = route index. Pattern strings
        /// are split into `PathComponent`s here, as an app's `app.get("m3", ":id")` would.
        static func router(_ routeSet: RouteSet) -> TrieRouter<Int> {
            let router = TrieRouter(Int.self, logger: logger)
            for route in routeSet.routes {
                let components: [PathComponent] = route.routingKitPattern.pathComponents
                router.register(route.index, at: components)
            }
            return router
        }

        /// The route `url` reaches (and its parameters), for the cross-check.
        static func route(_ router: TrieRouter<Int>, _ url: String) -> (Int, [String: String])? {
            var parameters = Parameters(logger)
            guard let url = URL(string: url) else { return nil }
            let path = url.path.split(separator: "/").map(String.init)
            guard let route = router.route(path: path, parameters: &parameters) else { return nil }
            let values = parameters.allNames.map { ($0, parameters.get($0)!) }
            return (route, Dictionary(uniqueKeysWithValues: values))
        }

        static func body(_ router: TrieRouter<Int>, _ lookups: [String]) -> (Int) -> Int {
            var next = 0
            return { operations in
                var sum = 0
                for _ in 0..<operations {
                    if let url = URL(string: lookups[next]) {
                        let path = url.path.split(separator: "/").map(String.init)
                        var parameters = Parameters(logger)
                        sum &+= router.route(path: path, parameters: &parameters) ?? -1
                    }
                    next = (next + 1) & (lookups.count - 1)
                }
                return sum
            }
        }
    }
#else
    enum RoutingKitSubject {
        static let isAvailable = false
    }
#endif
