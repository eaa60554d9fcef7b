import Foundation
import Testing

@testable import DispatchKit

// A route of a module link names its case as the function that builds it. Registration finds the
// case's name and labels from it, and a URL's values are then read label by label and handed to
// the function: these tests hold that reading to what the enum's own init(from:) reads.

private enum Catalog: DispatchLink, Equatable {
    case product(id: Int, tab: LinkTestTab?, from: String?)
    case search(q: String, tag: [String], page: UInt8?, tags: [String]?)
    case rated(score: Double, open: Bool, ref: UUID?)
    case item(Int)
    case stamp(at: Date)
    case cart

    static let routes: [LinkRoute<Catalog>] = [
        .route("/product/:id<int>", to: product),
        .route("/search", to: search),
        .route("/rated", to: rated),
        .route("/item/:_0", to: item),
        .route("/stamp/:at", to: stamp),
        .route("/cart", to: cart),
    ]
}

/// An enum whose init(from:) reads its labels in the reverse of their order in the case.
private enum Reversed: DispatchLink, Equatable {
    case range(from: Int, to: Int)

    private enum CodingKeys: String, CodingKey { case range }
    private enum RangeKeys: String, CodingKey { case from, to }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let values = try container.nestedContainer(keyedBy: RangeKeys.self, forKey: .range)
        let to = try values.decode(Int.self, forKey: .to)
        self = .range(from: try values.decode(Int.self, forKey: .from), to: to)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var values = container.nestedContainer(keyedBy: RangeKeys.self, forKey: .range)
        guard case .range(let from, let to) = self else { return }
        try values.encode(to, forKey: .to)
        try values.encode(from, forKey: .from)
    }

    static let routes: [LinkRoute<Reversed>] = [.route("/range", to: range)]
}

@Suite("Module links: a case read from its route's function")
struct LinkCaseReadingTests {
    private static let cases = LinkCaseRoutes(Catalog.routes)

    private static func route(_ name: String) -> LinkCaseRoutes.Case? {
        cases.cases.first { $0.name == name }
    }

    @Test func eachRouteFindsTheNameOfItsCase() {
        #expect(Self.cases.cases.map(\.name) == ["product", "search", "rated", "item", "stamp", "cart"])
    }

    /// No value of a `Date` can be made up to build the case with: the case is found by the types
    /// of its values instead, and read by the enum's own init(from:).
    @Test func aCaseWhoseValueCannotBeMadeUpIsFoundByTheTypesOfItsValues() throws {
        let stamp = try #require(Self.cases.cases.first { $0.patterns == ["/stamp/:at"] })
        #expect(stamp.name == "stamp")
        #expect(stamp.reader == nil)
        #expect(stamp.problem == nil)
    }

    /// The same query, read by the route's function and by the enum's own init(from:), gives the
    /// same case, or fails on the same key for the same reason.
    @Test(
        arguments: [
            ("product", "id=42&tab=reviews&from=push"),
            ("product", "id=42"),
            ("product", "id=42&tab=photos"),
            ("product", "id=x"),
            ("product", "tab=reviews"),
            ("product", "id=42&from="),
            ("search", "q=shoes&tag=a&tag=b&page=3"),
            ("search", "q=&tags=x"),
            ("search", "tag=a"),
            ("search", "q=a&page=300"),
            ("rated", "score=4.5&open=true&ref=00000000-0000-0000-0000-00000000000A"),
            ("rated", "score=inf&open=true"),
            ("rated", "score=1&open=maybe"),
            ("item", "_0=7"),
            ("item", "id=7"),
            ("cart", ""),
            ("cart", "id=7"),
        ])
    func aURLReadsAsTheEnumReadsIt(caseName: String, query: String) throws {
        let route = try #require(Self.route(caseName))
        let reader = try #require(route.reader, "\(caseName) must be read by its function")
        let source = LinkSource(parameters: [:], wildcard: nil, rawQuery: query)
        let byType = Result { try Catalog(from: LinkDecoder(source: source, caseName: caseName)) }
        let byReader = Result { try reader.read(Catalog.self, from: source) }
        switch (byType, byReader) {
        case (.success(let expected), .success(let read)):
            #expect(read == expected)
        case (.failure(let expected as LinkDecodingError), .failure(let read as LinkDecodingError)):
            #expect(read.key == expected.key)
            #expect(read.reason == expected.reason)
            #expect(read.text == expected.text)
        default:
            Issue.record("\(caseName)?\(query): the enum read \(byType), the function \(byReader)")
        }
    }

    @Test func anEnumThatReadsItsLabelsInAnotherOrderIsReadByItsOwnInitFromDecoder() throws {
        let routes = LinkCaseRoutes(Reversed.routes)
        let range = try #require(routes.cases.first)
        #expect(range.name == "range")
        #expect(range.reader == nil)
    }

    @MainActor
    @Test func aDispatchOfSuchAnEnumGetsTheValuesItsInitFromDecoderReads() {
        final class Ranges: LinkActivity<Reversed> {
            override func execute(with link: Reversed) throws {
                guard case .range(let from, let to) = link else { return }
                linkTestJournal?.lines.append("\(from)...\(to)")
            }
        }
        let journal = LinkTestJournal()
        let center = DispatchCenter()
        center.register(Ranges.self)
        #expect(center.dispatch("/range?from=1&to=9", userInfo: journal.userInfo).isHandled)
        #expect(journal.lines == ["1...9"])
    }
}
