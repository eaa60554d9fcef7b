import DispatchKit
import DispatchKitUI

/// `…/orders` and `…/orders/<id>`: the user's orders, or one of them. Only for a signed-in user:
/// the account module's ``LoginWall`` holds these links until someone signs in. Who that is comes
/// from the ``AccountService``, not from the account module.
final class OrdersActivity: LinkActivity<OrdersActivity.Link>, RequiresSignIn {
    /// What an orders link says: `/orders` (`id` nil) or `/orders/7`.
    struct Link: DispatchLink, Equatable {
        var id: Int?
    }

    override class var exposure: DispatchExposure { .external }
    override class var patterns: [RoutePattern] { ["/orders(/:id<int>)"] }

    /// The page, for a preview and for opening alike.
    func page(_ link: Link) throws -> Page {
        guard let user = try accountService?.user else { throw OrdersError.notSignedIn }
        var fields = [("user", user)]
        if let id = link.id { fields.append(("id", String(id))) }
        return Page("OrdersPage", fields)
    }

    override func makeDestination() throws -> Any? { try page(link(as: Link.self)) }

    override func execute(with link: Link) throws {
        try navigator.push(page(link))
    }
}

enum OrdersError: Error, CustomStringConvertible {
    case notSignedIn

    var description: String { "nobody is signed in" }
}
