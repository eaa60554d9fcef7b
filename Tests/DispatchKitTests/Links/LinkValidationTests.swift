import Foundation
import Testing

@testable import DispatchKit
@testable import DispatchKitManifest

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

/// The docs' own kind of enum: a `String` raw value, not `CaseIterable`, so no case is known
/// without a URL.
private enum SortOrder: String, Codable, Sendable { case newest, oldest }

/// An `Int`-raw enum, not `CaseIterable`, whose raw values are none of the usual made-up numbers.
private enum Level: Int, Codable, Sendable {
    case basic = 10
    case expert = 20
}

/// A required key of each such enum before a misspelt parameter and required keys.
private final class SortedActivity: LinkActivity<SortedActivity.Link> {
    struct Link: DispatchLink {
        var id: Int
        var sort: SortOrder
        var level: Level
        var title: String
        var count: Int8
    }

    override class var patterns: [RoutePattern] { ["/articles/:id<int>/:slug/:count<int>"] }
    override func execute(with link: Link) throws {}
}

/// An enum-like struct that accepts only its own values: no made-up text and no zero value
/// decodes, so only a pattern's `<a|b>` list can show one.
private struct Region: RawRepresentable, Codable, Sendable {
    let rawValue: String
    init?(rawValue: String) {
        guard rawValue == "eu" || rawValue == "us" else { return nil }
        self.rawValue = rawValue
    }
}

private final class RegionActivity: LinkActivity<RegionActivity.Link> {
    struct Link: DispatchLink {
        var region: Region
        var id: Int
        var page: UInt8
    }

    override class var patterns: [RoutePattern] {
        ["/r/:region<eu|us>/:id<int>/:slug/:page<int>", "/q/:id<int>/:shop"]
    }
    override func execute(with link: Link) throws {}
}

/// An `<int>` read as a UUID: no integer is a UUID.
private final class IntegerUUIDActivity: LinkActivity<IntegerUUIDActivity.Link> {
    struct Link: DispatchLink {
        var id: UUID
        var ids: [UUID]?
    }

    override class var patterns: [RoutePattern] { ["/iu/:id<int>", "/iu/:id<uuid>/:ids<int>"] }
    override func execute(with link: Link) throws {}
}

/// Types no URL carries back: a set, bytes, a date, an array of arrays.
private final class SetActivity: LinkActivity<SetActivity.Link> {
    struct Link: DispatchLink { var tags: Set<String> }
    override class var patterns: [RoutePattern] { ["/set"] }
    override func execute(with link: Link) throws {}
}

private final class DataActivity: LinkActivity<DataActivity.Link> {
    struct Link: DispatchLink { var bytes: Data }
    override class var patterns: [RoutePattern] { ["/data"] }
    override func execute(with link: Link) throws {}
}

private final class DataOptionalActivity: LinkActivity<DataOptionalActivity.Link> {
    struct Link: DispatchLink { var bytes: Data? }
    override class var patterns: [RoutePattern] { ["/data-optional"] }
    override func execute(with link: Link) throws {}
}

private final class DateActivity: LinkActivity<DateActivity.Link> {
    struct Link: DispatchLink { var at: Date }
    override class var patterns: [RoutePattern] { ["/date"] }
    override func execute(with link: Link) throws {}
}

private final class MatrixActivity: LinkActivity<MatrixActivity.Link> {
    struct Link: DispatchLink { var rows: [[String]] }
    override class var patterns: [RoutePattern] { ["/matrix"] }
    override func execute(with link: Link) throws {}
}

/// An optional date: a URL without `at` decodes, one with it fails.
private final class OptionalDateActivity: LinkActivity<OptionalDateActivity.Link> {
    struct Link: DispatchLink {
        var id: Int
        var at: Date?
    }

    override class var patterns: [RoutePattern] { ["/od/:id<int>"] }
    override func execute(with link: Link) throws {}
}

/// Raw values that are not integers.
private enum Shelf: String, Codable, Sendable { case top, bottom }

/// `Int` raw values none of which is 0, 1 or -1: an `<int>` still finds them.
private enum Rating: Int, Codable, Sendable {
    case two = 2
    case three = 3
}

/// `<int>` parameters read as types that accept no integer, and as one that accepts a few.
private final class IntegerRefusedActivity: LinkActivity<IntegerRefusedActivity.Link> {
    struct Link: DispatchLink {
        var shelf: Shelf
        var picky: Picky?
        var rating: Rating
    }

