import DispatchKit

/// A page the shop shows above a tab's root, or presents: what the activities ask the navigator
/// for, and what the apps turn into views or view controllers.
public enum ShopPage: Hashable, Sendable, CustomStringConvertible {
    /// A product, pushed on the Shop tab.
    case product(id: Int)
    /// One order, pushed on the Orders tab.
    case order(id: Int)
    /// The login page, presented over everything.
    case login
    /// A page of the shop's web site, presented over everything (``WebPageActivity``).
    case web(DispatchURL)

    /// The page's title.
    public var description: String {
        switch self {
        case .product(let id): return "Product \(id)"
        case .order(let id): return "Order \(id)"
        case .login: return "Sign in"
        case .web(let url): return url.host ?? url.description
        }
    }
}
