// The route manifest's examples: the compatibility test an app copies, run against the activities
// below and the manifest of their last release, committed as Tests/Manifests/shop-last-release.json.
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
}
