import Foundation

/// Where a notification's payload holds its link: a key, or a path of keys into nested
/// dictionaries.
///
/// ```swift
/// @MainActor func configureNotifications(center: DispatchCenter) {
///     // {"aps": {"alert": "Your order shipped", "link": "cono://test.com/orders/7"}}
///     center.notificationLinkKey = ["aps", "link"]
///     // {"aps": {…}, "url": "cono://test.com/orders/7"}: the default
///     center.notificationLinkKey = "url"
/// }
/// ```
public struct NotificationLinkKey: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral,
    ExpressibleByArrayLiteral
{
    /// The keys, outermost first.
    public let path: [String]

    /// A path of keys, outermost first. An empty path finds nothing.
    public init(_ path: [String]) {
        self.path = path
    }

    /// One top-level key: `"url"`.
    public init(stringLiteral key: String) {
        self.init([key])
    }

    /// A path of keys: `["aps", "link"]`.
    public init(arrayLiteral path: String...) {
        self.init(path)
    }

    /// `aps.link`.
    public var description: String { path.isEmpty ? "(no key)" : path.joined(separator: ".") }
}
