import DispatchKit
import DispatchKitManifest
import DispatchKitRules
import DispatchTestSupport
import Foundation

// The registry every mode-0 input is dispatched through: patterns with parameters, typed
// constraints, wildcards, optional groups, a host parameter, custom `isHit` classes, a class that
// vetoes some of its pattern matches, three priorities, an interceptor, redirect rules loaded from
// JSON and a fallback, and how the reference router (Tests/DispatchTestSupport) sees each class.

struct FuzzError: Error {}

// MARK: - Pattern classes, priority 0

final class ProductActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() {}
}

final class ProductSlugActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:slug"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() {}
}

final class PostActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["//post/:id"] }
    override class var exposure: DispatchExposure { .external(applications: ["com.partner.app"]) }
    override func execute() {}
}

final class ShopActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["cono://test.com/shop(/:category)(/page/:page<int>)"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() {}
}

final class UserActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["//:host/user/:uid<uuid>/*"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() {}
}

final class FilesActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/files/*"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() {}
}

final class FilesRootActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/files"] }
    override func execute() {}
}

final class KindActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/k/:kind<new|hot>", "(/lang/:l)/home"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() {}
}

/// Declares patterns and overrides `isHit` to decline some of their matches.
final class SaleActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/sale/:id(/:variant)"] }
    override class func isHit(url: DispatchURL) -> Bool {
        super.isHit(url: url) && url.query["sale"] != nil
    }
    override class var exposure: DispatchExposure { .external }
    override func execute() {}
}

/// Backtracking: `/a/b/d` goes to `//*/a/:x/d`, not to the literal branch `/a/b/c`.
final class BacktrackActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["//*/a/:x/d", "/a/b/c", "s://:h/a/:y<int>"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() {}
}

/// Dispatches again from `execute()`: `/nest/n` dispatches `/nest/n+1`, so the chain stops at the
/// nesting limit; `/nest/self` dispatches itself.
final class NestActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/nest/:n<int>", "/nest/self"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() throws {
        if let n = parameters["n"].flatMap(Int.init), n < 100 {
            center?.dispatch("/nest/\(n + 1)")
        } else if paths.last == "self" {
            center?.dispatch(url)
        }
    }
}

final class ThrowActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/throw/*"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() throws { throw FuzzError() }
}

// MARK: - Custom isHit classes, priority 0

final class MineActivity: DispatchActivity {
    override class func isHit(url: DispatchURL) -> Bool {
        url.firstPath == "mine_home" || url.firstPath == "settings_home"
    }
    override func execute() {}
}

final class WebActivity: DispatchActivity {
    override class func isHit(url: DispatchURL) -> Bool {
        url.scheme == "https" && (url.host?.hasSuffix("test.com") ?? false)
    }
    override class var exposure: DispatchExposure { .external }
    override func execute() {}
}

// MARK: - Priority 5 and -1

final class AdminActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["cono://test.com/admin/*"] }
    override class var priority: Int { 5 }
    override func execute() {}
}

final class UrgentActivity: DispatchActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.query["urgent"] == "1" }
    override class var priority: Int { 5 }
    override class var exposure: DispatchExposure { .external }
    override func execute() {}
}

final class CatchAllActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["//*/*"] }
    override class var priority: Int { -1 }
    override class var exposure: DispatchExposure { .external }
    override func execute() {}
}

final class FallbackActivity: DispatchActivity {
    override class var exposure: DispatchExposure { .external }
    override func execute() {}
}

// MARK: - Interceptor

/// Proceeds, redirects, rejects or holds depending on the URL's `gate` query item; guards the
/// admin pages with a `token`.
final class FuzzGate: DispatchInterceptor {
    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        let url = interception.url
        switch url.query["gate"] {
        case "reject": return .reject(reason: "gate closed")
        case "redirect": return .redirect(to: (try? DispatchURL(string: "/product/1")) ?? url)
        case "self": return .redirect(to: url)
        case "hold": return .hold(DispatchHold())
        default: break
        }
        if interception.activity == AdminActivity.self, url.query["token"] == nil {
            return .reject(reason: "no token")
        }
        return .proceed
    }
}

// MARK: - The registry and its reference

/// One registered class, and how the reference sees it: the priority it declares, written out so
/// that the fixture checks it, and how its `isHit` answers (its patterns, read from the class, are
/// parsed again by the reference's own parser).
struct FuzzRoute {
    var activity: DispatchActivity.Type
    var priority: Int
    var hit: ReferenceHit = .patterns
}

@MainActor
enum Fixture {
    /// Registration order; a route's index is its slot in the reference.
    static let routes: [FuzzRoute] = [
        FuzzRoute(activity: ProductActivity.self, priority: 0),
        FuzzRoute(activity: ProductSlugActivity.self, priority: 0),
        FuzzRoute(activity: PostActivity.self, priority: 0),
        FuzzRoute(activity: ShopActivity.self, priority: 0),
        FuzzRoute(activity: UserActivity.self, priority: 0),
        FuzzRoute(activity: FilesActivity.self, priority: 0),
        FuzzRoute(activity: FilesRootActivity.self, priority: 0),
        FuzzRoute(activity: KindActivity.self, priority: 0),
        FuzzRoute(
            activity: SaleActivity.self, priority: 0,
            hit: .veto(ReferencePredicate("no sale query item") { $0.query["sale"] == nil }, callsSuper: true)
        ),
        FuzzRoute(activity: BacktrackActivity.self, priority: 0),
        FuzzRoute(activity: NestActivity.self, priority: 0),
        FuzzRoute(activity: ThrowActivity.self, priority: 0),
        FuzzRoute(
            activity: MineActivity.self, priority: 0,
            hit: .custom(
                ReferencePredicate("first path mine_home or settings_home") {
                    $0.firstPath == "mine_home" || $0.firstPath == "settings_home"
                })),
        FuzzRoute(
            activity: WebActivity.self, priority: 0,
            hit: .custom(
                ReferencePredicate("https on test.com") {
                    $0.scheme == "https" && ($0.host?.hasSuffix("test.com") ?? false)
                })),
        FuzzRoute(activity: AdminActivity.self, priority: 5),
        FuzzRoute(
            activity: UrgentActivity.self, priority: 5,
            hit: .custom(ReferencePredicate("urgent=1") { $0.query["urgent"] == "1" })),
        FuzzRoute(activity: CatchAllActivity.self, priority: -1),
    ]

    /// The naive router over the same classes: every input's claimants are checked against it.
    static let reference: ReferenceRouter = {
        var router = ReferenceRouter()
        for (slot, route) in routes.enumerated() {
            let patterns = route.activity.patterns.map(\.description)
            let custom: Bool
            if case .custom = route.hit { custom = true } else { custom = false }
            if patterns.isEmpty != custom {
                fatalError(
                    "DispatchFuzz: \(route.activity) has patterns \(patterns) but the reference's \(route.hit)"
                )
            }
            for source in patterns {
                guard case .success = router.pattern(source) else {
                    fatalError("DispatchFuzz: the reference does not parse \(source) of \(route.activity)")
                }
            }
            router.register(
                ReferenceRoute(slot: slot, priority: route.priority, patterns: patterns, hit: route.hit))
        }
        return router
    }()

    /// The rules every dispatch sees; `/loop/a` and `/loop/b` send each other back and forth.
    static let rulesJSON = """
        {
          "version": 1,
          "rules": [
            {"pattern": "cono://test.com/product/:id<int>", "target": "https://m.test.com/goods/:id",
             "when": {"appVersion": {"min": "3.1.0", "max": "3.1.4"}, "flag": "product-page-broken"}},
            {"pattern": "/item/:id<int>", "target": "/product/:id", "note": "old links"},
            {"pattern": "cono://test.com/help/*", "target": "https://help.test.com/*"},
            {"pattern": "/loop/a", "target": "/loop/b"},
            {"pattern": "/loop/b", "target": "/loop/a"},
            {"pattern": "//:host/moved/:rest", "target": "cono://:host/files/:rest"},
            {"pattern": "/never/:x", "target": "/p/:x", "when": {"flag": "off"}}
          ]
        }
        """

    static let rules: RedirectRules = {
        do {
            return try RedirectRules(json: Data(rulesJSON.utf8))
        } catch {
            fatalError("DispatchFuzz: the fixture's own rules do not load: \(error)")
        }
    }()

    static let center: DispatchCenter = {
        let center = DispatchCenter()
        center.register(routes.map(\.activity))
        center.fallback = FallbackActivity.self
        center.addInterceptor(FuzzGate())
        // No timer tasks: the fuzzer blocks the main thread, so they would pile up unrun.
        center.holdTimeout = nil
        center.redirectRules = rules
        center.redirectEnvironment = RedirectRules.Environment(
            appVersion: RedirectRules.Version("3.1.2"), flags: ["product-page-broken"])
        for route in routes where route.activity.priority != route.priority {
            fatalError("DispatchFuzz: the reference's priority of \(route.activity) is wrong")
        }
        let diagnostics = center.validate().filter {
            if case .invalidPattern = $0.kind { return true }
            return false
        }
        precondition(diagnostics.isEmpty, "DispatchFuzz: fixture patterns do not parse: \(diagnostics)")
        return center
    }()

    /// How many times the center had built its route index once it was set up: every input is
    /// looked up in that one index, which nothing an input does may rebuild.
    static let indexBuilds = center.snapshotBuildCount
}

extension Fixture {
    /// The center that answers for ``ProbeActivity`` alone.
    static let probe = DispatchCenter()
}

/// A class whose patterns are set per input, to ask `validate()` about one pattern.
final class ProbeActivity: DispatchActivity {
    static var probed: [RoutePattern] = []
    override class var patterns: [RoutePattern] { probed }
}
