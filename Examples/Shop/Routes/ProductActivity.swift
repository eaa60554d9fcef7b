import DispatchKit
import DispatchKitUI

/// `…/product/<id>`: pushes the product's page on the Shop tab. A product is public: the app, other
/// apps, universal links and notifications may all open it.
public final class ProductActivity: LinkActivity<ProductActivity.Link> {
    /// What a product link says: `/product/42`.
    public struct Link: DispatchLink, Equatable {
        /// The product.
        public var id: Int

        /// A link to product `id`.
        public init(id: Int) { self.id = id }
    }

    public override class var exposure: DispatchExposure { .external }
    public override class var patterns: [RoutePattern] { ["/product/:id<int>"] }

    public override func execute(with link: Link) throws {
        try navigator.open(ShopPage.product(id: link.id), inTab: ShopTab.home)
    }
}
