import DispatchKit
import DispatchKitUI

/// `…/orders` and `…/orders/<id>`: the Orders tab, or one order on it. Only for a signed-in user:
/// the ``LoginWall`` holds these links until someone signs in.
public final class OrdersActivity: LinkActivity<OrdersActivity.Link>, RequiresSignIn {
    /// What an orders link says: `/orders` (`id` nil) or `/orders/7`.
    public struct Link: DispatchLink, Equatable {
        /// The order, or `nil` for the list.
        public var id: Int?

        /// A link to order `id`, or to the list.
        public init(id: Int? = nil) { self.id = id }
    }

    public override class var exposure: DispatchExposure { .external }
    public override class var patterns: [RoutePattern] { ["/orders(/:id<int>)"] }

    public override func execute(with link: Link) throws {
        guard let id = link.id else {
            try navigator.selectTab(ShopTab.orders)
            return try navigator.popToRoot()
        }
        try navigator.open(ShopPage.order(id: id), inTab: ShopTab.orders)
    }
}
