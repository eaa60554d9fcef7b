import Foundation
import Testing

@testable import DispatchKit
@testable import DispatchKitManifest

// The route manifest of classes with typed links (schema versions 2 and 3): each parameter's Swift
// type, the keys read from the query, the link's name, examples built by the link encoder, what
// each key accepts; version 1 and 2 documents still read, and compared with version 3 without
// changes for the fields they lack.

private final class ShopProductActivity: LinkActivity<ShopProductActivity.Link> {
    struct Link: DispatchLink, Equatable {
        var id: Int
        var tab: LinkTestTab?
        var from: String?
        var tags: [String]
        var campaign: String
    }

    override class var exposure: DispatchExposure { .external }
    override class var patterns: [RoutePattern] {
        ["/product/:id<int>(/:tab<details|reviews|photos>)", "/p/:id<int>"]
    }
    override func execute(with link: Link) throws {}
}

/// A host parameter, an optional group whose key the link requires, and a `*`.
private final class TenantFilesActivity: LinkActivity<TenantFilesActivity.Link> {
    struct Link: DispatchLink, Equatable {
        var tenant: String
        var kind: String
        var wildcard: [String]
    }

    override class var patterns: [RoutePattern] { ["//:tenant/files(/:kind)/*"] }
    override func execute(with link: Link) throws {}
}

/// A `*` the link does not read.
private final class LogsActivity: LinkActivity<LogsActivity.Link> {
    struct Link: DispatchLink { var day: Int? }

    override class var patterns: [RoutePattern] { ["/logs/*"] }
    override func execute(with link: Link) throws {}
}

private final class PlainActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/plain/:id<int>(/:name)"] }
}

private struct Filter: Codable, Sendable { var color: String }

/// A link type that cannot be read: the route keeps the examples of its pattern.
private final class NestedActivity: LinkActivity<NestedActivity.Link> {
    struct Link: DispatchLink {
        var id: Int
        var filter: Filter
    }

    override class var patterns: [RoutePattern] { ["/nested/:id<int>"] }
    override func execute(with link: Link) throws {}
}

@MainActor
@Suite("Route manifest: typed links")
struct RouteManifestLinkTests {
    private func center(_ classes: [DispatchActivity.Type]) -> DispatchCenter {
        let center = DispatchCenter()
        center.register(classes)
        return center
    }

    private func route(_ pattern: String, in manifest: RouteManifest) throws -> RouteManifest.Route {
        try #require(manifest.routes.first { $0.pattern == pattern })
    }

