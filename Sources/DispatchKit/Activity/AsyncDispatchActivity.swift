/// An activity whose work is asynchronous: a page that loads before it shows, an action that
/// waits for the network. Subclass it and override ``execute()-3bv86`` (the `async` one); dispatch
/// its URLs with `await center.dispatchAndWait(url)`, from the library DispatchKitAsync.
///
/// ```swift
/// final class OrderActivity: AsyncDispatchActivity {
///     override class var patterns: [RoutePattern] { ["/orders/:id"] }
///     override func execute() async throws {
///         try await Task.sleep(nanoseconds: 200_000_000)  // load the order: cancellable
///         print("push OrderPage(id: \(parameters["id"] ?? "-"))")
///     }
/// }
///
/// @MainActor func openOrder(in center: DispatchCenter) async {
///     let result = await center.dispatchAndWait("cono://test.com/orders/42", timeout: 10)
///     if let failure = result.failure { print(failure) }
/// }
/// ```
///
/// The awaiting dispatch finds the class as any other (patterns, policy, interceptors), creates
/// it, and awaits `execute()`. Its result arrives exactly once, when the first of these happens:
/// - `execute()` returns (handled) or throws (``DispatchFailure/executionFailed(activity:error:)``);
/// - the caller's task is cancelled: ``DispatchFailure/cancelled(activity:)``, and the task running
///   `execute()` is cancelled;
/// - the timeout passes (the `timeout:` of the dispatch, else
///   `executionTimeout`): ``DispatchFailure/timedOut(activity:after:)``, and the
///   task running `execute()` is cancelled.
///
/// Cancellation is cooperative: work that does not check for it goes on after the result, which
/// then ignores it. A synchronous `dispatch` cannot wait: for this class it fails with
/// ``DispatchFailure/requiresAsyncDispatch(activity:)`` and nothing runs — and so does a
/// dispatch of it that an interceptor held, when it is resumed (``DispatchHold/resume()`` returns
/// at once). An awaiting dispatch queued while the center was not ready returns
/// ``DispatchFailure/queued(position:)``; when the center becomes ready, its work runs in a task,
/// under `executionTimeout`, and its outcome goes to the observers.
///
/// What the work dispatches without a `source:` comes from the source of its URL — also after it
/// suspends, and in the tasks it starts — exactly as from a synchronous `execute()`: a link from
/// outside cannot reach internal pages through it. Pass `source: .app` only for a URL the work
/// vouches for. A closure that runs outside Swift concurrency (a GCD block, a delegate callback) or
/// in `Task.detached` starts afresh as the app's own code: pass `source: request.source` there.
@MainActor
open class AsyncDispatchActivity: DispatchActivity {
    /// The asynchronous work. Every subclass the center may run overrides it.
    ///
    /// The default does no work: it fails the dispatch with
    /// ``DispatchFailure/executeNotOverridden(activity:)``, as ``DispatchActivity/execute()`` does.
    /// An override does not call `super.execute()`: that reaches the default too, and fails the
    /// same way.
    ///
    /// - Throws: Any error; the center reports it as
    ///   ``DispatchFailure/executionFailed(activity:error:)``.
    open func execute() async throws {
        throw ExecuteNotOverridden()
    }

    /// Not for this class: a synchronous dispatch cannot await the work. Fails, so that the center
    /// reports ``DispatchFailure/requiresAsyncDispatch(activity:)``.
    public final override func execute() throws {
        throw RequiresAsyncDispatch()
    }
}

/// What the synchronous `execute()` of an ``AsyncDispatchActivity`` throws: the center turns it into
/// ``DispatchFailure/requiresAsyncDispatch(activity:)``.
struct RequiresAsyncDispatch: Error {}
