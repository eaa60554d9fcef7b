/// A dispatch made while the center was not ready, waiting in line: the readiness stage.
///
/// While ``DispatchCenter/isReady`` is `false`, every dispatch is queued (up to
/// ``DispatchCenter/maximumQueuedDispatches``) and its result is
/// ``DispatchFailure/queued(position:)``; making the center ready runs them in arrival order.
/// ``DispatchCenter/queuedDispatches`` lists what waits — say, to tell the user that a link will
/// open once they have signed in:
///
/// ```swift
/// @MainActor func coldStart(center: DispatchCenter, pushURL: URL) {
///     center.isReady = false  // cold start
///     center.dispatch(pushURL, source: .notification)  // .queued(position: 1)
///     print(center.queuedDispatches.map(\.url))  // [pushURL]
///     center.isReady = true  // runs it now
/// }
/// ```
public struct QueuedDispatch: Sendable {
    /// The URL, as parsed when it was dispatched.
    public let url: DispatchURL
    /// The values that came with it.
    public let userInfo: [String: any Sendable]
    /// Where it came from; its exposure is checked when it runs.
    public let source: DispatchOrigin
    /// Whether the interceptors will be consulted (`false` for `skippingInterceptors: true`).
    let intercepted: Bool
    /// Its event in the making, when the center has observers.
    let trace: DispatchTrace?
    /// Whether it came from an awaiting dispatch, which can run an ``AsyncDispatchActivity``.
    var awaits = false
}
