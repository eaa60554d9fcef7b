import Foundation
import Testing

@testable import DispatchKit
@testable import DispatchKitManifest

/// The filters of the app's own URL schemes (`cono://…`), read by the Android matcher
/// (AndroidIntentFilterMatcher.swift): which routes they claim, on which hosts, without
/// `autoVerify`, and the schemes they refuse.
@Suite struct AndroidIntentFilterSchemesTests {
    static func route(
        _ pattern: String, _ activity: String, _ exposure: RouteManifest.Exposure = .external
    ) -> RouteManifest.Route {
        RouteManifest.Route(pattern: pattern, activity: "Shop.\(activity)", exposure: exposure)
    }

    static let manifest = RouteManifest(routes: [
        route("/product/:id<int>", "ProductActivity"),
        route("cono://test.com/help/*", "HelpActivity"),
        route("//shop.com/cart", "CartActivity"),
        route("https://test.com/web", "WebActivity"),
        route("other://test.com/other", "OtherActivity"),
        route("/account/logout", "LogoutActivity", .internalOnly),
        route(
            "/wallet/pay", "PayActivity",
            RouteManifest.Exposure(level: .external, applications: ["com.wallet"])),
    ])

    @Test func aSchemeClaimsTheRoutesOtherAppsReachThatNameItOrNone() throws {
        let filter = try AndroidIntentFilter(for: Self.manifest, hosts: [], schemes: ["CONO"])
        #expect(filter.schemes == ["cono"])
        #expect(filter.hosts.isEmpty)
        let xml = filter.xmlString()
        let matcher = AndroidIntentFilterMatcher(xml: xml)
        // Only https links are verified: a custom scheme's filter never asks for it.
        #expect(!xml.contains("autoVerify"))
        #expect(!matcher.filters.isEmpty && matcher.filters.allSatisfy { $0.schemes == ["cono"] })
        let claimed: [(String?, String)] = [
            ("test.com", "/product/42"), ("any.host", "/product/42"), ("test.com", "/help/faq"),
            ("shop.com", "/cart"), ("any.host", "/wallet/pay"),
        ]
        for (host, path) in claimed {
            #expect(matcher.claims(scheme: "cono", host: host, decodedPath: path), "\(host ?? "-") \(path)")
        }
        let refused: [(String?, String)] = [
            ("other.com", "/help/faq"),  // the route names test.com
            ("test.com", "/cart"),  // the route names shop.com
            ("test.com", "/web"),  // an https route
            ("test.com", "/other"),  // another scheme's route
            ("test.com", "/account/logout"),  // internal
        ]
        for (host, path) in refused {
            #expect(!matcher.claims(scheme: "cono", host: host, decodedPath: path), "\(host ?? "-") \(path)")
        }
        #expect(!matcher.claims(scheme: "https", host: "test.com", decodedPath: "/product/42"))
    }

    /// The filter of a host a route names holds that route only; the routes that match on any host
    /// are in the `*` filter, which Android applies to that host too.
    @Test func aNamedHostHasAFilterOfItsOwnAndEveryOtherHostIsStar() throws {
        let filter = try AndroidIntentFilter(for: Self.manifest, hosts: [], schemes: ["cono"])
        let matcher = AndroidIntentFilterMatcher(xml: filter.xmlString())
        #expect(matcher.filters.map(\.hosts) == [["test.com"], ["shop.com"], ["*"]])
        #expect(matcher.filters.first?.paths.allSatisfy { $0.value.hasPrefix("/help") } == true)
    }

    @Test func theAppLinksComeFirstAndKeepAutoVerify() throws {
        let filter = try AndroidIntentFilter(for: Self.manifest, hosts: ["test.com"], schemes: ["cono"])
        let matcher = AndroidIntentFilterMatcher(xml: filter.xmlString())
        #expect(matcher.filters.first?.schemes == ["https"])
        #expect(matcher.filters.filter(\.autoVerify).map(\.schemes) == [["https"]])
        #expect(matcher.claims(host: "test.com", decodedPath: "/web"))
        #expect(matcher.claims(scheme: "cono", host: "test.com", decodedPath: "/help/faq"))
        #expect(!matcher.claims(host: "test.com", decodedPath: "/help/faq"))
        #expect(filter.partsClaimingNothing.isEmpty)
    }

