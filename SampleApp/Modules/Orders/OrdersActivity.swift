import DispatchKit

/// `…/orders` and `…/orders/<id>`: the user's orders, or one of them. Only for a signed-in user:
/// the account module's ``LoginWall`` holds these links until someone signs in.
final class OrdersActivity: DispatchActivity, RequiresSignIn {
    override class var exposure: DispatchExposure { .external }
    override class var patterns: [RoutePattern] { ["/orders(/:id<int>)"] }

    override func execute() throws {
        let app = try self.app
        guard let user = app.session.user else { throw AccountError.notSignedIn }
        var fields = [("user", user)]
        if let id = parameters["id"] { fields.append(("id", id)) }
        app.navigator.push(Page("OrdersPage", fields))
    }
}
