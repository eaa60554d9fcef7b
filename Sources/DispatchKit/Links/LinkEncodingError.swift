/// Why a ``DispatchLink`` value could not be turned into a URL.
///
/// ``DispatchCenter/url(for:)`` throws it, and a dispatch of the link fails with
/// ``DispatchFailure/cannotBuildLink(_:)``: nothing is dispatched.
///
/// ```swift
/// @MainActor func share(_ link: ProductActivity.Link, in center: DispatchCenter) {
///     do {
///         print(try center.url(for: link))  // /product/42?tab=reviews
///     } catch {
///         print(error)  // for example: no registered activity has the link type ProductActivity.Link
///     }
/// }
/// ```
public struct LinkEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What stood in the way.
    public enum Reason: Sendable, Hashable {
        /// No registered activity has the value's type as its ``DispatchActivity/linkType``.
        case noActivity
        /// None of the activity's patterns can be filled with the value: each names a parameter
        /// the value lacks or has a value the parameter does not admit. The associated texts say
        /// why, one per pattern, in declaration order.
        case noPatternFits([String])
        /// The value under `key` cannot be written in a URL: a nested struct, a dictionary, an
        /// array of arrays, a set or `Data` (only an array is written as repeated items), a `Date`,
        /// a `Double` that is not finite, a text with a NUL character. `detail` says which.
        case unsupportedValue(key: String, detail: String)
        /// The URL built is over the center's ``DispatchCenter/urlLimits``, so that the center
        /// would refuse it as input: the error names the limit and its value
        /// (``DispatchURLError/tooLong(length:limit:)``,
        /// ``DispatchURLError/tooManyPathSegments(limit:)`` or
        /// ``DispatchURLError/tooManyQueryItems(limit:)``).
        case exceedsURLLimits(DispatchURLError)
    }

    /// The link type's name, with the types it is nested in (`"ProductActivity.Link"`), as every
    /// message names a type.
    public let linkType: String
    /// The name of the activity class whose patterns were tried, if one declares the link type.
    public let activity: String?
    /// What stood in the way.
    public let reason: Reason

    /// Creates an error; the center makes these.
    ///
    /// - Parameters:
    ///   - linkType: The link type's name.
    ///   - activity: The name of the activity class whose patterns were tried, if any.
    ///   - reason: What stood in the way.
    public init(linkType: String, activity: String?, reason: Reason) {
        self.linkType = linkType
        self.activity = activity
        self.reason = reason
    }

    /// One sentence naming the link type, the activity and what stood in the way.
    public var description: String {
        switch reason {
        case .noActivity:
            return "no registered activity has the link type \(linkType)"
        case .noPatternFits(let problems):
            let patterns = problems.isEmpty ? "it declares no patterns" : problems.joined(separator: "; ")
            return "\(linkType) fits none of the patterns of \(activity ?? "its activity"): \(patterns)"
        case .unsupportedValue(let key, let detail):
            return "\(linkType): \(key) cannot be written in a URL: \(detail)"
        case .exceedsURLLimits(let error):
            return "\(linkType): \(Self.overLimits(error))"
        }
    }

    /// What a URL over the center's limits breaks, naming the limit as ``DispatchCenter/urlLimits``
    /// spells it.
    private static func overLimits(_ error: DispatchURLError) -> String {
        switch error {
        case .tooLong(let length, let limit):
            return "its URL is \(length) bytes long, over the center's urlLimits.maximumLength of \(limit)"
        case .tooManyPathSegments(let limit):
            return
                "its URL has more than \(limit) path segments, over the center's urlLimits.maximumPathSegments"
        case .tooManyQueryItems(let limit):
            return "its URL has more than \(limit) query items, over the center's urlLimits.maximumQueryItems"
        default:
            return "its URL is refused: \(error)"
        }
    }
}
