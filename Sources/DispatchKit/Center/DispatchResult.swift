/// What happened to one dispatch.
///
/// It prints as one line (``description``): `handled by ProductActivity`, or the failure's sentence.
///
/// ```swift
/// let result = DispatchCenter.shared.dispatch("cono://test.com/product/42")
/// print(result)  // "handled by ProductActivity", or "no activity claims cono://test.com/product/42"
/// if let failure = result.failure {
///     showError(failure.localizedDescription)  // the same plain words
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
        return problem?.url
    }
    /// The activity that was created: the claimant or the fallback. Set also when its
    /// `execute()` threw; `nil` when none was created.
    public let activity: DispatchActivity?
    /// Why the dispatch did not complete, or `nil` if it did.
    public var failure: DispatchFailure? { problem?.failure }

    /// `true` when an activity (or the fallback) executed without throwing.
    public var isHandled: Bool { problem == nil }

    /// Whether the dispatch ran, or waits to run: an activity was created for it (which may have
    /// thrown), or it was held or queued. The duplicate window counts these alone.
    var ran: Bool {
        switch failure {
        case .requiresAsyncDispatch?: return false
        case .held?, .queued?: return true
        default: return activity != nil
        }
    }

    /// What went wrong, or `nil` for a handled dispatch.
    ///
    /// A failure carries up to a whole URL, and the URL of a dispatch without an activity has to
    /// be kept too: stored inline they made every result a few hundred bytes whose copies and
    /// destruction switch over the failure. Boxed, a handled result is two references, and only
    /// a failed dispatch pays for an allocation.
    private let problem: Problem?

    private final class Problem: Sendable {
        let failure: DispatchFailure
        /// The URL of a refused dispatch that created no activity; the other URLs are in the
        /// failure (``DispatchFailure/unmatched(_:)``) or the activity's request.
        private let refusedURL: DispatchURL?

        init(failure: DispatchFailure, refusedURL: DispatchURL?) {
            self.failure = failure
            self.refusedURL = refusedURL
        }

        /// The URL of a dispatch that created no activity; `nil` for an invalid URL.
        var url: DispatchURL? {
            if case .unmatched(let url) = failure { return url }
            return refusedURL
        }
    }

    /// A dispatch that created no activity because nothing claims `url`. Out of line: the
    /// dispatch path need not hold the URL's parts for this case.
    @inline(never)
    init(unmatched url: consuming DispatchURL) {
        activity = nil
        problem = Problem(failure: .unmatched(url), refusedURL: nil)
    }

    /// A dispatch that created no activity: the input was not a URL (`url == nil`), or the
    /// dispatch was refused.
    // Out of line: it is made on two dozen failure paths, which each held a copy.
    @inline(never)
    init(url: consuming DispatchURL?, failure: DispatchFailure) {
        activity = nil
        problem = Problem(failure: failure, refusedURL: url)
    }

    /// A dispatch that created `activity`; the URL is the one in its request.
    init(activity: DispatchActivity, failure: DispatchFailure? = nil) {
        self.activity = activity
        problem = failure.map { Problem(failure: $0, refusedURL: nil) }
    }
}
