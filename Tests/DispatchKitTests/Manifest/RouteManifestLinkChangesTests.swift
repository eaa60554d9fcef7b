import DispatchKit
import DispatchKitEvents
import Foundation
import Testing

@testable import DispatchKitManifest

// The compatibility check of typed links: the keys of the last release's link compared with this
// build's, and every link of the last release decoded by this build. Each release is a class
// (Swift cannot give one class two link types); the last release's manifest is renamed to the
// new class, as if the same class had changed, and read back from JSON as a committed file is.
// Every case runs both checks — the center and the manifests — and expects the same answer.

// MARK: - The releases

/// The last release: an `Int` id and an optional tab.
private final class ProductV1: LinkActivity<ProductV1.Link> {
    struct Link: DispatchLink {
        var id: Int
        var tab: LinkTestTab?
    }

    override class var exposure: DispatchExposure { .external }
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override func execute(with link: Link) throws {}
}

/// The id narrowed to an `Int16`, and a required campaign.
private final class ProductV2: LinkActivity<ProductV2.Link> {
    struct Link: DispatchLink {
        var id: Int16
        var tab: LinkTestTab?
        var campaign: String
    }

    override class var exposure: DispatchExposure { .external }
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override func execute(with link: Link) throws {}
}

/// A narrow id and a required referrer, the last release of widenings.
private final class ProductNarrow: LinkActivity<ProductNarrow.Link> {
    struct Link: DispatchLink {
        var id: Int16
        var ref: String
    }

    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override func execute(with link: Link) throws {}
}

/// Wider: an `Int` id, an optional referrer, a new optional key.
private final class ProductWide: LinkActivity<ProductWide.Link> {
    struct Link: DispatchLink {
        var id: Int
        var ref: String?
        var coupon: String?
    }

    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override func execute(with link: Link) throws {}
}

private enum TabsBefore: String, Codable, Sendable, CaseIterable { case photos, details, reviews }
private enum TabsAfter: String, Codable, Sendable, CaseIterable { case details, reviews, videos }

/// An enum in the query and in an optional group of the path.
private final class TabsV1: LinkActivity<TabsV1.Link> {
    struct Link: DispatchLink {
        var id: Int
        var tab: TabsBefore?
        var section: TabsBefore?
    }

    override class var patterns: [RoutePattern] { ["/tabs/:id<int>(/:section)"] }
    override func execute(with link: Link) throws {}
}

/// Both enums lost `photos` and gained `videos`.
private final class TabsV2: LinkActivity<TabsV2.Link> {
    struct Link: DispatchLink {
        var id: Int
        var tab: TabsAfter?
        var section: TabsAfter?
    }

    override class var patterns: [RoutePattern] { ["/tabs/:id<int>(/:section)"] }
    override func execute(with link: Link) throws {}
}

/// An optional id in an optional group, an optional referrer and a free-text code.
private final class OrdersV1: LinkActivity<OrdersV1.Link> {
    struct Link: DispatchLink {
        var id: Int?
        var ref: String?
        var code: String
    }

    override class var patterns: [RoutePattern] { ["/orders(/:id<int>)"] }
    override func execute(with link: Link) throws {}
}

/// The id required, the referrer renamed to a required `source`, the code an integer.
private final class OrdersV2: LinkActivity<OrdersV2.Link> {
    struct Link: DispatchLink {
        var id: Int
        var source: String
        var code: Int
    }

    override class var patterns: [RoutePattern] { ["/orders(/:id<int>)"] }
    override func execute(with link: Link) throws {}
}

/// The referrer renamed to an optional `source`, and the code removed.
private final class OrdersV3: LinkActivity<OrdersV3.Link> {
    struct Link: DispatchLink {
        var id: Int?
        var source: String?
    }

    override class var patterns: [RoutePattern] { ["/orders(/:id<int>)"] }
    override func execute(with link: Link) throws {}
}

/// Codes of the app's own type: any eight letters.
private final class CouponV1: LinkActivity<CouponV1.Link> {
    struct Link: DispatchLink { var code: LinkTestSKU }

    override class var patterns: [RoutePattern] { ["/coupon/:code"] }
    override func execute(with link: Link) throws {}
}

/// Codes of another type of the app: a version, `major.minor`.
private final class CouponV2: LinkActivity<CouponV2.Link> {
    struct Link: DispatchLink { var code: LinkTestVersion }

    override class var patterns: [RoutePattern] { ["/coupon/:code"] }
    override func execute(with link: Link) throws {}
}

/// ProductV2, counting the activities created: the check creates none.
private final class CountedProduct: LinkActivity<ProductV2.Link> {
    static var created = 0

    override class var exposure: DispatchExposure { .external }
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }

    required init(request: DispatchRequest) {
        Self.created += 1
        super.init(request: request)
    }

    override func execute(with link: ProductV2.Link) throws {}
}

/// Counts what it is asked and told.
@MainActor
private final class LinkCheckWatcher: DispatchInterceptor, DispatchObserver {
    var calls = 0

    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        calls += 1
        return .proceed
    }

    func observe(_ event: DispatchEvent) throws { calls += 1 }
}

/// An item by its number, in the path.
private final class ItemV1: LinkActivity<ItemV1.Link> {
    struct Link: DispatchLink { var id: Int }

    override class var patterns: [RoutePattern] { ["/item/:id<int>"] }
    override func execute(with link: Link) throws {}
}

/// The same, its parameter and key renamed.
private final class ItemV2: LinkActivity<ItemV2.Link> {
    struct Link: DispatchLink { var number: Int }

