import DispatchKitManifest
import Foundation
import Testing

@testable import DispatchKit

// Module links as unusual apps write them, read from hostile URLs: every case a route's function
// reads must read as the enum's own init(from:) reads it (the same value, or an error naming the
// same key, reason and text), and build back to a URL that reads the same again.

// MARK: - Enums

/// One case with a value.
private enum Solo: DispatchLink, Equatable {
    case only(id: Int)

    static let routes: [LinkRoute<Solo>] = [.route("/only/:id<int>", to: only)]
}

/// One case without values.
private enum Bare: DispatchLink, Equatable {
    case home

    static let routes: [LinkRoute<Bare>] = [.route("/home", to: home)]
}

/// More cases than one byte numbers: the last carries a value.
private enum Wide: DispatchLink, Equatable {
    case c000, c001, c002, c003, c004, c005, c006, c007, c008, c009, c010, c011, c012, c013, c014
    case c015, c016, c017, c018, c019, c020, c021, c022, c023, c024, c025, c026, c027, c028, c029
    case c030, c031, c032, c033, c034, c035, c036, c037, c038, c039, c040, c041, c042, c043, c044
    case c045, c046, c047, c048, c049, c050, c051, c052, c053, c054, c055, c056, c057, c058, c059
    case c060, c061, c062, c063, c064, c065, c066, c067, c068, c069, c070, c071, c072, c073, c074
    case c075, c076, c077, c078, c079, c080, c081, c082, c083, c084, c085, c086, c087, c088, c089
    case c090, c091, c092, c093, c094, c095, c096, c097, c098, c099, c100, c101, c102, c103, c104
    case c105, c106, c107, c108, c109, c110, c111, c112, c113, c114, c115, c116, c117, c118, c119
    case c120, c121, c122, c123, c124, c125, c126, c127, c128, c129, c130, c131, c132, c133, c134
    case c135, c136, c137, c138, c139, c140, c141, c142, c143, c144, c145, c146, c147, c148, c149
    case c150, c151, c152, c153, c154, c155, c156, c157, c158, c159, c160, c161, c162, c163, c164
    case c165, c166, c167, c168, c169, c170, c171, c172, c173, c174, c175, c176, c177, c178, c179
    case c180, c181, c182, c183, c184, c185, c186, c187, c188, c189, c190, c191, c192, c193, c194
    case c195, c196, c197, c198, c199, c200, c201, c202, c203, c204, c205, c206, c207, c208, c209
    case c210, c211, c212, c213, c214, c215, c216, c217, c218, c219, c220, c221, c222, c223, c224
    case c225, c226, c227, c228, c229, c230, c231, c232, c233, c234, c235, c236, c237, c238, c239
    case c240, c241, c242, c243, c244, c245, c246, c247, c248, c249, c250, c251, c252, c253, c254
    case c255, c256, c257, c258, c259, c260, c261, c262, c263, c264, c265, c266, c267, c268, c269
    case c270, c271, c272, c273, c274, c275, c276, c277, c278, c279, c280, c281, c282, c283, c284
    case c285, c286, c287, c288, c289, c290, c291, c292, c293, c294, c295, c296, c297, c298, c299
    case last(id: Int)

    static let routes: [LinkRoute<Wide>] = [
        .route("/wide/first", to: c000), .route("/wide/mid", to: c257), .route("/wide/last/:id", to: last),
    ]
}

/// Cases of the same value types, and two routes to one case.
private enum Twins: DispatchLink, Equatable {
    case product(id: Int)
    case orders(id: Int)
    case items(id: Int, name: String)
    case names(id: Int, name: String)

    static let routes: [LinkRoute<Twins>] = [
        .route("/product/:id", to: product),
        .route("/orders/:id", to: orders),
        .route("/o/:id", to: orders),
        .route("/items/:id", to: items),
        .route("/names/:name/:id", to: names),
    ]
}

/// Values without labels, and a label named `wildcard`.
private enum Odd: DispatchLink, Equatable {
    case item(Int, String)
    case files(wildcard: [String])
    case path(wildcard: String)
    case tail(wildcard: String?)

    static let routes: [LinkRoute<Odd>] = [
        .route("/item", to: item),
        .route("/files/*", to: files),
        .route("/path/*", to: path),
        .route("/tail/*", to: tail),
    ]
}

/// Optionals within optionals, optional arrays, arrays of enums.
private enum Nested: DispatchLink, Equatable {
    case deep(id: Int??, name: String??)
    case tags(tag: [String]?, n: [Int]?)
    case tabs(tab: [LinkTestTab], level: [LinkTestPriority]?)
    case mixed(a: LinkTestTab?, b: LinkTestPriority, c: [UUID], d: Float?, e: UInt64?)

    static let routes: [LinkRoute<Nested>] = [
        .route("/deep", to: deep),
        .route("/tags", to: tags),
        .route("/tabs", to: tabs),
        .route("/mixed", to: mixed),
    ]
}

/// Values a URL carries only by their own rules: one that refuses every made-up text, a
/// lossless-string type, a `Date`, a nested struct.
private enum Custom: DispatchLink, Equatable {
    struct Filter: Codable, Equatable, Sendable { var min: Int }

