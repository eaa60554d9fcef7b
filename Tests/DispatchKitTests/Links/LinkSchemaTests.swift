import Foundation
import Testing

@testable import DispatchKit

// The internal entry points that validate() and the route manifest build on: a link type's keys
// and types found without a URL (LinkSchema.probe), and a value's URL built from patterns without
// a center (LinkBuilding.fill).

private struct ProductLink: DispatchLink, Hashable {
    var id: Int
    var tab: LinkTestTab?
    var from: String?
    var tags: [String]
    var priority: LinkTestPriority
    var small: Int8
    var sku: LinkTestSKU?
}

private struct Filter: Codable, Sendable { var color: String }

private struct Nested: DispatchLink {
    var id: UInt
    var filter: Filter
    var after: Int
}

/// Refuses every made-up text for its required key.
private struct Picky: LinkValueConvertible, Codable, Sendable {
    init?(linkValue: String) {
        guard linkValue == "the one" else { return nil }
    }
    var linkValue: String { "the one" }
}

private struct PickyLink: DispatchLink {
    var picky: Picky
}

/// Enums as the documentation declares them: raw values, not `CaseIterable`.
private enum Sort: String, Codable, Sendable { case newest, oldest }
private enum Level: Int, Codable, Sendable {
    case basic = 10
    case expert = 20
}

/// Accepts only its own values, and is too large to be found without one.
private struct Region: RawRepresentable, Codable, Sendable, Equatable {
    let rawValue: String
    init?(rawValue: String) {
        guard rawValue == "eu" || rawValue == "us" else { return nil }
        self.rawValue = rawValue
    }
}

private struct SearchLink: DispatchLink {
    var sort: Sort
    var level: Level
    var regions: [Region]
    var region: Region
    var page: Int
}

