import Foundation

// Stage 2 of the pipeline: a cold start's dispatches wait, in arrival order, until the app is ready.

extension DispatchCenter {
    /// Whether the app is ready to show what URLs open. Default: `true`.
    ///
    /// Set it to `false` early in a cold start (before the UI is up or the user is restored): from
    /// then on dispatches wait in a queue, in arrival order, and their result is
    /// ``DispatchFailure/queued(position:)``. Setting it back to `true` runs them, in that order;
    /// each one's outcome goes to the observers. When the queue already holds
    /// ``maximumQueuedDispatches``, a dispatch fails with ``DispatchFailure/queueFull(capacity:)``:
    /// nothing is dropped silently.
    ///
    /// ```swift
    /// @MainActor func launch(center: DispatchCenter, launchURL: URL) {
    ///     center.isReady = false  // application(_:didFinishLaunchingWithOptions:)
    ///     center.dispatch(.openedURL(launchURL, sourceApplication: nil))  // queued, from outside
    ///     // … the root view controller comes up, the session is restored:
    ///     center.isReady = true  // runs it
    /// }
    /// ```
    public var isReady: Bool {
        get { readiness.isReady }
        set {
            readiness.isReady = newValue
            updateGuard()
            if newValue { runWaiting() }
        }
    }

    /// How many dispatches may wait while the center is not ready. Default: 32. Lowering it below
    /// the number waiting keeps those; values below 0 are raised to 0.
    public var maximumQueuedDispatches: Int {
        get { settings.queueLimit }
        set { settings.queueLimit = max(0, newValue) }
    }

    /// The dispatches waiting for the center to be ready, in arrival order.
    public var queuedDispatches: [QueuedDispatch] { readiness.waiting }

    /// Runs the waiting dispatches while the center stays ready. A dispatch that makes the center
    /// not ready again stops the run; the rest keep waiting, in order.
    private func runWaiting() {
        guard !readiness.isDraining else { return }
        readiness.isDraining = true
        defer { readiness.isDraining = false }
        while readiness.isReady, !readiness.waiting.isEmpty {
            run(readiness.waiting.removeFirst())
        }
    }
}
