import DispatchKit

/// The product module: the product page, and a flash-sale page that takes over product links
/// carrying `sale=…` while a campaign runs (it outranks the product page by priority).
enum ProductModule: DispatchModule {
    static let activities: [DispatchActivity.Type] = [ProductActivity.self, FlashSaleActivity.self]
}

/// `…/product/<id>?sale=<campaign>`: the campaign's page for that product. Priority 10, so it is
/// asked before ``ProductActivity``, which claims the same links.
final class FlashSaleActivity: DispatchActivity, RouteDescribing {
    override class var exposure: DispatchExposure { .external }
    static let claims = "/product/:id<int>, when isHit finds a \"sale\" query item"

    override class var priority: Int { 10 }

    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }

    /// The pattern finds the product links; this keeps only those of a running sale.
    override class func isHit(url: DispatchURL) -> Bool {
        super.isHit(url: url) && url.query["sale"] != nil
    }

    /// The page, for a preview and for opening alike.
    func page() throws -> Page {
        let id = try ProductActivity.productID(parameters["id"] ?? "")
        return Page("FlashSalePage", [("id", String(id)), ("sale", query["sale"] ?? "")])
    }

    override func makeDestination() throws -> Any? { try page() }

    override func execute() throws {
        try navigator.push(page())
    }
}
