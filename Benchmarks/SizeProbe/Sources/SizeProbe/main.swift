// Ten activities and a dispatch: what an app that links only DispatchKit runs, and nothing more.
import DispatchKit

final class Home: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/home"] }
    override func execute() throws { print("home") }
}

final class Search: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/search"] }
    override func execute() throws { print("search \(query["q"] ?? "")") }
}

final class Product: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override func execute() throws { print("product \(parameters["id"] ?? "")") }
}

final class Reviews: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>/reviews"] }
    override func execute() throws { print("reviews \(parameters["id"] ?? "")") }
}

final class Cart: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/cart"] }
    override func execute() throws { print("cart") }
}

final class Orders: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/orders"] }
    override func execute() throws { print("orders") }
}

final class Order: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/orders/:id"] }
    override func execute() throws { print("order \(parameters["id"] ?? "")") }
}

final class Account: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/account"] }
    override func execute() throws { print("account") }
}

final class Settings: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/account/settings"] }
    override func execute() throws { print("settings") }
}

final class Help: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/help/*"] }
    override func execute() throws { print("help \(wildcard ?? [])") }
}

// Top-level code runs on the main actor, as an app's launch does.
let center = DispatchCenter.shared
_ = center.register([
    Home.self, Search.self, Product.self, Reviews.self, Cart.self, Orders.self, Order.self,
    Account.self, Settings.self, Help.self,
])
for link in CommandLine.arguments.dropFirst() {
    if let failure = center.dispatch(link).failure { print(failure) }
}
