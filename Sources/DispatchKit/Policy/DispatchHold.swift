import Foundation

/// A dispatch an interceptor has put on hold, to be resumed or cancelled later: the login wall.
///
/// An interceptor creates a hold, keeps it, and returns ``DispatchDecision/hold(_:)``. The center
/// stops the dispatch there (its result is ``DispatchFailure/held(_:)``) and hands the request to
/// the hold. Later the app calls ``resume()`` — the dispatch goes on where it stopped: the
/// interceptors after the one that held it, then the activity — or ``cancel()``. If neither comes
/// within the timeout, the hold ends by itself with ``DispatchFailure/holdTimedOut(by:after:)``.
///
/// ```swift
/// final class OrdersActivity: DispatchActivity {
///     override class var patterns: [RoutePattern] { ["/orders(/:id<int>)"] }
///     override class var exposure: DispatchExposure { .external }
/// }
///
/// final class LoginWall: DispatchInterceptor {
///     var isSignedIn = false
///     var pending: DispatchHold?
///
///     func intercept(_ interception: DispatchInterception) -> DispatchDecision {
///         guard interception.activity == OrdersActivity.self, !isSignedIn else { return .proceed }
///         let hold = DispatchHold(timeout: 120)  // seconds; nil uses center.holdTimeout (300)
///         pending = hold
///         // Our own login page: the wall vouches for its URL, whatever the held link's source.
///         interception.request.center?.dispatch("cono://test.com/account/login", source: .app)
///         return .hold(hold)  // dispatch(…) returns .held(hold) for now
///     }
///
///     func loginSucceeded() {
///         isSignedIn = true
///         pending?.resume()  // OrdersActivity runs now, once
///         pending = nil
///     }
///
///     func loginDismissed() {
///         pending?.cancel()  // nothing runs
///         pending = nil
///     }
/// }
///
/// @MainActor func addLoginWall(to center: DispatchCenter) -> LoginWall {
///     let wall = LoginWall()
///     center.addInterceptor(wall)
///     return wall
/// }
/// ```
///
/// A hold ends exactly once: the first of ``resume()``, ``cancel()`` and the timeout wins, and the
/// held activity runs at most once. Calling either again does nothing but return
/// ``DispatchFailure/holdAlreadyEnded(_:)``. The final result goes to ``whenEnded(_:)`` and, as an
/// event, to the center's observers (DispatchKitEvents).
@MainActor
public final class DispatchHold: Hashable {
    /// Where a hold is in its life.
    public enum State: Sendable, Hashable, CustomStringConvertible {
        /// Created, or holding a request: waiting for ``resume()``, ``cancel()`` or the timeout.
        case pending
        /// ``resume()`` was called; the dispatch went on.
        case resumed
        /// ``cancel()`` was called; nothing ran.
        case cancelled
        /// The timeout passed first; nothing ran.
        case timedOut

        /// The state in one word.
        public var description: String {
            switch self {
            case .pending: return "pending"
            case .resumed: return "resumed"
            case .cancelled: return "cancelled"
            case .timedOut: return "timed out"
            }
        }
    }

    /// How long the hold waits before it ends by itself, in seconds, as given to ``init(timeout:)``
    /// (NaN becomes `nil`, a negative value 0); `nil` means the center's
    /// ``DispatchCenter/holdTimeout``.
    public nonisolated let timeout: Double?
    /// Where the hold is in its life.
    public private(set) var state = State.pending
    /// The request on hold; `nil` until an interceptor's decision hands it to the hold.
    public var request: DispatchRequest? { parked?.request }
    /// The name of the interceptor class that held the request; empty until then. Stored apart
    /// (and written once) so that a failure's description can read it from any thread.
    public nonisolated var interceptor: String { interceptorName.value }

    private nonisolated let interceptorName = WriteOnce()
    /// Everything needed to go on: set when the center takes the hold, cleared when it ends, so
    /// that an ended hold keeps neither the request nor the center alive.
    private var parked: Parked?
    private var endHandlers: [(DispatchResult) -> Void] = []
    private var finalResult: DispatchResult?
    private var timer: Task<Void, Never>?

    final class Parked {
        let center: DispatchCenter
        let request: DispatchRequest
        let activity: DispatchActivity.Type
        /// The interceptor that held the request, and its rank: resuming consults those after it.
        let holder: any DispatchInterceptor
        let holderPriority: Int
        let trace: DispatchTrace?

        init(
            center: DispatchCenter, request: DispatchRequest, activity: DispatchActivity.Type,
            holder: any DispatchInterceptor, holderPriority: Int, trace: DispatchTrace?
        ) {
            self.center = center
            self.request = request
            self.activity = activity
            self.holder = holder
            self.holderPriority = holderPriority
            self.trace = trace
        }
    }