    case sku(code: LinkTestSKU)
    case optionalSKU(code: LinkTestSKU?)
    case version(v: LinkTestVersion)
    case stamp(at: Date)
    case filter(f: Filter)

    static let routes: [LinkRoute<Custom>] = [
        .route("/sku/:code", to: sku),
        .route("/osku", to: optionalSKU),
        .route("/version/:v", to: version),
        .route("/stamp/:at", to: stamp),
        .route("/filter", to: filter),
    ]
}

/// Two cases of the same strict value type.
private enum StrictTwins: DispatchLink, Equatable {
    case a(code: LinkTestSKU)
    case b(code: LinkTestSKU)

    static let routes: [LinkRoute<StrictTwins>] = [.route("/a/:code", to: a), .route("/b/:code", to: b)]
}

/// A generic enum.
private enum Boxed<Value: Codable & Sendable & Equatable>: DispatchLink, Equatable {
    case item(id: Value)
    case pair(first: Value, second: Value?)

    static var routes: [LinkRoute<Boxed>] { [.route("/box/:id", to: item), .route("/pair", to: pair)] }
}

/// Indirect cases.
private indirect enum Chain: DispatchLink, Equatable {
    case node(id: Int, name: String)
    case wrapped(inner: Chain)

    static let routes: [LinkRoute<Chain>] = [.route("/node/:id", to: node), .route("/wrapped", to: wrapped)]
}

/// An enum whose init(from:) reads two values of the same type in the reverse order: told apart
/// only by sample values that differ.
private enum Flags: DispatchLink, Equatable {
    case flags(a: Bool, b: Bool)
    case ids(a: UUID, b: UUID)
    case tabs(a: LinkTestTab, b: LinkTestTab, c: LinkTestTab)
    case modes(a: Mode, b: Mode, c: Mode)

    enum Mode: String, Codable, Sendable { case on, off }

    private enum CodingKeys: String, CodingKey { case flags, ids, tabs, modes }
    private enum PairKeys: String, CodingKey { case a, b, c }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no case"))
        }
        let values = try container.nestedContainer(keyedBy: PairKeys.self, forKey: key)
        switch key {
        case .flags:
            let b = try values.decode(Bool.self, forKey: .b)
            self = .flags(a: try values.decode(Bool.self, forKey: .a), b: b)
        case .ids:
            let b = try values.decode(UUID.self, forKey: .b)
            self = .ids(a: try values.decode(UUID.self, forKey: .a), b: b)
        case .tabs:
            let c = try values.decode(LinkTestTab.self, forKey: .c)
            let b = try values.decode(LinkTestTab.self, forKey: .b)
            self = .tabs(a: try values.decode(LinkTestTab.self, forKey: .a), b: b, c: c)
        case .modes:
            let c = try values.decode(Mode.self, forKey: .c)
            let b = try values.decode(Mode.self, forKey: .b)
            self = .modes(a: try values.decode(Mode.self, forKey: .a), b: b, c: c)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .flags(let a, let b):
            var values = container.nestedContainer(keyedBy: PairKeys.self, forKey: .flags)
            try values.encode(a, forKey: .a)
            try values.encode(b, forKey: .b)
        case .ids(let a, let b):
            var values = container.nestedContainer(keyedBy: PairKeys.self, forKey: .ids)
            try values.encode(a, forKey: .a)
            try values.encode(b, forKey: .b)
        case .tabs(let a, let b, let c):
            var values = container.nestedContainer(keyedBy: PairKeys.self, forKey: .tabs)
            try values.encode(a, forKey: .a)
            try values.encode(b, forKey: .b)
            try values.encode(c, forKey: .c)
        case .modes(let a, let b, let c):
            var values = container.nestedContainer(keyedBy: PairKeys.self, forKey: .modes)
            try values.encode(a, forKey: .a)
            try values.encode(b, forKey: .b)
            try values.encode(c, forKey: .c)
        }
    }

    static let routes: [LinkRoute<Flags>] = [
        .route("/flags", to: flags), .route("/ids", to: ids), .route("/tabs", to: tabs),
        .route("/modes", to: modes),
    ]
}

/// An enum whose init(from:) reads an extra key, and one that refuses some values.
private enum Picky: DispatchLink, Equatable {
    case extra(id: Int)
    case positive(id: Int)

    private enum CodingKeys: String, CodingKey { case extra, positive }
    private enum ValueKeys: String, CodingKey { case id, ref }

    struct NotPositive: Error {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no case"))
        }
        let values = try container.nestedContainer(keyedBy: ValueKeys.self, forKey: key)
        let id = try values.decode(Int.self, forKey: .id)
        switch key {
        case .extra:
            _ = try values.decodeIfPresent(String.self, forKey: .ref)
            self = .extra(id: id)
        case .positive:
            guard id > 0 else { throw NotPositive() }
            self = .positive(id: id)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .extra(let id):
            var values = container.nestedContainer(keyedBy: ValueKeys.self, forKey: .extra)
            try values.encode(id, forKey: .id)
        case .positive(let id):
            var values = container.nestedContainer(keyedBy: ValueKeys.self, forKey: .positive)
            try values.encode(id, forKey: .id)
        }
    }

    static let routes: [LinkRoute<Picky>] = [
        .route("/extra/:id", to: extra), .route("/positive/:id", to: positive),
    ]
}

