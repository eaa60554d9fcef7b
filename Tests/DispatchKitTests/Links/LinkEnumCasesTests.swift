import Foundation
import Testing

@testable import DispatchKit
@testable import DispatchKitManifest

// The cases of a link property's type, listed without a URL: for a `CaseIterable` type its
// `allCases`; for an enum without associated values of 2 to 255 cases, found from its layout;
// for anything else, nothing, never a made-up value.

/// The documentation's own kind of enum: a `String` raw value, not `CaseIterable`.
private enum ProductTab: String, Codable, Sendable { case details, reviews }

/// `Int` raw values counted from 0.
private enum Step: Int, Codable, Sendable { case first, second, third }

/// Raw values of its own, not in order: the cases come in declaration order.
private enum Urgency: Int, Codable, Sendable {
    case high = 5
    case low = 1
    case none = -1
}

private enum Sort: String, Codable, Sendable {
    case newest = "new"
    case oldest = "old"
}

/// A raw type other than `String` and `Int`: written by its own `encode(to:)`.
private enum Level: Int8, Codable, Sendable {
    case basic = 10
    case expert = -20
}

/// `RawRepresentable` by hand: its `rawValue` is the app's code, asked of real cases only.
private enum Shade: RawRepresentable, Codable, Sendable {
    case light, dark

    init?(rawValue: String) {
        switch rawValue {
        case "L": self = .light
        case "D": self = .dark
        default: return nil
        }
    }

    var rawValue: String {
        switch self {
        case .light: return "L"
        case .dark: return "D"
        }
    }
}

/// `allCases` of its own, in another order than the declaration's: it is taken at its word.
private enum Ordered: String, Codable, Sendable, CaseIterable {
    case a, b
    static var allCases: [Ordered] { [.b, .a] }
}

/// One case: the same layout (no bytes) as an enum of none.
private enum Only: String, Codable, Sendable { case only }

/// No case at all, with a `rawValue` of its own, which no value can be asked for.
private enum Nothing: RawRepresentable, Codable, Sendable {
    init?(rawValue: String) { nil }
    var rawValue: String {
        switch self {}
    }
}

/// A byte, each of whose 256 values is one.
private struct Code: RawRepresentable, Codable, Sendable {
    let rawValue: UInt8
}

/// One byte with bytes to spare, as an enum's, but a struct.
private struct Flag: RawRepresentable, Codable, Sendable {
    let rawValue: Bool
}

/// A struct of a two-case enum: the layout of the enum, but a struct.
private struct TabBox: RawRepresentable, Codable, Sendable {
    let tab: ProductTab
    init?(rawValue: String) {
        guard let tab = ProductTab(rawValue: rawValue) else { return nil }
        self.tab = tab
    }
    var rawValue: String { tab.rawValue }
}

/// An enum with associated values, `RawRepresentable` by hand, of one byte with bytes to spare.
private enum Choice: RawRepresentable, Codable, Sendable {
    case pick(Bool)
    case skip

    init?(rawValue: String) {
        switch rawValue {
        case "yes": self = .pick(true)
        case "no": self = .pick(false)
        case "skip": self = .skip
        default: return nil
        }
    }

    var rawValue: String {
        switch self {
        case .pick(let value): return value ? "yes" : "no"
        case .skip: return "skip"
        }
    }
}

/// A `String` struct: larger than any enum without associated values, so it has no cases.
private struct Slug: RawRepresentable, Codable, Sendable {
    let rawValue: String
}

/// The most cases an enum can have with a byte to spare: `nil` of a `Cases255?` is the byte 255.
private enum Cases255: Int, Codable, Sendable {
    case c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, c18, c19, c20
    case c21, c22, c23, c24, c25, c26, c27, c28, c29, c30, c31, c32, c33, c34, c35, c36, c37, c38, c39
    case c40, c41, c42, c43, c44, c45, c46, c47, c48, c49, c50, c51, c52, c53, c54, c55, c56, c57, c58
    case c59, c60, c61, c62, c63, c64, c65, c66, c67, c68, c69, c70, c71, c72, c73, c74, c75, c76, c77
    case c78, c79, c80, c81, c82, c83, c84, c85, c86, c87, c88, c89, c90, c91, c92, c93, c94, c95, c96
    case c97, c98, c99, c100, c101, c102, c103, c104, c105, c106, c107, c108, c109, c110, c111, c112
    case c113, c114, c115, c116, c117, c118, c119, c120, c121, c122, c123, c124, c125, c126, c127, c128
    case c129, c130, c131, c132, c133, c134, c135, c136, c137, c138, c139, c140, c141, c142, c143, c144
    case c145, c146, c147, c148, c149, c150, c151, c152, c153, c154, c155, c156, c157, c158, c159, c160
    case c161, c162, c163, c164, c165, c166, c167, c168, c169, c170, c171, c172, c173, c174, c175, c176
    case c177, c178, c179, c180, c181, c182, c183, c184, c185, c186, c187, c188, c189, c190, c191, c192
    case c193, c194, c195, c196, c197, c198, c199, c200, c201, c202, c203, c204, c205, c206, c207, c208
    case c209, c210, c211, c212, c213, c214, c215, c216, c217, c218, c219, c220, c221, c222, c223, c224
    case c225, c226, c227, c228, c229, c230, c231, c232, c233, c234, c235, c236, c237, c238, c239, c240
    case c241, c242, c243, c244, c245, c246, c247, c248, c249, c250, c251, c252, c253, c254
}

