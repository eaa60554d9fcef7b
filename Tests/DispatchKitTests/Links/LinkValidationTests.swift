import Foundation
import Testing

@testable import DispatchKit

// validate() on typed links: each class's link type against its patterns, one diagnostic per
// finding, naming the class, the pattern, the key and the types.

/// A clean typed class: every pattern parameter is a key, every required key a parameter of every
/// pattern, `<int>` read as Int, a list equal to the enum's cases, an array and optionals from the
/// query, and the wildcard's segments.
private final class CleanActivity: LinkActivity<CleanActivity.Link> {
    struct Link: DispatchLink {
        var id: Int
        var tab: LinkTestTab
        var wildcard: [String]
        var from: String?
        var tags: [String]
        var token: UUID?
    }

    override class var patterns: [RoutePattern] {
        ["/clean/:id<int>/:tab<details|reviews|photos>/*", "//:tab/c/:id<int>/*"]
    }
    override func execute(with link: Link) throws {}
}

/// Links whose `<int>` read as a type that holds every `Int64`, or any text.
private final class WideIntegersActivity: LinkActivity<WideIntegersActivity.Link> {
    struct Link: DispatchLink {
        var a: Int64
        var b: String
        var c: Double
        var d: Int?
    }

    override class var patterns: [RoutePattern] { ["/wide/:a<int>/:b<int>/:c<int>(/:d<int>)"] }
    override func execute(with link: Link) throws {}
}

private final class MisspeltActivity: LinkActivity<MisspeltActivity.Link> {
    struct Link: DispatchLink {
        var id: Int
        var title: String?
    }

    override class var patterns: [RoutePattern] { ["/article/:id<int>/:slug"] }
    override func execute(with link: Link) throws {}
}

private final class QueryKeyActivity: LinkActivity<QueryKeyActivity.Link> {
    struct Link: DispatchLink {
        var id: Int
        var from: String
        var note: String?
        var tags: [String]
    }

    override class var patterns: [RoutePattern] {
        ["/order/:id<int>/:from", "/o/:id<int>", "/orders(/:id<int>)"]
    }
    override func execute(with link: Link) throws {}
}

private final class NarrowIntegersActivity: LinkActivity<NarrowIntegersActivity.Link> {
    struct Link: DispatchLink {
        var small: Int8
        var unsigned: UInt64
        var priority: LinkTestPriority
        var flag: Bool
    }

    override class var patterns: [RoutePattern] {
        ["/n/:small<int>/:unsigned<int>/:priority<int>/:flag<int>"]
    }
    override func execute(with link: Link) throws {}
}

private final class ListsActivity: LinkActivity<ListsActivity.Link> {
    struct Link: DispatchLink {
        var tab: LinkTestTab
        var priority: LinkTestPriority?
        var count: Int?
    }

    override class var patterns: [RoutePattern] {
        ["/l/:tab<details|videos|reviews>", "/m/:tab<details|extra>(/:priority<1|5>)(/:count<2|x>)"]
    }
    override func execute(with link: Link) throws {}
}

private struct Filter: Codable, Sendable { var color: String }

private final class NestedActivity: LinkActivity<NestedActivity.Link> {
    struct Link: DispatchLink {
        var id: Int
        var filter: Filter
        var page: Int
    }

    override class var patterns: [RoutePattern] { ["/nested/:id<int>/:other"] }
    override func execute(with link: Link) throws {}
}

/// Optional keys of types no URL can carry: absent they are `nil`, present they always fail.
private final class OptionalNestedActivity: LinkActivity<OptionalNestedActivity.Link> {
    struct Link: DispatchLink {
        var id: Int
        var filter: Filter?
    }

    override class var patterns: [RoutePattern] { ["/optional-nested/:id<int>"] }
    override func execute(with link: Link) throws {}
}

private final class OptionalDictionaryActivity: LinkActivity<OptionalDictionaryActivity.Link> {
    struct Link: DispatchLink {
        var id: Int
        var extras: [String: String]?
    }

    override class var patterns: [RoutePattern] { ["/optional-dictionary/:id<int>"] }
    override func execute(with link: Link) throws {}
}

/// A `<uuid>` read as a type that refuses every UUID, next to one read as a UUID and one as a
/// String.
private final class UUIDActivity: LinkActivity<UUIDActivity.Link> {
    struct Link: DispatchLink {
        var id: Int
        var token: UUID
        var text: String
    }

    override class var patterns: [RoutePattern] { ["/uuid/:id<uuid>/:token<uuid>/:text<uuid>"] }
    override func execute(with link: Link) throws {}
}

/// Refuses every made-up text: a value DispatchKit cannot invent.
private struct Picky: LinkValueConvertible, Codable, Sendable {
    init?(linkValue: String) {
        guard linkValue == "the one" else { return nil }
    }
    var linkValue: String { "the one" }
}

private final class PickyActivity: LinkActivity<PickyActivity.Link> {
    struct Link: DispatchLink {
        var id: Int
        var picky: Picky
        var page: Int
    }