/// A route whose function is not a case: it picks one by the value it is given, so the value made
/// up to find the case's name leads to another case than the URL's values.
private enum Chooser: DispatchLink, Equatable {
    case small(id: Int)
    case large(id: Int)

    static func pick(id: Int) -> Chooser { id >= 42 ? .large(id: id) : .small(id: id) }

    static let routes: [LinkRoute<Chooser>] = [.route("/pick/:id", to: pick)]
}

/// The same values as ``Flags`` in declaration order, by a synthesized conformance: values of one
/// type that keep their reader when their samples can differ.
private enum Pairs: DispatchLink, Equatable {
    case flags(a: Bool, b: Bool)
    case ids(a: UUID, b: UUID)
    case tabs(a: LinkTestTab, b: LinkTestTab, c: LinkTestTab)
    case modes(a: Flags.Mode, b: Flags.Mode, c: Flags.Mode)
    case many(a: Bool, b: Bool, c: Bool)

    static let routes: [LinkRoute<Pairs>] = [
        .route("/flags", to: flags), .route("/ids", to: ids), .route("/tabs", to: tabs),
        .route("/modes", to: modes), .route("/many", to: many),
    ]
}

/// A route given a value of a case with associated values instead of the case.
private enum Fixed: DispatchLink, Equatable {
    case product(id: Int)
    case search(q: String?)
    case home

    static let routes: [LinkRoute<Fixed>] = [
        .route("/answer", to: Fixed.product(id: 42)),
        .route("/product/:id", to: product),
        .external("/all", to: Fixed.search(q: nil)),
        .route("/home", to: home),
    ]
}

/// The class of any of these enums: it only keeps the link it decoded.
private final class Module<Link: DispatchLink>: LinkActivity<Link> {
    override func execute(with _: Link) throws {}
}

// MARK: - Reading

/// What registration found of `Link`'s route to the case `name` (the first, if several).
private func route<Link: DispatchLink>(_: Link.Type, _ name: String) -> LinkCaseRoutes.Case? {
    LinkCaseRoutes(Link.routes).cases.first { $0.name == name }
}

/// The case `name` of `Link` read from a URL's values as a dispatch reads it (by the route's
/// function when it has one), and by the enum's own init(from:).
private func bothReadings<Link: DispatchLink>(
    _: Link.Type, _ name: String, query: String?, parameters: [String: String] = [:],
    wildcard: [String]? = nil
) -> (byType: Result<Link, LinkDecodingError>, byRoute: Result<Link, LinkDecodingError>) {
    let source = LinkSource(parameters: parameters, wildcard: wildcard, rawQuery: query)
    let byType = Result { () throws(LinkDecodingError) in
        try LinkDecoding.decode(Link.self, from: source, case: LinkCase(name: name, exposure: nil), for: nil)
    }
    let linkCase = LinkCase(name: name, exposure: nil, reader: route(Link.self, name)?.reader)
    let byRoute = Result { () throws(LinkDecodingError) in
        try LinkDecoding.decode(Link.self, from: source, case: linkCase, for: nil)
    }
    return (byType, byRoute)
}

/// Expects both readings of ``bothReadings(_:_:query:parameters:wildcard:)`` to give the same
/// value, or the same error: activity, key, text, type and reason.
private func expectSameReading<Link: DispatchLink & Equatable>(
    _: Link.Type, _ name: String, query: String?, parameters: [String: String] = [:],
    wildcard: [String]? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    let (byType, byRoute) = bothReadings(
        Link.self, name, query: query, parameters: parameters, wildcard: wildcard)
    let url = "\(name) \(query.map { String($0.prefix(60)) } ?? "-") \(parameters) \(wildcard ?? [])"
    switch (byType, byRoute) {
    case (.success(let expected), .success(let read)):
        #expect(read == expected, "\(url)", sourceLocation: sourceLocation)
    case (.failure(let expected), .failure(let read)):
        #expect(read == expected, "\(url)", sourceLocation: sourceLocation)
    default:
        Issue.record("\(url): the enum read \(byType), the route \(byRoute)", sourceLocation: sourceLocation)
    }
}

/// Queries a hostile or careless sender writes: absent, empty, malformed, huge, percent-encoded,
/// repeated values, for the labels the enums below use.
private let hostileQueries: [String?] = [
    nil, "", "id=1", "id=", "id=x", "id=99999999999999999999999", "id=%2D5", "id=-0", "id=+3", "id=1&id=2",
    "id=%31", "id=1%00", "a=true&b=false", "a=false&b=true", "a=1&b=0", "a=&b=", "a=TRUE", "a=true",
    "a=00000000-0000-0000-0000-000000000001&b=00000000-0000-0000-0000-000000000002",
    "a=details&b=reviews&c=photos", "a=on&b=off&c=off", "a=off&b=off&c=on", "a=true&b=true&c=false",
    "name=%E2%9C%93&id=3", "name=&id=3", "name=a%26b&id=3", "name=a+b&id=3", "id=3&name=x&name=y",
    "_0=5&_1=x", "_0=5", "_1=x", "tag=a&tag=b", "tag=", "tag", "n=1&n=x", "n=", "tab=details&tab=zzz",
    "tab=photos&level=5&level=1", "level=2", "tab=", "q=shoes", "q=",
    "a=reviews&b=5&c=00000000-0000-0000-0000-00000000000A&d=1e39&e=18446744073709551615",
    "a=reviews&b=5&d=nan&c=x", "b=1", "b=5&e=-1", "b=5&d=1.5&e=1&c=00000000-0000-0000-0000-00000000000a",
    "code=abcdefgh", "code=abc", "code=", "v=1.2", "v=1", "v=1.x", "first=4&second=5", "first=4&second=",
    "first=details", "first=details&second=photos", "ref=7&id=3", "wildcard=a&wildcard=b",
    "id=" + String(repeating: "9", count: 5000), "name=" + String(repeating: "%41", count: 3000) + "&id=1",
    String(repeating: "tag=x&", count: 500),
]

