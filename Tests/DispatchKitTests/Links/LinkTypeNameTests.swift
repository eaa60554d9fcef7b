import Foundation
import Testing

@testable import DispatchKit

// The names of link types and of their properties' types, as messages and the route manifest
// write them: nested names kept, modules and anonymous contexts dropped, in generic arguments too.

private enum Outer {
    enum Inner: String, Codable { case a }

    /// Writes nothing at all.
    struct Silent: Codable, Sendable {
        init() {}
        init(from decoder: any Decoder) throws {}
        func encode(to encoder: any Encoder) throws {}
    }
}

private struct NamedLink: DispatchLink {
    var inner: Outer.Inner?
    var silent: Outer.Silent?
}

@Suite("Typed links: type names")
struct LinkTypeNameTests {
    @Test func aNestedTypeKeepsItsOuterTypesAndDropsItsModuleAndContext() {
        #expect(linkTypeName(Outer.Inner.self) == "Outer.Inner")
        #expect(linkTypeName(Int.self) == "Int")
        #expect(linkTypeName(UUID.self) == "UUID")
        #expect(linkTypeName(LinkTestTab.self) == "LinkTestTab")
    }

    /// Regression: a decoding error named a nested type `Inner`, where an encoding error and
    /// validate() named it `Outer.Inner`: every message spells it the qualified way.
    @Test func decodingAndEncodingErrorsNameANestedTypeTheSameWay() throws {
        let source = LinkSource(parameters: [:], wildcard: nil, rawQuery: "inner=b")
        let decoding = try #require(throws: LinkDecodingError.self) {
            try LinkDecoding.decode(NamedLink.self, from: source, for: nil)
        }
        #expect(decoding.expectedType == "Outer.Inner")
        #expect(decoding.description == #"NamedLink's link: inner "b" is not an Outer.Inner"#)
        let encoding = try #require(throws: LinkEncodingError.self) {
            try LinkEntries.of(NamedLink(silent: Outer.Silent()))
        }
        #expect(encoding.reason == .unsupportedValue(key: "silent", detail: "Outer.Silent wrote no value"))
        #expect(LinkSchema.probe(NamedLink.self).field("inner")?.typeName == "Outer.Inner")
    }

    /// Regression: the arguments of a generic type kept their module and their anonymous context,
    /// whose address changes from build to build (`Array<DispatchKitTests.(unknown context at
    /// $…).Outer.Inner>`).
    @Test func genericArgumentsAreNamedTheSameWay() {
        #expect(linkTypeName([Outer.Inner].self) == "Array<Outer.Inner>")
        #expect(linkTypeName([String: UUID].self) == "Dictionary<String, UUID>")
        #expect(linkTypeName(Int?.self) == "Optional<Int>")
        #expect(linkTypeName([[Outer.Inner]].self) == "Array<Array<Outer.Inner>>")
    }
}