    override class var patterns: [RoutePattern] { ["/item/:number<int>"] }
    override func execute(with link: Link) throws {}
}

private enum TenantsBefore: String, Codable, Sendable, CaseIterable {
    case main = "example.com"
    case shop = "shop.example.com"
}

private enum TenantsAfter: String, Codable, Sendable, CaseIterable {
    case main = "example.com"
}

/// A tenant read from the host.
private final class TenantV1: LinkActivity<TenantV1.Link> {
    struct Link: DispatchLink { var tenant: TenantsBefore }

    override class var patterns: [RoutePattern] { ["//:tenant/home"] }
    override func execute(with link: Link) throws {}
}

/// One tenant fewer.
private final class TenantV2: LinkActivity<TenantV2.Link> {
    struct Link: DispatchLink { var tenant: TenantsAfter }

    override class var patterns: [RoutePattern] { ["//:tenant/home"] }
    override func execute(with link: Link) throws {}
}

/// A link type whose own `init(from:)` refuses every URL, naming no key.
private final class RefusingActivity: LinkActivity<RefusingActivity.Link> {
    struct Link: DispatchLink {
        init(from decoder: any Decoder) throws {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "closed"))
        }

        func encode(to encoder: any Encoder) throws {}
    }

    override class var patterns: [RoutePattern] { ["/closed"] }
    override func execute(with link: Link) throws {}
}

/// A key whose type refuses every text.
private struct NeverValue: LinkValueConvertible, Codable, Sendable {
    init?(linkValue: String) { nil }
    var linkValue: String { "" }
}

private final class NeverActivity: LinkActivity<NeverActivity.Link> {
    struct Link: DispatchLink {
        var value: NeverValue
        var id: Int
    }

    override class var patterns: [RoutePattern] { ["/never/:value"] }
    override func execute(with link: Link) throws {}
}

/// A link of one value of type `Value`, required in the path and optional in the query: the
/// releases of the table of built-in types.
private struct ValueLink<Value: Codable & Sendable>: DispatchLink {
    var value: Value
    var extra: Value?
}

private final class ValueActivity<Value: Codable & Sendable>: LinkActivity<ValueLink<Value>> {
    override class var patterns: [RoutePattern] { ["/value/:value"] }
    override func execute(with link: ValueLink<Value>) throws {}
}

/// Files by the segments of the rest of their path, each a name.
private final class FilesV1: LinkActivity<FilesV1.Link> {
    struct Link: DispatchLink { var wildcard: [String] }

    override class var patterns: [RoutePattern] { ["/files/*"] }
    override func execute(with link: Link) throws {}
}

/// Each segment a number.
private final class FilesV2: LinkActivity<FilesV2.Link> {
    struct Link: DispatchLink { var wildcard: [Int] }

    override class var patterns: [RoutePattern] { ["/files/*"] }
    override func execute(with link: Link) throws {}
}

/// The rest of the path as one text, its segments joined with `/`.
private final class FilesJoined: LinkActivity<FilesJoined.Link> {
    struct Link: DispatchLink { var wildcard: String }

    override class var patterns: [RoutePattern] { ["/files/*"] }
    override func execute(with link: Link) throws {}
}

/// The rest of the path as one number.
private final class FilesNumber: LinkActivity<FilesNumber.Link> {
    struct Link: DispatchLink { var wildcard: Int? }

    override class var patterns: [RoutePattern] { ["/files/*"] }
    override func execute(with link: Link) throws {}
}

/// A list by its id, with a required page.
private final class ListV1: LinkActivity<ListV1.Link> {
    struct Link: DispatchLink {
        var id: Int
        var page: Int
    }

    override class var patterns: [RoutePattern] { ["/list/:id<int>"] }
    override func execute(with link: Link) throws {}
}

/// The id narrowed and made optional; the page made optional, its type written another way.
private final class ListV2: LinkActivity<ListV2.Link> {
    struct Link: DispatchLink {
        var id: Int16?
        var page: Int64?
    }

    override class var patterns: [RoutePattern] { ["/list/:id<int>"] }
    override func execute(with link: Link) throws {}
}

/// A product with an optional tab in the query, the tab's type given: the releases of an enum
/// that loses a case.
private struct TabbedLink<Tab: Codable & Sendable>: DispatchLink {
    var id: Int
    var tab: Tab?
}

private final class TabbedProduct<Tab: Codable & Sendable>: LinkActivity<TabbedLink<Tab>> {
    override class var exposure: DispatchExposure { .external }
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override func execute(with link: TabbedLink<Tab>) throws {}
}

/// The README's tab, as written there (not `CaseIterable`), and the same enum without `reviews`.
private enum ReadmeRelease {
    enum ProductTab: String, Codable, Sendable { case details, reviews }
}

private enum ReadmeNextRelease {
    enum ProductTab: String, Codable, Sendable { case details }
}

/// An enum of one case that is `CaseIterable`, so that its case is recorded.
private enum OneTab: String, Codable, Sendable, CaseIterable { case details }

/// Two classes of one name (`Tabs`, each local to a function), with different link types.
@MainActor private func sameNamedActivity() -> DispatchActivity.Type {
    final class Tabs: LinkActivity<TabbedLink<ReadmeNextRelease.ProductTab>> {
        override class var patterns: [RoutePattern] { ["/tabs/:id<int>"] }
        override func execute(with link: TabbedLink<ReadmeNextRelease.ProductTab>) throws {}
    }
    return Tabs.self
}

