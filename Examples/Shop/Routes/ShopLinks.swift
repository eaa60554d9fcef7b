import DispatchKit

/// Where the shop's links come from: its URL scheme, the domain of its universal links, and where
/// a push notification carries its link. The Info.plist's URL type, the entitlements' `applinks:`
/// entry and the `apple-app-site-association` file say the same (scripts/check-xcode-project.py
/// compares them).
public enum ShopLinks {
    /// The custom scheme of the Info.plist's URL type: `shop://shop.example.com/product/42`.
    public static let scheme = "shop"
    /// The domain universal links come from: `https://shop.example.com/product/42`.
    public static let domain = "shop.example.com"
    /// The app that opens the universal links, `TEAMID.bundle.identifier`, as the
    /// `apple-app-site-association` file names it. The team ID is a placeholder: put yours.
    public static let appIDs = ["ABCDE12345.com.example.shop", "ABCDE12345.com.example.shop.uikit"]
    /// The Associated Domains entitlement's entries: a universal link from any other host is
    /// refused before it reaches an activity.
    public static let associatedDomains: AssociatedDomains = ["applinks:shop.example.com"]
    /// The scheme and the web host that are the shop's own. A link from outside the app (another
    /// app, a notification, Safari) of any other scheme or host is refused before it reaches an
    /// activity, and ``WebPageActivity`` opens only these hosts' pages. To allow another site, add
    /// its host to `webHosts` (`"help.example.com"`, or `"*.example.com"` for every subdomain).
    public static let linkOrigins = LinkOrigins(schemes: [scheme], webHosts: [domain])
    /// `{"aps": {"alert": "Your order shipped"}, "link": "shop://shop.example.com/orders/7"}`: the
    /// link sits beside `aps`, which is Apple's.
    public static let notificationLinkKey: NotificationLinkKey = "link"
}
