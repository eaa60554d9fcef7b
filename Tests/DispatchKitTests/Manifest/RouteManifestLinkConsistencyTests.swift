import Foundation
import Testing

@testable import DispatchKitManifest

// A document whose typed-link fields say two things of one key is refused when it is read, at the
// field that contradicts another, naming the key: the comparison of two releases would otherwise
// take the key as both.

@Suite struct RouteManifestLinkConsistencyTests {
    /// A typed route with a host parameter, a path parameter, a query key and the rest of the
    /// path: every kind of key, as this DispatchKit writes them.
    static let route = #"""
        {"activity": "Shop.FilesActivity", "examples": ["//example.com/product/42/files/a"],
         "exposure": {"level": "external"}, "link": "FilesActivity.Link",
         "parameters": [
           {"isHost": true, "isOptional": false, "name": "tenant", "swiftType": "String", "type": "plain"},
           {"isHost": false, "isOptional": false, "isOptionalInLink": false, "name": "id", "swiftType": "Int",
            "type": "int"}],
         "pattern": "//:tenant/product/:id<int>/files/*", "priority": 0,
         "query": [{"cases": ["details", "reviews"], "isOptional": true, "name": "tab", "swiftType": "ProductTab"}],
         "wildcard": true, "wildcardKey": {"swiftType": "Array<String>"}}
        """#

    static let tab =
        #"{"cases": ["details", "reviews"], "isOptional": true, "name": "tab", "swiftType": "ProductTab"}"#

    static func document(_ route: String, version: Int = 3) -> Data {
        Data(#"{"customClaimants": [], "routes": [\#(route)], "schemaVersion": \#(version)}"#.utf8)
    }

    /// `route` with `original` replaced (a fixture without it reads, and fails the test).
    static func edited(_ original: String, _ replacement: String, in route: String = route) -> String {
        route.replacingOccurrences(of: original, with: replacement)
    }

    /// The error reading `route` in a document of `version`, or `nil` if it reads.
    static func error(reading route: String, version: Int = 3) -> RouteManifestError? {
        do {
            _ = try RouteManifest(json: document(route, version: version))
            return nil
        } catch {
            return error
        }
    }

    @Test func theConsistentDocumentReadsAndWritesBack() throws {
        let manifest = try RouteManifest(json: Self.document(Self.route))
        let route = try #require(manifest.routes.first)
        #expect(route.wildcardKey == RouteManifest.WildcardKey(swiftType: "Array<String>"))
        #expect(route.parameters.first?.isOptionalInLink == nil)
        #expect(try RouteManifest(json: manifest.json()) == manifest)
        #expect(manifest.jsonString().contains(#""wildcardKey": {"#))
    }

    /// Each contradiction: the field that says it, and a word of what it contradicts.
    @Test(arguments: [
        // The same query key twice, of two types.
        (
            tab, tab + #", {"isOptional": true, "name": "tab", "swiftType": "String"}"#,
            "routes[0].query[1].name", "listed twice"
        ),
        // A parameter read from the query too.
        (
            tab, tab + #", {"isOptional": true, "name": "id", "swiftType": "String"}"#,
            "routes[0].query[1].name", "parameter of //:tenant/product/:id<int>/files/*"
        ),
        // The rest of the path read from the query.
        (
            tab, tab + #", {"isOptional": true, "name": "wildcard", "swiftType": "String"}"#,
            "routes[0].query[1].name", "ends with *"
        ),
        // Raw values of a type that has none, on a parameter and on a query key.
        (
            #""name": "tenant", "swiftType": "String""#,
            #""name": "tenant", "swiftType": "String", "cases": ["a"]"#,
            "routes[0].parameters[0].cases", "is a String"
        ),
        (
            #""swiftType": "ProductTab"}"#, #""swiftType": "Int"}"#, "routes[0].query[0].cases", "is an Int"
        ),
        (
            #"{"swiftType": "Array<String>"}"#, #"{"cases": ["a"], "swiftType": "Array<String>"}"#,
            "routes[0].wildcardKey.cases", "is a String"
        ),
        // No case, or one twice.
        (#"["details", "reviews"]"#, "[]", "routes[0].query[0].cases", "no case"),
        (#"["details", "reviews"]"#, #"["details", "details"]"#, "routes[0].query[0].cases", "twice"),
        // Whether a URL may lack its host.
        (
            #""name": "tenant", "swiftType": "String""#,
            #""name": "tenant", "swiftType": "String", "isOptionalInLink": true"#,
            "routes[0].parameters[0].isOptionalInLink", "host"
        ),
        // A required array, which a URL without the key gives as empty.
        (
            tab, tab + #", {"isOptional": false, "name": "tags", "swiftType": "Array<String>"}"#,
            "routes[0].query[1].isOptional", "cannot be required"
        ),
        (
            #""isOptionalInLink": false, "name": "id", "swiftType": "Int""#,
            #""isOptionalInLink": false, "name": "id", "swiftType": "Array<Int>""#,
            "routes[0].parameters[1].isOptionalInLink", "cannot be required"
        ),
    ])
    func aContradictionIsRefusedAtItsField(original: String, replacement: String, path: String, words: String)
        throws
    {
        let error = try #require(Self.error(reading: Self.edited(original, replacement)))
        #expect(error.path == path)
        guard case .inconsistent(let reason) = error.problem else {
            Issue.record("\(error)")
            return
        }
        #expect(reason.contains(words), "\(reason)")
    }

    /// The rest of the path is described only where the link reads it: a route with `*`, no
    /// parameter named `wildcard`, and a link; and only in a document of version 3.
    @Test func theRestOfThePathIsDescribedWhereTheLinkReadsIt() throws {
        let noStar = Self.edited(
            #""pattern": "//:tenant/product/:id<int>/files/*""#,
            #""pattern": "//:tenant/product/:id<int>/files""#
        )
        .replacingOccurrences(of: #""wildcard": true"#, with: #""wildcard": false"#)
        .replacingOccurrences(of: "/files/a", with: "/files")
        #expect(Self.error(reading: noStar)?.path == "routes[0].wildcardKey")

        let named = Self.edited(
            #""pattern": "//:tenant/product/:id<int>/files/*""#,
            #""pattern": "//:tenant/product/:wildcard/files/*""#
        )
        .replacingOccurrences(
            of: #""name": "id", "swiftType": "Int""#, with: #""name": "wildcard", "swiftType": "String""#
        )
        .replacingOccurrences(of: #""type": "int"}"#, with: #""type": "plain"}"#)
        #expect(Self.error(reading: named)?.path == "routes[0].wildcardKey")

        let untyped = Self.route.replacingOccurrences(of: #""link": "FilesActivity.Link","#, with: "")
            .replacingOccurrences(of: #", "swiftType": "String""#, with: "")
            .replacingOccurrences(of: #""isOptionalInLink": false, "#, with: "")
            .replacingOccurrences(of: #", "swiftType": "Int""#, with: "")
            .replacingOccurrences(of: #""query": [\#(Self.tab)],"#, with: "")
        let error = try #require(Self.error(reading: untyped))
        #expect(error.path == "routes[0]" && "\(error)".contains("wildcardKey"), "\(error)")

        let earlier = Self.route.replacingOccurrences(of: #""isOptionalInLink": false, "#, with: "")
            .replacingOccurrences(of: #""cases": ["details", "reviews"], "#, with: "")
        #expect(Self.error(reading: earlier, version: 2)?.path == "routes[0].wildcardKey")
        #expect(Self.error(reading: earlier, version: 2)?.problem == .unknownField)
    }
}