@MainActor private func otherSameNamedActivity() -> DispatchActivity.Type {
    final class Tabs: LinkActivity<TabbedLink<ReadmeRelease.ProductTab>> {
        override class var patterns: [RoutePattern] { ["/tabs/:id<int>"] }
        override func execute(with link: TabbedLink<ReadmeRelease.ProductTab>) throws {}
    }
    return Tabs.self
}

/// The same two enums, `CaseIterable`.
private enum IterableRelease {
    enum ProductTab: String, Codable, Sendable, CaseIterable { case details, reviews }
}

private enum IterableNextRelease {
    enum ProductTab: String, Codable, Sendable, CaseIterable { case details }
}

/// A section of the app's own type in a `<a|b>` parameter: its texts are the app's to say.
private struct Section: LinkValueConvertible, Codable, Sendable {
    var linkValue: String
    init?(linkValue: String) { self.linkValue = linkValue }
}

private enum SectionTab: String, Codable, Sendable, CaseIterable { case details }

private final class SectionV1: LinkActivity<SectionV1.Link> {
    struct Link: DispatchLink { var section: Section }

    override class var patterns: [RoutePattern] { ["/help/:section<details|reviews>"] }
    override func execute(with link: Link) throws {}
}

/// The section an enum of one case, the pattern unchanged.
private final class SectionV2: LinkActivity<SectionV2.Link> {
    struct Link: DispatchLink { var section: SectionTab }

    override class var patterns: [RoutePattern] { ["/help/:section<details|reviews>"] }
    override func execute(with link: Link) throws {}
}

// MARK: - The checks

@MainActor
@Suite struct RouteManifestLinkChangesTests {
    /// The last release's manifest: `old`'s routes, renamed to `new`, read back from JSON.
    private func lastRelease(
        of old: DispatchActivity.Type, as new: DispatchActivity.Type, version: Int = 3,
        edit: (inout RouteManifest.Route) -> Void = { _ in }
    ) throws -> RouteManifest {
        let center = DispatchCenter()
        center.register(old)
        var manifest = RouteManifestChangesTests.renaming(
            RouteManifest.name(of: old), to: RouteManifest.name(of: new), in: center.routeManifest())
        manifest.schemaVersion = version
        if version < 3 {
            for index in manifest.routes.indices {
                for parameter in manifest.routes[index].parameters.indices {
                    manifest.routes[index].parameters[parameter].isOptionalInLink = nil
                    manifest.routes[index].parameters[parameter].cases = nil
                }
                manifest.routes[index].query = manifest.routes[index].query?.map {
                    RouteManifest.QueryKey(name: $0.name, swiftType: $0.swiftType, isOptional: $0.isOptional)
                }
                manifest.routes[index].wildcardKey = nil
            }
        }
        for index in manifest.routes.indices { edit(&manifest.routes[index]) }
        return try RouteManifest(json: manifest.json())
    }

    /// The changes from the release of `old` to the release of `new`, which the center and the
    /// manifests must agree on (unless `agreeing` is false).
    private func compare(
        from old: DispatchActivity.Type, to new: DispatchActivity.Type, version: Int = 3,
        agreeing: Bool = true,
        edit: (inout RouteManifest.Route) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (center: [RouteChange], manifests: [RouteChange]) {
        let last = try lastRelease(of: old, as: new, version: version, edit: edit)
        let center = DispatchCenter()
        center.register(new)
        let changes = (center.routeChanges(since: last), center.routeManifest().changes(since: last))
        if agreeing {
            #expect(
                changes.0 == changes.1, "the center and the manifests disagree",
                sourceLocation: sourceLocation)
        }
        return changes
    }

    private func name(_ activity: DispatchActivity.Type) -> String { RouteManifest.name(of: activity) }

    // MARK: - The key facts

