import Foundation

/// Why a dispatch did not complete.
///
/// Every failure is a value in the ``DispatchResult``: nothing is thrown at the caller, nothing
/// traps, and the center stays usable. ``description`` states the failure in plain words:
///
/// ```swift
/// let result = DispatchCenter.shared.dispatch("cono://test.com/mine_home?uid=%zz")
/// print(result.failure!)  // invalid URL: malformed percent-escape "%zz" at offset 30
/// ```
public enum DispatchFailure: Error, CustomStringConvertible {
    /// The input is not an acceptable URL. The fallback never receives invalid URLs.
    case invalidURL(DispatchURLError)
    /// No registered activity claims the URL and no ``DispatchCenter/fallback`` is set.
    case unmatched(DispatchURL)
    /// The activity of class `activity` threw `error` from ``DispatchActivity/execute()``.
    case executionFailed(activity: DispatchActivity.Type, error: any Error)
    /// A dispatch made from inside `execute()` went deeper than
    /// ``DispatchCenter/maximumNestingDepth`` (the associated value) levels of nesting. The refused
    /// dispatch and the outermost dispatch of the chain both carry this failure.
    case recursionLimit(depth: Int)
    /// A rule refused the dispatch before any activity was created: for example a URL from
    /// outside the app that claims an activity whose ``DispatchActivity/exposure`` is
    /// ``DispatchExposure/internalOnly``. Nothing ran, neither the next claimant nor the fallback.
    case rejected(reason: DispatchRejection)
    /// Interceptors redirected a URL back to one already in its chain (the associated value:
    /// every URL of the chain, the repeated one last). Nothing ran.
    case redirectLoop([DispatchURL])
    /// A chain of redirects grew longer than ``DispatchCenter/maximumRedirects`` (the associated
    /// value: every URL of the chain). Nothing ran.
    case tooManyRedirects([DispatchURL])

    /// The failure in plain words, for logs and developer-facing messages.
    public var description: String {
        switch self {
        case .invalidURL(let error):
            return "invalid URL: \(error)"
        case .unmatched(let url):
            return "no activity claims \(url)"
        case .executionFailed(let activity, let error):
            return "\(activity) failed: \(error)"
        case .recursionLimit(let depth):
            return "nested dispatch deeper than \(depth) levels"
        case .rejected(let reason):
            return "rejected: \(reason)"
        case .redirectLoop(let chain):
            return "redirect loop: " + chain.map(\.description).joined(separator: " -> ")
        case .tooManyRedirects(let chain):
            return "too many redirects: " + chain.map(\.description).joined(separator: " -> ")
        }
    }
}

extension DispatchFailure: LocalizedError {
    /// The ``description``, so that `localizedDescription` (and an alert built from it) says what
    /// went wrong instead of "The operation could not be completed".
    public var errorDescription: String? { description }
}
