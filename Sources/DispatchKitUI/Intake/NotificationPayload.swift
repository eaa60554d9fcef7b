import DispatchKit
import Foundation

/// The payload (`userInfo`) of a notification the user tapped, copied into a value that may cross
/// tasks: what ``IncomingLink/notification(_:)-enum.case`` carries.
///
/// The system hands a payload over as `[AnyHashable: Any]`, which is not `Sendable`. A payload is
/// JSON (from a push) or a property list (a local notification), so its entries copy into
/// `Sendable` values without loss: ``IncomingLink/notification(_:)-type.method`` makes one
/// from the system's dictionary, and the center reads the link under its
/// `DispatchCenter.notificationLinkKey` from the copy.
///
/// ```swift
/// func didReceive(userInfo: [AnyHashable: Any], center: DispatchCenter) {
///     let link = IncomingLink.notification(userInfo)  // copied: a value that may cross tasks
///     Task { @MainActor in center.dispatch(link) }
/// }
/// ```
public struct NotificationPayload: Sendable, CustomStringConvertible {
    /// The entries, by key (a key that is not a string is written as text: `1` is `"1"`).
    ///
    /// A value is a `String`; a number or a Boolean as it came (an `NSNumber` from the system, or
    /// the `Int`, `Double` or `Bool` of a payload built in code); `Data`, `URL` or `NSNull`; an array
    /// (`[any Sendable]`) or a dictionary (`[String: any Sendable]`) of such values. A value of
    /// another type (a `Date`, an object) is kept as a value that prints as it did and is never a
    /// `String`, so it is never read as a link.
    public let entries: [String: any Sendable]

    /// Copies a payload as the system hands it over.
    ///
    /// - Parameter userInfo: The payload: `response.notification.request.content.userInfo`, or a
    ///   dictionary built in code.
    public init(_ userInfo: [AnyHashable: Any]) {
        entries = Self.copy(userInfo, depth: 0)
    }

    /// The payload as JSON-like text in one line, its keys sorted and its strings quoted and
    /// escaped: `{aps: {alert: "Shipped"}, url: "cono://test.com/orders/7"}`.
    public var description: String {
        Self.describe(entries, depth: 0)
    }

    /// Deeper than a payload ever nests (a push's JSON is at most 4 KB), a value is kept as text:
    /// a payload that holds itself must not recurse for ever.
    package static let maximumDepth = 32

    private static func copy(_ dictionary: [AnyHashable: Any], depth: Int) -> [String: any Sendable] {
        var entries: [String: any Sendable] = [:]
        for (key, value) in dictionary {
            let name = key.base as? String ?? "\(key.base)"
            entries[name] = copy(value, depth: depth + 1)
        }
        return entries
    }

    private static func copy(_ value: Any, depth: Int) -> any Sendable {
        // Swift's own scalars first, by their exact type: on Apple's platforms an NSNumber 1 also
        // casts to `Bool`, and a `Bool` to NSNumber.
        let type = type(of: value)
        if type == Bool.self, let bool = value as? Bool { return bool }
        if type == Int.self, let int = value as? Int { return int }
        if type == Double.self, let double = value as? Double { return double }
        if let string = value as? String { return string }
        if let number = value as? NSNumber { return number }
        if let null = value as? NSNull { return null }
        if let data = value as? Data { return data }
        if let url = value as? URL { return url }
        let isDictionary = value is [AnyHashable: Any]
        if isDictionary || value is [Any], depth >= maximumDepth {
            return OpaquePayloadValue(kind: isDictionary ? "dictionary" : "array", description: "…")
        }
        if let dictionary = value as? [AnyHashable: Any] { return copy(dictionary, depth: depth) }
        if let array = value as? [Any] { return array.map { copy($0, depth: depth + 1) } }
        return OpaquePayloadValue(kind: "\(type)", description: "\(value)")
    }

    /// A value as JSON-like text. Deeper than a notification payload ever nests, `…`.
    private static func describe(_ value: Any, depth: Int) -> String {
        guard depth < 8 else { return "…" }
        switch value {
        case let string as String:
            return string.debugDescription
        case let dictionary as [String: Any]:
            let entries = sortedTexts(Array(dictionary.keys)).map { key in
                "\(key): " + (dictionary[key].map { describe($0, depth: depth + 1) } ?? "")
            }
            return "{" + entries.joined(separator: ", ") + "}"
        case let array as [Any]:
            return "[" + array.map { describe($0, depth: depth + 1) }.joined(separator: ", ") + "]"
        default:
            return "\(value)"
        }
    }
}

/// A payload value of a type that is not copied as it is (a `Date`, an object), or nested deeper
/// than ``NotificationPayload/maximumDepth``: what it was, and how it printed.
struct OpaquePayloadValue: Sendable, CustomStringConvertible {
    /// What the value was, in the words ``DispatchKit/NotificationLinkKey`` uses in its errors.
    let kind: String
    let description: String
}
