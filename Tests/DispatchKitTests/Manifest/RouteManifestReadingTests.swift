import DispatchKit
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
        let error = read(Self.document(version: "2"))
        #expect(error == RouteManifestError(path: "schemaVersion", problem: .unsupportedSchemaVersion(2)))
        #expect(error?.description.hasPrefix("schemaVersion: schema version 2 is not one") == true)
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
        (#""priority": 0"#, #""priority": "high""#, "routes[0].priority", "an integer"),
        (#""wildcard": false"#, #""wildcard": "no""#, "routes[0].wildcard", "true or false"),
        (#""pattern": "/product/:id<int>""#, #""pattern": 7"#, "routes[0].pattern", "a string"),
        (#""examples": ["/product/42"]"#, #""examples": "/product/42""#, "routes[0].examples", "an array"),
    ])
    func aMistypedFieldIsNamed(original: String, replacement: String, path: String, expected: String) {
        let error = read(
            Self.document(route: Self.validRoute.replacingOccurrences(of: original, with: replacement)))
        #expect(error == RouteManifestError(path: path, problem: .wrongType(expected: expected)))
    }

    @Test func anUnknownParameterTypeIsNamed() {
        let error = read(
            Self.document(
                route: Self.validRoute.replacingOccurrences(of: #""type": "int""#, with: #""type": "float""#))
        )
        #expect(error?.path == "routes[0].parameters[0].type")
        if case .invalidValue? = error?.problem {} else { Issue.record("\(String(describing: error))") }
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

    @Test func notJSONIsRefused() {
        let error = read("routes: []")
        #expect(error?.path == "")
        if case .invalidJSON? = error?.problem {} else { Issue.record("\(String(describing: error))") }
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