    /// The manifest records, per key, what the link accepts: its type with its width, whether it is
    /// required, where it is read, an enum's raw values.
    @Test func theManifestRecordsWhatEachKeyAccepts() throws {
        let center = DispatchCenter()
        center.register([ProductV2.self, TabsV1.self, OrdersV1.self])
        let manifest = center.routeManifest()
        let product = try #require(manifest.routes.first { $0.pattern == "/product/:id<int>" })
        #expect(product.parameters.first?.swiftType == "Int16")
        #expect(product.parameters.first?.isOptionalInLink == false)
        #expect(
            product.query == [
                RouteManifest.QueryKey(
                    name: "tab", swiftType: "LinkTestTab", isOptional: true,
                    cases: ["details", "reviews", "photos"]),
                RouteManifest.QueryKey(name: "campaign", swiftType: "String", isOptional: false),
            ])
        let tabs = try #require(manifest.routes.first { $0.pattern == "/tabs/:id<int>(/:section)" })
        #expect(tabs.parameters.last?.cases == ["photos", "details", "reviews"])
        let orders = try #require(manifest.routes.first { $0.pattern == "/orders(/:id<int>)" })
        #expect(orders.parameters.first?.isOptionalInLink == true)
        let text = manifest.jsonString()
        #expect(text.contains(#""isOptionalInLink": false"#) && text.contains(#""cases": ["#))
        #expect(try RouteManifest(json: manifest.json()) == manifest)
    }

    // MARK: - Narrowed and required

    /// Pins the blind spot of typed links: an `Int` id narrowed to `Int16` and a new required
    /// campaign were no change at all, while `/product/40000` failed as out of range and the
    /// manifest's own `/product/42` as missing its campaign.
    @Test func aNarrowedIntegerAndANewRequiredKeyBreakLinks() throws {
        let (changes, _) = try compare(from: ProductV1.self, to: ProductV2.self)
        let activity = name(ProductV2.self)
        let id = RouteChange.LinkKey(name: "id", swiftType: "Int", isOptional: false, place: .path)
        let narrowId = RouteChange.LinkKey(name: "id", swiftType: "Int16", isOptional: false, place: .path)
        let campaign = RouteChange.LinkKey(
            name: "campaign", swiftType: "String", isOptional: false, place: .query)
        #expect(
            changes == [
                .keyNarrowed(
                    RouteChange.KeyNarrowing(
                        pattern: "/product/:id<int>", activity: activity, key: id, newKey: narrowId,
                        examples: ["/product/40000"])),
                .keyRequired(
                    RouteChange.KeyRequirement(
                        pattern: "/product/:id<int>", activity: activity, key: nil, newKey: campaign,
                        examples: ["/product/42"])),
            ])
        #expect(changes.allSatisfy { $0.isBreaking })
        #expect(
            changes.map(\.description) == [
                "The key id of /product/:id<int> (\(activity)) accepted an Int and accepts only an Int16: "
                    + "/product/40000 no longer decodes.",
                "The link of /product/:id<int> (\(activity)) requires a new key campaign, a String from the "
                    + "query: /product/42 lacks it and no longer decodes.",
            ])
        // What the report says, the center does.
        let center = DispatchCenter()
        center.register(ProductV2.self)
        for link in ["/product/40000", "/product/42"] {
            guard case .invalidLink? = center.dispatch(link).failure else {
                Issue.record("\(link) did not fail to decode")
                continue
            }
        }
    }

    /// An enum that lost a case is narrowed: the last release's link of that case (its first, so
    /// its examples use it) is refused, and a link is built with it where the examples do not use it
    /// (in the query, and in the query for the path's optional group left out). The case it gained
    /// is not reported apart.
    @Test func anEnumThatLostACaseIsNarrowed() throws {
        let (changes, _) = try compare(from: TabsV1.self, to: TabsV2.self)
        #expect(
            changes.map(\.description) == [
                "The key section of /tabs/:id<int>(/:section) (\(name(TabsV2.self))) accepted a TabsBefore "
                    + "(photos, details or reviews) and accepts only a TabsAfter (details, reviews or videos): "
                    + "/tabs/42/photos and /tabs/42?section=photos no longer decode.",
                "The key tab of /tabs/:id<int>(/:section) (\(name(TabsV2.self))) accepted a TabsBefore "
                    + "(photos, details or reviews) and accepts only a TabsAfter (details, reviews or videos): "
                    + "/tabs/42/photos?tab=photos and /tabs/42?tab=photos no longer decode.",
            ])
        #expect(changes.allSatisfy { $0.kindName == "keyNarrowed" })
    }

    /// An optional key that became required breaks the links that leave it out; a parameter of an
    /// optional group too, for the link without the group. A key renamed to a required one breaks
    /// every link; a `String` that became an `Int` is narrowed.
    @Test func keysThatBecameRequiredBreakTheLinksThatLackThem() throws {
        let (changes, _) = try compare(from: OrdersV1.self, to: OrdersV2.self)
        let activity = name(OrdersV2.self)
        #expect(
            changes.map(\.description) == [
                "The key code of /orders(/:id<int>) (\(activity)) accepted a String and accepts only an Int: "
                    + "/orders/42?code=example and /orders?code=example no longer decode.",
                "The link of /orders(/:id<int>) (\(activity)) requires id, an Int from the path, which was "
                    + "optional: /orders?code=example lacks it and no longer decodes.",
                "The link of /orders(/:id<int>) (\(activity)) requires source, a String from the query, in "
                    + "place of ref: /orders/42?code=example and /orders?code=example lack it and no longer "
                    + "decode.",
            ])
        #expect(changes.allSatisfy { $0.isBreaking })
    }

    /// The links are decoded as a dispatch decodes them, but nothing runs: no activity is
    /// created, no interceptor asked, no observer told.
    @Test func theLinksAreDecodedWithoutCreatingAnActivity() throws {
        let last = try lastRelease(of: ProductV1.self, as: CountedProduct.self)
        let center = DispatchCenter()
        center.register(CountedProduct.self)
        let watcher = LinkCheckWatcher()
        center.addInterceptor(watcher)
        center.addObserver(watcher)
        let created = CountedProduct.created
        #expect(center.routeChanges(since: last).map(\.kindName) == ["keyNarrowed", "keyRequired"])
        #expect(CountedProduct.created == created)
        #expect(watcher.calls == 0)
    }

    // MARK: - Both checks, every built-in type

    /// The kinds of change from a release whose key is an `Old` to one whose key is a `New`, in
    /// the path and in the query, each checked by the center and by the manifests alike.
    private func kinds<Old: Codable & Sendable, New: Codable & Sendable>(
        _: Old.Type, _: New.Type, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let (center, manifests) = try compare(
            from: ValueActivity<Old>.self, to: ValueActivity<New>.self, agreeing: false)
        #expect(
            center == manifests, "\(Old.self) to \(New.self): the center and the manifests disagree",
            sourceLocation: sourceLocation)
        return center.map(\.kindName)
    }

    /// A comparison of two manifests gives the center's answer for every type of the decoding
    /// table: what each type accepts is decided by the same decoding rules, with the link built
    /// to show a narrowing refused by both.
    @Test func theCenterAndTheManifestsAgreeOnTheBuiltInTypes() throws {
        let narrowed = ["keyNarrowed", "keyNarrowed"]
        let widened = ["keyWidened", "keyWidened"]
        #expect(try kinds(Int.self, Int16.self) == narrowed)
        #expect(try kinds(Int16.self, Int.self) == widened)
        #expect(try kinds(Int8.self, UInt8.self) == narrowed)
        #expect(try kinds(UInt64.self, Int64.self) == narrowed)
        #expect(try kinds(UInt32.self, Int64.self) == widened)
        #expect(try kinds(Int.self, Int64.self) == [])
        #expect(try kinds(String.self, Int.self) == narrowed)
        #expect(try kinds(Int.self, String.self) == widened)
        #expect(try kinds(String.self, UUID.self) == narrowed)
        #expect(try kinds(UUID.self, String.self) == widened)
        #expect(try kinds(Double.self, Float.self) == narrowed)
        #expect(try kinds(Float.self, Double.self) == widened)
        #expect(try kinds(Int.self, Double.self) == widened)
        #expect(try kinds(Double.self, Int.self) == narrowed)
        #expect(try kinds(Bool.self, Int.self) == narrowed)
        #expect(try kinds(Int.self, Bool.self) == narrowed)
        #expect(try kinds(LinkTestTab.self, String.self) == widened)
        #expect(try kinds(String.self, LinkTestTab.self) == narrowed)
        #expect(try kinds(LinkTestPriority.self, Int.self) == widened)
        #expect(try kinds(Int.self, LinkTestPriority.self) == narrowed)
        #expect(try kinds([Int].self, [Int8].self) == ["keyNarrowed", "keyNarrowed"])
    }

    /// A narrowing is shown with the last release's example when the new type refuses it, else
    /// with the example given a value the old type took: the likeliest of its kind, here in the
    /// query, where the example leaves the optional key out.
    @Test func aNarrowingIsShownWithAValueTheOldTypeTook() throws {
        let (changes, _) = try compare(from: ValueActivity<Bool>.self, to: ValueActivity<Int>.self)
        // Sorted by description: extra, then value.
        #expect(changes.map(\.examples) == [["/value/true?extra=true"], ["/value/true"]])
        let (uuids, _) = try compare(from: ValueActivity<String>.self, to: ValueActivity<UUID>.self)
        #expect(uuids.map(\.examples) == [["/value/sample?extra=example"], ["/value/sample"]])
        let (widths, _) = try compare(from: ValueActivity<UInt16>.self, to: ValueActivity<Int8>.self)
        #expect(widths.map(\.examples) == [["/value/42?extra=200"], ["/value/200"]])
    }

    // MARK: - The rest of the path

    /// Pins the rest of the path, which the link reads under `wildcard` and the manifest did not
    /// record: with `/files/*`, `[String]` becoming `[Int]` was a refused link for the center and
    /// no change at all for a comparison of two manifests (`dispatch-manifest diff` said "no
    /// change" and exited 0). Both now report the key, narrowed, with the same link.
    @Test func theRestOfThePathIsComparedAsAKey() throws {
        let (changes, _) = try compare(from: FilesV1.self, to: FilesV2.self)
        let activity = name(FilesV2.self)
        let names = RouteChange.LinkKey(
            name: "wildcard", swiftType: "Array<String>", isOptional: false, place: .wildcard)
        let numbers = RouteChange.LinkKey(
            name: "wildcard", swiftType: "Array<Int>", isOptional: false, place: .wildcard)
        #expect(
            changes == [
                .keyNarrowed(
                    RouteChange.KeyNarrowing(
                        pattern: "/files/*", activity: activity, key: names, newKey: numbers,
                        examples: ["/files/example"]))
            ])
        #expect(
            changes.map(\.description) == [
                "The key wildcard of /files/* (\(activity)) accepted an Array<String> and accepts only an "
                    + "Array<Int>: /files/example no longer decodes."
            ])
        #expect(names.description == "wildcard, an Array<String> from the rest of the path")
        // And back: wider, breaking nothing.
        let (back, _) = try compare(from: FilesV2.self, to: FilesV1.self)
        #expect(back.map(\.kindName) == ["keyWidened"])
    }

    /// A single value reads the segments joined with `/`, as the decoder does: a number refuses a
    /// name, and a URL whose `*` matched nothing (`""`) — found by the manifests as by the center,
    /// here with a link built by the check.
    @Test func theRestOfThePathReadAsOneValueIsComparedToo() throws {
        let (changes, _) = try compare(from: FilesJoined.self, to: FilesNumber.self)
        #expect(changes.map(\.kindName) == ["keyNarrowed"])
        #expect(changes.first?.examples == ["/files/example"])
        // Each URL is decoded alike by the center and by a manifest.
        let center = DispatchCenter()
        center.register(FilesNumber.self)
        let lookup = ManifestLookup(center.routeManifest())
        for text in ["/files", "/files/7", "/files/7/8", "/files/x"] {
            let url = try DispatchURL(string: text)
            let claim = try #require(center.snapshot.firstClaim(for: url))
            let byCenter = claim.linkRefusals(decoding: url, in: center.snapshot).map {
                "\($0.key) \($0.reason)"
            }
            let byManifest = lookup.arrival(for: url).refusals.map { "\($0.key) \($0.reason)" }
            #expect(byCenter == byManifest, "\(text)")
            #expect(byCenter.isEmpty == (text == "/files/7"), "\(text)")
        }
    }

    /// The rest of the path read as a list, then as one value: a link of two segments, which the
    /// list took, no longer decodes as one number; and back, wider.
    @Test func theRestOfThePathReadAsAListThenAsOneValueIsNarrowed() throws {
        let (changes, _) = try compare(from: FilesV2.self, to: FilesNumber.self)
        #expect(
            changes.map(\.description) == [
                "The key wildcard of /files/* (\(name(FilesNumber.self))) accepted an Array<Int> and accepts "
                    + "only an Int: /files/42/42 no longer decodes."
            ])
        let (back, _) = try compare(from: FilesNumber.self, to: FilesV2.self)
        #expect(back.map(\.kindName) == ["keyWidened"])
        // A list of texts and one text accept the same rests of path.
        let (texts, _) = try compare(from: FilesV1.self, to: FilesJoined.self)
        #expect(texts == [])
    }

    // MARK: - Enums whose cases are found

    /// The kinds and links of change when the README's `ProductTab` loses `reviews`, as the center
    /// finds them; the manifests' changes are returned (the same, if `agreeing`).
    @discardableResult
    private func tabLosingReviews<Before: Codable & Sendable, After: Codable & Sendable>(
        _: Before.Type, _: After.Type, agreeing: Bool = true,
        edit: (inout RouteManifest.Route) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [RouteChange] {
        let (changes, manifests) = try compare(
            from: TabbedProduct<Before>.self, to: TabbedProduct<After>.self, agreeing: agreeing, edit: edit,
            sourceLocation: sourceLocation)
        #expect(changes.map(\.kindName) == ["keyNarrowed"], sourceLocation: sourceLocation)
        #expect(changes.map(\.examples) == [["/product/42?tab=reviews"]], sourceLocation: sourceLocation)
        #expect(changes.allSatisfy { $0.isBreaking }, sourceLocation: sourceLocation)
        let center = DispatchCenter()
        center.register(TabbedProduct<After>.self)
        var refused = false
        if case .invalidLink? = center.dispatch("/product/42?tab=reviews").failure { refused = true }
        #expect(refused, "/product/42?tab=reviews decodes", sourceLocation: sourceLocation)
        return manifests
    }

    /// An enum that loses a case is narrowed, shown with a link of that case (the examples leave
    /// the optional tab out): with `CaseIterable` enums, whose cases the manifest records.
    @Test func aTabThatLostACaseIsNarrowed() throws {
        try tabLosingReviews(IterableRelease.ProductTab.self, IterableNextRelease.ProductTab.self)
    }

    /// The same with the README's own enum, which is not `CaseIterable`. The last release
    /// recorded its two cases, but an enum left with one case cannot be listed, so the new
    /// manifest records none: the center decodes each recorded case with the new link type and
    /// finds `reviews` refused.
    ///
    /// Pins the README's tab that lost `reviews` reported as a retyped key that broke nothing.
    @Test func theReadmesTabThatLostACaseIsNarrowed() throws {
        let manifests = try tabLosingReviews(
            ReadmeRelease.ProductTab.self, ReadmeNextRelease.ProductTab.self, agreeing: false)
        // Without the app's types, the manifests cannot tell: a change of type, breaking nothing
        // they can show.
        #expect(manifests.map(\.kindName) == ["keyRetyped"])
        #expect(!manifests.contains { $0.isBreaking })
    }

    /// The same enum under the same name, as in an app: the manifests, which cannot list the
    /// cases of an enum of one, report a change of type that names the cases that may fail.
    ///
    /// Pins an enum of the same name left with one case, which the manifests took for the same
    /// type and did not report at all.
    @Test func anEnumOfTheSameNameLeftWithOneCaseIsReportedByTheManifests() throws {
        let tab = RouteManifest.QueryKey(
            name: "tab", swiftType: linkTypeName(ReadmeNextRelease.ProductTab.self), isOptional: true,
            cases: ["details", "reviews"])
        let manifests = try tabLosingReviews(
            ReadmeRelease.ProductTab.self, ReadmeNextRelease.ProductTab.self, agreeing: false
        ) { route in
            route.query = route.query?.map { $0.name == "tab" ? tab : $0 }
        }
        let activity = name(TabbedProduct<ReadmeNextRelease.ProductTab>.self)
        let type = linkTypeName(ReadmeNextRelease.ProductTab.self)
        #expect(
            manifests.map(\.description) == [
                "The key tab of /product/:id<int> (\(activity)) went from a \(type) (details or reviews) to "
                    + "a \(type) whose cases are not recorded, which cannot be compared: the links of the "
                    + "earlier release still decode, but a link with details or reviews may not."
            ])
        #expect(!manifests.contains { $0.isBreaking })
    }

    /// A recorded enum become a type whose cases cannot be listed but that decodes each of them
    /// narrows nothing: the same enum of one case without `CaseIterable` is no change, and a type
    /// that takes any text is wider. The manifests cannot tell either.
    @Test func aTypeThatDecodesEveryRecordedCaseIsNotNarrowed() throws {
        let (same, sameByManifests) = try compare(
            from: TabbedProduct<OneTab>.self, to: TabbedProduct<ReadmeNextRelease.ProductTab>.self,
            agreeing: false)
        #expect(same == [])
        #expect(sameByManifests.map(\.kindName) == ["keyRetyped"])
        let (wider, widerByManifests) = try compare(
            from: TabbedProduct<ReadmeRelease.ProductTab>.self, to: TabbedProduct<Section>.self,
            agreeing: false)
        #expect(wider.map(\.kindName) == ["keyWidened"])
        #expect(!wider.contains { $0.isBreaking })
        #expect(widerByManifests.map(\.kindName) == ["keyRetyped"])
    }

    /// The center decodes a key with the link type of the class of the route's name; when two
    /// classes share that name (private classes in two places), it cannot tell which, and does
    /// not guess.
    @Test func aNameTwoClassesShareHasNoDecoder() throws {
        let (first, second) = (sameNamedActivity(), otherSameNamedActivity())
        #expect(name(first) == name(second))
        #expect(DispatchCenter.linkDecoder(of: [first])(name(first), "tab")?("details") == true)
        #expect(DispatchCenter.linkDecoder(of: [first])(name(first), "page") == nil)
        #expect(DispatchCenter.linkDecoder(of: [first, second])(name(first), "tab") == nil)
    }

    /// A `<a|b>` parameter of a type whose texts the manifest does not know is compared by the
    /// values the pattern lists: the section that became an enum without `reviews` refuses a link
    /// the pattern admits and the last release opened.
    @Test func aTypeOfTheAppIsComparedByItsListedValues() throws {
        let (changes, _) = try compare(from: SectionV1.self, to: SectionV2.self)
        #expect(changes.map(\.kindName) == ["keyNarrowed"])
        #expect(changes.map(\.examples) == [["/help/reviews"]])
        #expect(
            changes.first?.description
                == "The key section of /help/:section<details|reviews> (\(name(SectionV2.self))) accepted a "
                + "Section and accepts only a SectionTab (details): /help/reviews no longer decodes.")
    }

    // MARK: - One verdict per key

    /// Pins a key reported as narrowed and widened at once: an `Int` id made an optional `Int16`
    /// was both "accepts only an Int16" and "accepted an Int and accepts an Int16, and was required
    /// and is optional now". It is narrowed, and only that; a page made optional whose type is
    /// written another way (`Int64`) is only made optional.
    @Test func aKeyIsNarrowedOrWidenedNeverBoth() throws {
        let (changes, _) = try compare(from: ListV1.self, to: ListV2.self)
        let activity = name(ListV2.self)
        #expect(
            changes.map(\.description) == [
                "The key id of /list/:id<int> (\(activity)) accepted an Int and accepts only an Int16: "
                    + "/list/40000?page=42 no longer decodes.",
                "The key page of /list/:id<int> (\(activity)) was required and is optional now: "
                    + "/list/42?page=42 still opens it.",
            ])
    }

    /// A manifest made in code may name a key twice (a document read from JSON may not): each key
    /// is taken where the decoder reads it, the path before the query and the first query item,
    /// and gets one verdict.
    @Test func aKeyNamedTwiceInCodeIsComparedOnce() throws {
        let old = DispatchCenter()
        old.register(ListV1.self)
        var last = RouteManifestChangesTests.renaming(
            name(ListV1.self), to: name(ListV2.self), in: old.routeManifest())
        last.routes[0].query = [
            RouteManifest.QueryKey(name: "id", swiftType: "String", isOptional: false),
            RouteManifest.QueryKey(name: "page", swiftType: "Int", isOptional: false),
            RouteManifest.QueryKey(name: "page", swiftType: "Int8", isOptional: false),
        ]
        let center = DispatchCenter()
        center.register(ListV2.self)
        let changes = center.routeChanges(since: last)
        #expect(changes == center.routeManifest().changes(since: last))
        #expect(changes.map(\.kindName) == ["keyNarrowed", "keyWidened"])
        #expect(changes.map(\.description).last?.contains("accepted an Int and") == false)
        #expect(throws: RouteManifestError.self) { try RouteManifest(json: last.json()) }
    }

    // MARK: - Not breaking

    /// Wider types, a required key that became optional and a new optional key: every link still
    /// decodes, and each change is reported, not breaking.
    @Test func widenedKeysAreReportedAndBreakNothing() throws {
        let (changes, _) = try compare(from: ProductNarrow.self, to: ProductWide.self)
        let activity = name(ProductWide.self)
        #expect(
            changes.map(\.description) == [
                "The key id of /product/:id<int> (\(activity)) accepted an Int16 and accepts an Int: "
                    + "/product/42?ref=example still opens it.",
                "The key ref of /product/:id<int> (\(activity)) was required and is optional now: "
                    + "/product/42?ref=example still opens it.",
                "The link of /product/:id<int> (\(activity)) reads a new optional key coupon, a String from "
                    + "the query: /product/42?ref=example still opens it.",
            ])
        #expect(!changes.contains { $0.isBreaking })
        // And back: each widening is a narrowing or a requirement.
        let (back, _) = try compare(from: ProductWide.self, to: ProductNarrow.self)
        #expect(back.map(\.kindName) == ["keyNarrowed", "keyRequired", "keyRemoved"])
        #expect(back.filter(\.isBreaking).count == 2)
    }

    /// A removed key, and a key renamed to an optional one, break nothing: a link that carries the
    /// old key still opens the page, and its value is ignored.
    @Test func removedAndRenamedOptionalKeysBreakNothing() throws {
        let (changes, _) = try compare(from: OrdersV1.self, to: OrdersV3.self)
        let activity = name(OrdersV3.self)
        #expect(
            changes.map(\.description) == [
                "The link of /orders(/:id<int>) (\(activity)) no longer reads code, a String from the query: "
                    + "/orders/42?code=example and /orders?code=example still open it, and a value of code is "
                    + "ignored.",
                "The link of /orders(/:id<int>) (\(activity)) no longer reads ref, a String from the query, and "
                    + "reads source in its place: /orders/42?code=example and /orders?code=example still open "
                    + "it, and a value of ref is ignored.",
            ])
        #expect(!changes.contains { $0.isBreaking })
    }

    /// A parameter renamed with its key: the new key is required, but every link carries it in
    /// the path, so the rename breaks nothing.
    @Test func aRenamedPathParameterBreaksNothing() throws {
        let (changes, _) = try compare(from: ItemV1.self, to: ItemV2.self)
        #expect(
            changes.map(\.description) == [
                "The link of /item/:id<int> (\(name(ItemV2.self))) no longer reads id, an Int from the path, "
                    + "and reads number in its place: /item/42 still opens it, and a value of id is ignored."
            ])
        #expect(!changes.contains { $0.isBreaking })
    }

    /// A key read from the host is narrowed with a link of another host.
    @Test func aHostKeyIsNarrowedWithALinkOfAnotherHost() throws {
        let (changes, _) = try compare(from: TenantV1.self, to: TenantV2.self)
        #expect(changes.map(\.examples) == [["//shop.example.com/home"]])
        #expect(
            changes.first?.description
                == "The key tenant of //:tenant/home (\(name(TenantV2.self))) accepted a TenantsBefore "
                + "(example.com or shop.example.com) and accepts only a TenantsAfter (example.com): "
                + "//shop.example.com/home no longer decodes.")
    }

    // MARK: - What only the center knows

    /// Types of the app cannot be compared from manifests: the change of type is reported, and it
    /// breaks exactly when a link of the last release no longer decodes — which only the center,
    /// with the app's types, can tell.
    @Test func aTypeOfTheAppReplacedByAnotherBreaksWhenALinkNoLongerDecodes() throws {
        let (center, manifests) = try compare(from: CouponV1.self, to: CouponV2.self, agreeing: false)
        let activity = name(CouponV2.self)
        #expect(
            center.map(\.description) == [
                "The key code of /coupon/:code (\(activity)) went from a LinkTestSKU to a LinkTestVersion, "
                    + "which cannot be compared: /coupon/sample no longer decodes."
            ])
        #expect(center.allSatisfy { $0.isBreaking })
        #expect(
            manifests.map(\.description) == [
                "The key code of /coupon/:code (\(activity)) went from a LinkTestSKU to a LinkTestVersion, "
                    + "which cannot be compared: the links of the earlier release still decode, but other "
                    + "values may not."
            ])
        #expect(!manifests.contains { $0.isBreaking })
    }

    // MARK: - Earlier schema versions

    /// A version 2 manifest records no raw values: an enum of the same name is no key change.
    /// But the last release's link of the lost case is decoded by this build, and refused.
    @Test func aLinkOfAVersionTwoManifestThatNoLongerDecodesIsRefused() throws {
        // The last release's enum had the name this build's has.
        let (changes, _) = try compare(from: TabsV1.self, to: TabsV2.self, version: 2) { route in
            for index in route.parameters.indices where route.parameters[index].swiftType == "TabsBefore" {
                route.parameters[index].swiftType = "TabsAfter"
            }
            route.query = route.query?.map {
                RouteManifest.QueryKey(name: $0.name, swiftType: "TabsAfter", isOptional: $0.isOptional)
            }
        }
        #expect(
            changes.map(\.description) == [
                "/tabs/42/photos, which reached \(name(TabsV2.self)) through /tabs/:id<int>(/:section), still "
                    + "reaches it but no longer decodes: section \"photos\" is not a TabsAfter."
            ])
        #expect(changes.allSatisfy { $0.isBreaking })
        // Types of other names are not compared without raw values: a change of type.
        let (renamed, _) = try compare(from: TabsV1.self, to: TabsV2.self, version: 2)
        #expect(renamed.map(\.kindName) == ["keyRetyped", "keyRetyped"])
        #expect(renamed.filter { $0.isBreaking }.map(\.examples) == [["/tabs/42/photos"]])
        let (same, _) = try compare(from: ProductV1.self, to: ProductV1.self, version: 2)
        #expect(same == [])
    }
}