@Suite("Module links: unusual enums read from hostile URLs")
struct LinkCaseReadingAdversarialTests {
    @Test func eachRouteFindsItsCaseOrSaysWhyNot() {
        #expect(LinkCaseRoutes(Solo.routes).cases.map(\.name) == ["only"])
        #expect(LinkCaseRoutes(Bare.routes).cases.map(\.name) == ["home"])
        #expect(LinkCaseRoutes(Wide.routes).cases.map(\.name) == ["c000", "c257", "last"])
        #expect(
            LinkCaseRoutes(Twins.routes).cases.map(\.name) == [
                "product", "orders", "orders", "items", "names",
            ])
        #expect(LinkCaseRoutes(Odd.routes).cases.map(\.name) == ["item", "files", "path", "tail"])
        #expect(LinkCaseRoutes(Nested.routes).cases.map(\.name) == ["deep", "tags", "tabs", "mixed"])
        #expect(LinkCaseRoutes(Boxed<Int>.routes).cases.map(\.name) == ["item", "pair"])
        #expect(LinkCaseRoutes(Boxed<String?>.routes).cases.map(\.name) == ["item", "pair"])
        // An indirect case of the enum itself is a nested value, which no URL carries: no value
        // of it is made up, and the case is found by the types of its values.
        #expect(LinkCaseRoutes(Chain.routes).cases.map(\.name) == ["node", "wrapped"])
        let custom = LinkCaseRoutes(Custom.routes).cases
        #expect(custom.map(\.name) == ["sku", "optionalSKU", "version", "stamp", "filter"])
        #expect(custom.map { $0.reader == nil } == [true, false, false, true, true])
        #expect(custom.allSatisfy { $0.problem == nil })
    }

    /// Every case that a route's function reads is read as the enum's own init(from:) reads it,
    /// whatever the query.
    @Test func hostileQueriesReadAsTheEnumReadsThem() throws {
        func check<Link: DispatchLink & Equatable>(_: Link.Type, _ names: [String], byFunction: Bool = true)
            throws
        {
            for name in names {
                let found = try #require(route(Link.self, name), "\(Link.self).\(name)")
                #expect((found.reader != nil) == byFunction, "\(Link.self).\(name)")
                for query in hostileQueries {
                    expectSameReading(Link.self, name, query: query)
                }
            }
        }
        try check(Solo.self, ["only"])
        try check(Bare.self, ["home"])
        try check(Wide.self, ["c000", "c257", "last"])
        try check(Twins.self, ["product", "orders", "items", "names"])
        try check(Odd.self, ["item", "files", "path", "tail"])
        try check(Nested.self, ["deep", "tags", "tabs", "mixed"])
        try check(Custom.self, ["optionalSKU", "version"])
        try check(Boxed<Int>.self, ["item", "pair"])
        try check(Boxed<LinkTestTab>.self, ["item", "pair"])
        // A generic value that is an optional is read by its synthesized init(from:) as required
        // (`decode`, not `decodeIfPresent`), which the function's optional does not match.
        try check(Boxed<String?>.self, ["item", "pair"], byFunction: false)
        try check(Boxed<[LinkTestPriority]>.self, ["item", "pair"])
        try check(Chain.self, ["node"])
        try check(Pairs.self, ["flags", "ids", "tabs"])
    }

    /// Path parameters (which come before the query) and the segments of a trailing `*`.
    @Test func pathParametersAndWildcardsReadAsTheEnumReadsThem() {
        for parameters in [["id": "7"], ["id": "x"], ["id": ""], ["id": "7", "name": "n%2F"], ["_0": "1"]] {
            for query in ["id=8", "name=q", nil] as [String?] {
                expectSameReading(Twins.self, "names", query: query, parameters: parameters)
                expectSameReading(Solo.self, "only", query: query, parameters: parameters)
                expectSameReading(Odd.self, "item", query: query, parameters: parameters)
            }
        }
        for wildcard in [[], ["a"], ["a", "b"], ["", "x"], ["%2F", ".."]] as [[String]] {
            for name in ["files", "path", "tail"] {
                expectSameReading(Odd.self, name, query: "wildcard=q", wildcard: wildcard)
                expectSameReading(Odd.self, name, query: nil, wildcard: wildcard)
            }
        }
        // A pattern without `*`: the label `wildcard` is read from the query.
        for name in ["files", "path", "tail"] {
            expectSameReading(Odd.self, name, query: "wildcard=a&wildcard=b", wildcard: nil)
            expectSameReading(Odd.self, name, query: nil, wildcard: nil)
        }
    }

    /// Regression: two values of one type for which the round trip made up the same text (two
    /// `Bool`s, two UUIDs, the third value of an enum of two cases) passed it whatever order a
    /// hand-written init(from:) read them in, and a URL's values then landed in each other's
    /// place: `?a=true&b=false` opened `flags(a: false, b: true)`.
    @MainActor
    @Test func valuesOfOneTypeThatAHandWrittenInitReadsInAnotherOrderAreReadByIt() throws {
        for name in ["flags", "ids", "tabs", "modes"] {
            let found = try #require(route(Flags.self, name))
            #expect(found.reader == nil, "\(name) must be read by the enum's own init(from:)")
        }
        let center = DispatchCenter()
        center.register(Module<Flags>.self)
        let urls: [(String, Flags)] = [
            ("/flags?a=true&b=false", .flags(a: true, b: false)),
            (
                "/ids?a=00000000-0000-0000-0000-000000000001&b=00000000-0000-0000-0000-000000000002",
                .ids(
                    a: try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000001")),
                    b: try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000002")))
            ),
            ("/modes?a=on&b=off&c=off", .modes(a: .on, b: .off, c: .off)),
        ]
        for (url, link) in urls {
            let activity = try #require(center.dispatch(url).activity as? Module<Flags>)
            #expect(try activity.link(as: Flags.self) == link, "\(url)")
        }
    }

    /// The same values read in declaration order (a synthesized conformance) keep the route's
    /// function where their samples can differ: two `Bool`s, two UUIDs, three cases of three.
    /// Three values of an enum of two cases cannot all differ: the enum reads them.
    @Test func valuesOfOneTypeInDeclarationOrderKeepTheirReaderWhereSamplesCanDiffer() throws {
        for name in ["flags", "ids", "tabs"] {
            #expect(try #require(route(Pairs.self, name)).reader != nil, "\(name)")
        }
        for name in ["modes", "many"] {
            #expect(try #require(route(Pairs.self, name)).reader == nil, "\(name)")
            for query in hostileQueries {
                expectSameReading(Pairs.self, name, query: query)
            }
        }
    }

    /// Regression: a route given a function that is not the case itself, and builds another case
    /// from other values, passed the round trip (the other case writes the same values) and opened
    /// that other case, while events, the manifest and url(for:) named the route by the case the
    /// made-up value gave.
    @MainActor
    @Test func aFunctionThatBuildsAnotherCaseIsReadAsTheCaseItsRouteOpens() throws {
        let found = try #require(LinkCaseRoutes(Chooser.routes).cases.first)
        #expect(found.name == "large")
        #expect(found.reader == nil)
        let center = DispatchCenter()
        center.register(Module<Chooser>.self)
        let activity = try #require(center.dispatch("/pick/1").activity as? Module<Chooser>)
        #expect(try activity.link(as: Chooser.self) == .large(id: 1))
        #expect(try center.url(for: Chooser.large(id: 1)).description == "/pick/1")
    }

    @Test func aHandWrittenInitThatReadsAnExtraKeyIsReadByIt() throws {
        #expect(try #require(route(Picky.self, "extra")).reader == nil)
        for query in hostileQueries {
            expectSameReading(Picky.self, "extra", query: query)
        }
    }

    /// As LinkRoute's documentation says: a hand-written init(from:) that reads the labels in
    /// order and then refuses some values passes the round trip (its samples are values it
    /// accepts), so the route's function reads the case and the refusal is not asked; the value
    /// arrives as its type reads it.
    @Test func aHandWrittenInitThatRefusesSomeValuesIsNotAskedByTheRoutesFunction() throws {
        let reader = try #require(route(Picky.self, "positive")?.reader)
        let source = LinkSource(parameters: [:], wildcard: nil, rawQuery: "id=-5")
        #expect(throws: (any Error).self) {
            try Picky(from: LinkDecoder(source: source, caseName: "positive"))
        }
        #expect(try reader.read(Picky.self, from: source) == .positive(id: -5))
        expectSameReading(Picky.self, "positive", query: "id=5")
    }

    /// Regression: a route given a value of a case with associated values (`to: .product(id: 42)`)
    /// opened that value whatever the URL said, while url(for:) built a URL of its pattern for
    /// every value of the case: `.product(id: 7)` gave `/answer?id=7`, which opened
    /// `.product(id: 42)`.
    @MainActor
    @Test func aRouteGivenAValueOfACaseWithValuesOpensNothingAndValidateSaysSo() throws {
        let routes = LinkCaseRoutes(Fixed.routes).cases
        #expect(routes.map(\.name) == [nil, "product", nil, "home"])
        #expect(routes.map(\.valueOfCase) == ["product", nil, "search", nil])
        let center = DispatchCenter()
        center.register(Module<Fixed>.self)
        #expect(try center.url(for: Fixed.product(id: 7)).description == "/product/7")
        let activity = try #require(center.dispatch(Fixed.product(id: 7)).activity as? Module<Fixed>)
        #expect(try activity.link(as: Fixed.self) == .product(id: 7))
        #expect(center.dispatch("/answer").failure == .unmatched(try DispatchURL(string: "/answer")))
        let link = "Fixed"
        let unfound = center.validate().filter {
            if case .linkRouteUnknownCase = $0.kind { return true }
            return false
        }
        #expect(
            unfound.map(\.kind) == [
                .linkRouteUnknownCase(
                    reason:
                        "it is given a value of the case product, which has associated values, not the case itself (to: product)",
                    link: link),
                .linkRouteUnknownCase(
                    reason:
                        "it is given a value of the case search, which has associated values, not the case itself (to: search)",
                    link: link),
            ])
        #expect(unfound.map(\.patterns) == [["/answer"], ["/all"]])
        // The case the value named has no other route: validate() says that too.
        #expect(
            center.validate().contains {
                $0.kind == .linkCaseWithoutRoute(case: "search", link: link)
            })
    }

    /// A value no made-up text fits (a `LinkValueConvertible` type with a format of its own):
    /// its case is the one whose values have the function's types, read by the enum's own
    /// init(from:). An optional one is made up as `nil`, and its case is found as any other.
    @MainActor
    @Test func aValueNoMadeUpTextFitsFindsItsCaseByTheTypesOfItsValues() throws {
        let center = DispatchCenter()
        center.register(Module<Custom>.self)
        let sku = try #require(center.dispatch("/sku/abcdefgh").activity as? Module<Custom>)
        let code = try #require(LinkTestSKU(linkValue: "abcdefgh"))
        #expect(try sku.link(as: Custom.self) == .sku(code: code))
        let activity = try #require(center.dispatch("/osku?code=abcdefgh").activity as? Module<Custom>)
        #expect(try activity.link(as: Custom.self) == .optionalSKU(code: LinkTestSKU(linkValue: "abcdefgh")))
        #expect(!center.validate().contains { $0.patterns == ["/sku/:code"] && $0.severity == .error })
    }

    /// Two cases whose values have the same types, no made-up text fitting them: neither can be
    /// told from the other, so neither route opens a URL, and validate() names the type.
    @MainActor
    @Test func twoCasesOfTheSameStrictTypesLeaveTheirRoutesUnfound() {
        let routes = LinkCaseRoutes(StrictTwins.routes).cases
        #expect(routes.map(\.name) == [nil, nil])
        #expect(routes.map { $0.problem?.expectedType } == ["LinkTestSKU", "LinkTestSKU"])
        let center = DispatchCenter()
        center.register(Module<StrictTwins>.self)
        #expect(!center.dispatch("/a/abcdefgh").isHandled)
        #expect(
            center.validate().contains {
                $0.kind
                    == .linkRouteUnknownCase(
                        reason: "no LinkTestSKU value could be made up for it", link: "StrictTwins")
                    && $0.patterns == ["/a/:code"]
            })
    }

    /// url(for:) and dispatch(value) give the value back, through the route's function, for
    /// every enum above: one case, 300 cases, twins, two routes to one case, unlabeled values,
    /// `wildcard`, nested optionals, arrays, generic and indirect enums.
    @MainActor
    @Test func valuesRoundTripThroughTheirURLs() throws {
        let center = DispatchCenter()
        center.register([
            Module<Solo>.self, Module<Bare>.self, Module<Wide>.self, Module<Twins>.self, Module<Odd>.self,
            Module<Nested>.self, Module<Boxed<Int>>.self, Module<Chain>.self, Module<Pairs>.self,
        ])
        func roundTrip<Link: DispatchLink & Equatable>(
            _ link: Link, _ expectedURL: String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(
                (try? center.url(for: link))?.description == expectedURL, sourceLocation: sourceLocation)
            let result = center.dispatch(link)
            let activity = result.activity as? Module<Link>
            #expect(
                (try? activity?.link(as: Link.self)) == link, "\(link): \(result)",
                sourceLocation: sourceLocation)
        }
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
        roundTrip(Solo.only(id: -1), "/only/-1")
        roundTrip(Bare.home, "/home")
        roundTrip(Wide.c000, "/wide/first")
        roundTrip(Wide.c257, "/wide/mid")
        roundTrip(Wide.last(id: 3), "/wide/last/3")
        roundTrip(Twins.product(id: 9), "/product/9")
        roundTrip(Twins.orders(id: 9), "/orders/9")
        roundTrip(Twins.items(id: 1, name: "?&=#% +"), "/items/1?name=?%26%3D%23%25%20%2B")
        roundTrip(Twins.names(id: 1, name: "a/b"), "/names/a%2Fb/1")
        roundTrip(Twins.names(id: 1, name: "中 é"), "/names/中%20é/1")
        roundTrip(Odd.item(1, "x"), "/item?_0=1&_1=x")
        roundTrip(Odd.files(wildcard: ["a", "b c"]), "/files/a/b%20c")
        roundTrip(Odd.files(wildcard: []), "/files")
        roundTrip(Odd.path(wildcard: "a/b"), "/path/a/b")
        roundTrip(Odd.tail(wildcard: "x"), "/tail/x")
        roundTrip(Nested.deep(id: 5, name: ""), "/deep?id=5&name=")
        roundTrip(Nested.deep(id: nil, name: nil), "/deep")
        roundTrip(Nested.tags(tag: ["", "a"], n: [1, -2]), "/tags?tag=&tag=a&n=1&n=-2")
        roundTrip(Nested.tags(tag: nil, n: nil), "/tags")
        roundTrip(
            Nested.tabs(tab: [.photos, .details], level: [.high]), "/tabs?tab=photos&tab=details&level=5")
        roundTrip(
            Nested.mixed(a: .reviews, b: .low, c: [uuid, uuid], d: -0.5, e: .max),
            "/mixed?a=reviews&b=1&c=\(uuid)&c=\(uuid)&d=-0.5&e=18446744073709551615")
        roundTrip(Boxed<Int>.item(id: 5), "/box/5")
        roundTrip(Boxed<Int>.pair(first: 1, second: nil), "/pair?first=1")
        roundTrip(Chain.node(id: 1, name: "n"), "/node/1?name=n")
        roundTrip(Pairs.flags(a: true, b: false), "/flags?a=true&b=false")
        roundTrip(Pairs.modes(a: .on, b: .off, c: .on), "/modes?a=on&b=off&c=on")
        roundTrip(Pairs.many(a: false, b: true, c: false), "/many?a=false&b=true&c=false")
    }
}

