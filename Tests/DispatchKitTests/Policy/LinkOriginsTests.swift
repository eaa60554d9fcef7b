import DispatchKit
import DispatchKitManifest
import DispatchKitRules
import Foundation
import Testing

// Whose links these are: a URL from outside the app reaches an activity only if its scheme or web
// host is one the app declared, or a pattern names it. Before, a path-only pattern took
// https://evil.com/product/42, javascript:/product/42 and file:///product/42 from a notification,
// and the web fallback opened any http(s) page from outside in the app's own chrome.

private final class OriginProduct: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() throws {}
}

/// Names a host the app does not declare: it still claims exactly that.
private final class OriginPartner: DispatchActivity {
    override class var patterns: [RoutePattern] { ["//partner.example.org/deal/:id"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() throws {}
}

/// Names a scheme the app does not declare.
private final class OriginLegacy: DispatchActivity {
    override class var patterns: [RoutePattern] { ["legacy://*/old/:id"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() throws {}
}

/// Names the `file` scheme: the only way a `file:` URL from outside reaches an activity.
private final class OriginDocument: DispatchActivity {
    override class var patterns: [RoutePattern] { ["file://*/documents/*"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() throws {}
}

/// A class with its own `isHit` that would claim everything: a URL of an undeclared origin never asks it.
private final class OriginCatchAll: DispatchActivity {
    static var asked = 0
    override class var exposure: DispatchExposure { .external }
    override class func isHit(url: DispatchURL) -> Bool {
        asked += 1
        return url.firstPath == "anything"
    }
    override func execute() throws {}
}

private final class OriginWebFallback: DispatchActivity {
    override class var exposure: DispatchExposure { .external }
    override func execute() throws {}
}

private final class OriginOpenWebFallback: DispatchActivity {
    override class var exposure: DispatchExposure { .external }
    override class var acceptsAnyOrigin: Bool { true }
    override func execute() throws {}
}

@MainActor
@Suite("Link origins", .serialized)
struct LinkOriginsTests {
    static let origins = LinkOrigins(
        schemes: ["shop"],
        webHosts: ["shop.example.com", "*.cdn.example.com", "localhost:8443", "bücher.example"])

    static let outside: [DispatchOrigin] = [
        .external(application: "com.example.other"), .notification, .universalLink,
    ]

    private func center(
        origins: LinkOrigins = origins, fallback: DispatchActivity.Type? = OriginWebFallback.self
    )
        -> DispatchCenter
    {
        let center = DispatchCenter()
        center.register([
            OriginProduct.self, OriginPartner.self, OriginLegacy.self, OriginDocument.self,
            OriginCatchAll.self,
        ])
        center.associatedDomains = ["applinks:links.example.com"]
        center.linkOrigins = origins
        center.fallback = fallback
        return center
    }

    /// URLs whose origin the app declared, in every spelling, or that a pattern names: they reach
    /// their activity from every outside source.
    @Test(
        arguments: [
            ("shop://anything/product/42", "OriginProduct"),
            ("SHOP://Anything/product/42", "OriginProduct"),  // scheme case
            ("shop:/product/42", "OriginProduct"),  // no authority
            ("https://shop.example.com/product/42", "OriginProduct"),
            ("HTTPS://SHOP.Example.COM/product/42", "OriginProduct"),  // scheme and host case
            ("https://shop.example.com:443/product/42", "OriginProduct"),  // the default port, written
            ("http://shop.example.com/product/42", "OriginProduct"),
            ("http://shop.example.com:80/product/42", "OriginProduct"),
            ("https://user:pass@shop.example.com/product/42", "OriginProduct"),  // userinfo: the host is ours
            ("https://a.b.cdn.example.com/product/42", "OriginProduct"),  // a subdomain at any depth
            ("https://localhost:8443/product/42", "OriginProduct"),  // a declared port
            ("https://links.example.com/product/42", "OriginProduct"),  // an associated domain
            ("https://BÜCHER.example/product/42", "OriginProduct"),  // an international host
            ("https://xn--bcher-kva.example/product/42", "OriginProduct"),  // the same, in ASCII
            ("/product/42", "OriginProduct"),  // a relative URL names no origin
            ("https://partner.example.org/deal/7", "OriginPartner"),  // a pattern names the host
            ("legacy://host/old/1", "OriginLegacy"),  // a pattern names the scheme
            ("file://localhost/documents/a.pdf", "OriginDocument"),  // a pattern names the scheme
        ] as [(String, String)])
    func declaredOrNamedOriginsReachTheirActivity(url: String, activity: String) {
        for source in Self.outside {
            let result = center().dispatch(url, source: source)
            #expect(result.isHandled, "\(url) from \(source): \(result)")
            #expect(result.activity.map { "\(type(of: $0))" } == activity, "\(url) from \(source)")
        }
    }

    /// URLs of another origin are refused before any activity is asked, naming the scheme or host.
    @Test(
        arguments: [
            ("https://evil.com/product/42", "the host evil.com is not one of the app's link origins"),
            ("HTTPS://EVIL.COM/product/42", "the host evil.com is not one of the app's link origins"),
            // userinfo is not the host
            ("https://shop.example.com@evil.com/product/42", "the host evil.com is not"),
            ("https://shop.example.com.evil.com/product/42", "the host shop.example.com.evil.com is not"),
            ("https://shop.example.com./product/42", "the host shop.example.com. is not"),  // trailing dot
            ("https://shop.example.com:8443/product/42", "the host shop.example.com:8443 is not"),  // port
            ("http://localhost/product/42", "the host localhost is not"),  // port 80, not the declared one
            // *. is not the domain
            ("https://cdn.example.com/product/42", "the host cdn.example.com is not"),
            // whole labels
            ("https://evilcdn.example.com/product/42", "the host evilcdn.example.com is not"),
            // shöp
            ("https://xn--shp-pla.example.com/product/42", "the host xn--shp-pla.example.com is not"),
            // domains are https
            ("http://links.example.com/product/42", "the host links.example.com is not"),
            // not the named path
            ("https://partner.example.org/product/42", "the host partner.example.org is not"),
            ("other://x/product/42", "the scheme other is not one of the app's link origins"),
            ("legacy://host/product/42", "the scheme legacy is not"),  // not the named pattern
            ("javascript:/product/42", "javascript: URLs never reach an activity from outside"),
            ("JavaScript:/product/42", "javascript: URLs never reach an activity from outside"),
            ("data:/product/42", "data: URLs never reach an activity from outside"),
            ("file:///product/42", "file: URLs never reach an activity from outside"),
            ("https://evil.com/anything", "the host evil.com is not"),  // the catch-all isHit is never asked
        ] as [(String, String)])
    func otherOriginsAreRefusedNamingTheSchemeOrHost(url: String, reason: String) {
        OriginCatchAll.asked = 0
        for source in Self.outside {
            let result = center().dispatch(url, source: source)
            guard case .rejected(let rejection)? = result.failure else {
                Issue.record("\(url) from \(source): \(result)")
                continue
            }
            #expect(rejection.activity == "")
            #expect(rejection.source == source)
            #expect(rejection.description.contains(reason), "\(rejection)")
            #expect(rejection.description.hasSuffix("and the URL came from \(source)"))
        }
        #expect(OriginCatchAll.asked == 0)
    }

    @Test func theRejectionIsTyped() {
        let result = center().dispatch("https://evil.com:8080/product/42", source: .notification)
        #expect(
            result.failure
                == .rejected(
                    reason: DispatchRejection(
                        rule: .undeclaredHost("evil.com:8080"), activity: "", source: .notification)))
        let scheme = center().dispatch("javascript:/product/42", source: .notification)
        #expect(
            scheme.failure
                == .rejected(
                    reason: DispatchRejection(
                        rule: .undeclaredScheme("javascript"), activity: "", source: .notification)))
    }

    /// The app's own dispatches are not checked unless the app says so.
    @Test func theAppsOwnDispatchesAreUnaffectedUnlessTheAppSaysSo() {
        #expect(center().dispatch("https://evil.com/product/42").activity is OriginProduct)
        #expect(center().dispatch("https://evil.com/product/42", source: .app).activity is OriginProduct)
        let strict = LinkOrigins(schemes: ["shop"], webHosts: ["shop.example.com"], checksAppDispatches: true)
        let refused = center(origins: strict).dispatch("https://evil.com/product/42")
        #expect(
            refused.failure?.description
                == "rejected: the host evil.com is not one of the app's link origins, and the URL came from the app"
        )
        #expect(center(origins: strict).dispatch("https://shop.example.com/product/42").isHandled)
    }

    /// A URL from outside keeps its source through a redirect: its target must be of a declared origin too.
    @Test func aRedirectFromOutsideToAnotherOriginIsRefused() throws {
        let center = center()
        center.redirectRules = try RedirectRules(
            json: #"{"rules": [{"pattern": "/old/:id", "target": "https://evil.com/product/:id"}]}"#.data(
                using: .utf8) ?? Data())
        let result = center.dispatch("shop://x/old/5", source: .notification)
        #expect(
            result.failure?.description.contains("the host evil.com is not one of the app's link origins")
                == true)
        #expect(center.dispatch("shop://x/old/5").isHandled)
    }

    // MARK: - The fallback

    @Test func theFallbackReceivesOnlyDeclaredOriginsFromOutside() {
        let center = center()
        #expect(
            center.dispatch("https://shop.example.com/help", source: .notification).activity
                is OriginWebFallback)
        let refused = center.dispatch("http://evil.example/x", source: .notification)
        #expect(refused.activity == nil)
        #expect(
            refused.failure?.description.contains(
                "the host evil.example is not one of the app's link origins") == true)
        // The app's own code may still send it anything: the fallback decides for those.
        #expect(center.dispatch("http://evil.example/x").activity is OriginWebFallback)
    }

    @Test func aFallbackThatOptsInReceivesAnyOrigin() {
        let center = center(fallback: OriginOpenWebFallback.self)
        #expect(
            center.dispatch("http://evil.example/x", source: .notification).activity is OriginOpenWebFallback)
        // A pattern still wins where it names the origin; javascript:, data: and file: reach neither.
        #expect(
            center.dispatch("https://partner.example.org/deal/1", source: .notification).activity
                is OriginPartner)
        #expect(
            center.dispatch("other://x/product/42", source: .notification).activity is OriginOpenWebFallback)
    }

    // MARK: - Nothing declared

    /// With no origins declared, URLs of every origin reach the activities as before — but for
    /// `javascript:`, `data:` and `file:` ones from outside — and validate() says so.
    @Test func withNothingDeclaredEveryOriginReachesThePathOnlyPatterns() {
        let center = center(origins: .none)
        for source in Self.outside {
            #expect(center.dispatch("https://evil.com/product/42", source: source).activity is OriginProduct)
            #expect(center.dispatch("other://x/product/42", source: source).activity is OriginProduct)
            for unsafe in ["javascript:/product/42", "data:/product/42", "file:///product/42"] {
                let result = center.dispatch(unsafe, source: source)
                #expect(result.activity == nil, "\(unsafe)")
                #expect(
                    result.failure?.description.contains("URLs never reach an activity from outside") == true)
            }
            #expect(
                center.dispatch("file://localhost/documents/x", source: source).activity is OriginDocument)
        }
        // From the app itself, an unsafe scheme is the app's business.
        #expect(center.dispatch("javascript:/product/42").activity is OriginProduct)
    }

    @Test func validateWarnsWhenNoOriginIsDeclared() {
        let undeclared = center(origins: .none).validate().filter {
            if case .linkOriginsUndeclared = $0.kind { true } else { false }
        }
        #expect(undeclared.count == 1)
        #expect(undeclared.first?.severity == .warning)
        #expect(undeclared.first?.activities == ["OriginProduct"])
        #expect(
            undeclared.first?.description
                == #"no link origins are declared (linkOrigins), so links from outside the app of any scheme and host reach OriginProduct "/product/:id<int>""#
        )
        #expect(
            center().validate().allSatisfy {
                if case .linkOriginsUndeclared = $0.kind { false } else { true }
            })
    }

    // MARK: - Declarations

    @Test func invalidEntriesAreReportedAndLeftOut() {
        var reported: [String] = []
        let center = DispatchCenter()
        center.configurationErrorHandler = { reported.append("\($0)") }
        center.linkOrigins = LinkOrigins(
            schemes: ["shop://", "Cono:", "https", "1x", "javascript"],
            webHosts: ["shop.example.com", "applinks:test.com", "a/b", "*.", "x.com?mode=developer"])
        #expect(center.linkOrigins.schemes == ["shop", "cono"])
        #expect(center.linkOrigins.description == "cono:, shop:, shop.example.com")
        #expect(
            reported == [
                #"invalid link origin "https": web links are declared by host, in webHosts; it is left out, and links from it are refused"#,
                #"invalid link origin "1x": a scheme is a letter, then letters, digits, "+", "-" or "."; it is left out, and links from it are refused"#,
                #"invalid link origin "javascript": javascript: URLs from outside reach only a pattern that names the scheme; it is left out, and links from it are refused"#,
                #"invalid link origin "applinks:test.com": a web host is written without service or mode; it is left out, and links from it are refused"#,
                #"invalid link origin "a/b": a domain has no path, fragment, user or IP address; it is left out, and links from it are refused"#,
                #"invalid link origin "*.": no domain; it is left out, and links from it are refused"#,
                #"invalid link origin "x.com?mode=developer": a web host is written without service or mode; it is left out, and links from it are refused"#,
            ])
    }

    @Test func containsTellsAURLOfTheAppsOwnOrigins() throws {
        let origins = Self.origins
        for own in ["shop://x/y", "/relative", "https://shop.example.com/a", "http://x.cdn.example.com/"] {
            #expect(origins.contains(try DispatchURL(string: own)), "\(own)")
        }
        for other in [
            "https://evil.com/", "cono://x/", "https://cdn.example.com/", "https://links.example.com/",
        ] {
            #expect(!origins.contains(try DispatchURL(string: other)), "\(other)")
        }
        #expect(LinkOrigins.none.isEmpty)
        #expect(LinkOrigins.none.description == "(none)")
    }
}
