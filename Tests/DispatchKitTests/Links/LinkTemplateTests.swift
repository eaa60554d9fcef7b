import Foundation
import Testing

@testable import DispatchKit

// A pattern prepared for building links writes the path of a pattern without optional groups or a
// host parameter straight from its segments, without RoutePattern's builder: it must build the URL
// that builder builds from the same values.

private struct Values: DispatchLink {
    var a: String
    var b: Int
    var wildcard: [String]?
}

@Suite("Typed links: patterns prepared for building")
struct LinkTemplateTests {
    /// Pins that a pattern's path, written from its segments, is the one the builder writes: the
    /// values in the pattern's order, between its literals.
    @Test(arguments: [
        ("/x/:a/y/:b<int>", ["a", "b"]), ("/:b<int>/:a", ["b", "a"]),
        ("app://host/p/:a/:b<int>", ["a", "b"]),
        ("//shop/:a/:b/end", ["a", "b"]), ("/:a/:b/*", ["a", "b"]),
    ])
    func aPlainPathIsTheOneTheBuilderWrites(_ text: String, _ order: [String]) throws {
        let pattern = RoutePattern(stringLiteral: text)
        let compiled = try pattern.compiled.get()
        let template = compiled.linkTemplate
        #expect(template.plainPath != nil)
        let entries = try LinkEntries.of(Values(a: "é/%", b: 7, wildcard: ["w", "v"]))
        let filled = try template.fill(entries, unboundedIntegers: true)
        let built = try pattern.url(parameters: ["a": "é/%", "b": "7"])
        #expect(filled.url.paths == built.paths + (compiled.hasWildcard ? ["w", "v"] : []))
        #expect(filled.url.scheme == built.scheme && filled.url.host == built.host)
        #expect(filled.parameters.map(\.name) == order)
    }

    /// A pattern with an optional group or a host parameter is built by the builder, which decides
    /// the groups and the host's form.
    @Test(arguments: ["/x/:a(/:b<int>)", "app://:a/p/:b<int>", "/x(/y)/:a/:b"])
    func groupsAndHostParametersAreLeftToTheBuilder(_ text: String) throws {
        let template = try RoutePattern(stringLiteral: text).compiled.get().linkTemplate
        #expect(template.plainPath == nil)
    }
}