/// One case more: every byte is a case, and `Cases256?` takes a second byte.
private enum Cases256: Int, Codable, Sendable {
    case c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, c18, c19, c20
    case c21, c22, c23, c24, c25, c26, c27, c28, c29, c30, c31, c32, c33, c34, c35, c36, c37, c38, c39
    case c40, c41, c42, c43, c44, c45, c46, c47, c48, c49, c50, c51, c52, c53, c54, c55, c56, c57, c58
    case c59, c60, c61, c62, c63, c64, c65, c66, c67, c68, c69, c70, c71, c72, c73, c74, c75, c76, c77
    case c78, c79, c80, c81, c82, c83, c84, c85, c86, c87, c88, c89, c90, c91, c92, c93, c94, c95, c96
    case c97, c98, c99, c100, c101, c102, c103, c104, c105, c106, c107, c108, c109, c110, c111, c112
    case c113, c114, c115, c116, c117, c118, c119, c120, c121, c122, c123, c124, c125, c126, c127, c128
    case c129, c130, c131, c132, c133, c134, c135, c136, c137, c138, c139, c140, c141, c142, c143, c144
    case c145, c146, c147, c148, c149, c150, c151, c152, c153, c154, c155, c156, c157, c158, c159, c160
    case c161, c162, c163, c164, c165, c166, c167, c168, c169, c170, c171, c172, c173, c174, c175, c176
    case c177, c178, c179, c180, c181, c182, c183, c184, c185, c186, c187, c188, c189, c190, c191, c192
    case c193, c194, c195, c196, c197, c198, c199, c200, c201, c202, c203, c204, c205, c206, c207, c208
    case c209, c210, c211, c212, c213, c214, c215, c216, c217, c218, c219, c220, c221, c222, c223, c224
    case c225, c226, c227, c228, c229, c230, c231, c232, c233, c234, c235, c236, c237, c238, c239, c240
    case c241, c242, c243, c244, c245, c246, c247, c248, c249, c250, c251, c252, c253, c254, c255
}

/// The last release: a tab of three cases, not `CaseIterable`.
private enum ShelfTab: String, Codable, Sendable { case details, reviews, photos }
/// This release: the same enum without `photos` (another name here, for Swift cannot give one
/// class two link types; the last release's manifest is given this name).
private enum ShelfTabTrimmed: String, Codable, Sendable { case details, reviews }

private final class ShelfV1: LinkActivity<ShelfV1.Link> {
    struct Link: DispatchLink {
        var id: Int
        var tab: ShelfTab?
    }

    override class var patterns: [RoutePattern] { ["/shelf/:id<int>"] }
    override func execute(with link: Link) throws {}
}

private final class ShelfV2: LinkActivity<ShelfV2.Link> {
    struct Link: DispatchLink {
        var id: Int
        var tab: ShelfTabTrimmed?
    }

    override class var patterns: [RoutePattern] { ["/shelf/:id<int>"] }
    override func execute(with link: Link) throws {}
}

@Suite("Typed links: the cases of an enum, listed without a URL")
struct LinkEnumCasesTests {
    private func unlisted(_ type: Any.Type) -> Bool {
        LinkEnumCases.mayHaveUnlistedCases(type, listed: LinkEnumCases.texts(of: type))
    }

    /// Regression: the raw values of an enum that is not `CaseIterable` were not listed, so the
    /// route manifest recorded none and release compatibility could not see a case removed.
    @Test func theCasesOfAnEnumThatIsNotCaseIterableAreListedInDeclarationOrder() {
        #expect(LinkEnumCases.texts(of: ProductTab.self) == ["details", "reviews"])
        #expect(LinkEnumCases.texts(of: Step.self) == ["0", "1", "2"])
        #expect(LinkEnumCases.texts(of: Urgency.self) == ["5", "1", "-1"])
        #expect(LinkEnumCases.texts(of: Sort.self) == ["new", "old"])
        #expect(LinkEnumCases.texts(of: Level.self) == ["10", "-20"])
        #expect(LinkEnumCases.texts(of: Shade.self) == ["L", "D"])
        #expect(LinkEnumCases.values(of: Shade.self) == [.light, .dark])
    }