    @Test func notesSayWhatTheSchemesFiltersCannotExpress() throws {
        let notes = try AndroidIntentFilter(for: Self.manifest, hosts: [], schemes: ["cono"]).approximations
        let product = notes.filter { $0.pattern == "/product/:id<int>" && $0.kind == .claimsLess }
        #expect(product.contains { $0.description.contains("a link without a host (cono:/product/42)") })
        // A route that names a host never matches a link without one: no note.
        #expect(
            !notes.contains { $0.pattern == "//shop.com/cart" && $0.description.contains("without a host") })
        #expect(
            notes.contains {
                $0.pattern == "/wallet/pay" && $0.kind == .claimsMore
                    && $0.description.contains("from com.wallet only")
            })
        #expect(
            notes.contains {
                $0.pattern == nil && $0.kind == .claimsLess && $0.description.contains("(CONO://…)")
            })
        // One part: no note names it.
        #expect(!notes.contains { $0.description.hasPrefix("cono: ") })
    }

    /// With the App Links and a scheme, a note that only one part has starts with that part's
    /// name; a note both have is written once, as it was.
    @Test func notesOfSeveralPartsNameTheirPart() throws {
        let filter = try AndroidIntentFilter(for: Self.manifest, hosts: ["test.com"], schemes: ["cono"])
        let notes = filter.approximations.map(\.description)
        #expect(
            notes.contains {
                $0.hasPrefix("cono: /product/:id<int> (Shop.ProductActivity): a link without a host")
            })
        let digits = notes.filter {
            $0.hasPrefix("/product/:id<int> (Shop.ProductActivity): pathPattern has no digit")
        }
        #expect(digits.count == 1)
        let https = try AndroidIntentFilter(for: Self.manifest, hosts: ["test.com"]).approximations
        #expect(
            Set(https.map(\.description)).isSubset(
                of: Set(notes.map { $0.replacingOccurrences(of: "https: ", with: "") })))
    }

    // Regression: an internal route that names a host (cono://test.com/product/:id) was left out of
    // the comparison, so the `*` filter of an exposed path-only route claimed its links without a
    // note.
    @Test func anInternalRouteOnANamedHostThatTheStarFilterCoversIsNoted() throws {
        let manifest = RouteManifest(routes: [
            Self.route("/product/:id<int>", "ProductActivity"),
            Self.route("cono://test.com/product/:id<int>", "AdminProductActivity", .internalOnly),
        ])
        let filter = try AndroidIntentFilter(for: manifest, hosts: [], schemes: ["cono"])
        let matcher = AndroidIntentFilterMatcher(xml: filter.xmlString())
        #expect(matcher.filters.map(\.hosts) == [["*"]])
        #expect(matcher.claims(scheme: "cono", host: "test.com", decodedPath: "/product/42"))
        #expect(
            filter.approximations.contains {
                $0.kind == .claimsMore && $0.pattern == "cono://test.com/product/:id<int>"
                    && $0.description.contains("it is not exposed")
            })
    }

    @Test func aSchemeWhoseRoutesAreAllInternalClaimsNothing() throws {
        let manifest = RouteManifest(routes: [Self.route("/account/logout", "LogoutActivity", .internalOnly)])
        let filter = try AndroidIntentFilter(for: manifest, hosts: [], schemes: ["cono"])
        #expect(filter.claimsNothing)
        #expect(filter.partsClaimingNothing == ["cono"])
        #expect(filter.xmlString().isEmpty)
    }

    @Test(arguments: [
        ("cono://", "without \":\" or \"://\" (write cono)"), ("cono:", "(write cono)"),
        ("", "empty"), ("1cono", "starts with a letter"), ("co no", "\" \" is not allowed"),
        ("cono_app", "\"_\" is not allowed"), ("HTTPS", "web links are App Links"),
        ("http", "web links are App Links"), ("javascript", "not an app's own scheme"),
        ("file", "not an app's own scheme"), ("écono", "starts with a letter"),
    ])
    func refusesASchemeThatIsNotAnAppsOwn(_ scheme: String, _ problem: String) {
        #expect {
            try AndroidIntentFilter(for: Self.manifest, hosts: [], schemes: [scheme])
        } throws: { error in
            guard case .invalidScheme(scheme, let text)? = error as? LinkFileError else { return false }
            return text.contains(problem)
        }
    }

    @Test func refusesARepeatedSchemeAndNothingToFilter() throws {
        #expect(throws: LinkFileError.repeatedScheme("CONO")) {
            try AndroidIntentFilter(for: Self.manifest, hosts: [], schemes: ["cono", "CONO"])
        }
        #expect(throws: LinkFileError.noHostOrScheme) {
            try AndroidIntentFilter(for: Self.manifest, hosts: [], schemes: [])
        }
        #expect(LinkFileError.repeatedScheme("a").description == #"scheme "a" is given twice"#)
        #expect(LinkFileError.noHostOrScheme.description.hasPrefix("no host or scheme: "))
        #expect(
            try AndroidIntentFilter(for: Self.manifest, hosts: [], schemes: ["my-app+v1.2"]).schemes == [
                "my-app+v1.2"
            ])
    }
}