    override class var patterns: [RoutePattern] { ["/picky/:id<int>/:picky/:unknown"] }
    override func execute(with link: Link) throws {}
}

/// Counts how often the type is decoded: validate() reads it once, however many classes and
/// patterns use it.
private struct CountedLink: DispatchLink {
    nonisolated(unsafe) static var decodings = 0
    var id: Int

    init(from decoder: any Decoder) throws {
        Self.decodings += 1
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
    }
}

private final class CountedActivity: LinkActivity<CountedLink> {
    override class var patterns: [RoutePattern] { ["/counted/:id<int>", "/k/:id<int>", "/cc/:id<int>"] }
    override func execute(with link: CountedLink) throws {}
}

private final class CountedTwinActivity: LinkActivity<CountedLink> {
    override class var patterns: [RoutePattern] { ["/twin/:id<int>", "/t/:id<int>"] }
    override func execute(with link: CountedLink) throws {}
}

@MainActor
@Suite("Typed links: validate() compares a link type with its patterns")
struct LinkValidationTests {
    private func diagnostics(_ classes: [DispatchActivity.Type]) -> [RouteDiagnostic] {
        let center = DispatchCenter()
        center.register(classes)
        return center.validate()
    }

    @Test func aCleanTypedAppReportsNothing() {
        #expect(diagnostics([CleanActivity.self, WideIntegersActivity.self]) == [])
    }

