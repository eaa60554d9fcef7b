import DispatchKit
import DispatchKitEvents
import DispatchKitRules
import Foundation
import Testing

// Redirect rules inside the center's pipeline; `RedirectRulesTests` covers the value type alone.

/// The native product page, and the web view the downgrade rule sends product links to.
private final class NativeProduct: PolicyTestActivity {
    override class var patterns: [RoutePattern] { ["cono://test.com/product/:id<int>"] }
}

private final class WebPage: PolicyTestActivity {
    override class var patterns: [RoutePattern] { ["https://m.test.com/*"] }
    override func execute() throws {
        journal?.lines.append("web \(url) after \(request.redirects.map(\.description))")
    }
}

/// Internal only: a link from outside must not reach it, even through a rule.
private final class Payment: DispatchActivity {
    override class var patterns: [RoutePattern] { ["cono://test.com/payment/confirm"] }
}

/// Made on each use: a global `Data` keeps its storage in a form LeakSanitizer does not see
/// as reachable, and it would report it as a leak.
private var downgrade: Data {
    Data(
        #"""
        {
          "version": 1,
          "rules": [
            {
              "pattern": "cono://test.com/product/:id",
              "target": "https://m.test.com/p/:id",
              "when": { "flag": "product-page-broken" },
              "note": "the native page crashes; send it to H5"
            }
          ]
        }
        """#.utf8)
}

@MainActor
@Suite("Redirect rules in the center")
struct RedirectRulesDispatchTests {
    private func center() -> DispatchCenter {
        let center = DispatchCenter()
        center.register([NativeProduct.self, WebPage.self, Payment.self])
        return center
    }

    private func rules(_ pairs: [(RoutePattern, RoutePattern)]) throws -> RedirectRules {
        RedirectRules(try pairs.map { try RedirectRules.Rule(pattern: $0.0, target: $0.1) })
    }

    @Test func aRuleTargetOverTheCentersLengthLimitFailsNamingTheRule() throws {
        let journal = PolicyJournal()
        let center = center()
        var limits = DispatchURL.Limits()
        limits.maximumLength = 64
        center.urlLimits = limits
        let target = "https://m.test.com/a-rather-long-path/that-keeps-on-growing"
        center.redirectRules = try rules([
            ("/other", "/b"), ("cono://test.com/product/:id", RoutePattern(stringLiteral: "\(target)/:id")),
        ])
        let link = "cono://test.com/product/1234567"
        #expect(link.utf8.count <= 64)
        let built = "\(target)/1234567"
        #expect(built.utf8.count > 64)
        let result = center.dispatch(link, userInfo: journal.userInfo)
        let expected = DispatchURLError.tooLong(length: built.utf8.count, limit: 64)
        #expect(PolicyOutcome(result.failure) == .invalidRedirectTarget(rule: 1, error: expected))
        #expect(
            result.failure?.description
                == "redirect rule 1 built a URL over the center's limits: URL is \(built.utf8.count) bytes long, over the limit of 64"
        )
        #expect(result.activity == nil)
        #expect(journal.lines.isEmpty)
        // Under the limit, the same rule redirects.
        #expect(center.dispatch("cono://test.com/product/1", userInfo: journal.userInfo).activity is WebPage)
    }

    @Test func aRuleTargetWithTooManySegmentsFails() throws {
        let center = center()
        var limits = DispatchURL.Limits()
        limits.maximumPathSegments = 4
        center.urlLimits = limits
        center.redirectRules = try rules([("cono://test.com/s/*", "https://m.test.com/t/u/v/*")])
        #expect(center.dispatch("cono://test.com/s/1").activity is WebPage)
        let result = center.dispatch("cono://test.com/s/1/2")
        #expect(
            PolicyOutcome(result.failure)
                == .invalidRedirectTarget(rule: 0, error: .tooManyPathSegments(limit: 4)))
    }

    @Test func aRuleTargetKeepsTheQueryLimit() throws {
        let center = center()
        var limits = DispatchURL.Limits()
        limits.maximumQueryItems = 2
        center.urlLimits = limits
        center.redirectRules = try rules([("cono://test.com/product/:id", "https://m.test.com/p/:id")])
        #expect(center.dispatch("cono://test.com/product/1?a&b").activity is WebPage)
        // A URL made in code is not held to the limits of the strings the center parses; the
        // redirect it leads to is.
        let url = try DispatchURL(string: "cono://test.com/product/1?a&b&c")
        #expect(
            PolicyOutcome(center.dispatch(url).failure)
                == .invalidRedirectTarget(rule: 0, error: .tooManyQueryItems(limit: 2)))
    }

    @Test func aDowngradeRuleSendsTheNativePageToItsWebPageWithParametersAndQuery() throws {
        let journal = PolicyJournal()
        let center = center()
        center.redirectRules = try RedirectRules(json: downgrade)
        center.redirectEnvironment.flags = ["product-page-broken"]
        let result = center.dispatch(
            "cono://test.com/product/42?from=push&from=again", userInfo: journal.userInfo)
        #expect(result.isHandled)
        #expect(result.activity is WebPage)
        #expect(
            result.activity?.request.redirects == [
                policyURL("cono://test.com/product/42?from=push&from=again")
            ])
        #expect(
            journal.lines == [
                #"web https://m.test.com/p/42?from=push&from=again after ["cono://test.com/product/42?from=push&from=again"]"#
            ])
    }

    @Test func aRuleWhoseConditionDoesNotHoldLeavesTheURLAlone() throws {
        let journal = PolicyJournal()
        let center = center()
        center.redirectRules = try RedirectRules(json: downgrade)
        #expect(center.redirectEnvironment.flags.isEmpty)
        #expect(
            center.dispatch("cono://test.com/product/42", userInfo: journal.userInfo).activity
                is NativeProduct)
        center.redirectEnvironment.flags.insert("product-page-broken")
        #expect(center.dispatch("cono://test.com/product/42", userInfo: journal.userInfo).activity is WebPage)
        center.redirectEnvironment.flags = []
        #expect(
            center.dispatch("cono://test.com/product/42", userInfo: journal.userInfo).activity
                is NativeProduct)
    }

    // The rules and their environment are one value the center holds for DispatchKitRules: each
    // setter must keep what the other set.
    @Test func anEnvironmentSetBeforeTheRulesIsTheOneTheyAreCheckedAgainst() throws {
        let center = center()
        center.redirectEnvironment.flags = ["product-page-broken"]
        center.redirectEnvironment.appVersion = .init("9.9")
        center.redirectRules = try RedirectRules(json: downgrade)
        #expect(center.redirectEnvironment.flags == ["product-page-broken"])
        #expect(center.redirectEnvironment.appVersion == RedirectRules.Version("9.9"))
        #expect(center.dispatch("cono://test.com/product/42").activity is WebPage)
    }

    @Test func settingTheEnvironmentKeepsTheRulesAndEmptyRulesKeepTheEnvironment() throws {
        let center = center()
        let rules = try RedirectRules(json: downgrade)
        center.redirectRules = rules
        center.redirectEnvironment.flags = ["product-page-broken"]
        #expect(center.redirectRules == rules)
        #expect(center.dispatch("cono://test.com/product/42").activity is WebPage)
        center.redirectRules = RedirectRules()
        #expect(center.redirectEnvironment.flags == ["product-page-broken"])
        #expect(center.dispatch("cono://test.com/product/42").activity is NativeProduct)
        center.redirectRules = rules
        #expect(center.dispatch("cono://test.com/product/42").activity is WebPage)
    }

    @Test func aCenterWithoutRulesHasTheDefaultsAndAnEnvironmentAloneRedirectsNothing() throws {
        let center = center()
        #expect(center.redirectRules.isEmpty)
        #expect(center.redirectEnvironment.flags.isEmpty)
        center.redirectEnvironment.flags = ["product-page-broken"]
        #expect(center.redirectRules.isEmpty)
        #expect(center.dispatch("cono://test.com/product/42").activity is NativeProduct)
    }

    @Test func appVersionConditionsUseTheEnvironmentsVersion() throws {
        let center = center()
        center.redirectRules = RedirectRules([
            try .init(
                pattern: "cono://test.com/product/:id", target: "https://m.test.com/p/:id",
                condition: .init(minimumVersion: .init("3.1.0"), maximumVersion: .init("3.1.4")))
        ])
        center.redirectEnvironment.appVersion = .init("3.1.2")
        #expect(center.dispatch("cono://test.com/product/1").activity is WebPage)
        center.redirectEnvironment.appVersion = .init("3.2")
        #expect(center.dispatch("cono://test.com/product/1").activity is NativeProduct)
        center.redirectEnvironment.appVersion = nil
        #expect(center.dispatch("cono://test.com/product/1").activity is NativeProduct)
    }

    @Test func anInvalidDocumentIsRefusedAndThePreviousRulesStayInForce() throws {
        let center = center()
        center.redirectRules = try RedirectRules(json: downgrade)
        center.redirectEnvironment.flags = ["product-page-broken"]
        let broken = Data(
            #"{"rules": [{"pattern": "/a/:id", "target": "/b/:id"}, {"pattern": "/c/:id", "target": "/d/:slug"}]}"#
                .utf8)
        #expect(throws: RedirectRulesError(ruleIndex: 1, problem: .unknownParameter("slug"))) {
            center.redirectRules = try RedirectRules(json: broken)
        }
        #expect(center.redirectRules == (try RedirectRules(json: downgrade)))
        #expect(center.dispatch("cono://test.com/product/42").activity is WebPage)
    }

    @Test func rulesChainAndTheActivitySeesTheWholeChain() throws {
        let journal = PolicyJournal()
        let center = center()
        center.redirectRules = try rules([
            ("cono://test.com/item/:id", "cono://test.com/goods/:id"),
            ("cono://test.com/goods/:id", "https://m.test.com/g/:id"),
        ])
        let result = center.dispatch("cono://test.com/item/9", userInfo: journal.userInfo)
        #expect(result.activity is WebPage)
        #expect(
            journal.lines == [
                #"web https://m.test.com/g/9 after ["cono://test.com/item/9", "cono://test.com/goods/9"]"#
            ])
    }

    @Test func aCycleOfRulesFailsNamingTheChainInsteadOfHanging() throws {
        let center = center()
        center.redirectRules = try rules([("/a/:id", "/b/:id"), ("/b/:id", "/a/:id")])
        let result = center.dispatch("app://x/a/1")
        #expect(
            result.outcome
                == .redirectLoop([
                    policyURL("app://x/a/1"), policyURL("app://x/b/1"), policyURL("app://x/a/1"),
                ]))
        #expect(result.failure?.description == "redirect loop: app://x/a/1 -> app://x/b/1 -> app://x/a/1")
        #expect(result.activity == nil)
    }

    @Test func aLongChainOfRulesStopsAtTheLimit() throws {
        let center = center()
        center.redirectRules = try rules([("/step/*", "/step/x/*")])
        center.maximumRedirects = 4
        guard case .tooManyRedirects(let chain)? = center.dispatch("app://x/step/0").failure else {
            Issue.record("expected too many redirects")
            return
        }
        #expect(chain.count == 6)
        #expect(chain.last == policyURL("app://x/step/x/x/x/x/x/0"))
    }

    @Test func aRuleCannotCarryALinkFromOutsideIntoAnInternalPage() throws {
        let center = center()
        center.redirectRules = try rules([("cono://test.com/promo", "cono://test.com/payment/confirm")])
        let result = center.dispatch("cono://test.com/promo", source: .external(application: "com.example"))
        guard case .rejected(let rejection)? = result.failure else {
            Issue.record("expected a rejection, got \(String(describing: result.failure))")
            return
        }
        #expect(rejection.rule == .internalOnly)
        #expect(rejection.activity == "Payment")
    }

    @Test func interceptorsSeeTheRedirectedURLAndEventsTheChain() throws {
        let journal = PolicyJournal()
        let center = center()
        center.redirectRules = try rules([("cono://test.com/product/:id", "https://m.test.com/p/:id")])
        center.addInterceptor(PolicyRule("watch") { _ in .proceed })
        let recorder = EventLog()
        center.addObserver(recorder)
        center.dispatch("cono://test.com/product/5", userInfo: journal.userInfo)
        #expect(journal.lines.first == "watch https://m.test.com/p/5")
        #expect(recorder.events.count == 1)
        #expect(recorder.events.first?.url == policyURL("cono://test.com/product/5"))
        #expect(recorder.events.first?.redirects == [policyURL("https://m.test.com/p/5")])
        #expect(recorder.events.first?.activity == WebPage.self)
    }

    @Test func clearingTheRulesStopsRedirecting() throws {
        let center = center()
        center.redirectRules = try rules([("cono://test.com/product/:id", "https://m.test.com/p/:id")])
        center.redirectRules = RedirectRules()
        #expect(center.dispatch("cono://test.com/product/5").activity is NativeProduct)
    }
}

@MainActor
private final class EventLog: DispatchObserver {
    var events: [DispatchEvent] = []
    func observe(_ event: DispatchEvent) { events.append(event) }
}
