import DispatchKit
import DispatchKitEvents
import Testing

/// Keeps every event; optionally throws, or takes its time.
@MainActor
private final class Recorder: DispatchObserver {
    var events: [DispatchEvent] = []
    var error: (any Error)?
    var onEvent: ((DispatchEvent) -> Void)?

    func observe(_ event: DispatchEvent) throws {
        events.append(event)
        onEvent?(event)
        if let error { throw error }
    }
}

private struct ObserverBroke: Error {}

private final class Broken: PolicyTestActivity {
    override class var patterns: [RoutePattern] { ["/broken"] }
    override func execute() throws { throw ObserverBroke() }
}

/// Dispatches `/home` from its own `execute()`.
private final class Launcher: PolicyTestActivity {
    override class var patterns: [RoutePattern] { ["/launch"] }
    override func execute() throws { center?.dispatch("app://x/home") }
}

@MainActor
@Suite("Dispatch events")
struct DispatchEventTests {
    private func center(_ interceptors: [any DispatchInterceptor] = []) -> (
        DispatchCenter, Recorder, PolicyTestClock
    ) {
        let center = policyTestCenter(interceptors)
        center.register([Broken.self, Launcher.self])
        let clock = PolicyTestClock()
        center.clock = { clock.now }
        let recorder = Recorder()
        center.addObserver(recorder)
        return (center, recorder, clock)
    }

