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

extension DispatchSource {
    /// The source of the URL whose code is running, `nil` outside any (the app's own code).
    ///
    /// Created without the `@TaskLocal` macro, which would need the compiler's macro plugin.
    private static let running = TaskLocal<Running?>(wrappedValue: nil)

    /// The task local's value: a reference, which the task local's generic accessor copies far
    /// more cheaply than the enum (each dispatch reads it once).
    private final class Running: Sendable {
        let source: DispatchSource
        init(_ source: DispatchSource) { self.source = source }
    }

    /// The source a dispatch made here gets when it passes none: that of the URL whose code is
    /// running, else ``app``.
    static var inherited: DispatchSource { running.get()?.source ?? .app }

    /// Runs `body` as code running for a URL from `self`: what it dispatches without a source
    /// comes from `self`.
    func scope<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Self.running.withValue(Running(self), operation: body)
    }

    /// Runs asynchronous `body` as code running for a URL from `self`, and the tasks it starts.
    @MainActor func awaitingScope<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        try await Self.running.withValue(Running(self), operation: body)
    }
}