    override class var patterns: [RoutePattern] { ["/ir/:shelf<int>/:picky<int>/:rating<int>"] }
    override func execute(with link: Link) throws {}
}

/// An enum without a case, whose `rawValue` no value can be asked for.
private enum Nothing: RawRepresentable, Codable, Sendable {
    init?(rawValue: String) { nil }
    var rawValue: String {
        switch self {}
    }
}

private final class NothingActivity: LinkActivity<NothingActivity.Link> {
    struct Link: DispatchLink {
        var id: Int
        var nothing: Nothing
    }

    override class var patterns: [RoutePattern] { ["/nothing/:id<int>"] }
    override func execute(with link: Link) throws {}
}

/// One case, not `CaseIterable`: its case cannot be listed.
private enum Single: String, Codable, Sendable { case only }

/// A byte: `RawRepresentable`, small enough to be an enum, but with no cases to list.
private struct Code: RawRepresentable, Codable, Sendable { let rawValue: UInt8 }

private final class UnlistedActivity: LinkActivity<UnlistedActivity.Link> {
    struct Link: DispatchLink {
        var id: Int
        var single: Single?
        var codes: [Code]
        var sort: SortOrder?
    }

    override class var patterns: [RoutePattern] { ["/unlisted/:id<int>", "/u/:id<int>"] }
    override func execute(with link: Link) throws {}
}

/// A nested enum, whose name every message spells the same way.
private final class NestedTabActivity: LinkActivity<NestedTabActivity.Link> {
    enum Tab: String, Codable, Sendable, CaseIterable { case info, more }
    struct Link: DispatchLink { var tab: Tab }
    override class var patterns: [RoutePattern] { ["/nt/:tab<info|gone>"] }
    override func execute(with link: Link) throws {}
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

