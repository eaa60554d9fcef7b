/// What a dispatch does with a URL whose values do not decode into its claimant's typed link (a
/// missing `?payload=`, a stale value, a number too large).
///
/// Set it for the whole center with ``DispatchCenter/invalidLinkHandling``, or for one class with
/// ``DispatchActivity/invalidLinkHandling``, which wins:
///
/// ```swift
/// final class CampaignActivity: LinkActivity<CampaignActivity.Link> {
///     struct Link: DispatchLink { var payload: String }
///
///     override class var patterns: [RoutePattern] { ["/campaign"] }
///     override class var exposure: DispatchExposure { .external }
///     // An old campaign link without ?payload= opens the web page instead of failing.
///     override class var invalidLinkHandling: InvalidLinkHandling? { .useFallback }
///
///     override func execute(with link: Link) throws { print("show campaign \(link.payload)") }
/// }
/// ```
public enum InvalidLinkHandling: Sendable, Hashable, CustomStringConvertible {
    /// The dispatch fails with ``DispatchFailure/invalidLink(_:)``, naming the key, the text and
    /// the type. The default.
    case fail
    /// The center's ``DispatchCenter/fallback`` receives the URL, with the decoding error in
    /// ``DispatchRequest/linkError``; the interceptors see the request bound for the fallback. When
    /// there is no fallback, or the fallback may not receive the URL (its
    /// ``DispatchActivity/exposure`` does not admit the source, or the URL's origin is not the
    /// app's and the fallback does not accept any origin), or the fallback is the class that
    /// failed, the dispatch fails as with ``fail``.
    case useFallback

    /// `fail` or `use the fallback`.
    public var description: String {
        switch self {
        case .fail: return "fail"
        case .useFallback: return "use the fallback"
        }
    }
}
