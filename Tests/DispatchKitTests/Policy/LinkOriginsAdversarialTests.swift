import DispatchKit
import DispatchKitAsync
import DispatchKitEvents
import DispatchKitRules
import DispatchKitUI
import Foundation
import Testing

// Link origins under attack: spellings of hosts, ports and schemes that an outside party could use
// to pass for the app's own origin, and the other ways into the pipeline (redirects, the awaiting
// dispatch, destinations, the intake) by which a URL of another origin could reach an activity.

private final class AttackProduct: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() throws {}
    override func makeDestination() throws -> Any? { "product" }
}

/// Names the `data` scheme: its pattern alone takes `data:` URLs from outside.
private final class AttackInlineData: DispatchActivity {
    override class var patterns: [RoutePattern] { ["data://*/inline/:id"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() throws {}
}

private final class AttackAsyncOrder: AsyncDispatchActivity {
    override class var patterns: [RoutePattern] { ["/order/:id<int>"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() async throws {}
}

/// Dispatches what its `next` parameter names, from the source of its own URL.
private final class AttackForwarder: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/forward"] }
    override class var exposure: DispatchExposure { .external }
    @MainActor static var forwarded: [DispatchResult] = []
    override func execute() throws {
        guard let next = query["next"], let center else { return }
        Self.forwarded.append(center.dispatch(next))
    }
}

/// A fallback that opens any web page: still no `javascript:`, `data:` or `file:` URL from outside.
private final class AttackOpenFallback: DispatchActivity {
    override class var exposure: DispatchExposure { .external }
    override class var acceptsAnyOrigin: Bool { true }
    override func execute() throws {}
}

private final class AttackFallback: DispatchActivity {
    override class var exposure: DispatchExposure { .external }
    override func execute() throws {}
}

/// Redirects every request for the product page to the URL it is given.
@MainActor
private final class AttackRedirector: DispatchInterceptor {
    let target: DispatchURL
    init(target: DispatchURL) { self.target = target }
    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        interception.activity == AttackProduct.self ? .redirect(to: target) : .proceed
    }
}

@MainActor
@Suite("Link origins under attack", .serialized)
struct LinkOriginsAdversarialTests {
    static let outside: [DispatchOrigin] = [
        .external(application: "com.example.other"), .external(application: nil), .notification,
        .universalLink,
    ]

    private func center(
        schemes: [String] = ["shop"],
        webHosts: [String] = ["shop.example.com", "*.cdn.example.com", "localhost:8443", "127.0.0.1"],
        fallback: DispatchActivity.Type? = AttackFallback.self
    ) -> DispatchCenter {
        let center = DispatchCenter()
        center.register([
            AttackProduct.self, AttackInlineData.self, AttackAsyncOrder.self, AttackForwarder.self,
        ])
        center.linkOrigins = LinkOrigins(schemes: schemes, webHosts: webHosts)
        center.fallback = fallback
        return center
    }

    private func rule(of result: DispatchResult) -> DispatchRejection.Rule? {
        guard case .rejected(let rejection)? = result.failure else { return nil }
        return rejection.rule
    }

    // MARK: - Spellings

    /// Other spellings of a declared origin: the same origin, so the URL goes through.
    @Test(
        arguments: [
            "https://shop.example.com:00443/product/1",  // the default port, with leading zeros
            "https://shop.example.com:/product/1",  // an empty port is the default one
            "https://evil.example@shop.example.com/product/1",  // the host is after the last @
            "https://evil.example%2F@shop.example.com/product/1",
            "https://shop%2Eexample.com/product/1",  // a percent-encoded dot
            "https://SHOP%2eEXAMPLE.COM/product/1",
            "https://evil%2ecom.cdn.example.com/product/1",  // a subdomain of a declared *. entry
            "http://localhost:8443/product/1",  // a declared port is the port, whatever the scheme
            "https://127.0.0.1/product/1",  // an IPv4 host, declared as written
            "Shop://x/product/1",
        ])
    func otherSpellingsOfADeclaredOriginAreDeclared(url: String) {
        for source in Self.outside {
            let result = center().dispatch(url, source: source)
            #expect(result.activity is AttackProduct, "\(url) from \(source): \(result)")
        }
    }

    /// Spellings that look like a declared origin and are not: refused, naming what the URL holds.
    @Test(
        arguments: [
            ("https://shop.example.com:0/product/1", "shop.example.com:0"),  // port 0
            ("https://shop.example.com:65535/product/1", "shop.example.com:65535"),
            ("https://shop.example.com:444/product/1", "shop.example.com:444"),
            ("http://shop.example.com:443/product/1", "shop.example.com:443"),  // https's port, for http
            ("https://shop.example.com@evil.example/product/1", "evil.example"),  // userinfo is no host
            ("https://shop.example.com:443@evil.example/product/1", "evil.example"),
            ("https://evil.example%3A443@x/product/1", "x"),
            ("https://.cdn.example.com/product/1", ".cdn.example.com"),  // an empty label is no subdomain
            ("https://a..cdn.example.com/product/1", "a..cdn.example.com"),
            ("https://a.cdn.example.com./product/1", "a.cdn.example.com."),  // trailing dot
            ("https://a.cdn.example.com../product/1", "a.cdn.example.com.."),
            ("https://cdn.example.com/product/1", "cdn.example.com"),  // *. is not the domain
            ("https://evilcdn.example.com/product/1", "evilcdn.example.com"),
            ("https://cdn.example.com.evil.example/product/1", "cdn.example.com.evil.example"),
            ("https://ｓhop.example.com/product/1", "xn--hop-p96s.example.com"),  // fullwidth s: no mapping
            ("https://shоp.example.com/product/1", "xn--shp-ted.example.com"),  // Cyrillic o
            ("https://[::1]/product/1", "::1"),
            ("https://[::ffff:127.0.0.1]/product/1", "::ffff:127.0.0.1"),  // the declared IPv4, in IPv6
            ("https://127.0.0.1.evil.example/product/1", "127.0.0.1.evil.example"),
            ("https://2130706433/product/1", "2130706433"),  // 127.0.0.1 as a number: no such mapping
        ] as [(String, String)])
    func lookalikesOfADeclaredOriginAreRefusedNamingTheirHost(url: String, host: String) {
        for source in Self.outside {
            let result = center().dispatch(url, source: source)
            #expect(rule(of: result) == .undeclaredHost(host), "\(url) from \(source): \(result)")
        }
    }

    /// Strings no parser should read as one of the app's links never reach anything from outside.
    @Test(
        arguments: [
            "https://shop.example.com%40evil.example/product/1",
            "https://evil.example%2F.cdn.example.com/product/1",
            "https://evil.example%23.cdn.example.com/product/1",
            "https://evil.example%5C.cdn.example.com/product/1",
            "https://evil.example\\@shop.example.com/product/1", "https://shop.example.com%3A443/product/1",
            " https://shop.example.com/product/1", "https://shop.example.com/product/1\n",
            "https://shop.example.com\t/product/1", "https://shop.example.com%00/product/1",
            "https://shop.example.com:65536/product/1",
            "https://shop.example.com:99999999999999999999999/product/1",
            "https:///product/1", "https:/product/1", "https://%20shop.example.com/product/1",
        ])
    func malformedHostsAreInvalidURLs(url: String) {
        for source in Self.outside {
            let result = center(fallback: AttackOpenFallback.self).dispatch(url, source: source)
            guard case .invalidURL? = result.failure else {
                Issue.record("\(url.debugDescription) from \(source): \(result)")
                continue
            }
            #expect(result.activity == nil)
        }
    }

    /// `*.example.com` covers the subdomains, `example.com` the domain, neither `evilexample.com`.
    @Test func wildcardAndPlainEntriesCoverExactlyWhatTheyName() {
        let wildcard = center(webHosts: ["*.example.com"])
        let plain = center(webHosts: ["example.com"])
        let both = center(webHosts: ["example.com", "*.example.com"])
        let cases: [(String, wildcard: Bool, plain: Bool)] = [
            ("https://example.com/product/1", false, true),
            ("https://www.example.com/product/1", true, false),
            ("https://a.b.c.example.com/product/1", true, false),
            ("https://evilexample.com/product/1", false, false),
            ("https://example.com.evil.example/product/1", false, false),
            ("https://www.example.co/product/1", false, false),
            ("https://xample.com/product/1", false, false),
        ]
        for (url, coveredByWildcard, coveredByPlain) in cases {
            #expect(wildcard.dispatch(url, source: .notification).isHandled == coveredByWildcard, "\(url)")
            #expect(plain.dispatch(url, source: .notification).isHandled == coveredByPlain, "\(url)")
            #expect(
                both.dispatch(url, source: .notification).isHandled == (coveredByWildcard || coveredByPlain),
                "\(url)")
        }
    }

    /// Unicode and ASCII spellings of a declared international host are the same, in both places.
    @Test func internationalHostsCompareInTheirASCIIForm() {
        for declared in ["bücher.example", "BÜCHER.example", "xn--bcher-kva.example", "*.bücher.example"] {
            let center = center(webHosts: [declared])
            let isWildcard = declared.hasPrefix("*.")
            for url in [
                "https://bücher.example/product/1", "https://BÜCHER.EXAMPLE/product/1",
                "https://b%C3%BCcher.example/product/1", "https://xn--bcher-kva.example/product/1",
                "https://bu\u{308}cher.example/product/1",  // decomposed: the same host in NFC
            ] {
                #expect(
                    center.dispatch(url, source: .notification).isHandled == !isWildcard, "\(declared) \(url)"
                )
            }
            #expect(
                center.dispatch("https://www.BÜCHER.example/product/1", source: .notification).isHandled
                    == isWildcard, "\(declared)")
            #expect(!center.dispatch("https://bucher.example/product/1", source: .notification).isHandled)
        }
    }

    /// A scheme is declared as a whole: `shop` is not `shop+beta` nor `shopx`.
    @Test func schemesCompareWhole() {
        let center = center(schemes: ["SHOP:"])
        #expect(center.dispatch("SHOP://x/product/1", source: .notification).isHandled)
        #expect(center.dispatch("shop:product/1", source: .notification).isHandled)
        for other in ["shop+beta", "shopx", "sho", "shop.beta"] {
            #expect(
                rule(of: center.dispatch("\(other)://x/product/1", source: .notification))
                    == .undeclaredScheme(other))
        }
    }

    /// Two declarations of the same origins are equal and hash alike, whatever the order of the
    /// web hosts and however often one is written. (Regression: they compared as different.)
    @Test func declarationsOfTheSameOriginsAreEqual() {
        let one = LinkOrigins(
            schemes: ["shop", "cono"], webHosts: ["a.example", "*.b.example", "a.example"])
        let other = LinkOrigins(schemes: ["Cono:", "shop://"], webHosts: ["*.B.example", "A.example"])
        #expect(one == other)
        #expect(Set([one, other]).count == 1)
        #expect(one != LinkOrigins(schemes: ["shop", "cono"], webHosts: ["a.example", "b.example"]))
        #expect(
            one
                != LinkOrigins(
                    schemes: ["shop", "cono"], webHosts: ["a.example", "*.b.example"],
                    checksAppDispatches: true))
    }

    // MARK: - Unsafe schemes

    /// Refusing `javascript:`, `data:` and `file:` from outside holds for a fallback that accepts
    /// any origin too: such a fallback is a web page, and these are what it must never load.
    /// (Regression: a fallback that opted into any origin received `javascript:` URLs from
    /// notifications.)
    @Test(arguments: [
        "javascript:alert(1)", "JAVASCRIPT:/product/1", "data:text/html,hi", "file:///etc/passwd",
    ])
    func unsafeSchemesNeverReachAFallbackThatAcceptsAnyOrigin(url: String) {
        let center = center(fallback: AttackOpenFallback.self)
        for source in Self.outside {
            let result = center.dispatch(url, source: source)
            #expect(result.activity == nil, "\(url) from \(source)")
            guard case .undeclaredScheme(let scheme)? = rule(of: result) else {
                Issue.record("\(url) from \(source): \(result)")
                continue
            }
            #expect(["javascript", "data", "file"].contains(scheme))
        }
        // The app's own code may still hand them to it; and other schemes still reach it.
        #expect(center.dispatch(url).activity != nil)
        #expect(center.dispatch("other://x/y", source: .notification).activity is AttackOpenFallback)
    }

    /// A pattern naming `data` claims exactly its own URLs; other `data:` URLs stay refused.
    @Test func aPatternNamingAnUnsafeSchemeClaimsOnlyItsURLs() {
        let center = center()
        #expect(center.dispatch("data://x/inline/7", source: .notification).activity is AttackInlineData)
        #expect(
            rule(of: center.dispatch("data://x/product/7", source: .notification))
                == .undeclaredScheme("data"))
    }

    // MARK: - Other ways in

    /// A redirect rule does not launder a URL of another origin: a path-only rule applies to it
    /// from outside no more than a path-only pattern does. (Regression: with the rule `/old/:id` →
    /// `shop://x/product/:id`, `javascript:/old/5` and `https://evil.example/old/5` from a
    /// notification reached the product page.) A relative target keeps the URL's scheme and host,
    /// which are checked again.
    @Test(arguments: ["shop://x/product/:id", "/product/:id"])
    func aPathOnlyRedirectRuleDoesNotCarryAnotherOriginToAnActivity(target: String) throws {
        let center = center()
        center.redirectRules = RedirectRules([
            try .init(pattern: "/old/:id", target: RoutePattern(target))
        ])
        for url in ["javascript:/old/5", "https://evil.example/old/5", "other://x/old/5", "data:/old/5"] {
            for source in Self.outside {
                let result = center.dispatch(url, source: source)
                #expect(result.activity == nil, "\(url) from \(source): \(result)")
                #expect(rule(of: result) != nil, "\(url) from \(source): \(result)")
            }
            // The app's own dispatches follow the rule as before.
            #expect(center.dispatch(url).activity is AttackProduct, "\(url)")
        }
        // Declared origins follow it from outside.
        for url in ["https://shop.example.com/old/5", "shop://x/old/5", "/old/5"] {
            #expect(center.dispatch(url, source: .notification).activity is AttackProduct, "\(url)")
        }
    }

    /// Only a rule naming the origin applies to it, though a path-only rule comes first.
    @Test func aRuleNamingTheOriginAppliesThoughAPathOnlyRuleComesFirst() throws {
        let center = center()
        center.redirectRules = RedirectRules([
            try .init(pattern: "/deal/:id", target: "shop://x/product/:id"),
            try .init(pattern: "//partner.example.org/deal/:id", target: "shop://x/product/:id"),
        ])
        let result = center.dispatch("https://partner.example.org/deal/3", source: .notification)
        #expect(result.activity is AttackProduct)
        #expect(result.activity?.request.redirects.count == 1)
    }

    /// A redirect rule whose pattern names the host or scheme still applies from outside.
    @Test func aRedirectRuleNamingTheOriginAppliesFromOutside() throws {
        let center = center()
        center.redirectRules = RedirectRules([
            try .init(pattern: "//partner.example.org/deal/:id", target: "shop://x/product/:id"),
            try .init(pattern: "legacy://*/old/:id", target: "shop://x/product/:id"),
        ])
        #expect(
            center.dispatch("https://partner.example.org/deal/3", source: .notification).activity
                is AttackProduct)
        #expect(center.dispatch("legacy://x/old/3", source: .notification).activity is AttackProduct)
        #expect(
            rule(of: center.dispatch("https://evil.example/deal/3", source: .notification))
                == .undeclaredHost("evil.example"))
    }

    /// An interceptor's redirect from outside to another origin is checked as the URL itself is.
    @Test func anInterceptorsRedirectToAnotherOriginIsRefused() throws {
        let center = center()
        center.addInterceptor(AttackRedirector(target: try DispatchURL(string: "https://evil.example/x")))
        let result = center.dispatch("https://shop.example.com/product/1", source: .notification)
        #expect(rule(of: result) == .undeclaredHost("evil.example"))
        #expect(center.dispatch("https://shop.example.com/product/1").activity is AttackFallback)
    }

    /// What an activity dispatches for a URL from outside is from outside: checked too.
    @Test func aNestedDispatchKeepsTheOutsideSourceAndIsChecked() {
        AttackForwarder.forwarded = []
        let center = center()
        let outer = center.dispatch(
            "shop://x/forward?next=https%3A%2F%2Fevil.example%2Fproduct%2F1", source: .notification)
        #expect(outer.isHandled)
        #expect(AttackForwarder.forwarded.map { rule(of: $0) } == [.undeclaredHost("evil.example")])
        AttackForwarder.forwarded = []
        center.dispatch("shop://x/forward?next=https%3A%2F%2Fevil.example%2Fproduct%2F1")
        #expect(AttackForwarder.forwarded.first?.activity is AttackProduct)
    }

    @Test func theAwaitingDispatchChecksTheOrigin() async {
        let center = center()
        let refused = await center.dispatchAndWait("https://evil.example/order/1", source: .notification)
        #expect(rule(of: refused) == .undeclaredHost("evil.example"))
        let refusedScheme = await center.dispatchAndWait("javascript:/order/1", source: .notification)
        #expect(rule(of: refusedScheme) == .undeclaredScheme("javascript"))
        let handled = await center.dispatchAndWait("https://shop.example.com/order/1", source: .notification)
        #expect(handled.isHandled)
        #expect(handled.activity is AttackAsyncOrder)
    }

    @Test func aDestinationChecksTheOrigin() throws {
        let center = center()
        #expect(throws: DispatchFailure.self) {
            try center.destination(
                for: "https://evil.example/product/1", as: String.self, source: .notification)
        }
        do {
            _ = try center.destination(
                for: "https://evil.example/product/1", as: String.self, source: .notification)
        } catch {
            guard case .rejected(let rejection) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(rejection.rule == .undeclaredHost("evil.example"))
        }
        #expect(
            try center.destination(
                for: "https://shop.example.com/product/1", as: String.self, source: .notification)
                == "product")
    }

    /// A dispatch that waited for the center to be ready is checked when it runs, from its source.
    @Test func aQueuedDispatchIsCheckedWhenItRuns() {
        let center = center()
        var events: [DispatchEvent] = []
        let observer = EventCollector { events.append($0) }
        center.addObserver(observer)
        center.isReady = false
        center.dispatch("https://evil.example/product/1", source: .notification)
        center.dispatch("https://shop.example.com/product/1", source: .notification)
        center.isReady = true
        let ran = events.filter { if case .queued? = $0.failure { false } else { true } }
        #expect(ran.count == 2)
        guard case .rejected(let rejection)? = ran.first?.failure else {
            Issue.record("\(ran)")
            return
        }
        #expect(rejection.rule == .undeclaredHost("evil.example"))
        #expect(ran.last?.activity == AttackProduct.self)
    }

    /// The intake's ways in carry their sources, and each is checked.
    @Test func linksHandedOverByTheSystemAreChecked() throws {
        let center = center()
        center.associatedDomains = ["applinks:links.example.com"]
        let evil = try #require(URL(string: "https://evil.example/product/1"))
        let opened = center.dispatch(.openedURL(evil, sourceApplication: "com.example.other"))
        #expect(rule(of: opened) == .undeclaredHost("evil.example"))
        let scheme = try #require(URL(string: "javascript:/product/1"))
        #expect(
            rule(of: center.dispatch(.openedURL(scheme, sourceApplication: nil)))
                == .undeclaredScheme("javascript"))
        let notified = center.dispatch(.notification(["url": "https://evil.example/product/1"]))
        #expect(rule(of: notified) == .undeclaredHost("evil.example"))
        let relative = center.dispatch(.notification(["url": "/product/1"]))
        #expect(relative.activity is AttackProduct)
        // A universal link of an associated domain is the app's, though not in webHosts.
        let universal = try #require(URL(string: "https://links.example.com/product/1"))
        #expect(center.dispatch(.universalLink(universal)).activity is AttackProduct)
        let other = try #require(URL(string: "https://links.example.com:8443/product/1"))
        #expect(center.dispatch(.universalLink(other)).activity == nil)
    }

    // MARK: - Size

    /// A host at the length limit against many entries: answered, quickly.
    @Test func aVeryLongHostIsCheckedInLinearTime() throws {
        let labels = String(repeating: "a.", count: 8_000)
        let webHosts = (0..<500).map { "*.site\($0).example.com" } + ["shop.example.com"]
        let center = center(webHosts: webHosts)
        let declared = try DispatchURL(string: "https://\(labels)site499.example.com/product/1")
        let undeclared = try DispatchURL(string: "https://\(labels)evil.example/product/1")
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<20 {
            #expect(center.dispatch(declared, source: .notification).isHandled)
            #expect(!center.dispatch(undeclared, source: .notification).isHandled)
        }
        // Quadratic work on a host of 16,000 bytes against 500 entries would take minutes.
        #expect(DispatchTime.now().uptimeNanoseconds - start < 5_000_000_000)
    }
}

@MainActor
private final class EventCollector: DispatchObserver {
    let body: (DispatchEvent) -> Void
    init(_ body: @escaping (DispatchEvent) -> Void) { self.body = body }
    func observe(_ event: DispatchEvent) throws { body(event) }
}
