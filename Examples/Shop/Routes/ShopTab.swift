/// The tabs of the shop, in the order the tab bar shows them.
public enum ShopTab: String, CaseIterable, Hashable, Sendable {
    case home, orders, account

    /// The tab's title.
    public var title: String {
        switch self {
        case .home: return "Shop"
        case .orders: return "Orders"
        case .account: return "Account"
        }
    }
}