    /// A nested type no URL can carry: every URL fails. The keys read before it are still checked,
    /// and the parameters' names against the link's keys.
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
        #expect(found.count == 2)
        #expect(found.last?.kind == .linkLacksParameter(key: "other", link: "NestedActivity.Link"))
    }

    /// Pins that an optional key of a type no URL can carry is found although a URL may leave
    /// it out: every URL that has it fails.
    @Test(arguments: [
        (OptionalNestedActivity.self as DispatchActivity.Type, "filter"),
        (OptionalDictionaryActivity.self, "extras"),
        (DataOptionalActivity.self, "bytes"),
    ])
    func anOptionalKeyNoURLCanCarryIsAnError(activity: DispatchActivity.Type, key: String) throws {
        let found = diagnostics([activity])
        #expect(found.count == 1)
        let diagnostic = try #require(found.first)
        guard case .linkOptionalKeyUnsupported(let error) = diagnostic.kind else {
            Issue.record("expected linkOptionalKeyUnsupported, got \(diagnostic.kind)")
            return
        }
        #expect(error.key == key && error.reason == .unsupported && diagnostic.severity == .error)
        #expect(diagnostic.patterns.isEmpty)
    }

    /// Regression: an optional `Date` was said to fail every URL, although a URL without it
    /// decodes (the date is nil); only a URL that carries it fails.
    @MainActor
    @Test func anOptionalKeyNoURLCanCarryFailsOnlyTheURLsThatCarryIt() throws {
        let found = diagnostics([OptionalDateActivity.self])
        #expect(found.count == 1)
        let diagnostic = try #require(found.first)
        #expect(
            diagnostic.description
                == "OptionalDateActivity: its link cannot be read without a URL (OptionalDateActivity's link: at is a Date, which a URL cannot carry (\(LinkTestDate.advice))); at is optional, so a URL that carries at fails to decode and at is nil in every other; validate() checks only the names of the keys after at"
        )
        #expect(!diagnostic.description.contains("every URL fails"))
        let center = DispatchCenter()
        center.register(OptionalDateActivity.self)
        #expect(center.dispatch("/od/1").failure == nil)
        guard case .invalidLink(let error)? = center.dispatch("/od/1?at=0").failure else {
            Issue.record("expected an invalid link")
            return
        }
        #expect(error.key == "at" && error.reason == .unsupported)
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

    /// A type DispatchKit cannot make up a value for stops the reading of types: a note, not an
    /// error. The names of the parameters are still checked against the link's keys.
    @Test func aLinkTypeThatRefusesMadeUpValuesIsANote() throws {
        let found = diagnostics([PickyActivity.self])
        #expect(found.count == 2)
        let diagnostic = try #require(found.first)
        guard case .linkUnreadable(let error) = diagnostic.kind else {
            Issue.record("expected linkUnreadable, got \(diagnostic.kind)")
            return
        }
        #expect(error.key == "picky" && diagnostic.severity == .note)
        #expect(diagnostic.description.hasSuffix("validate() checks only the names of the keys after picky"))
        #expect(found.last?.kind == .linkLacksParameter(key: "unknown", link: "PickyActivity.Link"))
    }

    /// Regression: a required enum that is not `CaseIterable` (a `String` or `Int` raw value
    /// the made-up values miss) stopped the checks at its key, so a misspelt parameter after it
    /// went unreported. Its first case is found, and every key is checked.
    @Test func aRequiredEnumThatIsNotCaseIterableDoesNotStopTheChecks() throws {
        let found = diagnostics([SortedActivity.self])
        #expect(
            found.map(\.kind) == [
                .linkLacksParameter(key: "slug", link: "SortedActivity.Link"),
                .linkIntegerRange(key: "count", type: "Int8"),
                .linkRequiresQueryKey(key: "sort", type: "SortOrder"),
                .linkRequiresQueryKey(key: "level", type: "Level"),
                .linkRequiresQueryKey(key: "title", type: "String"),
            ])
        let schema = LinkSchema.probe(SortedActivity.Link.self)
        #expect(schema.problem == nil)
        #expect(schema.fields.map(\.key) == ["id", "sort", "level", "title", "count"])
        #expect(schema.field("sort")?.accepts("newest") == true)
        #expect(schema.field("level")?.accepts("10") == true)
    }

    /// Regression: a required key no made-up value fits stopped the checks of every key after
    /// it. A pattern's `<a|b>` list gives its values; a pattern without one still has its
    /// parameters' names checked, and the key gets a note.
    @Test func aPatternsValueListShowsTheValuesOfAKeyNoMadeUpValueFits() throws {
        let found = diagnostics([RegionActivity.self])
        #expect(found.count == 4)
        let note = try #require(found.first)
        guard case .linkUnreadable(let error) = note.kind else {
            Issue.record("expected linkUnreadable, got \(note.kind)")
            return
        }
        #expect(error.key == "region" && note.severity == .note && note.patterns.isEmpty)
        #expect(note.description.hasSuffix("validate() checks only the names of the keys after region"))
        #expect(
            Array(found.dropFirst()).map(\.kind) == [
                .linkLacksParameter(key: "slug", link: "RegionActivity.Link"),
                .linkIntegerRange(key: "page", type: "UInt8"),
                .linkLacksParameter(key: "shop", link: "RegionActivity.Link"),
            ])
        #expect(found.last?.patterns == ["/q/:id<int>/:shop"])
    }

    /// Regression: an `<int>` read as a UUID was a warning ("cannot hold every integer"),
    /// although no integer is a UUID and every URL of the pattern fails.
    @Test func anIntegerParameterReadAsAUUIDIsAnError() throws {
        let found = diagnostics([IntegerUUIDActivity.self])
        #expect(
            found.map(\.kind) == [
                .linkIntegerRefused(key: "id", type: "UUID"),
                .linkIntegerRefused(key: "ids", type: "Array<UUID>"),
            ])
        #expect(found.allSatisfy { $0.severity == .error })
        #expect(
            found.first?.description
                == #"IntegerUUIDActivity "/iu/:id<int>": id is an <int> read as UUID, which accepts none of the integers validate() tries (0, 1, -1, the ends of Int64, its integer cases): every URL of the pattern fails as an invalid link, unless UUID accepts other integers"#
        )
    }

    /// Regression: an `<int>` read as an enum of texts, or as a type of the app that refuses
    /// every integer, was the warning "cannot hold every integer", although every URL of the
    /// pattern fails. An enum whose integer cases are none of 0, 1 and -1 still accepts those
    /// cases: a warning, as before.
    @Test func anIntegerParameterReadAsATypeThatAcceptsNoIntegerIsAnError() throws {
        let found = diagnostics([IntegerRefusedActivity.self])
        #expect(
            found.map(\.kind) == [
                .linkIntegerRefused(key: "shelf", type: "Shelf"),
                .linkIntegerRefused(key: "picky", type: "Picky"),
                .linkIntegerRange(key: "rating", type: "Rating"),
            ])
        #expect(found.map(\.severity) == [.error, .error, .warning])
        let center = DispatchCenter()
        center.register(IntegerRefusedActivity.self)
        guard case .invalidLink(let error)? = center.dispatch("/ir/1/1/2").failure else {
            Issue.record("expected an invalid link")
            return
        }
        #expect(error.key == "shelf" && error.reason == .malformed)
    }

    /// Regression: an enum without a case and with a `rawValue` of its own crashed `validate()`,
    /// which read a made-up value of it. No value is made up: the key is one no value was found
    /// for, and its cases cannot be listed.
    @Test func anEnumWithoutACaseIsReportedWithoutReadingAValueOfIt() throws {
        let found = diagnostics([NothingActivity.self])
        #expect(found.count == 2)
        let unreadable = try #require(found.first)
        guard case .linkUnreadable(let error) = unreadable.kind else {
            Issue.record("expected linkUnreadable, got \(unreadable.kind)")
            return
        }
        #expect(error.key == "nothing" && unreadable.severity == .note)
        #expect(found.last?.kind == .linkCasesUnknown(key: "nothing", type: "Nothing"))
    }

    /// Each key read as a type whose cases cannot be listed is noted once per class, whatever
    /// its patterns: release compatibility cannot see a case removed from it. An enum of 2 to
    /// 255 cases is listed without `CaseIterable`, and a struct of a `String` has no cases.
    @Test func aKeyWhoseCasesCannotBeListedIsANote() throws {
        let found = diagnostics([UnlistedActivity.self, RegionActivity.self])
        let unknown = found.filter {
            if case .linkCasesUnknown = $0.kind { return true }
            return false
        }
        #expect(
            unknown.map(\.kind) == [
                .linkCasesUnknown(key: "single", type: "Single"),
                .linkCasesUnknown(key: "codes", type: "Code"),
            ])
        #expect(unknown.allSatisfy { $0.severity == .note && $0.patterns.isEmpty })
        #expect(
            unknown.first?.description
                == "UnlistedActivity: single is read as Single, whose cases validate() cannot list (make it CaseIterable if it is an enum): release compatibility checks do not see a case removed from it"
        )
        #expect(found.filter { $0.activities == ["UnlistedActivity"] }.count == 2)
    }

    /// A set, bytes, a date and an array of arrays have no form a URL carries back: validate()
    /// reports each as a type no URL can carry, an error.
    @Test(arguments: [
        (SetActivity.self as DispatchActivity.Type, "tags", "Set<String>"),
        (DataActivity.self, "bytes", "Data"),
        (DateActivity.self, "at", "Date"),
        (MatrixActivity.self, "rows", "Array<Array<String>>"),
    ])
    func aTypeNoURLCarriesBackIsUnreadable(activity: DispatchActivity.Type, key: String, type: String) throws
    {
        let found = diagnostics([activity])
        #expect(found.count == 1)
        let diagnostic = try #require(found.first)
        guard case .linkUnreadable(let error) = diagnostic.kind else {
            Issue.record("expected linkUnreadable, got \(diagnostic.kind)")
            return
        }
        #expect(error.key == key && error.reason == .unsupported && error.expectedType == type)
        #expect(diagnostic.severity == .error)
    }

    /// Regression: a decoding error named a nested type `Tab`, a diagnostic
    /// `NestedTabActivity.Tab`: every message spells it the qualified way.
    @Test func aNestedTypeIsNamedTheSameByValidateAndByADecodingError() throws {
        let found = diagnostics([NestedTabActivity.self])
        #expect(
            found.map(\.kind).first
                == .linkValuesRefused(key: "tab", type: "NestedTabActivity.Tab", values: ["gone"]))
        let center = DispatchCenter()
        center.register(NestedTabActivity.self)
        guard case .invalidLink(let error)? = center.dispatch("/nt/gone").failure else {
            Issue.record("expected an invalid link")
            return
        }
        #expect(error.expectedType == "NestedTabActivity.Tab")
        #expect(error.description == #"NestedTabActivity's link: tab "gone" is not a NestedTabActivity.Tab"#)
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
