import DispatchKit
import DispatchKitUI

/// The product module: the product page, and a flash-sale page that takes over product links
/// carrying `sale=…` while a campaign runs (it outranks the product page by priority). Two classes,
/// not one module link: they share a pattern, and a module link's case is chosen by its pattern.
enum ProductModule: DispatchModule {
    static let activities: [DispatchActivity.Type] = [ProductActivity.self, FlashSaleActivity.self]
}

/// `…/product/<id>?sale=<campaign>`: the campaign's page for that product. Priority 10, so it is
/// asked before ``ProductActivity``, which claims the same links. A typed link, like the product
/// page's, narrowed by a hand-written `isHit`: the pattern finds the product links, `isHit` keeps
/// those of a running sale.
final class FlashSaleActivity: LinkActivity<FlashSaleActivity.Link>, RouteDescribing {
    /// What a flash-sale link says: `/product/7?sale=spring`.
    struct Link: DispatchLink, Equatable {
        var id: Int
        /// Optional in the type although `isHit` requires it: no pattern can promise a query item,
        /// and a link built without a sale is an ordinary product link.
        var sale: String?
    }

    override class var exposure: DispatchExposure { .external }
    static let claims = "/product/:id<int>, when isHit finds a \"sale\" query item"

    override class var priority: Int { 10 }

    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }

    /// The pattern finds the product links; this keeps only those of a running sale.
    override class func isHit(url: DispatchURL) -> Bool {
        super.isHit(url: url) && url.query["sale"] != nil
    }

    /// The page, for a preview and for opening alike.
    func page(_ link: Link) throws -> Page {
        guard link.id > 0 else { throw ProductError.invalidID(link.id) }
        return Page("FlashSalePage", [("id", String(link.id)), ("sale", link.sale ?? "")])
    }

    override func makeDestination() throws -> Any? { try page(link(as: Link.self)) }

    override func execute(with link: Link) throws {
        try navigator.push(page(link))
    }
}