    @Test func aTypedRouteRecordsItsLinkTheSwiftTypesAndTheQueryKeys() throws {
        let manifest = center([ShopProductActivity.self]).routeManifest()
        let product = try route("/product/:id<int>(/:tab<details|reviews|photos>)", in: manifest)
        #expect(product.link == "ShopProductActivity.Link")
        #expect(product.parameters.map(\.swiftType) == ["Int", "LinkTestTab"])
        #expect(
            product.query == [
                RouteManifest.QueryKey(name: "from", swiftType: "String", isOptional: true),
                RouteManifest.QueryKey(name: "tags", swiftType: "Array<String>", isOptional: true),
                RouteManifest.QueryKey(name: "campaign", swiftType: "String", isOptional: false),
            ])
        // Without the group, tab is read from the query.
        let short = try route("/p/:id<int>", in: manifest)
        #expect(short.query?.map(\.name) == ["tab", "from", "tags", "campaign"])
        #expect(short.query?.first?.swiftType == "LinkTestTab")
    }

    /// The examples of the class's first pattern are what url(for:) builds for the values they
    /// decode to; every example decodes, and the other patterns' examples are built by the same
    /// encoder from their own pattern.
    @Test func theExamplesOfATypedRouteAreBuiltByTheLinkEncoder() throws {
        let center = center([ShopProductActivity.self])
        let manifest = center.routeManifest()
        let product = try route("/product/:id<int>(/:tab<details|reviews|photos>)", in: manifest)
        #expect(
            product.examples == [
                "/product/42/details?tags=example&campaign=example",
                "/product/42?tags=example&campaign=example",
            ])
        for example in product.examples {
            let activity = try #require(center.activity(for: try DispatchURL(string: example)))
            let link = try activity.link(as: ShopProductActivity.Link.self)
            #expect(try center.url(for: link).description == example)
        }
        let short = try route("/p/:id<int>", in: manifest)
        #expect(short.examples == ["/p/42?tags=example&campaign=example"])
        let shortLink = try #require(center.activity(for: try DispatchURL(string: short.examples[0])))
        #expect(
            try shortLink.link(as: ShopProductActivity.Link.self)
                == .init(id: 42, tags: ["example"], campaign: "example"))
    }

    /// A group the link cannot leave out (its key is required) gives one example; the host
    /// parameter and the `*` are filled by the encoder, and `wildcard` is no query key.
    @Test func aGroupWhoseKeyIsRequiredGivesOneExample() throws {
        let manifest = center([TenantFilesActivity.self]).routeManifest()
        let files = try route("//:tenant/files(/:kind)/*", in: manifest)
        #expect(files.examples == ["//example.com/files/sample/example"])
        #expect(files.parameters.map(\.swiftType) == ["String", "String"])
        #expect(files.query == [])
    }

    /// The rest of the path is recorded as the key the link reads it under, with its type; the
    /// host parameter, which every URL of the route has, records no requiredness.
    @Test func theRestOfThePathAndTheHostAreRecordedAsTheLinkReadsThem() throws {
        let manifest = center([TenantFilesActivity.self]).routeManifest()
        let files = try route("//:tenant/files(/:kind)/*", in: manifest)
        #expect(files.wildcardKey == RouteManifest.WildcardKey(swiftType: "Array<String>"))
        #expect(files.parameters.map(\.isOptionalInLink) == [nil, false])
        #expect(manifest.jsonString().contains(#""wildcardKey": {"#))
        // Not for a link that does not read the key.
        let logs = try route("/logs/*", in: center([LogsActivity.self]).routeManifest())
        #expect(logs.wildcard && logs.link != nil && logs.wildcardKey == nil)
    }

    @Test func anUntypedRouteIsWrittenAsInVersionOne() throws {
        let manifest = center([PlainActivity.self]).routeManifest()
        let plain = try route("/plain/:id<int>(/:name)", in: manifest)
        #expect(
            plain.link == nil && plain.query == nil && plain.parameters.allSatisfy { $0.swiftType == nil })
        #expect(plain.examples == ["/plain/42/sample", "/plain/42"])
        let text = manifest.jsonString()
        #expect(!text.contains("\"link\"") && !text.contains("\"query\"") && !text.contains("swiftType"))
    }

    @Test func aLinkTypeThatCannotBeReadKeepsThePatternsExamples() throws {
        let nested = try route("/nested/:id<int>", in: center([NestedActivity.self]).routeManifest())
        #expect(nested.link == "NestedActivity.Link")
        #expect(nested.examples == ["/nested/42"])
    }

    @Test func theTypedFieldsAreWrittenAndReadBack() throws {
        let manifest = center([ShopProductActivity.self, TenantFilesActivity.self, PlainActivity.self])
            .routeManifest()
        let text = manifest.jsonString()
        #expect(text.contains(#""link": "ShopProductActivity.Link""#))
        #expect(
            text.contains(
                #"""
                        {
                          "isOptional": false,
                          "name": "campaign",
                          "swiftType": "String"
                        }
                """#))
        #expect(text.contains(#""swiftType": "LinkTestTab""#))
        #expect(try RouteManifest(json: manifest.json()) == manifest)
    }

    // MARK: - Versions

    private static func document(version: Int, route: String) -> Data {
        Data(#"{"customClaimants": [], "routes": [\#(route)], "schemaVersion": \#(version)}"#.utf8)
    }

    private static let typedRoute = #"""
        {"activity": "Shop.ProductActivity", "examples": ["/product/42"], "exposure": {"level": "external"},
         "link": "ProductActivity.Link",
         "parameters": [{"isHost": false, "isOptional": false, "name": "id", "type": "int", "swiftType": "Int"}],
         "pattern": "/product/:id<int>", "priority": 0,
         "query": [{"isOptional": true, "name": "tab", "swiftType": "ProductTab"}], "wildcard": false}
        """#

    /// A version 1 document may not have the fields version 2 added; a version 2 one may.
    @Test func theFieldsOfVersionTwoAreUnknownInVersionOne() throws {
        let manifest = try RouteManifest(json: Self.document(version: 2, route: Self.typedRoute))
        #expect(manifest.schemaVersion == 2 && manifest.routes.first?.link == "ProductActivity.Link")
        #expect(manifest.routes.first?.query?.first?.swiftType == "ProductTab")
        #expect(throws: RouteManifestError(path: "routes[0].link", problem: .unknownField)) {
            try RouteManifest(json: Self.document(version: 1, route: Self.typedRoute))
        }
        let parameterOnly = Self.typedRoute.replacingOccurrences(
            of: #""link": "ProductActivity.Link","#, with: ""
        )
        .replacingOccurrences(
            of: #""query": [{"isOptional": true, "name": "tab", "swiftType": "ProductTab"}],"#, with: "")
        #expect(throws: RouteManifestError(path: "routes[0].parameters[0].swiftType", problem: .unknownField))
        {
            try RouteManifest(json: Self.document(version: 1, route: parameterOnly))
        }
        let misspelt = Self.typedRoute.replacingOccurrences(
            of: #""isOptional": true"#, with: #""optional": true"#)
        #expect(throws: RouteManifestError(path: "routes[0].query[0].optional", problem: .unknownField)) {
            try RouteManifest(json: Self.document(version: 2, route: misspelt))
        }
    }

    /// Version 3's key facts: `isOptionalInLink` and `cases` on a parameter, `cases` on a query key.
    private static let factsRoute = typedRoute.replacingOccurrences(
        of: #""swiftType": "Int"}"#, with: #""swiftType": "Int", "isOptionalInLink": false}"#
    )
    .replacingOccurrences(
        of: #""swiftType": "ProductTab"}"#,
        with: #""swiftType": "ProductTab", "cases": ["details", "reviews"]}"#)

    /// The fields version 3 added are read in a version 3 document, and unknown in a version 2
    /// one, as the fields of version 2 are in a version 1 one.
    @Test func theFieldsOfVersionThreeAreUnknownInVersionTwo() throws {
        let manifest = try RouteManifest(json: Self.document(version: 3, route: Self.factsRoute))
        #expect(manifest.routes.first?.parameters.first?.isOptionalInLink == false)
        #expect(manifest.routes.first?.query?.first?.cases == ["details", "reviews"])
        #expect(try RouteManifest(json: manifest.json()) == manifest)
        let misplaced = RouteManifestError(
            path: "routes[0].parameters[0].isOptionalInLink", problem: .unknownField)
        #expect(throws: misplaced) {
            try RouteManifest(json: Self.document(version: 2, route: Self.factsRoute))
        }
        let queryCases = Self.typedRoute.replacingOccurrences(
            of: #""swiftType": "ProductTab"}"#, with: #""swiftType": "ProductTab", "cases": ["details"]}"#)
        #expect(throws: RouteManifestError(path: "routes[0].query[0].cases", problem: .unknownField)) {
            try RouteManifest(json: Self.document(version: 2, route: queryCases))
        }
        // Without the Swift type, the facts of the link's property describe nothing.
        let untyped = Self.factsRoute.replacingOccurrences(of: #", "swiftType": "Int""#, with: "")
        #expect(throws: RouteManifestError.self) {
            try RouteManifest(json: Self.document(version: 3, route: untyped))
        }
        do {
            _ = try RouteManifest(json: Self.document(version: 3, route: untyped))
        } catch {
            #expect(error.path == "routes[0].parameters[0]")
        }
    }

    @Test func typedFieldsWithoutALinkAreInconsistent() throws {
        let withoutLink = Self.typedRoute.replacingOccurrences(
            of: #""link": "ProductActivity.Link","#, with: "")
        #expect(throws: RouteManifestError.self) {
            try RouteManifest(json: Self.document(version: 2, route: withoutLink))
        }
        do {
            _ = try RouteManifest(json: Self.document(version: 2, route: withoutLink))
        } catch {
            #expect(error.path == "routes[0]")
        }
    }

    /// A version 1 document reads as written, and writes back the same bytes.
    @Test func aVersionOneDocumentIsReadAsWritten() throws {
        let untyped = Self.typedRoute.replacingOccurrences(of: #""link": "ProductActivity.Link","#, with: "")
            .replacingOccurrences(
                of: #""query": [{"isOptional": true, "name": "tab", "swiftType": "ProductTab"}],"#, with: ""
            )
            .replacingOccurrences(of: #", "swiftType": "Int""#, with: "")
        let manifest = try RouteManifest(json: Self.document(version: 1, route: untyped))
        #expect(manifest.schemaVersion == 1)
        let again = try RouteManifest(json: manifest.json())
        #expect(again == manifest && manifest.jsonString().contains(#""schemaVersion": 1"#))
    }

    /// `manifest` as a release of `version` wrote it: without the fields of later versions, and,
    /// for version 1 with `untypedExamples`, with the examples of the pattern's sample values that a
    /// release without typed links wrote.
    private func earlier(
        _ manifest: RouteManifest, version: Int, untypedExamples: Bool = false
    ) throws -> RouteManifest {
        var release = manifest
        release.schemaVersion = version
        for index in release.routes.indices {
            var route = release.routes[index]
            for parameter in route.parameters.indices {
                route.parameters[parameter].isOptionalInLink = nil
                route.parameters[parameter].cases = nil
                if version == 1 { route.parameters[parameter].swiftType = nil }
            }
            route.query =
                version == 1
                ? nil
                : route.query?.map { key in
                    var key = key
                    key.cases = nil
                    return key
                }
            route.wildcardKey = nil
            if version == 1 { route.link = nil }
            if untypedExamples,
                case .success(let compiled) = RoutePattern(stringLiteral: route.pattern).compiled
            {
                route.examples = compiled.exampleURLs.map(\.description)
            }
            release.routes[index] = route
        }
        let committed = try RouteManifest(json: release.json())
        #expect(committed.schemaVersion == version)
        return committed
    }

    /// The manifests the last release committed, of versions 1 and 2, of the same classes: neither
    /// the center nor the version 3 manifest reports a change for the fields they lack.
    @Test(arguments: [1, 2])
    func anEarlierVersionOfTheLastReleaseComparesWithoutNoise(version: Int) throws {
        let center = center([ShopProductActivity.self, TenantFilesActivity.self, PlainActivity.self])
        let current = center.routeManifest()
        let committed = try earlier(current, version: version)
        #expect(center.routeChanges(since: committed) == [])
        #expect(current.changes(since: committed) == [])
        // And the other way round: the new examples reach what they reached.
        #expect(current.changes(since: current) == [])
    }

    /// The same classes before they had typed links, whose version 1 manifest recorded the
    /// pattern's sample values: no key is compared, but each link is decoded, and those that lack
    /// a key the typed link requires are refused — by the center and by the manifest alike.
    @Test func theLinksOfAReleaseWithoutTypedLinksAreDecoded() throws {
        let center = center([ShopProductActivity.self, TenantFilesActivity.self, PlainActivity.self])
        let current = center.routeManifest()
        let committed = try earlier(current, version: 1, untypedExamples: true)
        let changes = center.routeChanges(since: committed)
        #expect(changes == current.changes(since: committed))
        #expect(changes.allSatisfy { $0.kindName == "linkRefused" })
        #expect(
            changes.map(\.description) == [
                "//example.com/files, which reached DispatchKitTests.TenantFilesActivity through "
                    + "//:tenant/files(/:kind)/*, still reaches it but no longer decodes: kind is missing "
                    + "(a String is required).",
                "/p/42, which reached DispatchKitTests.ShopProductActivity through /p/:id<int>, still "
                    + "reaches it but no longer decodes: campaign is missing (a String is required).",
                "/product/42/details and /product/42, which reached DispatchKitTests.ShopProductActivity "
                    + "through /product/:id<int>(/:tab<details|reviews|photos>), still reach it but no "
                    + "longer decode: campaign is missing (a String is required).",
            ])
        #expect(changes.allSatisfy { $0.isBreaking })
    }
}
