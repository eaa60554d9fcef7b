import DispatchKit
import DispatchKitManifest
import Foundation
import Testing

// Reading a manifest back: each bad document is a `RouteManifestError` naming the entry.

@Suite struct RouteManifestReadingTests {
    /// A valid document of one route, with `route` spliced in as its only entry.
    static func document(route: String = validRoute, version: String = "1", extra: String = "") -> String {
        """
        {
          "customClaimants": [],
          "routes": [
            \(route)
          ],
          "schemaVersion": \(version)\(extra)
        }
        """
    }

    static let validRoute = """
        {
              "activity": "Shop.ProductActivity",
              "examples": ["/product/42"],
              "exposure": {"level": "external"},
              "parameters": [{"isHost": false, "isOptional": false, "name": "id", "type": "int"}],
              "pattern": "/product/:id<int>",
              "priority": 0,
              "wildcard": false
            }
        """

    func read(_ text: String) -> RouteManifestError? {
        do {
            _ = try RouteManifest(json: Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func theValidDocumentReads() throws {
        let manifest = try RouteManifest(json: Data(Self.document().utf8))
        #expect(manifest.routes.map(\.pattern) == ["/product/:id<int>"])
        #expect(manifest.routes.first?.exposure == .external)
    }

    @Test func anUnknownSchemaVersionIsRefused() {
        let error = read(Self.document(version: "5"))
        #expect(error == RouteManifestError(path: "schemaVersion", problem: .unsupportedSchemaVersion(5)))
        #expect(
            error?.description
                == "schemaVersion: schema version 5 is not one this DispatchKit reads (it reads 1 to 4)")
        #expect(
            read(Self.document(version: "0"))
                == RouteManifestError(path: "schemaVersion", problem: .unsupportedSchemaVersion(0)))
    }

    @Test(arguments: ["activity", "examples", "exposure", "parameters", "pattern", "priority", "wildcard"])
    func aMissingFieldIsNamed(field: String) {
        let route = Self.validRoute.split(separator: "\n").filter { !$0.contains("\"\(field)\":") }
            .joined(separator: "\n")
        let error = read(Self.document(route: Self.fixedCommas(route)))
        #expect(error == RouteManifestError(path: "routes[0].\(field)", problem: .missingField))
        #expect(error?.routeIndex == 0)
    }

    @Test func aMissingTopLevelFieldIsNamed() {
        let error = read(#"{"customClaimants": [], "schemaVersion": 1}"#)
        #expect(error == RouteManifestError(path: "routes", problem: .missingField))
    }

    @Test(arguments: [
        (#""priority": 0"#, #""priority": "high""#, "routes[0].priority", "an integer", "a string"),
        (#""wildcard": false"#, #""wildcard": "no""#, "routes[0].wildcard", "true or false", "a string"),
        (#""pattern": "/product/:id<int>""#, #""pattern": 7"#, "routes[0].pattern", "a string", "an integer"),
        (#""examples": ["/product/42"]"#, #""examples": "/x""#, "routes[0].examples", "an array", "a string"),
        (
            #""exposure": {"level": "external"}"#, #""exposure": null"#, "routes[0].exposure", "an object",
            "null"
        ),
    ])
    func aMistypedFieldIsNamed(
        original: String, replacement: String, path: String, expected: String, found: String
    ) {
        let error = read(
            Self.document(route: Self.validRoute.replacingOccurrences(of: original, with: replacement)))
        #expect(
            error == RouteManifestError(path: path, problem: .wrongType(expected: expected, found: found)))
        #expect(error?.description == "\(path): must be \(expected), not \(found)")
    }

    /// Pins `[1,2]` refused as `not an object (Dictionary<String, Any>)`: the document's type is
    /// said in words.
    @Test(arguments: [
        ("[1,2]", "an array"), ("\"routes\"", "a string"), ("7", "an integer"), ("null", "null"),
    ])
    func aDocumentThatIsNoObjectSaysWhatItIs(text: String, found: String) {
        let error = read(text)
        #expect(
            error
                == RouteManifestError(path: "", problem: .wrongType(expected: "a JSON object", found: found)))
        #expect(error?.description == "the manifest must be a JSON object, not \(found)")
    }

    /// Pins the one policy for unknown fields, shared with redirect rules: a field the document's
    /// schema version does not define is refused (a typo caught), at any level, naming it. A later
    /// schema version is refused whole, before its fields are looked at.
    @Test(arguments: [
        (#""priority": 0"#, #""priority": 0, "priorty": 1"#, "routes[0].priorty"),
        (#""level": "external""#, #""level": "external", "lvel": "internal""#, "routes[0].exposure.lvel"),
        (#""name": "id""#, #""name": "id", "optional": true"#, "routes[0].parameters[0].optional"),
    ])
    func anUnknownFieldIsRefusedAndNamed(original: String, replacement: String, path: String) {
        let error = read(
            Self.document(route: Self.validRoute.replacingOccurrences(of: original, with: replacement)))
        #expect(error == RouteManifestError(path: path, problem: .unknownField))
        #expect(
            error?.description == "\(path): unknown field (the document's schema version does not define it)")
    }

    @Test func unknownFieldsOutsideRoutesAreRefusedToo() {
        #expect(read(Self.document(extra: #", "comment": "x""#))?.path == "comment")
        let claimant = #"{"activity": "A", "priority": 0, "exposure": {"level": "internal"}, "x": 1}"#
        #expect(read(Self.document(extra: #", "fallback": \#(claimant)"#))?.path == "fallback.x")
        // A later version is refused as such, whatever fields it has.
        #expect(
            read(Self.document(version: "5", extra: #", "comment": "x""#))
                == RouteManifestError(path: "schemaVersion", problem: .unsupportedSchemaVersion(5)))
    }

    @Test func anUnknownParameterTypeIsNamed() {
        let error = read(
            Self.document(
                route: Self.validRoute.replacingOccurrences(of: #""type": "int""#, with: #""type": "float""#))
        )
        #expect(error?.path == "routes[0].parameters[0].type")
        #expect(
            error?.description
                == #"routes[0].parameters[0].type: "float" is not one of plain, int, uuid or values"#)
    }

    @Test func anInvalidPatternIsNamed() {
        let route = Self.validRoute.replacingOccurrences(
            of: "/product/:id<int>\"", with: "/product/:id<long>\"")
        let error = read(Self.document(route: route))
        #expect(error?.path == "routes[0].pattern")
        if case .invalidPattern? = error?.problem {} else { Issue.record("\(String(describing: error))") }
    }

    @Test func anExampleThePatternDoesNotMatchIsNamed() {
        let route = Self.validRoute.replacingOccurrences(
            of: #"["/product/42"]"#, with: #"["/product/42", "/product/x"]"#)
        let error = read(Self.document(route: route))
        #expect(error?.path == "routes[0].examples[1]")
        if case .inconsistent? = error?.problem {} else { Issue.record("\(String(describing: error))") }
    }

    @Test func parametersThatContradictThePatternAreNamed() {
        let route = Self.validRoute.replacingOccurrences(of: #""type": "int""#, with: #""type": "plain""#)
        let error = read(Self.document(route: route))
        #expect(error?.path == "routes[0].parameters")
    }

    @Test func aTrailingCommaIsNamed() {
        let error = read(
            Self.document(
                route: Self.validRoute.replacingOccurrences(
                    of: "\"wildcard\": false", with: "\"wildcard\": false,")))
        #expect(error == RouteManifestError(path: "routes[0]", problem: .trailingComma))
    }

    @Test func aDuplicateKeyIsNamed() {
        let error = read(
            Self.document(
                route: Self.validRoute.replacingOccurrences(
                    of: "\"priority\": 0", with: "\"priority\": 0, \"priority\": 1")))
        #expect(error == RouteManifestError(path: "routes[0].priority", problem: .duplicateKey("priority")))
    }

    @Test func notJSONIsRefusedWithItsLineAndColumn() {
        let error = read("routes: []")
        #expect(
            error
                == RouteManifestError(
                    path: "", problem: .invalidJSON(#"line 1, column 1: expected a value, found "r""#)))
        #expect(error?.description == #"not valid JSON: line 1, column 1: expected a value, found "r""#)
    }

    /// `route` without a comma before its closing brace, after a line was taken out.
    static func fixedCommas(_ route: String) -> String {
        var lines = route.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let close = lines.lastIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "}" }), close > 0,
            lines[close - 1].hasSuffix(",")
        {
            lines[close - 1].removeLast()
        }
        return lines.joined(separator: "\n")
    }
}