// MARK: - Values written as the value-cast code wrote them

/// A `Double` read and written through `LinkValueConvertible`: its own rule, not `Double`'s.
private struct Meters: LinkValueConvertible, Codable, Equatable, Sendable {
    var value: Double
    init(_ value: Double) { self.value = value }
    init?(linkValue: String) {
        guard linkValue.hasSuffix("m"), let value = Double(linkValue.dropLast()) else { return nil }
        self.value = value
    }
    var linkValue: String { "\(value)m" }
}

/// A struct of a `String` raw value.
private struct Slug: RawRepresentable, Codable, Equatable, Sendable {
    var rawValue: String
}

/// An enum of `Int` raw values, and one of another raw type.
private enum Level: Int, Codable, Sendable {
    case low = -1
    case mid = 0
    case high = 7
}
private enum Grade: UInt8, Codable, Sendable {
    case a = 1
    case b = 2
}

/// A class whose subclass alone is a link value.
private class Shape: Codable, @unchecked Sendable {}
private final class Circle: Shape, LinkValueConvertible, @unchecked Sendable {
    override init() { super.init() }
    required init(from decoder: any Decoder) throws { try super.init(from: decoder) }
    init?(linkValue: String) { super.init() }
    var linkValue: String { "circle" }
}

/// What `LinkValueEncoding.scalarText` did before it tested types instead of casting values.
private func valueCastScalarText<T>(of value: T) throws(LinkEncodingFault) -> String? {
    func finite(_ text: String?, _ value: Any) throws(LinkEncodingFault) -> String {
        guard let text else { throw LinkEncodingFault(key: "", detail: "\(value) is not a finite number") }
        return text
    }
    func rawText<R: RawRepresentable>(of value: R) -> String? {
        if R.RawValue.self == String.self { return value.rawValue as? String }
        if R.RawValue.self == Int.self { return (value.rawValue as? Int).map(String.init) }
        return nil
    }
    if let uuid = value as? UUID { return uuid.description }
    if T.self == Date.self { throw LinkEncodingFault(key: "", detail: LinkDecodingError.dateAdvice) }
    if let convertible = value as? any LinkValueConvertible { return convertible.linkValue }
    if let double = value as? Double { return try finite(LinkText.text(of: double), double) }
    if let float = value as? Float { return try finite(LinkText.text(of: float), float) }
    if let raw = value as? any RawRepresentable, let text = rawText(of: raw) { return text }
    if let lossless = value as? any LosslessStringConvertible { return lossless.description }
    return nil
}

