import DispatchKit

/// `--profile dispatch|parse|floor|build|plain-link|typed-link|link-value|formatted-link|module-link|module-value [N]`: a
/// fixed amount of one kind of work (N = 10,000 routes by default) and nothing else, for `valgrind --tool=callgrind --toggle-collect='*profile*Loop*'`
/// (see the README).
@MainActor
enum Profile {
    static func run(_ what: String, routeCount: Int = 10_000) -> Bool {
        guard routeCount >= RouteSet.routesPerModule, routeCount % RouteSet.routesPerModule == 0 else {
            return false
        }
        let routeSet = RouteSet(routeCount: routeCount)
        Modules.prepare(routeSet)
        switch what {
        case "dispatch":
            let center = Modules.center(moduleCount: routeSet.moduleCount)
            Modules.freeze(center)
            let urls = routeSet.lookups.map(\.url)
            for url in urls { blackHole(center.dispatch(url).isHandled ? 1 : 0) }  // warm-up, not collected
            blackHole(profileDispatchLoop(center, urls))
        case "parse":
            let urls = routeSet.lookups.map(\.url)
            // Warm-up, not collected.
            for url in urls { blackHole((try? DispatchURL(string: url))?.paths.count ?? 0) }
            blackHole(profileParseLoop(urls))
        case "floor":
            let urls = routeSet.lookups.map(\.url)
            blackHole(FoundationFloor.body(urls)(urls.count))  // warm-up, not collected
            blackHole(profileFloorLoop(urls))
        case "plain-link", "typed-link", "link-value", "formatted-link", "module-link", "module-value":
            let hitClass: DispatchActivity.Type =
                switch what {
                case "typed-link", "link-value": TypedProductActivity.self
                case "module-link", "module-value": ShopModuleActivity.self
                default: PlainProductActivity.self
                }
            let center = TypedLinkSubject.center(moduleCount: routeSet.moduleCount, hitClass: hitClass)
            let lookups = ProductLinks().lookups
            let body: (Int) -> Int
            switch what {
            case "link-value": body = TypedLinkSubject.valueBody(center, lookups.map(\.link))
            // What `link-value` is held against: the caller formats the string, the plain class reads it.
            case "formatted-link": body = TypedLinkSubject.formattedBody(center, lookups.map(\.link))
            case "module-value": body = ModuleLinkSubject.valueBody(center, lookups.map { ShopLink($0.link) })
            default: body = DispatchKitSubject.body(center, lookups.map(\.url))
            }
            blackHole(body(lookups.count))  // warm-up, not collected
            blackHole(profileLinkLoop(body, lookups.count))
        case "build":
            Modules.freeze(Modules.center(moduleCount: routeSet.moduleCount))  // warm-up, not collected
            blackHole(profileBuildLoop(routeSet))
        default:
            return false
        }
        return true
    }

    /// `--profile-hostile INDEX`: one family of ``HostileInput`` parsed 100 times.
    static func hostile(_ input: String) {
        blackHole(HostileInput.parse(input))  // warm-up, not collected
        blackHole(profileHostileLoop(input))
    }

    @inline(never)
    static func profileHostileLoop(_ input: String) -> Int {
        HostileInput.body(input)(100)
    }

    /// Every lookup dispatched 5 times (20,480 dispatches).
    @inline(never)
    static func profileDispatchLoop(_ center: DispatchCenter, _ urls: [String]) -> Int {
        DispatchKitSubject.body(center, urls)(urls.count * 5)
    }

    /// `DispatchURL(string:)` alone on every lookup, 5 times (20,480 parses): the parsing share of
    /// a dispatch.
    @inline(never)
    static func profileParseLoop(_ urls: [String]) -> Int {
        var sum = 0
        for _ in 0..<5 {
            for url in urls {
                if let parsed = try? DispatchURL(string: url) { sum &+= parsed.paths.count }
            }
        }
        return sum
    }

    /// Foundation's `URL(string:)` + `pathComponents` on every lookup, 5 times.
    @inline(never)
    static func profileFloorLoop(_ urls: [String]) -> Int {
        FoundationFloor.body(urls)(urls.count * 5)
    }

    /// Every product link dispatched 5 times (20,480 dispatches), by `body`.
    @inline(never)
    static func profileLinkLoop(_ body: (Int) -> Int, _ count: Int) -> Int {
        body(count * 5)
    }

    /// Three builds of the center (3 × N routes registered and indexed).
    @inline(never)
    static func profileBuildLoop(_ routeSet: RouteSet) -> Int {
        var sum = 0
        for _ in 0..<3 {
            let center = Modules.center(moduleCount: routeSet.moduleCount)
            Modules.freeze(center)
            sum &+= center.registeredActivities.count
        }
        return sum
    }
}
