import DispatchKit
import Foundation
import Testing

// Value to URL: the first pattern the value fills, the rest as query items in the type's order,
// nil left out, arrays repeated, every value escaped; and the typed failures when it cannot.

private final class ProductActivity: LinkActivity<ProductActivity.Link> {
    struct Link: DispatchLink, Hashable {
        var id: Int
        var tab: LinkTestTab?
        var from: String?
    }

    override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }
    override func execute(with link: Link) throws {}
}

/// Patterns in an order that makes the value choose: a scheme and host, a kind list, a group.
private final class CatalogActivity: LinkActivity<CatalogActivity.Link> {
    struct Link: DispatchLink, Hashable {
        var kind: String
        var slug: String?
        var page: Int?
        var tags: [String]
        var on: Bool?
        var ratio: Double?
        var token: UUID?
        var priority: LinkTestPriority?
        var sku: LinkTestSKU?
        var version: LinkTestVersion?
    }

    override class var patterns: [RoutePattern] {
        ["cono://shop.example/c/:kind<shoes|hats>/:slug", "/c/:kind(/page/:page<int>)", "/catalog"]
    }
    override func execute(with link: Link) throws {}
}

private final class FilesActivity: LinkActivity<FilesActivity.Link> {
    struct Link: DispatchLink, Hashable {
        var owner: String
        var wildcard: [String]
    }

    override class var patterns: [RoutePattern] { ["/files/:owner/*"] }
    override func execute(with link: Link) throws {}
}

private final class TenantActivity: LinkActivity<TenantActivity.Link> {
    struct Link: DispatchLink { var tenant: String }
    override class var patterns: [RoutePattern] { ["app://:tenant/home"] }
    override func execute(with link: Link) throws {}
}

private final class ShopActivity: LinkActivity<ShopActivity.Link> {
    struct Link: DispatchLink {
        var host: String
        var id: Int
    }
    override class var patterns: [RoutePattern] { ["//:host/shop/:id<int>"] }
    override func execute(with link: Link) throws {
        linkTestJournal?.lines.append("\(link.host) \(link.id)")
    }
}

/// Values that write themselves as lists without being arrays, and a date.
private struct Collections: DispatchLink {
    var tags: [String]
    var set: Set<String>?
    var bytes: Data?
    var byNumber: [Double: String]?
    var range: Range<Int>?
    var date: Date?
}

private final class CollectionsActivity: LinkActivity<Collections> {
    override class var patterns: [RoutePattern] { ["/collections"] }
    override func execute(with link: Collections) throws {}
}

private final class Strict: LinkActivity<Strict.Link> {
    struct Link: DispatchLink {
        var id: Int
        var kind: String
    }
    override class var patterns: [RoutePattern] { ["/s/:id<int>/:kind<a|b>", "/t/:kind/:other"] }
    override func execute(with link: Link) throws {}
}

private final class Big: LinkActivity<Big.Link> {
    struct Link: DispatchLink { var id: UInt64 }
    override class var patterns: [RoutePattern] { ["/big/:id<int>"] }
    override func execute(with link: Link) throws {}
}

private struct Stray: DispatchLink { var id: Int }

private struct Deep: DispatchLink {
    struct Inner: Codable, Sendable { var a: Int }
    var inner: Inner
}

private final class DeepActivity: LinkActivity<Deep> {
    override class var patterns: [RoutePattern] { ["/deep"] }
    override func execute(with link: Deep) throws {}
}

private struct Measure: DispatchLink { var value: Double }

private final class MeasureActivity: LinkActivity<Measure> {
    override class var patterns: [RoutePattern] { ["/measure"] }
    override func execute(with link: Measure) throws {}
}

@MainActor
@Suite("Typed links: building URLs")
struct LinkURLBuildingTests {
    private func center() -> DispatchCenter {
        let center = DispatchCenter()
        center.register([
            ProductActivity.self, CatalogActivity.self, FilesActivity.self, TenantActivity.self,
            ShopActivity.self, DeepActivity.self,
            MeasureActivity.self,
        ])
        return center
    }

    @Test func theFirstFittingPatternGivesThePathAndTheRestTheQuery() throws {
        let url = try center().url(for: ProductActivity.Link(id: 42, tab: .reviews, from: "share"))
        #expect(url.description == "/product/42?tab=reviews&from=share")
        #expect(url.scheme == nil && url.host == nil)
    }