    @Test func aHandledDispatchProducesOneEventWithItsFacts() throws {
        let (center, recorder, _) = center()
        center.dispatch("app://x/orders/4", source: .universalLink)
        let event = try #require(recorder.events.first)
        #expect(recorder.events.count == 1)
        #expect(event.url == policyURL("app://x/orders/4"))
        #expect(event.source == .universalLink)
        #expect(event.isHandled)
        #expect(event.activity == PolicyOrders.self)
        #expect(event.redirects.isEmpty)
        #expect(event.decisions.isEmpty)
        #expect(!event.isNested)
        #expect(
            event.description == "app://x/orders/4 from a universal link: handled by PolicyOrders; 0.000 ms")
    }

    @Test func everyKindOfOutcomeProducesExactlyOneEvent() {
        let (center, recorder, _) = center()
        center.dispatch("app://x/nothing")
        center.dispatch("app://x/%zz")
        center.dispatch("app://x/broken")
        center.dispatch(policyURL("app://x/home"), source: .notification)  // PolicyHome is external
        center.allowedApplications = []
        center.dispatch("app://x/home", source: .external(application: "com.example"))
        #expect(recorder.events.count == 5)
        #expect(
            recorder.events.map(\.description) == [
                "app://x/nothing from the app: no activity claims app://x/nothing; 0.000 ms",
                "(invalid URL) from the app: invalid URL: malformed percent-escape \"%zz\" at offset 8; 0.000 ms",
                "app://x/broken from the app: Broken failed: ObserverBroke(); 0.000 ms",
                "app://x/home from a notification: handled by PolicyHome; 0.000 ms",
                "app://x/home from another app (com.example): rejected: the center admits only some apps, and the URL came from another app (com.example); 0.000 ms",
            ])
        #expect(recorder.events[2].activity == Broken.self)  // it was created and ran
        #expect(recorder.events[4].activity == nil)
    }

    @Test func theEventCarriesTheRedirectChainAndTheDecisions() throws {
        let toHome = PolicyRule("moved") {
            $0.activity == PolicyOrders.self ? .redirect(to: policyURL("app://x/home")) : .proceed
        }
        let (center, recorder, _) = center([toHome])
        center.dispatch("app://x/orders")
        let event = try #require(recorder.events.first)
        #expect(recorder.events.count == 1)
        #expect(event.url == policyURL("app://x/orders"))
        #expect(event.redirects == [policyURL("app://x/home")])
        #expect(event.activity == PolicyHome.self)
        #expect(
            event.decisions.map(\.description) == [
                "PolicyRule: redirect to app://x/home", "PolicyRule: proceed",
            ])
    }

    @Test func theDurationIsMeasuredBeforeObserversRunAndObserversCannotChangeTheOutcome() throws {
        let slow = PolicyRule("slow") { _ in .proceed }
        let (center, recorder, clock) = center([slow])
        center.removeInterceptor(slow)
        center.addInterceptor(
            PolicyRule("ticks") { _ in
                clock.advance(seconds: 0.25)  // the dispatch itself takes 250 ms
                return .proceed
            })
        // An observer that takes its time and throws, added before another one.
        let rude = Recorder()
        rude.error = ObserverBroke()
        rude.onEvent = { _ in clock.advance(seconds: 5) }
        center.removeObserver(recorder)
        center.addObserver(rude)
        center.addObserver(recorder)
        let result = center.dispatch("app://x/home")
        #expect(result.isHandled)
        #expect(result.activity is PolicyHome)
        let event = try #require(recorder.events.first)
        #expect(rude.events.count == 1)
        #expect(event.duration == 0.25)
        #expect(event.isHandled)
    }

    @Test func aNestedDispatchHasItsOwnEventMarkedNested() {
        let (center, recorder, _) = center()
        center.dispatch("app://x/launch")
        #expect(recorder.events.map(\.url) == [policyURL("app://x/home"), policyURL("app://x/launch")])
        #expect(recorder.events.map(\.isNested) == [true, false])
    }

    @Test func anObserverThatDispatchesOnEveryEventStopsAtTheDepthLimit() {
        let (center, recorder, _) = center()
        recorder.onEvent = { _ in center.dispatch("app://x/home") }
        let result = center.dispatch("app://x/home")
        #expect(result.isHandled)
        // One outer event plus one per nesting level the observers reached.
        #expect(recorder.events.count == center.maximumNestingDepth + 1)
        // The next dispatch is not blamed for the runaway observer.
        recorder.onEvent = nil
        #expect(center.dispatch("app://x/orders").isHandled)
    }

    @Test func aHeldDispatchProducesItsEventWhenTheHoldEnds() throws {
        var holds: [DispatchHold] = []
        let wall = PolicyRule("wall") { _ in
            let hold = DispatchHold()
            holds.append(hold)
            return .hold(hold)
        }
        let (center, recorder, clock) = center([wall])
        center.dispatch("app://x/orders")
        center.dispatch("app://x/home")
        #expect(recorder.events.isEmpty)
        clock.advance(seconds: 2)
        try #require(holds.count == 2).self
        holds[0].resume()
        holds[1].cancel()
        holds[1].cancel()
        #expect(recorder.events.count == 2)
        #expect(recorder.events.map(\.outcome) == [.handled, .holdCancelled(by: "PolicyRule")])
        #expect(recorder.events[0].duration == 2)
        #expect(recorder.events[0].decisions.map(\.description) == ["PolicyRule: hold"])
    }

    @Test func aQueuedDispatchProducesItsEventWhenItRunsAndAnOverflowAtOnce() {
        let (center, recorder, _) = center()
        center.maximumQueuedDispatches = 1
        center.isReady = false
        center.dispatch("app://x/home")
        center.dispatch("app://x/orders")
        #expect(recorder.events.map(\.outcome) == [.queueFull(capacity: 1)])
        center.isReady = true
        #expect(recorder.events.map(\.outcome) == [.queueFull(capacity: 1), .handled])
        #expect(recorder.events.last?.url == policyURL("app://x/home"))
    }

    @Test func aDuplicateProducesAnEvent() {
        let (center, recorder, _) = center()
        center.duplicateWindow = 1
        center.dispatch("app://x/home")
        center.dispatch("app://x/home")
        #expect(recorder.events.map(\.outcome) == [.handled, .duplicate(within: 1)])
    }

    @Test func aRemovedObserverHearsNothingMore() {
        let (center, recorder, _) = center()
        center.addObserver(recorder)  // twice is once
        #expect(center.observers.count == 1)
        center.dispatch("app://x/home")
        center.removeObserver(recorder)
        center.dispatch("app://x/home")
        #expect(recorder.events.count == 1)
        #expect(center.observers.isEmpty)
    }

    @Test func anObserverThatRemovesItselfIsToldOnceAndTheOthersStillAre() {
        let (center, recorder, _) = center()
        let leaving = Recorder()
        leaving.onEvent = { [unowned center, unowned leaving] _ in center.removeObserver(leaving) }
        let late = Recorder()
        center.addObserver(leaving)
        center.addObserver(late)
        center.dispatch("app://x/home")
        center.dispatch("app://x/home")
        #expect(leaving.events.count == 1)
        #expect(recorder.events.count == 2)
        #expect(late.events.count == 2)
        #expect(center.observers.count == 2)
    }

    @Test func anObserverThatRemovesEveryObserverEndsTheEventsButNotTheDispatch() {
        let (center, recorder, _) = center()
        let other = Recorder()
        center.addObserver(other)
        recorder.onEvent = { [unowned center, unowned recorder, unowned other] _ in
            center.removeObserver(recorder)
            center.removeObserver(other)
        }
        let first = center.dispatch("app://x/orders/1")
        let second = center.dispatch("app://x/orders/2")
        #expect(first.isHandled && second.isHandled)
        // The event of the first dispatch reached both: the list was read before it changed.
        #expect(recorder.events.count == 1 && other.events.count == 1)
        #expect(center.observers.isEmpty)
    }

    @Test func observersAddedAfterTheLastWasRemovedHearTheNextDispatches() throws {
        let (center, recorder, _) = center()
        center.removeObserver(recorder)
        center.dispatch("app://x/home")
        let returning = Recorder()
        center.addObserver(returning)
        center.addObserver(recorder)
        center.dispatch("app://x/orders/3", source: .universalLink)
        #expect(recorder.events.count == 1)
        let event = try #require(returning.events.first)
        #expect(returning.events.count == 1)
        #expect(event.url == policyURL("app://x/orders/3") && event.source == .universalLink)
        #expect(center.observers.count == 2)
    }
}

@MainActor
@Suite("Recursion limit and policy")
struct RecursionLimitPolicyTests {
    /// Regression: a nested dispatch refused for depth inside an interceptor that then rejected
    /// left the "hit the limit" mark set, and the next, unrelated dispatch reported
    /// `.recursionLimit` although it ran fine.
    @Test func aRunawayInsideAnInterceptorDoesNotBlameTheNextDispatch() {
        let center = policyTestCenter()
        center.maximumNestingDepth = 1
        center.addInterceptor(
            PolicyRule("nosy") { interception in
                guard interception.url.paths == ["orders"] else { return .proceed }
                let nested = interception.request.center?.dispatch("app://x/home")
                return .reject(reason: nested?.failure.map { "\($0)" } ?? "nested ran")
            })
        let first = center.dispatch("app://x/orders")
        #expect(
            first.failure?.description
                == "rejected: PolicyRule refused the URL for PolicyOrders: nested dispatch deeper than 1 levels"
        )
        let next = center.dispatch("app://x/home")
        #expect(next.isHandled)
        #expect(next.failure == nil)
    }
}
