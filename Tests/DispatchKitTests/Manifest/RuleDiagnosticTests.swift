import DispatchKit
import DispatchKitManifest
import DispatchKitRules
import Foundation
import Testing

/// Redirect rules checked offline against a manifest: each kind of problem, named by rule index.
@Suite("Manifest: redirect rules against the routes")
struct RuleDiagnosticTests {
    let manifest = RouteManifest(routes: [
        RouteManifest.Route(
            pattern: "/product/:id<int>", activity: "Shop.ProductActivity", exposure: .external),
        RouteManifest.Route(pattern: "/account/logout", activity: "Shop.LogoutActivity"),
        RouteManifest.Route(
            pattern: "/orders(/:id<int>)", activity: "Shop.OrdersActivity", exposure: .external),
        RouteManifest.Route(pattern: "/admin/*", activity: "Shop.AdminActivity"),
    ])

    func rules(_ json: String) throws -> RedirectRules {
        try RedirectRules(json: Data(json.utf8))
    }

    func kinds(_ json: String) throws -> [Int: [RuleDiagnostic.Kind]] {
        Dictionary(grouping: try rules(json).diagnostics(against: manifest), by: \.ruleIndex).mapValues {
            $0.map(\.kind)
        }
    }

    @Test func cleanRulesGiveNoDiagnostic() throws {
        let found = try kinds(
            #"""
            {"version": 1, "rules": [
              {"pattern": "/product/:id<int>", "target": "https://m.test.com/goods/:id"},
              {"pattern": "/orders/:id<int>", "target": "/product/:id"}
            ]}
            """#)
        #expect(found.isEmpty)
    }

    @Test func aPatternNoRouteMatchesIsDead() throws {
        let found = try kinds(
            #"""
            {"version": 1, "rules": [
              {"pattern": "/prodcut/:id<int>", "target": "https://m.test.com/goods/:id"},
              {"pattern": "/product/:id<uuid>", "target": "https://m.test.com/goods/:id"}
            ]}
            """#)
        // A typo, and a type no product id has: neither ever meets a URL the app handles.
        #expect(found == [0: [.deadPattern], 1: [.deadPattern]])
    }

    /// Pins rules that map retired links failing the check although the docs call them intended:
    /// marked `"retired": true`, their dead pattern is reported as intended, not as a problem; a
    /// retired rule whose pattern a route still matches is a problem.
    @Test func aRetiredRuleIsReportedWithoutBeingAProblem() throws {
        let diagnostics = try rules(
            #"""
            {"version": 2, "rules": [
              {"pattern": "/item/:id<int>", "target": "/product/:id", "retired": true},
              {"pattern": "/products/:id<int>", "target": "/product/:id"},
              {"pattern": "/orders/:id<int>", "target": "/product/:id", "retired": true}
            ]}
            """#
        ).diagnostics(against: manifest)
        #expect(
            diagnostics.map(\.kind) == [
                .retiredPattern(target: "/product/:id"), .deadPattern,
                .retiredPatternStillMatches(route: "/orders(/:id<int>)", activity: "Shop.OrdersActivity"),
            ])
        #expect(diagnostics.map(\.isProblem) == [false, true, true])
        #expect(
            diagnostics.map(\.description) == [
                #"rules[0] "/item/:id<int>": maps retired links, as the rule says: no route matches this pattern, and its links go to "/product/:id""#,
                #"rules[1] "/products/:id<int>": no route matches any URL of this pattern (dead; if it maps retired links on purpose, mark the rule "retired": true)"#,
                #"rules[2] "/orders/:id<int>": the rule says it maps retired links, but the route "/orders(/:id<int>)" of Shop.OrdersActivity still matches URLs of this pattern, which the rule takes from it"#,
            ])
    }

    @Test func aTargetNoRouteClaimsThatIsNoWebPageDangles() throws {
        let found = try kinds(
            #"""
            {"version": 1, "rules": [
              {"pattern": "/product/:id<int>", "target": "/goods/:id"},
              {"pattern": "cono://test.com/orders", "target": "http://m.test.com/orders"}
            ]}
            """#)
        #expect(found == [0: [.danglingTarget(target: "/goods/:id")]])
    }

    @Test func anInternalTargetBehindAPatternFromOutsideIsAlwaysRefused() throws {
        let found = try kinds(
            #"""
            {"version": 1, "rules": [
              {"pattern": "/orders/:id<int>", "target": "/account/logout"},
              {"pattern": "/admin/old", "target": "/account/logout"}
            ]}
            """#)
        // Orders take links from outside; /admin/* is internal only, so its URLs come from the app.
        #expect(found == [0: [.internalTarget(activity: "Shop.LogoutActivity")]])
    }

    /// Pins a target that only every-route-internal caught: `/account/logout` is internal and
    /// `/account/:page` exposed, and the literal wins the target's URL, so the center refuses every
    /// such redirect from outside. The check now picks the winner with the center's precedence.
    @Test @MainActor func anInternalRouteThatWinsTheTargetOverAnExposedOneIsFound() throws {
        let center = DispatchCenter()
        center.register([AccountPageActivity.self, LogoutPageActivity.self])
        let rules = try rules(
            #"""
            {"version": 1, "rules": [
              {"pattern": "/account/signout", "target": "/account/logout"},
              {"pattern": "/account/old/:page", "target": "/account/:page"}
            ]}
            """#)
        let diagnostics = rules.diagnostics(against: center.routeManifest())
        // `/account/signout` is one of the exposed page's links; `/account/old/…` no route's.
        #expect(
            diagnostics.map(\.kind) == [
                .internalTarget(activity: "DispatchKitTests.LogoutPageActivity"), .deadPattern,
            ])
        #expect(diagnostics.map(\.ruleIndex) == [0, 1])
        // And the center refuses the redirect from outside, as the diagnostic says.
        center.redirectRules = rules
        let result = center.dispatch("cono://test.com/account/signout", source: .universalLink)
        guard case .rejected? = result.failure else {
            Issue.record("expected the redirect to be refused, got \(result)")
            return
        }
        // The parameter target reaches the exposed page.
        #expect(center.dispatch("cono://test.com/account/old/orders", source: .universalLink).isHandled)
    }

    /// Priority is part of the precedence: an exposed route of a higher priority takes the target.
    @Test func aHigherPriorityExposedRouteTakesTheTarget() throws {
        let manifest = RouteManifest(routes: [
            RouteManifest.Route(pattern: "/account/logout", activity: "Shop.LogoutActivity"),
            RouteManifest.Route(
                pattern: "/account/:page", activity: "Shop.AccountActivity", priority: 1, exposure: .external),
        ])
        let diagnostics = try rules(
            #"{"version": 1, "rules": [{"pattern": "/account/signout", "target": "/account/logout"}]}"#
        ).diagnostics(against: manifest)
        #expect(diagnostics.isEmpty)
    }

    /// A path-only target keeps the scheme and host of the link, so only routes on that host count.
    @Test func aPathOnlyTargetKeepsTheHostOfThePattern() throws {
        let manifest = RouteManifest(routes: [
            RouteManifest.Route(pattern: "cono://test.com/account/logout", activity: "Shop.LogoutActivity"),
            RouteManifest.Route(
                pattern: "cono://other.com/account/logout", activity: "Shop.OtherActivity",
                exposure: .external),
        ])
        let diagnostics = try rules(
            #"{"version": 1, "rules": [{"pattern": "cono://test.com/signout", "target": "/account/logout"}]}"#
        ).diagnostics(against: manifest)
        #expect(diagnostics.map(\.kind) == [.deadPattern, .internalTarget(activity: "Shop.LogoutActivity")])
    }

    @Test func rulesThatRedirectIntoEachOtherAreALoop() throws {
        let found = try kinds(
            #"""
            {"version": 1, "rules": [
              {"pattern": "/product/:id<int>", "target": "/orders/:id"},
              {"pattern": "/orders/:id<int>", "target": "/product/:id"},
              {"pattern": "cono://test.com/orders", "target": "https://m.test.com/orders"}
            ]}
            """#)
        #expect(found == [0: [.loop(rules: [0, 1])], 1: [.loop(rules: [1, 0])]])
    }

    /// A path-only pattern matches every scheme and host, the web page it redirects to included.
    @Test @MainActor func aPathOnlyRuleToAWebPageOfTheSamePathLoops() throws {
        let found = try kinds(
            #"""
            {"version": 1, "rules": [{"pattern": "/orders", "target": "https://m.test.com/orders"}]}
            """#)
        #expect(found == [0: [.loop(rules: [0])]])
        // And the center agrees, at run time.
        let center = DispatchCenter()
        center.redirectRules = try rules(
            #"{"version": 1, "rules": [{"pattern": "/orders", "target": "https://m.test.com/orders"}]}"#)
        guard case .redirectLoop? = center.dispatch("cono://test.com/orders").failure else {
            Issue.record("expected a redirect loop")
            return
        }
    }

    @Test func aRuleThatRedirectsToItselfIsALoop() throws {
        let found = try kinds(
            #"""
            {"version": 1, "rules": [{"pattern": "/admin/*", "target": "/admin/x/*"}]}
            """#)
        #expect(found == [0: [.loop(rules: [0])]])
    }

    @Test func descriptionsNameTheRuleAndTheProblem() throws {
        let diagnostics = try rules(
            #"""
            {"version": 1, "rules": [
              {"pattern": "/product/:id<int>", "target": "/orders/:id"},
              {"pattern": "/orders/:id<int>", "target": "/product/:id"},
              {"pattern": "/nowhere", "target": "/gone"}
            ]}
            """#
        ).diagnostics(against: manifest).map(\.description)
        #expect(
            diagnostics == [
                #"rules[0] "/product/:id<int>": the rules rules[0] -> rules[1] -> rules[0] redirect into each other"#,
                #"rules[1] "/orders/:id<int>": the rules rules[1] -> rules[0] -> rules[1] redirect into each other"#,
                #"rules[2] "/nowhere": no route matches any URL of this pattern (dead; if it maps retired links on purpose, mark the rule "retired": true)"#,
                #"rules[2] "/nowhere": the target "/gone" is not an http or https page, and no route claims it"#,
            ])
    }
}

/// An exposed account page and an internal sign-out at a literal path beside it.
private final class AccountPageActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/account/:page"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() throws {}
}

private final class LogoutPageActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/account/logout"] }
    override func execute() throws {}
}
