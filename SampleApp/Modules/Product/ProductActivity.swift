import DispatchKit
import DispatchKitUI

/// The tabs of the product page; a link picks one with `?tab=reviews`.
enum ProductTab: String, Codable, Sendable {
    case details, reviews
}

/// `…/product/<id>` and the short form `…/p/<id>`: pushes the product page, or builds it for a
/// preview. The URL arrives as a typed ``Link``: the center decodes it before the activity
/// exists, so a link whose id is too large for an `Int` never reaches the page (a typed
/// `invalidLink` failure). The page itself wants a positive id. For a signed-in user the page says
/// whom it is for: the module asks the ``AccountService``, and knows nothing of the account module.
final class ProductActivity: LinkActivity<ProductActivity.Link> {
    /// What a product link says: `/product/42?tab=reviews&from=push`. A `tab` that is not a
    /// ``ProductTab`` fails the link: the page never opens on a tab it does not have.
    struct Link: DispatchLink, Equatable {
        var id: Int
        var tab: ProductTab?
        var from: String?
    }

    override class var exposure: DispatchExposure { .external }
    override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }

    /// The page, for a preview and for opening alike.
    func page(_ link: Link) throws -> Page {
        guard link.id > 0 else { throw ProductError.invalidID(link.id) }
        var fields = [("id", String(link.id))]
        if let tab = link.tab { fields.append(("tab", tab.rawValue)) }
        if let source = link.from { fields.append(("from", source)) }
        if let user = try accountService?.user { fields.append(("for", user)) }
        return Page("ProductPage", fields)
    }

    override func makeDestination() throws -> Any? { try page(link(as: Link.self)) }

    override func execute(with link: Link) throws {
        try navigator.push(page(link))
    }
}

enum ProductError: Error, Equatable, CustomStringConvertible {
    case invalidID(Int)

    var description: String {
        switch self {
        case .invalidID(let id): return "product id \(id) is not positive"
        }
    }
}
