import Foundation

// Incoming links print as a person reads them, in one line, whatever the payload holds.

extension IncomingLink: CustomStringConvertible, CustomDebugStringConvertible {
    /// The link and how it arrived, in one line: `universal link https://test.com/product/42`,
    /// `opened URL cono://test.com/product/42 from com.example.mail` (or `from an app the system
    /// does not name`), `notification {aps: {alert: "Shipped", link: "cono://test.com/orders/7"}}`.
    ///
    /// A notification's payload is written with its keys sorted, so that the same payload always
    /// reads the same, strings quoted and escaped, so that a line break in one stays on the line.
    public var description: String {
        switch self {
        case .openedURL(let url, let application):
            return "opened URL \(url.absoluteString) from "
                + (application ?? "an app the system does not name")
        case .universalLink(let url):
            return "universal link \(url.absoluteString)"
        case .notification(let payload):
            return "notification " + Self.describe(payload, depth: 0)
        }
    }

    /// The ``description``, also in the debugger and in test failure messages.
    public var debugDescription: String { description }

    /// A payload value as JSON-like text. Deeper than a notification payload ever nests, `…`.
    private static func describe(_ value: Any, depth: Int) -> String {
        guard depth < 8 else { return "…" }
        switch value {
        case let string as String:
            return string.debugDescription
        case let dictionary as [AnyHashable: Any]:
            let entries = dictionary.map { key, value in
                (key.base as? String ?? "\(key)", describe(value, depth: depth + 1))
            }
            return "{" + entries.sorted { $0.0 < $1.0 }.map { "\($0): \($1)" }.joined(separator: ", ") + "}"
        case let array as [Any]:
            return "[" + array.map { describe($0, depth: depth + 1) }.joined(separator: ", ") + "]"
        default:
            return "\(value)"
        }
    }
}