    @Test func aCaseIterableTypeIsListedInTheOrderOfAllCases() {
        #expect(LinkEnumCases.texts(of: Ordered.self) == ["b", "a"])
        #expect(LinkEnumCases.texts(of: LinkTestTab.self) == ["details", "reviews", "photos"])
    }

    /// 255 cases leave one byte for an optional's `nil`; 256 leave none, and are not listed.
    @Test func anEnumOfUpTo255CasesIsListedAndOneOf256IsNot() {
        #expect(LinkEnumCases.texts(of: Cases255.self) == (0..<255).map(String.init))
        #expect(LinkEnumCases.texts(of: Cases256.self) == nil)
        #expect(unlisted(Cases256.self))
        #expect(!unlisted(Cases255.self))
    }

    /// Pins that only an enum without associated values is read from its bytes: a struct of one
    /// byte, an enum with a payload and a type of no bytes give nothing, not values made up.
    @Test func aTypeThatIsNotAnEnumOfCasesAloneHasNoCasesListed() {
        #expect(LinkEnumCases.texts(of: Code.self) == nil)
        #expect(LinkEnumCases.texts(of: Flag.self) == nil)
        #expect(LinkEnumCases.texts(of: TabBox.self) == nil)
        #expect(LinkEnumCases.texts(of: Choice.self) == nil)
        #expect(LinkEnumCases.texts(of: Slug.self) == nil)
        #expect(LinkEnumCases.texts(of: Int.self) == nil)
        #expect(LinkEnumCases.texts(of: Bool.self) == nil)
        // An enum of one case has the layout of one of none, whose made-up value would crash.
        #expect(MemoryLayout<Only>.size == MemoryLayout<Nothing>.size)
        #expect(MemoryLayout<Only?>.size == MemoryLayout<Nothing?>.size)
        #expect(LinkEnumCases.texts(of: Only.self) == nil)
        #expect(LinkEnumCases.texts(of: Nothing.self) == nil)
    }

    /// The types that may be enums whose cases are not listed, which `validate()` notes: not a
    /// struct larger than any such enum, not a type that is not `RawRepresentable`.
    @Test func aSmallRawRepresentableTypeWithoutListedCasesMayHaveUnlistedCases() {
        for type: Any.Type in [Only.self, Nothing.self, Code.self, TabBox.self, Choice.self] {
            #expect(unlisted(type), "\(type)")
        }
        for type: Any.Type in [ProductTab.self, Ordered.self, Slug.self, Int.self, String.self, UUID.self] {
            #expect(!unlisted(type), "\(type)")
        }
    }

    /// What `validate()` and the route manifest read: the probe's fields.
    @Test func aProbedFieldHoldsTheCasesOfAnEnumThatIsNotCaseIterable() throws {
        struct Link: DispatchLink {
            var tab: ProductTab
            var steps: [Step]
            var code: Code?
        }
        let schema = LinkSchema.probe(Link.self)
        #expect(schema.problem == nil)
        #expect(schema.field("tab")?.caseTexts == ["details", "reviews"])
        #expect(schema.field("steps")?.caseTexts == ["0", "1", "2"])
        #expect(schema.field("code")?.caseTexts == nil)
        #expect(schema.fields.map(\.mayHaveUnlistedCases) == [false, false, true])
        let example = try #require(schema.example as? Link)
        #expect(example.tab == .details && example.steps == [.first])
    }

    /// Regression: removing a case from an enum that is not `CaseIterable` (the documentation's
    /// `ProductTab`) passed release compatibility, for neither release recorded its cases. Both
    /// checks now report the key narrowed, with the link of the removed case.
    @MainActor
    @Test func removingACaseFromAnEnumThatIsNotCaseIterableIsABreakingChange() throws {
        let old = DispatchCenter()
        old.register(ShelfV1.self)
        var last = RouteManifestChangesTests.renaming(
            RouteManifest.name(of: ShelfV1.self), to: RouteManifest.name(of: ShelfV2.self),
            in: old.routeManifest())
        // The same enum in both releases, as in an app.
        for index in last.routes.indices {
            last.routes[index].query = last.routes[index].query?.map {
                var key = $0
                if key.swiftType == "ShelfTab" { key.swiftType = "ShelfTabTrimmed" }
                return key
            }
        }
        last = try RouteManifest(json: last.json())
        #expect(last.routes.first?.query?.first?.cases == ["details", "reviews", "photos"])
        let center = DispatchCenter()
        center.register(ShelfV2.self)
        let changes = center.routeChanges(since: last)
        #expect(changes == center.routeManifest().changes(since: last))
        #expect(changes.map(\.kindName) == ["keyNarrowed"])
        #expect(changes.allSatisfy { $0.isBreaking })
        #expect(changes.first?.description.contains("/shelf/42?tab=photos no longer decode") == true)
    }
}