    /// `:slug` captured and dropped: the link has no such key.
    @Test func aPatternParameterTheLinkLacksIsAnError() throws {
        let found = diagnostics([MisspeltActivity.self])
        #expect(found.map(\.kind) == [.linkLacksParameter(key: "slug", link: "MisspeltActivity.Link")])
        let diagnostic = try #require(found.first)
        #expect(diagnostic.severity == .error)
        #expect(
            diagnostic.activities == ["MisspeltActivity"]
                && diagnostic.patterns == ["/article/:id<int>/:slug"])
        #expect(
            diagnostic.description
                == #"MisspeltActivity "/article/:id<int>/:slug": the parameter slug is not a key of MisspeltActivity.Link, so its value is dropped"#
        )
    }

    /// Only the patterns that do not always capture a required key are reported; optional and
    /// array keys may come from the query.
    @Test func aRequiredKeyAPatternDoesNotAlwaysCaptureIsAWarning() throws {
        let found = diagnostics([QueryKeyActivity.self])
        #expect(
            found.map(\.kind) == [
                .linkRequiresQueryKey(key: "from", type: "String"),
                .linkRequiresQueryKey(key: "id", type: "Int"),
                .linkRequiresQueryKey(key: "from", type: "String"),
            ])
        #expect(
            found.map { $0.patterns } == [["/o/:id<int>"], ["/orders(/:id<int>)"], ["/orders(/:id<int>)"]])
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(
            found.first?.description
                == #"QueryKeyActivity "/o/:id<int>": the link requires from (String), which the pattern does not always capture, so a URL without ?from= fails to decode"#
        )
    }

    @Test func anIntegerParameterReadAsANarrowerTypeThanInt64IsAWarning() throws {
        let found = diagnostics([NarrowIntegersActivity.self])
        #expect(
            found.map(\.kind) == [
                .linkIntegerRange(key: "small", type: "Int8"),
                .linkIntegerRange(key: "unsigned", type: "UInt64"),
                .linkIntegerRange(key: "priority", type: "LinkTestPriority"),
                .linkIntegerRange(key: "flag", type: "Bool"),
            ])
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(
            found.first?.description
                == #"NarrowIntegersActivity "/n/:small<int>/:unsigned<int>/:priority<int>/:flag<int>": small is read as Int8, which cannot hold every integer <int> admits (Int64's range): such a URL reaches NarrowIntegersActivity and fails as an invalid link (out of range)"#
        )
    }

    /// A list value the type refuses always fails (an error); a case no value reaches is a note.
    @Test func aValueListThatDisagreesWithItsTypeIsReported() throws {
        let found = diagnostics([ListsActivity.self])
        #expect(
            found.map(\.kind) == [
                .linkValuesRefused(key: "tab", type: "LinkTestTab", values: ["videos"]),
                .linkCasesUnreachable(key: "tab", type: "LinkTestTab", cases: ["photos"]),
                .linkValuesRefused(key: "tab", type: "LinkTestTab", values: ["extra"]),
                .linkCasesUnreachable(key: "tab", type: "LinkTestTab", cases: ["reviews", "photos"]),
                .linkValuesRefused(key: "count", type: "Int", values: ["x"]),
            ])
        #expect(found.map(\.severity) == [.error, .note, .error, .note, .error])
        #expect(
            found.map(\.description) == [
                #"ListsActivity "/l/:tab<details|videos|reviews>": tab is read as LinkTestTab, which does not accept "videos": such a URL always fails as an invalid link"#,
                #"ListsActivity "/l/:tab<details|videos|reviews>": no value of tab is "photos", so the pattern never reaches that case of LinkTestTab"#,
                #"ListsActivity "/m/:tab<details|extra>(/:priority<1|5>)(/:count<2|x>)": tab is read as LinkTestTab, which does not accept "extra": such a URL always fails as an invalid link"#,
                #"ListsActivity "/m/:tab<details|extra>(/:priority<1|5>)(/:count<2|x>)": no value of tab is "reviews" or "photos", so the pattern never reaches those cases of LinkTestTab"#,
                #"ListsActivity "/m/:tab<details|extra>(/:priority<1|5>)(/:count<2|x>)": count is read as Int, which does not accept "x": such a URL always fails as an invalid link"#,
            ])
    }

    /// A nested type no URL can carry: every URL fails. The keys read before it are still checked;
    /// a parameter is not reported missing, as the keys after it are unknown.
    @Test func aLinkTypeNoURLCanCarryIsAnError() throws {
        let found = diagnostics([NestedActivity.self])
        let unreadable = try #require(found.first)
        guard case .linkUnreadable(let error) = unreadable.kind else {
            Issue.record("expected linkUnreadable, got \(unreadable.kind)")
            return
        }
        #expect(error.key == "filter" && error.reason == .unsupported && error.activity == "NestedActivity")
        #expect(unreadable.severity == .error && unreadable.patterns.isEmpty)
        #expect(
            unreadable.description
                == "NestedActivity: its link cannot be read without a URL (NestedActivity's link: filter is a Filter, which a URL cannot carry (nested values, dictionaries, sets, Data and arrays of arrays are not supported)); every URL fails to decode"
        )
        #expect(found.count == 1)
    }

    /// Pins that an optional key of a type no URL can carry is found although a URL may leave
    /// it out: every URL that has it fails.
    @Test(arguments: [
        (OptionalNestedActivity.self as DispatchActivity.Type, "filter"),
        (OptionalDictionaryActivity.self, "extras"),
    ])
    func anOptionalKeyNoURLCanCarryIsAnError(activity: DispatchActivity.Type, key: String) throws {
        let found = diagnostics([activity])
        #expect(found.count == 1)
        let diagnostic = try #require(found.first)
        guard case .linkUnreadable(let error) = diagnostic.kind else {
            Issue.record("expected linkUnreadable, got \(diagnostic.kind)")
            return
        }
        #expect(error.key == key && error.reason == .unsupported && diagnostic.severity == .error)
    }

    /// Pins the `<uuid>` check: a property that refuses a UUID fails every URL of the pattern.
    @Test func aUUIDParameterReadAsATypeThatRefusesAUUIDIsAnError() throws {
        let found = diagnostics([UUIDActivity.self])
        #expect(found.map(\.kind) == [.linkUUIDRefused(key: "id", type: "Int")])
        let diagnostic = try #require(found.first)
        #expect(diagnostic.severity == .error)
        #expect(
            diagnostic.description
                == #"UUIDActivity "/uuid/:id<uuid>/:token<uuid>/:text<uuid>": id is a <uuid> read as Int, which does not accept a UUID: every URL of the pattern fails as an invalid link"#
        )
    }

    /// A type DispatchKit cannot make up a value for stops the reading: a note, not an error.
    @Test func aLinkTypeThatRefusesMadeUpValuesIsANote() throws {
        let found = diagnostics([PickyActivity.self])
        #expect(found.count == 1)
        let diagnostic = try #require(found.first)
        guard case .linkUnreadable(let error) = diagnostic.kind else {
            Issue.record("expected linkUnreadable, got \(diagnostic.kind)")
            return
        }
        #expect(error.key == "picky" && diagnostic.severity == .note)
        #expect(diagnostic.description.hasSuffix("validate() cannot check the keys after picky"))
    }

    @Test func eachLinkTypeIsReadOnce() {
        CountedLink.decodings = 0
        #expect(diagnostics([CountedActivity.self, CountedTwinActivity.self]) == [])
        #expect(CountedLink.decodings == 1)
    }

    @Test func theKindsBeforeTypedLinksHaveASeverity() {
        let pattern: RoutePattern = "/a"
        func severity(_ kind: RouteDiagnostic.Kind) -> RouteDiagnostic.Severity {
            RouteDiagnostic(kind: kind, activities: ["A"], patterns: [pattern]).severity
        }
        #expect(severity(.invalidPattern(.empty)) == .error)
        #expect(severity(.conflict) == .error)
        #expect(severity(.shadowed) == .error)
        #expect(severity(.exceedsIndexCapacity) == .error)
        #expect(severity(.ambiguousGroups) == .warning)
        #expect(RouteDiagnostic.Severity.allCases.sorted() == [.note, .warning, .error])
        #expect(RouteDiagnostic.Severity.allCases.map(\.description) == ["note", "warning", "error"])
    }
}