/// `value` written by its own encode(to:), as `LinkValueEncoding` does for a value without a
/// text of its own.
private func selfEncoded<T: Encodable>(_ value: T, allowsList: Bool) throws(LinkEncodingFault)
    -> (texts: [String], isList: Bool)
{
    let storage = LinkValueEncoderStorage()
    do {
        try value.encode(to: LinkValueEncoder(storage: storage, valueType: T.self, allowsList: allowsList))
    } catch let fault as LinkEncodingFault {
        throw fault
    } catch {
        throw LinkEncodingFault(key: "", detail: "\(linkTypeName(T.self)) refused to encode: \(error)")
    }
    if let fault = storage.fault { throw fault }
    guard storage.isList || storage.texts.count == 1 else {
        throw LinkEncodingFault(key: "", detail: "\(linkTypeName(T.self)) wrote no value")
    }
    return (storage.texts, storage.isList)
}

/// What a `Result` of writing a value says, comparable.
private func outcome<T>(_ body: () throws(LinkEncodingFault) -> T) -> String {
    do throws(LinkEncodingFault) {
        return "\(try body())"
    } catch {
        return "fault \(error.key): \(error.detail)"
    }
}

@Suite("Link values: written by their type as they were by casting the value")
struct LinkValueTextEquivalenceTests {
    /// What `LinkValueEncoding` writes for `value`, as one value and as an element, against what
    /// the value-cast code wrote.
    private func expectSameTexts<T: Encodable>(
        _ value: T, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let texts = outcome { () throws(LinkEncodingFault) in try LinkValueEncoding.texts(of: value) }
        let reference = outcome { () throws(LinkEncodingFault) -> (texts: [String], isList: Bool) in
            if let text = try valueCastScalarText(of: value) { return ([text], false) }
            return try selfEncoded(value, allowsList: true)
        }
        #expect(texts == reference, "\(T.self) \(value)", sourceLocation: sourceLocation)
        let text = outcome { () throws(LinkEncodingFault) in try LinkValueEncoding.text(of: value) }
        let referenceText = outcome { () throws(LinkEncodingFault) in
            if let text = try valueCastScalarText(of: value) { return text }
            guard let first = try selfEncoded(value, allowsList: false).texts.first else {
                throw LinkEncodingFault(key: "", detail: "\(linkTypeName(T.self)) wrote no value")
            }
            return first
        }
        #expect(text == referenceText, "\(T.self) \(value)", sourceLocation: sourceLocation)
    }

