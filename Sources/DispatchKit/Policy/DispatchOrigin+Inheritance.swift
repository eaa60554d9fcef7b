// How a URL from outside stays from outside: the code that runs for a URL — its activity's
// `init(request:)`, `execute()` (synchronous or asynchronous), `makeDestination()` and `remove()`,
// an interceptor deciding on it, an observer told about it — dispatches with that URL's source
// unless it passes one of its own.
//
// A task local rather than a property of the center: a property is right only while the
// synchronous call is on the stack, and an asynchronous `execute()` resumes after other
// dispatches have come and gone. A task local follows the work across suspensions and into the
// tasks it starts (`Task { … }`, `async let`, task groups), and in synchronous code it is scoped to
// the call, so it cannot leak into the next dispatch.

extension DispatchOrigin {
    /// The source of the URL whose code is running, `nil` outside any (the app's own code).
    ///
    /// Created without the `@TaskLocal` macro, which would need the compiler's macro plugin.
    private static let running = TaskLocal<Running?>(wrappedValue: nil)

    /// How many ``Running`` values exist. While there is none, no task local anywhere holds a
    /// source, and a dispatch need not read its own: reading it costs about 50 ns (a quarter of
    /// the rest of a dispatch's pipeline), testing this count nothing measurable.
    ///
    /// A value lives as long as a scope or a task that copied it (`Task { … }` inside a scope
    /// copies the task locals, and keeps them until it ends): counting values, not scopes, covers
    /// those tasks too.
    @MainActor private static var liveValues = 0

    /// The task local's value. A reference: the task local's generic accessor copies it more
    /// cheaply than the enum, and its lifetime is what ``liveValues`` counts.
    private final class Running: Sendable {
        let source: DispatchOrigin

        @MainActor init(_ source: DispatchOrigin) {
            self.source = source
            DispatchOrigin.liveValues += 1
        }

        deinit {
            // The last task holding the value may end on any thread; the count belongs to the main
            // actor. Counting down a moment late only sends a dispatch down the reading path.
            Task { @MainActor in DispatchOrigin.liveValues -= 1 }
        }
    }

    /// The source a dispatch made here gets when it passes none: that of the URL whose code is
    /// running, else ``app``.
    // Out of line: every way into a dispatch reads it, and each held a copy of the task-local
    // lookup (0.9 KB of an app); a call costs a dispatch next to nothing.
    @inline(never)
    @MainActor package static var inherited: DispatchOrigin {
        guard liveValues > 0 else { return .app }
        return running.get()?.source ?? .app
    }

    /// Runs `body` as code running for a URL from `self`: what it dispatches without a source
    /// comes from `self`.
    @MainActor func scope<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Self.running.withValue(Running(self), operation: body)
    }

    /// Runs asynchronous `body` as code running for a URL from `self`, and the tasks it starts.
    @MainActor package func awaitingScope<Result>(_ body: () async throws -> Result) async rethrows
        -> Result
    {
        try await Self.running.withValue(Running(self), operation: body)
    }
}