    @Test func nilValuesAreLeftOut() throws {
        #expect(try center().url(for: ProductActivity.Link(id: -3)).description == "/product/-3")
    }

    /// A pattern with a scheme and host builds them; a value a parameter does not admit moves on
    /// to the next pattern; a group is taken when its values are there.
    @Test func eachPatternIsTriedInDeclarationOrder() throws {
        let center = center()
        func url(_ link: CatalogActivity.Link) throws -> String { try center.url(for: link).description }
        let hats = CatalogActivity.Link(kind: "hats", slug: "red cap", tags: [])
        #expect(try url(hats) == "cono://shop.example/c/hats/red%20cap")
        var bags = CatalogActivity.Link(kind: "bags", slug: "tote", page: 2, tags: [])
        #expect(try url(bags) == "/c/bags/page/2?slug=tote")  // "bags" is not in <shoes|hats>
        bags.page = nil
        #expect(try url(bags) == "/c/bags?slug=tote")
        let empty = CatalogActivity.Link(kind: "", tags: ["a"])
        #expect(try url(empty) == "/catalog?kind=&tags=a")  // an empty value is no path segment
    }

    @Test func eachTypeIsWrittenByItsRule() throws {
        let token = try #require(UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"))
        let link = CatalogActivity.Link(
            kind: "x", tags: ["b", "a", "b"], on: false, ratio: 0.1, token: token, priority: .high,
            sku: LinkTestSKU(linkValue: "abcdefgh"), version: LinkTestVersion(major: 1, minor: 2))
        #expect(
            try center().url(for: link).description
                == "/c/x?tags=b&tags=a&tags=b&on=false&ratio=0.1&token=E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
                + "&priority=5&sku=ABCDEFGH&version=1.2")
    }

    /// Escaped by the rules of the URL: `/`, `%`, `&`, `=`, `+`, `#`, `?` and spaces read back.
    @Test func valuesAreEscaped() throws {
        let link = CatalogActivity.Link(kind: "a/b?c#d%", slug: "x&y=z+w #", tags: ["中文", " "])
        let url = try center().url(for: link)
        #expect(url.description == "/c/a%2Fb%3Fc%23d%25?slug=x%26y%3Dz%2Bw%20%23&tags=中文&tags=%20")
        #expect(url.paths == ["c", "a/b?c#d%"])
        #expect(try DispatchURL(string: url.description) == url)
    }

    @Test func theWildcardKeyFillsTheTrailingStar() throws {
        let center = center()
        let url = try center.url(for: FilesActivity.Link(owner: "ann", wildcard: ["a b", "c.txt"]))
        #expect(url.description == "/files/ann/a%20b/c.txt")
        #expect(
            try center.url(for: FilesActivity.Link(owner: "ann", wildcard: [])).description == "/files/ann")
        // A segment the URL would not carry back as itself.
        #expect(throws: LinkEncodingError.self) {
            try center.url(for: FilesActivity.Link(owner: "a", wildcard: ["", "x"]))
        }
        #expect(throws: LinkEncodingError.self) {
            try center.url(for: FilesActivity.Link(owner: "a", wildcard: [".."]))
        }
    }

    /// Regression: a host with capitals was refused ("would read back as acme"), although the
    /// documentation names exactly that as the one difference of a URL built: it is written
    /// lowercased, as a URL's host reads, and decodes as such.
    @Test func aHostParameterIsWrittenAsAHostReadsBack() throws {
        let center = center()
        #expect(try center.url(for: TenantActivity.Link(tenant: "acme")).description == "app://acme/home")
        #expect(try center.url(for: TenantActivity.Link(tenant: "Acme")).description == "app://acme/home")
        let shop = try center.url(for: ShopActivity.Link(host: "Shop.Example.com", id: 7))
        #expect(shop.description == "//shop.example.com/shop/7")
        let journal = LinkTestJournal()
        #expect(
            center.dispatch(ShopActivity.Link(host: "Shop.Example.com", id: 7), userInfo: journal.userInfo)
                .isHandled)
        #expect(journal.lines == ["shop.example.com 7"])
        // An international name reads back in its ASCII form.
        #expect(
            try center.url(for: ShopActivity.Link(host: "Bücher.example", id: 1)).description
                == "//xn--bcher-kva.example/shop/1")
        // A value no host can be is still refused.
        #expect(throws: LinkEncodingError.self) {
            try center.url(for: ShopActivity.Link(host: "a b", id: 1))
        }
    }

    /// Regression: a set and bytes were written as repeated items (`?tags=a&tags=b`), which
    /// decoding then refused: only an array is written as a list, and anything else that writes
    /// one is refused, as decoding refuses it.
    @Test func aValueThatWritesAListButIsNoArrayIsRefused() throws {
        let center = DispatchCenter()
        center.register(CollectionsActivity.self)
        #expect(try center.url(for: Collections(tags: ["a"])).description == "/collections?tags=a")
        let cases: [(Collections, String, String)] = [
            (Collections(tags: [], set: ["a", "b"]), "set", "Set<String>"),
            (Collections(tags: [], bytes: Data([1, 2])), "bytes", "Data"),
            (Collections(tags: [], byNumber: [1.5: "a"]), "byNumber", "Dictionary<Double, String>"),
            (Collections(tags: [], range: 1..<3), "range", "Range<Int>"),
        ]
        for (link, key, type) in cases {
            let error = try #require(throws: LinkEncodingError.self) { try center.url(for: link) }
            #expect(
                error.reason
                    == .unsupportedValue(
                        key: key,
                        detail: "\(type) is not an array: only an array is written as repeated items"),
                "\(key)")
        }
    }

    /// Regression: a `Date` was written as seconds since 2001 (and read so), a form no link
    /// shares: it is refused, naming what to write instead.
    @Test func aDateIsRefusedNamingTheAlternatives() throws {
        let center = DispatchCenter()
        center.register(CollectionsActivity.self)
        let error = try #require(throws: LinkEncodingError.self) {
            try center.url(for: Collections(tags: [], date: Date(timeIntervalSince1970: 0)))
        }
        #expect(error.reason == .unsupportedValue(key: "date", detail: LinkTestDate.advice))
        #expect(
            error.description
                == "Collections: date cannot be written in a URL: \(LinkTestDate.advice)")
    }

    @Test func aLinkTypeNoRegisteredClassDeclaresIsATypedError() throws {
        let error = try #require(throws: LinkEncodingError.self) { try center().url(for: Stray(id: 1)) }
        #expect(error == LinkEncodingError(linkType: "Stray", activity: nil, reason: .noActivity))
        #expect(error.description == "no registered activity has the link type Stray")
    }

    @Test func aValueNoPatternFitsSaysWhyForEachPattern() throws {
        let center = DispatchCenter()
        center.register(Strict.self)
        let error = try #require(throws: LinkEncodingError.self) {
            try center.url(for: Strict.Link(id: 1, kind: "c"))
        }
        #expect(error.activity == "Strict")
        #expect(error.linkType == "Strict.Link")
        #expect(
            error.reason
                == .noPatternFits([
                    #""/s/:id<int>/:kind<a|b>": its kind cannot be "c""#,
                    #""/t/:kind/:other": it needs other, which the value does not have"#,
                ]))
    }

    /// Also pins that each such error names the class whose patterns were tried: the name is only
    /// worked out when building fails.
    @Test func aValueNoURLCanCarryIsATypedError() throws {
        let center = center()
        let nested = try #require(throws: LinkEncodingError.self) {
            try center.url(for: Deep(inner: .init(a: 1)))
        }
        #expect(nested.reason == .unsupportedValue(key: "inner", detail: "a nested container"))
        #expect(nested.activity == "DeepActivity")
        let infinite = try #require(throws: LinkEncodingError.self) {
            try center.url(for: Measure(value: .infinity))
        }
        #expect(infinite.reason == .unsupportedValue(key: "value", detail: "inf is not a finite number"))
        #expect(infinite.activity == "MeasureActivity")
        #expect(throws: LinkEncodingError.self) { try center.url(for: Measure(value: .nan)) }
        let nul = CatalogActivity.Link(kind: "x", slug: "a\u{0}b", tags: [])
        let error = try #require(throws: LinkEncodingError.self) { try center.url(for: nul) }
        #expect(
            error.reason
                == .unsupportedValue(key: "slug", detail: "it contains a NUL character, which no URL carries")
        )
        #expect(error.activity == "CatalogActivity")
    }

    /// Pins that a value one past Int64 still builds for `<int>`: the class matches it.
    @Test func anIntParameterTakesAnIntegerOfAnyWidthForALinkType() throws {
        let center = DispatchCenter()
        center.register(Big.self)
        let url = try center.url(for: Big.Link(id: .max))
        #expect(url.description == "/big/18446744073709551615")
        #expect(center.dispatch(url).isHandled)
    }
}
