// The route manifest article's "Compatibility between releases", run: each `// article:` region
// below is one of its Swift blocks, character for character (ArticleRegionsTests), and the tests
// run that code against the manifests the article shows — the compatibility test an app copies,
// against the last release of its module committed as Tests/Manifests/shop-last-release.json, and
// the typed change the article shows caught, against Tests/Manifests/typed-product-last-release.json.
// The article's classes are declared in namespaces, because other examples of this target declare
// a ProductActivity too; the names the article prints are those of an app module named Shop.
import DispatchKit
import DispatchKitManifest
import Foundation
import Testing

/// The app of the compatibility test, as the article declares it.
enum ShopApp {
    // article: TheRouteManifest.md, the app's module
    final class ProductActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
        override class var exposure: DispatchExposure { .external }
    }

    enum ShopModule: DispatchModule {
        static let activities: [DispatchActivity.Type] = [ProductActivity.self]
    }
    // article: end
}

/// The test's name for the app's module, as the article writes it.
private typealias ShopModule = ShopApp.ShopModule

// article: TheRouteManifest.md, the compatibility test
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
// article: end

/// The release the article's typed change makes, as the article declares it.
enum NextRelease {
    // article: TheRouteManifest.md, the typed change
    final class ProductActivity: LinkActivity<ProductActivity.Link> {
        struct Link: DispatchLink {
            var id: Int16  // an Int in the last release
            var campaign: String  // new, and required
        }

        override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
        override class var exposure: DispatchExposure { .external }
        override func execute(with link: Link) throws { print("push ProductPage(id: \(link.id))") }
    }
    // article: end
}

// article: TheRouteManifest.md, the typed check
@MainActor func typedChanges(in center: DispatchCenter, since lastRelease: RouteManifest) -> [String] {
    center.routeChanges(since: lastRelease).filter(\.isBreaking).map(\.description)
}
// article: end

/// The examples' files and what the article says of them.
private enum Article {
    static let manifests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Manifests")

    static func lastRelease(_ file: String) throws -> RouteManifest {
        try RouteManifest(json: Data(contentsOf: manifests.appendingPathComponent(file)))
    }

    /// `text` with the names of the examples' namespaces as an app module named Shop has them:
    /// `Shop.ProductActivity` for `DocumentationExamples.NextRelease.ProductActivity`, and
    /// `ProductActivity.Link` for `NextRelease.ProductActivity.Link`.
    static func inShop(_ text: String) -> String {
        let namespace = String(reflecting: NextRelease.self)
        let module = namespace.prefix { $0 != "." }
        return text.replacingOccurrences(of: namespace + ".", with: "Shop.")
            .replacingOccurrences(of: namespace.dropFirst(module.count + 1) + ".", with: "")
    }

    /// The blocks of "Typed links between releases" in `language`.
    static func typedSection(_ language: String) throws -> [ArticleRegionsTests.Block] {
        try ArticleRegionsTests.blocks(of: "TheRouteManifest.md", in: "Typed links between releases")
            .filter { $0.language == language }
    }
}

/// The same test fails when a link of the last release breaks, and says which.
@MainActor
@Test func theCompatibilityTestFailsOnABreakingChange() throws {
    let lastRelease = try Article.lastRelease("shop-last-release.json")
    let center = DispatchCenter()
    center.register(ShopModule.self)
    center.unregister(ShopApp.ProductActivity.self)
    #expect(
        center.routeChanges(since: lastRelease).filter(\.isBreaking).map(\.description) == [
            "The route /product/:id<int> of \(String(reflecting: ShopApp.ProductActivity.self)) is gone: "
                + "/product/42 now reaches nothing."
        ])
    // A route added since breaks nothing.
    center.register(ShopApp.ProductActivity.self)
    center.register(CartActivity.self)
    let changes = center.routeChanges(since: lastRelease)
    #expect(changes.map(\.pattern) == ["/cart"] && !changes.contains { $0.isBreaking })
}

/// Added since the last release.
private final class CartActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/cart"] }
}

/// The article's typed change, caught as it says: its function returns the two sentences it
/// shows, for the last release it shows; the manifests alone say the same; and the center refuses
/// both links with the messages it quotes.
@MainActor
@Test func theTypedChangeIsCaughtAsTheArticleSays() throws {
    let lastRelease = try Article.lastRelease("typed-product-last-release.json")
    let center = DispatchCenter()
    center.register(NextRelease.ProductActivity.self)
    let printed = typedChanges(in: center, since: lastRelease)
    let shown = try #require(Article.typedSection("text").first, "the article shows no sentences")
    #expect(printed.map(Article.inShop) == shown.text.split(separator: "\n").map(String.init))
    #expect(
        center.routeManifest().changes(since: lastRelease).filter(\.isBreaking).map(\.description) == printed)

    let refusals = ["/product/40000", "/product/42"].map {
        center.dispatch($0).failure?.description ?? "decodes"
    }
    #expect(
        refusals == [
            #"ProductActivity's link: id "40000" is out of range for Int16"#,
            "ProductActivity's link: campaign is missing (a String is required)",
        ])
    let prose = try String(
        contentsOf: ArticleRegionsTests.root.appendingPathComponent(
            "Sources/DispatchKitManifest/DispatchKitManifest.docc/TheRouteManifest.md"), encoding: .utf8)
    for refusal in refusals {
        #expect(prose.contains("`\(refusal)`"), "the article does not quote \(refusal)")
    }
}

/// The last release's route the article shows is the committed one, field for field (the article
/// leaves fields out, and names the link as an app module named Shop does).
@Test func theArticleShowsTheCommittedLastRelease() throws {
    let shown = try #require(Article.typedSection("json").first, "the article shows no last release")
    let article = try #require(
        JSONSerialization.jsonObject(with: Data(shown.text.utf8)) as? [String: Any])
    let file = Article.manifests.appendingPathComponent("typed-product-last-release.json")
    let document = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    let route = try #require((document["routes"] as? [[String: Any]])?.first)
    for (field, value) in article {
        var committed = try #require(route[field], "the committed route has no \(field)")
        if let name = committed as? String { committed = Article.inShop(name) }
        #expect(NSDictionary(dictionary: [field: value]).isEqual(to: [field: committed]), "\(field)")
    }
}