/// The center's decoding of a link for the check: every key that fails, not only the first.
@MainActor
@Suite struct LinkReplayTests {
    @Test func everyKeyThatFailsIsFound() throws {
        let center = DispatchCenter()
        center.register(ProductV2.self)
        let url = try DispatchURL(string: "/product/40000?tab=videos")
        let claim = try #require(center.snapshot.firstClaim(for: url))
        let refusals = claim.linkRefusals(decoding: url, in: center.snapshot)
        #expect(refusals.map(\.key) == ["id", "tab", "campaign"])
        #expect(refusals.map(\.reason) == [.outOfRange, .malformed, .missing])
        let good = try DispatchURL(string: "/product/42?campaign=x")
        #expect(
            try #require(center.snapshot.firstClaim(for: good)).linkRefusals(
                decoding: good, in: center.snapshot
            ).isEmpty)
    }

    /// A link type that refuses the link as a whole, or a key no text satisfies: the errors found
    /// until then, each once.
    @Test func aRefusalThatNoValueHelpsEndsTheSearch() throws {
        let center = DispatchCenter()
        center.register([RefusingActivity.self, NeverActivity.self])
        let closed = try DispatchURL(string: "/closed")
        let refused = try #require(center.snapshot.firstClaim(for: closed)).linkRefusals(
            decoding: closed, in: center.snapshot)
        #expect(refused.count == 1 && refused.first?.key == "")
        let never = try DispatchURL(string: "/never/x")
        let keys = try #require(center.snapshot.firstClaim(for: never)).linkRefusals(
            decoding: never, in: center.snapshot)
        #expect(keys.map(\.key) == ["value"])
    }
}
