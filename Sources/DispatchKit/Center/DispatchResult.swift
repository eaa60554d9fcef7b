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
    ///
    /// When an activity was created this is its request's URL, the very value the activity read.
    public var url: DispatchURL? {
        // The activity's request already holds the URL: keeping a second copy here cost a retain
        // and a release of each of the URL's parts on every dispatch.
        if let activity { return activity.request.url }
        return urlWithoutActivity
    }
    /// The activity that was created: the claimant or the fallback. Set also when its
    /// `execute()` threw; `nil` when none was created.
    public let activity: DispatchActivity?
    /// Why the dispatch did not complete, or `nil` if it did.
    public let failure: DispatchFailure?

    /// The URL of a dispatch that created no activity (unmatched, refused for depth); `nil`
    /// otherwise.
    private let urlWithoutActivity: DispatchURL?

    /// `true` when an activity (or the fallback) executed without throwing.
    public var isHandled: Bool { failure == nil }

    /// A dispatch that created no activity.
    init(url: DispatchURL?, failure: DispatchFailure) {
        self.urlWithoutActivity = url
        self.activity = nil
        self.failure = failure
    }

    /// A dispatch that created `activity`; the URL is the one in its request.
    init(activity: DispatchActivity, failure: DispatchFailure? = nil) {
        self.urlWithoutActivity = nil
        self.activity = activity
        self.failure = failure
    }
}
