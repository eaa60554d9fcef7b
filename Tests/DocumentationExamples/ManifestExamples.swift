// The route manifest's examples: the compatibility test an app copies, run against the activities
// below and the manifest of their last release, committed as Tests/Manifests/shop-last-release.json;
// and the typed change the article shows caught, against Tests/Manifests/typed-product-last-release.json.
import DispatchKit
import DispatchKitManifest
import Foundation
import Testing

@MainActor
@Test func everyLinkOfTheLastReleaseStillWorks() throws {
    let center = DispatchCenter()
    center.register(ShopModule.self)  // everything the app registers at launch

    // The last release's manifest, committed with the tests. The first run (no file there), or a
    // run with DISPATCHKIT_RECORD_MANIFEST=1, writes this build's manifest there and fails: commit it.
    let lastRelease = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Manifests/shop-last-release.json")
    let changes = try center.routeChanges(sinceManifestAt: lastRelease)

    let toReview = changes.filter { $0.isBreaking || $0.widensExposure }
    #expect(toReview.isEmpty, "\(toReview.map(\.description).joined(separator: "\n"))")
}

/// The same test fails when a link of the last release breaks, and says which.
@MainActor
@Test func theCompatibilityTestFailsOnABreakingChange() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Manifests/shop-last-release.json")
    let lastRelease = try RouteManifest(json: Data(contentsOf: file))

    let center = DispatchCenter()
    center.register(ShopModule.self)
    center.unregister(ManifestExamples.OrderActivity.self)
    let changes = center.routeChanges(since: lastRelease)
    #expect(
        changes.filter(\.isBreaking).map(\.description) == [
            "The route /orders/:id of DocumentationExamples.ManifestExamples.OrderActivity is gone: "
                + "/orders/sample now reaches nothing."
        ])
    // The release added the cart, which breaks nothing.
    #expect(changes.filter { !$0.isBreaking }.map(\.pattern).contains("/cart"))
}

/// The article's typed change, caught: the last release read the product id as an `Int` and had no
/// campaign; this build reads an `Int16` and requires a campaign. The check names both, with a link
/// that no longer decodes for each, and the center refuses those links.
@MainActor
@Test func theCompatibilityTestCatchesATypedChange() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Manifests/typed-product-last-release.json")
    let lastRelease = try RouteManifest(json: Data(contentsOf: file))

    let center = DispatchCenter()
    center.register(ManifestExamples.TypedProductActivity.self)
    let activity = "DocumentationExamples.ManifestExamples.TypedProductActivity"
    #expect(
        typedChanges(in: center, since: lastRelease) == [
            "The key id of /product/:id<int> (\(activity)) accepted an Int and accepts only an Int16: "
                + "/product/40000 no longer decodes.",
            "The link of /product/:id<int> (\(activity)) requires a new key campaign, a String from the query: "
                + "/product/42 lacks it and no longer decodes.",
        ])
    for link in ["/product/40000", "/product/42"] {
        guard case .invalidLink? = center.dispatch(link).failure else {
            Issue.record("\(link) decodes")
            continue
        }
    }
    // The manifests alone say the same.
    #expect(
        center.routeManifest().changes(since: lastRelease).filter(\.isBreaking).map(\.description)
            == typedChanges(in: center, since: lastRelease))
}

/// The article's function, as it shows it.
@MainActor func typedChanges(in center: DispatchCenter, since lastRelease: RouteManifest) -> [String] {
    center.routeChanges(since: lastRelease).filter(\.isBreaking).map(\.description)
}

/// The compatibility test's activities, as an app's module lists them.
private typealias ShopModule = ManifestExamples.ShopModule

enum ManifestExamples {
    enum ShopModule: DispatchModule {
        static let activities: [DispatchActivity.Type] = [
            ProductActivity.self, OrderActivity.self, CartActivity.self,
        ]
    }

    final class ProductActivity: DispatchActivity {
        override class var patterns: [RoutePattern] {
            ["/product/:id<int>(/reviews)", "https://shop.example.com/p/:id<int>"]
        }
        override class var exposure: DispatchExposure { .external }
    }

    final class OrderActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/orders/:id"] }
    }

    /// Added since the last release.
    final class CartActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/cart"] }
    }

    /// The article's typed product link, as this build declares it.
    final class TypedProductActivity: LinkActivity<TypedProductActivity.Link> {
        struct Link: DispatchLink {
            var id: Int16  // an Int in the last release
            var campaign: String  // new, and required
        }

        override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
        override class var exposure: DispatchExposure { .external }
        override func execute(with link: Link) throws {}
    }
}
