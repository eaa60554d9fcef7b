// The only file of the example's tests that uses the route tools (the manifest and the
// apple-app-site-association generator).
import DispatchKit
import DispatchKitManifest
import ExampleShopRoutes
import Foundation
import Testing

/// The committed `Examples/Shop/apple-app-site-association` is the file the example's routes
/// generate, byte for byte, with the generator `dispatch-manifest aasa` uses.
@MainActor
@Suite struct AppSiteAssociationFileTests {
    private static let fileName = "apple-app-site-association"
    private static let regenerate =
        "DISPATCHKIT_REGENERATE_EXAMPLE=1 swift test --filter ExampleShopTests"

    /// The file the routes generate for the shop's domain and apps.
    private static func generated() throws -> AppSiteAssociation {
        let center = DispatchCenter()
        _ = ShopRouter(center: center)
        return try AppSiteAssociation(
            for: center.routeManifest(), appIDs: ShopLinks.appIDs, domains: [ShopLinks.domain])
    }

    @Test func theCommittedFileIsTheOneTheRoutesGenerate() throws {
        let generated = try Self.generated().jsonString()
        let url = ExampleFiles.url(Self.fileName)
        if ProcessInfo.processInfo.environment["DISPATCHKIT_REGENERATE_EXAMPLE"] == "1" {
            try Data(generated.utf8).write(to: url)
        }
        let committed = try Data(contentsOf: url)
        #expect(
            committed == Data(generated.utf8),
            "Examples/Shop/\(Self.fileName) differs from what the routes generate; regenerate it with: \(Self.regenerate)"
        )
    }

    // A file that claims nothing, or one iOS would not read, would fail silently on a device.
    @Test func theFileOpensLinksAndIsSmallEnoughForIOS() throws {
        let association = try Self.generated()
        #expect(!association.claimsNothing)
        #expect(association.json().count <= AppSiteAssociation.maximumFileSize)
    }

    // The login page is reachable from universal links; the orders too (behind the wall).
    @Test func theFileClaimsTheProductAndOrderPaths() throws {
        let paths = try Self.generated().components.filter { !$0.isExcluded }.map(\.path)
        #expect(paths.contains("/product/?*"))
        #expect(paths.contains("/orders/?*"))
        #expect(paths.contains("/account"))
    }
}
