import Foundation

/// Why a URL did not decode into an activity's ``DispatchLink``: the key, the text and the type.
///
/// The center reports it as ``DispatchFailure/invalidLink(_:)``, before the activity is created:
/// neither `init(request:)` nor `execute()` runs, the fallback does not run in its place, and the
/// observers see the failure. ``DispatchActivity/link(as:)`` throws it too.
///
/// ```swift
/// @MainActor func open(_ url: String, in center: DispatchCenter) {
///     let result = center.dispatch(url)  // "cono://test.com/product/42?tab=videos"
///     if case .invalidLink(let error)? = result.failure {
///         print(error)  // ProductActivity's link: tab "videos" is not a ProductTab
///         print(error.key, error.text ?? "-", error.expectedType)  // tab videos ProductTab
///     }
/// }
/// ```
public struct LinkDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the value.
    public enum Reason: Sendable, Hashable {
        /// The URL has no value for the key, and the property is neither optional nor an array.
        case missing
        /// The text is not a value of the type: `"abc"` for an `Int`, `"maybe"` for a `Bool`, a
        /// raw value that is none of the enum's cases, `""` for anything but a `String`.
        case malformed
        /// The text is a number, but one the type cannot hold: `"128"` for an `Int8`, `"-1"` for a
        /// `UInt`, twenty digits for an `Int`, `"1e999"` for a `Double`.
        case outOfRange
        /// The type cannot be read from a URL at all: a nested struct, a dictionary, a set, `Data`,
        /// an array of arrays; or a `Date`, which has no single form in a URL.
        case unsupported
        /// The link type's own `init(from:)` refused the values; the associated text describes
        /// the error it threw.
        case rejected(String)
    }

    /// The name of the activity class whose link it is (`"ProductActivity"`), or of the link type
    /// when no activity was involved.
    public let activity: String
    /// The coding key of the value (`"id"`); empty when the error is about the link as a whole.
    public let key: String
    /// The decoded text the URL carries for the key, or `nil` when it has none (or the text does
    /// not matter, as for ``Reason/unsupported``).
    public let text: String?
    /// The name of the Swift type the value should have had (`"Int"`, `"ProductTab"`), with the
    /// types it is nested in (`"ProductActivity.Tab"`) and without its module, as every message of
    /// DispatchKit names a type.
    public let expectedType: String
    /// What was wrong.
    public let reason: Reason

    /// Creates an error; the center and ``DispatchActivity/link(as:)`` make these.
    ///
    /// - Parameters:
    ///   - activity: The activity class's name.
    ///   - key: The coding key.
    ///   - text: The text the URL carries for the key, if any.
    ///   - expectedType: The name of the type the value should have had.
    ///   - reason: What was wrong.
    public init(activity: String, key: String, text: String?, expectedType: String, reason: Reason) {
        self.activity = activity
        self.key = key
        self.text = text
        self.expectedType = expectedType
        self.reason = reason
    }

    /// One sentence: `ProductActivity's link: id "abc" is not an Int`.
    public var description: String {
        let subject = "\(activity)'s link: "
        let quoted = text.map { "\(key) \"\($0)\"" } ?? key
        switch reason {
        case .missing:
            return subject + "\(key) is missing (\(Self.article(expectedType)) \(expectedType) is required)"
        case .malformed:
            return subject + "\(quoted) is not \(Self.article(expectedType)) \(expectedType)"
        case .outOfRange:
            return subject + "\(quoted) is out of range for \(expectedType)"
        case .unsupported:
            let why =
                Self.dateTypeNames.contains(expectedType)
                ? Self.dateAdvice
                : "nested values, dictionaries, sets, Data and arrays of arrays are not supported"
            return subject
                + "\(key) is \(Self.article(expectedType)) \(expectedType), which a URL cannot carry (\(why))"
        case .rejected(let detail):
            return subject + (key.isEmpty ? "" : "\(key): ") + "\(expectedType) refused it: \(detail)"
        }
    }

    /// Why a link refuses a `Date`, and what to use instead: what decoding and encoding say.
    static let dateAdvice =
        "a Date has no single form in a URL: use an Int or Double of seconds since 1970, or a LinkValueConvertible type of your own that reads the form your links use"

    /// The names errors give Foundation's `Date` and an array of them: for either, what to use
    /// instead is a type other than `Date`.
    private static let dateTypeNames = [linkTypeName(Date.self), linkTypeName([Date].self)]

    /// "an" before a type name that starts with a vowel sound as usually read (`an Int`, `a UUID`,
    /// `a UInt8`).
    private static func article(_ typeName: String) -> String {
        guard let first = typeName.first else { return "a" }
        return "AEIOaeio".contains(first) ? "an" : "a"
    }
}
