import DispatchKit
import DispatchKitAsync
import DispatchKitEvents
import Testing

// An activity that claims a URL but never overrides `execute()` did nothing: the dispatch fails
// with `.executeNotOverridden` naming the class, the observers see it, and the fallback does not
// run in its place. Pins the bug where such a dispatch reported `isHandled == true` and showed
// nothing.

/// Claims `/forgotten` and overrides nothing else.
private final class Forgotten: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/forgotten"] }
}

/// Asynchronous, claims `/forgotten-async`, and overrides no `execute()`.
private final class ForgottenAsync: AsyncDispatchActivity {
    override class var patterns: [RoutePattern] { ["/forgotten-async"] }
}

/// Overrides `execute()` but calls up to the default, as a UIKit habit would.
private final class CallsSuper: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/calls-super"] }
    override func execute() throws { try super.execute() }
}

/// The asynchronous twin of `CallsSuper`.
private final class CallsSuperAsync: AsyncDispatchActivity {
    override class var patterns: [RoutePattern] { ["/calls-super-async"] }
    override func execute() async throws { try await super.execute() }
}

/// The fallback: records that it ran.
private final class Fallback: DispatchActivity {
    static var runs = 0
    override func execute() { Self.runs += 1 }
}

/// Does its work: the control case.
private final class Done: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/done"] }
    override func execute() {}
}

@MainActor
private final class Events: DispatchObserver {
    var seen: [DispatchEvent] = []
    func observe(_ event: DispatchEvent) { seen.append(event) }
}

@MainActor
@Suite(.serialized) struct MissingExecuteTests {
    private func center() -> (DispatchCenter, Events) {
        let center = DispatchCenter()
        center.register([
            Forgotten.self, ForgottenAsync.self, CallsSuper.self, CallsSuperAsync.self, Done.self,
        ])
        center.fallback = Fallback.self
        Fallback.runs = 0
        let events = Events()
        center.addObserver(events)
        return (center, events)
    }

    @Test func aClassWithoutExecuteFailsNamingItself() {
        let (center, events) = center()
        let result = center.dispatch("app://x/forgotten")
        #expect(!result.isHandled)
        #expect(result.failure == .executeNotOverridden(activity: Forgotten.self))
        #expect(result.activity.map { ObjectIdentifier(type(of: $0)) } == ObjectIdentifier(Forgotten.self))
        #expect(
            result.failure?.description
                == "Forgotten claimed the URL and reached DispatchActivity's default execute(), which does "
                + "nothing: override execute() without calling super")
        #expect(Fallback.runs == 0, "the fallback ran in place of the class that claimed the URL")
        #expect(events.seen.count == 1)
        #expect(events.seen.first?.failure == .executeNotOverridden(activity: Forgotten.self))
        #expect(events.seen.first?.isHandled == false)
    }

    @Test func aClassThatDoesItsWorkIsHandled() {
        let (center, events) = center()
        #expect(center.dispatch("app://x/done").isHandled)
        #expect(events.seen.first?.isHandled == true)
    }

    @Test func aFallbackWithoutExecuteFailsToo() {
        let center = DispatchCenter()
        center.fallback = Forgotten.self
        #expect(center.dispatch("app://x/nothing").failure == .executeNotOverridden(activity: Forgotten.self))
    }

    @Test func anActivityThatDidNothingCannotBeRemoved() throws {
        let (center, _) = center()
        let result = center.dispatch("app://x/forgotten")
        let activity = try #require(result.activity)
        #expect(throws: DispatchFailure.self) { try center.remove(activity) }
    }

    @Test func anAsynchronousClassWithoutExecuteFailsNamingItself() async {
        let (center, events) = center()
        let result = await center.dispatchAndWait("app://x/forgotten-async")
        #expect(result.failure == .executeNotOverridden(activity: ForgottenAsync.self))
        #expect(Fallback.runs == 0)
        #expect(events.seen.last?.failure == .executeNotOverridden(activity: ForgottenAsync.self))
    }

    /// An override that calls `super.execute()` reaches the default too. Pins the message that
    /// said such a class "does not override execute()", which is false: it says what was reached,
    /// and how to fix it.
    @Test func anOverrideThatCallsSuperFailsSayingWhatItReached() async {
        let (center, _) = center()
        let result = center.dispatch("app://x/calls-super")
        #expect(result.failure == .executeNotOverridden(activity: CallsSuper.self))
        #expect(
            result.failure?.description
                == "CallsSuper claimed the URL and reached DispatchActivity's default execute(), which does "
                + "nothing: override execute() without calling super")
        let awaited = await center.dispatchAndWait("app://x/calls-super-async")
        #expect(
            awaited.failure?.description
                == "CallsSuperAsync claimed the URL and reached AsyncDispatchActivity's default execute() "
                + "async, which does nothing: override execute() without calling super")
    }

    /// A synchronous dispatch of an asynchronous class says so, whether or not it overrides.
    @Test func aSynchronousDispatchOfItStillAsksForAnAwaitingOne() {
        let (center, _) = center()
        #expect(
            center.dispatch("app://x/forgotten-async").failure
                == .requiresAsyncDispatch(activity: ForgottenAsync.self))
    }

    /// Called directly, the default throws rather than pretending to have shown something.
    @Test func theDefaultThrows() throws {
        let activity = Forgotten(request: DispatchRequest(url: try DispatchURL(string: "app://x/forgotten")))
        #expect(throws: (any Error).self) { try activity.execute() }
    }
}