@Suite("Typed links: schema and building without a center")
struct LinkSchemaTests {
    @Test func aProbeRecordsEachKeyItsTypeAndWhetherItMayBeAbsent() throws {
        let schema = LinkSchema.probe(ProductLink.self)
        #expect(schema.problem == nil)
        #expect(schema.fields.map(\.key) == ["id", "tab", "from", "tags", "priority", "small", "sku"])
        #expect(schema.fields.map(\.isOptional) == [false, true, true, false, false, false, true])
        #expect(
            schema.fields.map(\.typeName) == [
                "Int", "LinkTestTab", "String", "Array<String>", "LinkTestPriority", "Int8", "LinkTestSKU",
            ])
        let tags = try #require(schema.field("tags"))
        #expect(tags.isRepeated && tags.valueType == String.self)
        #expect(schema.field("id")?.integerFormat?.bitWidth == 64)
        #expect(schema.field("small")?.integerFormat?.isSigned == true)
        #expect(schema.field("small")?.integerFormat?.bitWidth == 8)
        #expect(schema.field("from")?.integerFormat == nil)
    }

    /// How validate() checks a `<a|b>` list against an enum, and `<int>` samples against a type.
    @Test func aFieldSaysWhichTextsItAcceptsAndItsCases() throws {
        let schema = LinkSchema.probe(ProductLink.self)
        let tab = try #require(schema.field("tab"))
        #expect(tab.caseTexts == ["details", "reviews", "photos"])
        #expect(tab.accepts("reviews") && !tab.accepts("videos"))
        #expect(schema.field("priority")?.caseTexts == ["1", "5"])
        let small = try #require(schema.field("small"))
        #expect(small.accepts("127") && !small.accepts("128") && !small.accepts("x"))
        #expect(schema.field("tags")?.accepts("anything") == true)
        #expect(schema.field("sku")?.accepts("abcdefgh") == true)
        #expect(schema.field("sku")?.accepts("abc") == false)
        #expect(schema.field("id")?.caseTexts == nil)
    }

    @Test func theExampleIsMadeOfSamplesAndMadeUpValues() throws {
        let plain = try #require(LinkSchema.probe(ProductLink.self).example as? ProductLink)
        #expect(plain == ProductLink(id: 42, tags: ["example"], priority: .low, small: 42))
        let sampled = LinkSchema.probe(
            ProductLink.self, samples: ["id": "7", "tab": "photos", "from": "push"])
        let link = try #require(sampled.example as? ProductLink)
        #expect(link.id == 7 && link.tab == .photos && link.from == "push")
    }

    /// A type no URL can carry stops the probe, naming its key; what was read before stays.
    @Test func aProbeStopsAtANestedTypeNamingIt() throws {
        let schema = LinkSchema.probe(Nested.self)
        #expect(schema.fields.map(\.key) == ["id", "filter"])
        let problem = try #require(schema.problem)
        #expect(problem.key == "filter" && problem.reason == .unsupported && problem.expectedType == "Filter")
        #expect(problem.activity == "Nested")
        #expect(schema.example == nil)
    }

    @Test func aProbeStopsAtARequiredValueNoMadeUpTextFits() throws {
        let schema = LinkSchema.probe(PickyLink.self)
        #expect(schema.fields.map(\.key) == ["picky"])
        #expect(schema.problem?.key == "picky")
        let sampled = LinkSchema.probe(PickyLink.self, samples: ["picky": "the one"])
        #expect(sampled.problem == nil && sampled.example != nil)
    }

    /// Regression: a required enum that is not `CaseIterable` stopped the probe when no made-up
    /// text was one of its raw values; its first case is found. An array whose elements refuse
    /// every made-up text is empty, and a listed value fits a key nothing else fits.
    @Test func aProbeFindsAValueForEveryKeyItCan() throws {
        let stopped = LinkSchema.probe(SearchLink.self)
        #expect(stopped.fields.map(\.key) == ["sort", "level", "regions", "region"])
        #expect(stopped.problem?.key == "region")
        #expect(stopped.isKey?("page") == true && stopped.isKey?("slug") == false)
        let schema = LinkSchema.probe(
            SearchLink.self, candidates: ["region": ["asia", "us"], "sort": ["x"]])
        #expect(schema.problem == nil)
        let example = try #require(schema.example as? SearchLink)
        #expect(example.sort == .newest && example.level == .basic)
        #expect(example.regions.isEmpty && example.region.rawValue == "us" && example.page == 42)
        // A sample is taken at its word: it is not replaced by another value.
        #expect(LinkSchema.probe(SearchLink.self, samples: ["sort": "x"]).problem?.key == "sort")
    }

    /// The manifest's example URLs: the probe's example, built by the same encoder.
    @Test func aValueIsBuiltFromPatternsWithoutACenter() throws {
        let link = ProductLink(id: 3, tab: .reviews, tags: ["a", "b"], priority: .high, small: -1)
        let filled = try LinkBuilding.fill(
            link, patterns: ["/x/:tab<photos>", "/product/:id<int>(/:tab)"], activity: nil)
        #expect(filled.pattern == "/product/:id<int>(/:tab)")
        #expect(filled.parameters == ["id": "3", "tab": "reviews"])
        #expect(filled.wildcard == nil)
        #expect(
            filled.queryItems.map { "\($0.name)=\($0.value ?? "")" } == [
                "tags=a", "tags=b", "priority=5", "small=-1",
            ])
        #expect(filled.url.description == "/product/3/reviews?tags=a&tags=b&priority=5&small=-1")
        let entries = try LinkEntries.of(link)
        #expect(entries.entries.map(\.key) == ["id", "tab", "tags", "priority", "small"])
        #expect(entries.entry("tags")?.isList == true)
    }

    @Test func anExampleBuildsItsURL() throws {
        let schema = LinkSchema.probe(ProductLink.self, samples: ["tab": "details"])
        let example = try #require(schema.example)
        let url = try LinkBuilding.fill(example, patterns: ["/product/:id<int>"], activity: nil).url
        #expect(url.description == "/product/42?tab=details&tags=example&priority=1&small=42")
    }

    /// A module link is probed case by case: the case's associated values are its keys, by label,
    /// and the enum's cases are listed from its coding keys. Probed as a struct, it reads nothing.
    @Test func aModuleLinkIsProbedOneCaseAtATime() throws {
        let product = LinkSchema.probe(ShopCases.Link.self, case: "product")
        #expect(product.problem == nil && product.caseName == "product")
        #expect(product.fields.map(\.key) == ["id", "tab"])
        #expect(product.fields.map(\.isOptional) == [false, true])
        #expect(product.fields.map(\.typeName) == ["Int", "LinkTestTab"])
        #expect(product.field("tab")?.caseTexts == ["details", "reviews", "photos"])
        #expect(product.example as? ShopCases.Link == .product(id: 42, tab: nil))
        #expect(product.caseNames == ["product", "search", "orders", "settings", "unrouted"])
        #expect(product.isCase?("orders") == true && product.isCase?("basket") == false)

        let search = LinkSchema.probe(ShopCases.Link.self, case: "search", samples: ["q": "shoes"])
        #expect(search.fields.map(\.key) == ["q", "tag"])
        #expect(search.field("tag")?.isRepeated == true)
        #expect(search.example as? ShopCases.Link == .search(q: "shoes", tag: ["example"]))

        let settings = LinkSchema.probe(ShopCases.Link.self, case: "settings")
        #expect(settings.problem == nil && settings.fields.isEmpty)
        #expect(settings.example as? ShopCases.Link == .settings)

        let unknown = LinkSchema.probe(ShopCases.Link.self, case: "basket")
        #expect(unknown.problem != nil && unknown.example == nil && unknown.isCase?("basket") == false)

        #expect(LinkSchema.probe(ShopCases.Link.self).caseNames == nil)
    }
}
