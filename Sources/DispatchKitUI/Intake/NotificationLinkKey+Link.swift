import DispatchKit
import Foundation

extension NotificationLinkKey {
    /// The link in `payload`, parsed with `limits`.
    ///
    /// - Throws: `IntakeError` naming this key when nothing is there, when a key on the way
    ///   holds something other than a dictionary, when the value is not a string, when it is
    ///   empty, or when it is not an acceptable URL.
    public func link(
        in payload: [AnyHashable: Any], limits: DispatchURL.Limits = .default
    ) throws(IntakeError) -> DispatchURL {
        guard let first = path.first else { throw .missingLink(key: self) }
        var value: Any? = payload[first]
        for (depth, key) in path.enumerated().dropFirst() {
            guard let found = value else { break }
            // Payloads arrive as [AnyHashable: Any] (from the system) or [String: Any] (built in code).
            if let dictionary = found as? [AnyHashable: Any] {
                value = dictionary[key]
            } else if let dictionary = found as? [String: Any] {
                value = dictionary[key]
            } else {
                let container = NotificationLinkKey(Array(path.prefix(depth)))
                throw .notADictionary(key: self, at: container, found: Self.kind(of: found))
            }
        }
        guard let value else { throw .missingLink(key: self) }
        guard let string = value as? String else {
            throw .linkNotAString(key: self, found: Self.kind(of: value))
        }
        guard string.contains(where: { !$0.isWhitespace }) else { throw .emptyLink(key: self) }
        do throws(DispatchURLError) {
            return try DispatchURL(string: string, limits: limits)
        } catch {
            throw .invalidLink(key: self, error)
        }
    }

    /// What a payload value is, in the words of JSON: a payload is JSON, and the class names of
    /// its values differ by platform (`__NSCFNumber` on Apple's, `Int` on Linux).
    private static func kind(of value: Any) -> String {
        switch value {
        case is String: return "string"
        // JSON's true and false arrive as NSNumbers of a class of their own; a number never has it.
        case let number as NSNumber:
            return type(of: number) == type(of: NSNumber(value: true)) ? "boolean" : "number"
        case is Bool: return "boolean"
        case is Int, is Double: return "number"
        case is [Any]: return "array"
        case is [AnyHashable: Any], is [String: Any]: return "dictionary"
        case is NSNull: return "null"
        case let opaque as OpaquePayloadValue: return opaque.kind
        default: return String(describing: type(of: value))
        }
    }
}
