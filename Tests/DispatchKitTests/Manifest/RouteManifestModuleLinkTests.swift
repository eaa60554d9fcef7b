import Foundation
import Testing

@testable import DispatchKit
@testable import DispatchKitManifest

// The route manifest of a module link (schema version 4): each case is a route of its own, named
// by its case, with the case's exposure, priority and keys; the compatibility check and the link
// files read a case as the route it is.

@MainActor
@Suite("Route manifest: a module link's cases are routes")
struct RouteManifestModuleLinkTests {
    private func center() -> DispatchCenter {
        let center = DispatchCenter()
        center.register([ShopCases.self])
        return center
    }

    private func route(_ manifest: RouteManifest, _ pattern: String) -> Int? {
        manifest.routes.firstIndex { $0.pattern == pattern }
    }

    /// Before, a module link's class was listed with the class's exposure and priority for every
    /// pattern, and no key, since its enum could not be read as a struct.
    @Test func eachCaseIsARouteWithItsOwnExposureAndKeys() throws {
        let manifest = center().routeManifest()
        #expect(manifest.schemaVersion == 4)
        #expect(
            manifest.routes.map { "\($0.linkCase ?? "-") \($0.pattern) \($0.exposure)" } == [
                "orders /orders/:id<int> internal", "product /p/:id<int> external",
                "product /product/:id<int> external", "search /search external",
                "settings /settings external",
            ])
        let orders = try #require(route(manifest, "/orders/:id<int>").map { manifest.routes[$0] })
        #expect(orders.link == "ShopCases.Link" && orders.parameters.first?.swiftType == "Int16")
        #expect(orders.examples == ["/orders/42"])
        let search = try #require(route(manifest, "/search").map { manifest.routes[$0] })
        #expect(search.query?.map(\.name) == ["q", "tag"])
        #expect(search.query?.map(\.isOptional) == [false, true])
        #expect(search.examples == ["/search?q=example&tag=example"])
        let product = try #require(route(manifest, "/product/:id<int>").map { manifest.routes[$0] })
        #expect(product.query?.first?.cases == ["details", "reviews", "photos"])
    }

    @Test func aCasesPriorityIsItsRoutes() throws {
        let center = DispatchCenter()
        center.register([Deals.self])
        let manifest = center.routeManifest()
        #expect(manifest.routes.map(\.priority) == [-1, 10])
        #expect(manifest.routes.map(\.linkCase) == ["archive", "deal"])
    }

    @Test func theCaseIsWrittenAndReadBackAndOnlyFromVersion4() throws {
        let manifest = center().routeManifest()
        let json = manifest.jsonString()
        #expect(json.contains(#""linkCase": "product""#))
        #expect(try RouteManifest(json: Data(json.utf8)) == manifest)
        // A version 3 document does not define the field.
        let older = json.replacingOccurrences(of: #""schemaVersion": 4"#, with: #""schemaVersion": 3"#)
        #expect(throws: RouteManifestError(path: "routes[0].linkCase", problem: .unknownField)) {
            try RouteManifest(json: Data(older.utf8))
        }
        // A case belongs to a typed link.
        var untyped = manifest
        untyped.routes = [RouteManifest.Route(pattern: "/settings", activity: "A", linkCase: "settings")]
        #expect(throws: RouteManifestError.self) { try RouteManifest(json: untyped.json()) }
    }

    /// Before, the live center compared a link with the class's exposure, so a case made internal
    /// in an external class went unreported.
    @Test func aCaseWhoseExposureNarrowedIsReportedByTheCenter() throws {
        let center = center()
        var release = center.routeManifest()
        let orders = try #require(route(release, "/orders/:id<int>"))
        release.routes[orders].exposure = .external
        for changes in [center.routeChanges(since: release), center.routeManifest().changes(since: release)] {
            #expect(
                changes.map(\.description) == [
                    "DispatchKitTests.ShopCases, reached by /orders/42 through /orders/:id<int>, went from "
                        + "external to internal: universal links, notifications and other apps are now refused."
                ])
        }
    }

    @Test func aRemovedCaseIsARemovedRoute() throws {
        let center = center()
        var release = center.routeManifest()
        release.routes.append(
            RouteManifest.Route(
                pattern: "/wishlist/:id<int>", activity: "DispatchKitTests.ShopCases", exposure: .external,
                parameters: [
                    RouteManifest.Parameter(name: "id", type: .int, swiftType: "Int", isOptionalInLink: false)
                ],
                examples: ["/wishlist/42"], link: "ShopCases.Link", query: [], linkCase: "wishlist"))
        let changes = center.routeChanges(since: release)
        #expect(changes.count == 1)
        guard case .removed(let removal)? = changes.first else {
            Issue.record("not a removal: \(changes)")
            return
        }
        #expect(removal.pattern == "/wishlist/:id<int>" && removal.examples == ["/wishlist/42"])
    }

    /// An associated value narrowed from `Int` to `Int16` is the typed-key change a struct link's
    /// property gets; the link of the earlier release is decoded with its case.
    @Test func aNarrowedAssociatedValueIsAKeyChange() throws {
        let center = center()
        var release = center.routeManifest()
        let orders = try #require(route(release, "/orders/:id<int>"))
        release.routes[orders].parameters[0].swiftType = "Int"
        let changes = center.routeChanges(since: release)
        #expect(changes.count == 1)
        #expect(changes.first?.pattern == "/orders/:id<int>")
        #expect(changes.first?.isBreaking == true)
    }

    /// The universal-link file holds the external cases' patterns only.
    @Test func theLinkFilesFollowEachCasesExposure() throws {
        let manifest = center().routeManifest()
        let association = try AppSiteAssociation(
            for: manifest, appIDs: ["ABCDE12345.com.example.shop"], domains: ["test.com"])
        let text = association.jsonString()
        #expect(text.contains("/product/") && text.contains("/search") && text.contains("/settings"))
        #expect(!text.contains("/orders"))
        let filter = try AndroidIntentFilter(for: manifest, hosts: ["test.com"])
        let xml = filter.xmlString()
        #expect(xml.contains("/product/") && !xml.contains("/orders"))
    }
}

/// A module whose cases rank above and below the class's priority.
private final class Deals: LinkActivity<Deals.Link> {
    enum Link: DispatchLink {
        case deal(id: String)
        case archive(id: String)

        static let routes: [LinkRoute<Link>] = [
            .route("/deal/:id", to: deal, priority: 10),
            .route("/any/:id", to: archive, priority: -1),
        ]
    }

    override func execute(with link: Link) throws {}
}