    @Test func builtInTypes() throws {
        expectSameTexts("text")
        expectSameTexts("")
        expectSameTexts("中 %\u{0}")
        expectSameTexts(true)
        expectSameTexts(false)
        expectSameTexts(Int.min)
        expectSameTexts(Int8.min)
        expectSameTexts(Int16.max)
        expectSameTexts(Int32(-5))
        expectSameTexts(Int64.max)
        expectSameTexts(UInt.max)
        expectSameTexts(UInt8.max)
        expectSameTexts(UInt16(7))
        expectSameTexts(UInt32.max)
        expectSameTexts(UInt64.max)
        expectSameTexts(Int128.min)
        expectSameTexts(UInt128.max)
        expectSameTexts(CGFloat(2.5))
        expectSameTexts(try #require(UUID(uuidString: "00000000-0000-0000-0000-00000000000a")))
        expectSameTexts(Date(timeIntervalSince1970: 0))
        expectSameTexts(try #require(Decimal(string: "1.25")))
        expectSameTexts(try #require(URL(string: "https://example.com/a")))
    }

    /// `Double` and `Float`, finite or not, by themselves, optional and wrapped in a type of its
    /// own rule.
    @Test(arguments: [
        0.0, -0.0, 1.5, 1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity, -.infinity, .nan,
        .signalingNaN, .pi,
    ])
    func floatingPoint(double: Double) {
        expectSameTexts(double)
        expectSameTexts(Optional(double))
        expectSameTexts(Meters(double))
        expectSameTexts(Float(double))
        expectSameTexts([double])
    }

    @Test func rawValuesAndTypesOfTheirOwnRule() throws {
        expectSameTexts(Slug(rawValue: "a b"))
        expectSameTexts(Level.low)
        expectSameTexts(Level.high)
        expectSameTexts(Grade.b)
        expectSameTexts(LinkTestTab.reviews)
        expectSameTexts(LinkTestPriority.high)
        expectSameTexts(try #require(LinkTestSKU(linkValue: "abcdefgh")))
        expectSameTexts(LinkTestVersion(major: 1, minor: 2))
        expectSameTexts(Optional(Level.mid))
        expectSameTexts(Optional(Meters(3)))
    }

    @Test func optionalsAndLists() throws {
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        expectSameTexts(Optional(uuid))
        expectSameTexts(Optional(Date(timeIntervalSince1970: 0)))
        expectSameTexts([1, 2, 3])
        expectSameTexts([uuid])
        expectSameTexts([Level.low, .high])
        expectSameTexts([Meters(1)])
        expectSameTexts(Set([1]))
        expectSameTexts([[1]])
        expectSameTexts(Optional<Int>.none)
        expectSameTexts(Optional(Optional(3)))
        expectSameTexts(Optional<Int?>.some(nil))
        expectSameTexts([Int?.none])
        expectSameTexts([Optional(1)])
    }

    /// Where the two differ: a value whose class's subclass is a `LinkValueConvertible` was
    /// written by the subclass's rule; it is now written by the rule of the type the link
    /// declares, which is how the link reads it (here: not at all), so a URL is never built that
    /// does not read back.
    @Test func aSubclassValueIsWrittenByTheTypeTheLinkDeclares() {
        expectSameTexts(Circle())
        let declared = outcome { () throws(LinkEncodingFault) in
            try LinkValueEncoding.texts(of: Circle() as Shape)
        }
        #expect(declared == "fault : a nested container")
    }

    /// `LinkText.hasNUL`, which reads the bytes in place, against a look at every scalar.
    @Test func hasNULFindsWhatAScalarScanFinds() {
        let samples = [
            "", "\0", "a\0", "\0a", "abc", "中\0文", "é", "e\u{301}\0",
            String(repeating: "a", count: 4096) + "\0",
            String(repeating: "中", count: 100), "%00", "\u{10FFFF}",
        ]
        for sample in samples {
            for value in [
                sample, NSString(string: sample) as String,
                String(("<" + sample + ">").dropFirst().dropLast()),
            ] {
                #expect(
                    LinkText.hasNUL(value) == value.unicodeScalars.contains("\0"),
                    "\(Array(value.unicodeScalars))")
            }
        }
    }
}