    /// Creates a hold.
    ///
    /// - Parameter timeout: Seconds to wait for ``resume()`` or ``cancel()`` once a request is on
    ///   hold; `nil` (the default) or NaN uses the center's ``DispatchCenter/holdTimeout``. Zero or
    ///   less ends the hold as soon as the main actor is free; `.infinity` never.
    public init(timeout: Double? = nil) {
        self.timeout = Seconds.normalized(timeout)
    }

    /// Goes on with the held dispatch: the interceptors ranked after the one that held it (as the
    /// center's list is now), then the activity chosen when it was dispatched.
    ///
    /// The dispatch was admitted when it was made: resuming does not wait for
    /// ``DispatchCenter/isReady`` and is not compared for duplicates. Called from an activity's
    /// `execute()`, the held activity runs nested in it; the dispatches it makes are limited by
    /// ``DispatchCenter/maximumNestingDepth`` as usual.
    ///
    /// - Returns: The result of the dispatch — which another interceptor may hold again — or, if
    ///   the hold had already ended, ``DispatchFailure/holdAlreadyEnded(_:)`` and nothing runs.
    ///   A hold that never held a request also gives ``DispatchFailure/holdAlreadyEnded(_:)``
    ///   (with ``State/pending``).
    @discardableResult
    public func resume() -> DispatchResult {
        guard state == .pending, let parked else { return alreadyEnded() }
        end(as: .resumed)
        let result = parked.center.resume(parked)
        if case .held(let next) = result.failure {
            // Held again by a later interceptor: the final result is the one that hold ends with.
            next.whenEnded { [self] in finish(with: $0) }
        } else {
            finish(with: result)
        }
        return result
    }

    /// Ends the held dispatch without running anything.
    ///
    /// - Returns: ``DispatchFailure/holdCancelled(by:)``, the dispatch's final result; or
    ///   ``DispatchFailure/holdAlreadyEnded(_:)`` if the hold had already ended.
    @discardableResult
    public func cancel() -> DispatchResult {
        guard state == .pending, let parked else { return alreadyEnded() }
        end(as: .cancelled)
        let result = DispatchResult(url: parked.request.url, failure: .holdCancelled(by: interceptor))
        parked.center.record(result, trace: parked.trace)
        finish(with: result)
        return result
    }

    /// Calls `handler` with the dispatch's final result when the hold ends — right away if it has
    /// already ended. After ``resume()`` the final result is the resumed dispatch's; if a later
    /// interceptor holds it again, the handler waits for that hold to end.
    public func whenEnded(_ handler: @escaping @MainActor (DispatchResult) -> Void) {
        if let finalResult {
            handler(finalResult)
        } else {
            endHandlers.appendOffThePath(handler)
        }
    }

    /// Called by the center when an interceptor's decision hands it a request. `false` if the hold
    /// already holds one (an interceptor returned the same hold twice).
    func take(_ parked: Parked, by interceptor: String, defaultTimeout: Double?) -> Bool {
        guard state == .pending, self.parked == nil, finalResult == nil else { return false }
        self.parked = parked
        interceptorName.set(interceptor)
        if let seconds = timeout ?? defaultTimeout, let nanoseconds = Seconds.nanoseconds(seconds) {
            timer = Task { @MainActor [self] in
                try? await Task.sleep(nanoseconds: nanoseconds)
                if !Task.isCancelled { expire(after: seconds) }
            }
        }
        return true
    }

    private func expire(after seconds: Double) {
        guard state == .pending, let parked else { return }
        end(as: .timedOut)
        let result = DispatchResult(
            url: parked.request.url, failure: .holdTimedOut(by: interceptor, after: seconds))
        parked.center.record(result, trace: parked.trace)
        finish(with: result)
    }

    private func end(as state: State) {
        self.state = state
        parked = nil
        timer?.cancel()
        timer = nil
    }

    private func finish(with result: DispatchResult) {
        finalResult = result
        let handlers = endHandlers
        endHandlers = []
        for handler in handlers { handler(result) }
    }

    private func alreadyEnded() -> DispatchResult {
        DispatchResult(url: nil, failure: .holdAlreadyEnded(state))
    }

    /// Holds are equal when they are the same object.
    public nonisolated static func == (lhs: DispatchHold, rhs: DispatchHold) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

/// The interceptor's name: written once, on the main actor, when the hold takes a request, and
/// read from any thread by the description of a ``DispatchFailure`` (a `Sendable` error).
/// `@unchecked Sendable`: every access holds the lock.
private final class WriteOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = ""

    var value: String {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func set(_ value: String) {
        lock.lock()
        defer { lock.unlock() }
        stored = value
    }
}
