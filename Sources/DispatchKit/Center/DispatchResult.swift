/// What happened to one dispatch.
///
/// ```swift
/// let result = center.dispatch("cono://test.com/product/42")
/// if result.isHandled {
///     print("handled by \(type(of: result.activity!))")
/// } else if let failure = result.failure {
///     print(failure)  // plain words, e.g. "no activity claims cono://test.com/product/42"
/// }
/// ```
public struct DispatchResult: Sendable {
    /// The parsed URL, or `nil` if the input was not a valid URL.
    public let url: DispatchURL?
    /// The activity that was created: the claimant or the fallback. Set also when its
    /// `execute()` threw; `nil` when none was created.
    public let activity: DispatchActivity?
    /// Why the dispatch did not complete, or `nil` if it did.
    public let failure: DispatchFailure?

    /// `true` when an activity (or the fallback) executed without throwing.
    public var isHandled: Bool { failure == nil }

    init(url: DispatchURL?, activity: DispatchActivity? = nil, failure: DispatchFailure? = nil) {
        self.url = url
        self.activity = activity
        self.failure = failure
    }
}
