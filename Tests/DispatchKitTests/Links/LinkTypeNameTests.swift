import Foundation
import Testing

@testable import DispatchKit

// The names of link types and of their properties' types, as messages and the route manifest
// write them: nested names kept, modules and anonymous contexts dropped, in generic arguments too.

private enum Outer {
    enum Inner: String, Codable { case a }
}

@Suite("Typed links: type names")
struct LinkTypeNameTests {
    @Test func aNestedTypeKeepsItsOuterTypesAndDropsItsModuleAndContext() {
        #expect(linkTypeName(Outer.Inner.self) == "Outer.Inner")
        #expect(linkTypeName(Int.self) == "Int")
        #expect(linkTypeName(UUID.self) == "UUID")
        #expect(linkTypeName(LinkTestTab.self) == "LinkTestTab")
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
