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
            return "notification \(payload)"
        }
    }

    /// The ``description``, also in the debugger and in test failure messages.
    public var debugDescription: String { description }
}
