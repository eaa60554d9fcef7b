import DispatchKit
import Testing

/// Marks its center not ready again, as an onboarding page might.
private final class Onboarding: PolicyTestActivity {
    override class var patterns: [RoutePattern] { ["/onboarding"] }
    override func execute() throws {
        try super.execute()
        center?.isReady = false
    }
}

/// Dispatches `/home` again from its own `execute()`.
private final class Relay: PolicyTestActivity {
    override class var patterns: [RoutePattern] { ["/relay"] }
    override func execute() throws {
        try super.execute()
        let nested = center?.dispatch("app://x/home", userInfo: userInfo)
        journal?.lines.append("nested " + (nested?.failure.map { "\($0)" } ?? "handled"))
    }
}

/// Internal only: a URL from outside is rejected before it runs.
private final class Settings: PolicyTestActivity {
    override class var exposure: DispatchExposure { .internalOnly }
    override class var patterns: [RoutePattern] { ["/settings"] }
}

/// Refuses every URL bound for ``Settings`` while `closed`.
private final class Gate: DispatchInterceptor {
    var closed = true
    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        closed && interception.activity == Settings.self ? .reject(reason: "closed") : .proceed
    }
}

@MainActor
@Suite("Readiness and duplicates")
struct DispatchReadinessTests {
    @Test func aNewCenterIsReadyAndRunsAtOnce() {
        let journal = PolicyJournal()
        let center = policyTestCenter()
        #expect(center.isReady)
        #expect(center.dispatch("app://x/home", userInfo: journal.userInfo).isHandled)
        #expect(journal.lines == ["run PolicyHome app://x/home"])
    }

    @Test func dispatchesWaitWhileNotReadyAndRunInArrivalOrder() {
        let journal = PolicyJournal()
        let center = policyTestCenter()
        center.isReady = false
        #expect(
            center.dispatch("app://x/orders/1", userInfo: journal.userInfo).outcome == .queued(position: 1))
        #expect(center.dispatch("app://x/home", userInfo: journal.userInfo).outcome == .queued(position: 2))
        let third = center.dispatch("app://x/orders/2", userInfo: journal.userInfo, source: .notification)
        #expect(third.outcome == .queued(position: 3))
        #expect(third.url == policyURL("app://x/orders/2"))
        #expect(third.failure?.description == "queued until the center is ready (position 3)")
        #expect(center.queuedDispatches.map(\.source) == [.app, .app, .notification])
        #expect(center.queuedDispatches.allSatisfy { $0.userInfo[PolicyJournal.key] is PolicyJournal })
        #expect(
            center.queuedDispatches.map(\.url.description) == [
                "app://x/orders/1", "app://x/home", "app://x/orders/2",
            ])
        #expect(journal.lines.isEmpty)

        center.isReady = true
        #expect(
            journal.lines == [
                "run PolicyOrders app://x/orders/1", "run PolicyHome app://x/home",
                "run PolicyOrders app://x/orders/2 from a notification",
            ])
        #expect(center.queuedDispatches.isEmpty)
        // Ready again: no second run.
        center.isReady = true
        #expect(journal.lines.count == 3)
    }

    @Test func overflowIsATypedFailureAndKeepsWhatWasQueued() {
        let journal = PolicyJournal()
        let center = policyTestCenter()
        center.maximumQueuedDispatches = 2
        center.isReady = false
        center.dispatch("app://x/orders/1", userInfo: journal.userInfo)
        center.dispatch("app://x/orders/2", userInfo: journal.userInfo)
        let overflow = center.dispatch("app://x/orders/3", userInfo: journal.userInfo)
        #expect(overflow.outcome == .queueFull(capacity: 2))
        #expect(overflow.url == policyURL("app://x/orders/3"))
        #expect(overflow.failure?.description == "the center is not ready and its queue is full (2 waiting)")
        center.isReady = true
        #expect(journal.lines == ["run PolicyOrders app://x/orders/1", "run PolicyOrders app://x/orders/2"])
    }

    @Test func anInvalidURLFailsAtOnceInsteadOfWaiting() {
        let center = policyTestCenter()
        center.isReady = false
        guard case .invalidURL? = center.dispatch("app://x/%zz").failure else {
            Issue.record("expected an invalid URL")
            return
        }
        #expect(center.queuedDispatches.isEmpty)
    }

    @Test func aDispatchThatMakesTheCenterNotReadyStopsTheRunAndTheRestKeepWaiting() {
        let journal = PolicyJournal()
        let center = policyTestCenter()
        center.register(Onboarding.self)
        center.isReady = false
        center.dispatch("app://x/onboarding", userInfo: journal.userInfo)
        center.dispatch("app://x/home", userInfo: journal.userInfo)
        center.isReady = true
        #expect(journal.lines == ["run Onboarding app://x/onboarding"])
        #expect(!center.isReady)
        #expect(center.queuedDispatches.map(\.url) == [policyURL("app://x/home")])
        center.isReady = true
        #expect(journal.lines == ["run Onboarding app://x/onboarding", "run PolicyHome app://x/home"])
    }

    @Test func theSameURLWithinTheWindowIsADuplicate() {
        let journal = PolicyJournal()
        let clock = PolicyTestClock()
        let center = policyTestCenter()
        center.clock = { clock.now }
        #expect(center.duplicateWindow == nil)
        center.duplicateWindow = 0.5
        #expect(center.dispatch("app://x/orders/1", userInfo: journal.userInfo).isHandled)
        clock.advance(seconds: 0.2)
        let second = center.dispatch("app://x/orders/1", userInfo: journal.userInfo)
        #expect(second.outcome == .duplicate(within: 0.5))
        #expect(second.failure?.description == "duplicate: the same URL was dispatched less than 0.5 s ago")
        // URLs compare as parsed: the host's case does not make it another URL.
        #expect(
            center.dispatch("app://X/orders/1", userInfo: journal.userInfo).outcome == .duplicate(within: 0.5)
        )
        // Another URL is not a duplicate.
        #expect(center.dispatch("app://x/orders/2", userInfo: journal.userInfo).isHandled)
        // The window runs from the dispatch that was let through.
        clock.advance(seconds: 0.31)
        #expect(center.dispatch("app://x/orders/1", userInfo: journal.userInfo).isHandled)
        #expect(
            journal.lines == [
                "run PolicyOrders app://x/orders/1", "run PolicyOrders app://x/orders/2",
                "run PolicyOrders app://x/orders/1",
            ])
    }

    @Test func withoutAWindowEveryDispatchOpens() {
        let journal = PolicyJournal()
        let center = policyTestCenter()
        center.duplicateWindow = 0.5
        center.duplicateWindow = nil
        center.dispatch("app://x/home", userInfo: journal.userInfo)
        center.dispatch("app://x/home", userInfo: journal.userInfo)
        #expect(journal.count("run PolicyHome app://x/home") == 2)
        center.duplicateWindow = 0  // zero filters nothing
        #expect(center.duplicateWindow == nil)
    }

    @Test func dispatchesMadeByRunningCodeAreNotFiltered() {
        let journal = PolicyJournal()
        let clock = PolicyTestClock()
        let center = policyTestCenter()
        center.register(Relay.self)
        center.clock = { clock.now }
        center.duplicateWindow = 10
        #expect(center.dispatch("app://x/home", userInfo: journal.userInfo).isHandled)
        #expect(center.dispatch("app://x/relay", userInfo: journal.userInfo).isHandled)
        #expect(
            journal.lines == [
                "run PolicyHome app://x/home", "run Relay app://x/relay", "run PolicyHome app://x/home",
                "nested handled",
            ])
    }

    @Test func aDoubleTapDuringColdStartQueuesOnce() {
        let journal = PolicyJournal()
        let clock = PolicyTestClock()
        let center = policyTestCenter()
        center.clock = { clock.now }
        center.duplicateWindow = 1
        center.isReady = false
        #expect(center.dispatch("app://x/home", userInfo: journal.userInfo).outcome == .queued(position: 1))
        #expect(center.dispatch("app://x/home", userInfo: journal.userInfo).outcome == .duplicate(within: 1))
        center.isReady = true
        #expect(journal.lines == ["run PolicyHome app://x/home"])
    }

    @Test func theFilterForgetsOldURLsButNotRecentOnes() {
        let journal = PolicyJournal()
        let clock = PolicyTestClock()
        let center = policyTestCenter()
        center.clock = { clock.now }
        center.duplicateWindow = 1
        // More URLs than the filter keeps before pruning, all within the window.
        for id in 0..<100 { center.dispatch("app://x/orders/\(id)", userInfo: journal.userInfo) }
        #expect(
            center.dispatch("app://x/orders/0", userInfo: journal.userInfo).outcome == .duplicate(within: 1))
        #expect(
            center.dispatch("app://x/orders/99", userInfo: journal.userInfo).outcome == .duplicate(within: 1))
        clock.advance(seconds: 1)
        #expect(center.dispatch("app://x/orders/0", userInfo: journal.userInfo).isHandled)
    }

    @Test func aFullFilterForgetsItsOldestURLFirst() {
        let journal = PolicyJournal()
        let clock = PolicyTestClock()
        let center = policyTestCenter()
        center.clock = { clock.now }
        center.duplicateWindow = 100
        // As many URLs as the filter keeps, all within the window, each a millisecond after the last.
        for id in 0..<1_024 {
            center.dispatch("app://x/orders/\(id)", userInfo: journal.userInfo)
            clock.advance(seconds: 0.001)
        }
        // One more: the oldest, orders/0, is forgotten to make room; the others are kept.
        #expect(center.dispatch("app://x/orders/new", userInfo: journal.userInfo).isHandled)
        #expect(center.dispatch("app://x/orders/0", userInfo: journal.userInfo).isHandled)
        let repeated = ["app://x/orders/1023", "app://x/orders/new"].map {
            center.dispatch($0, userInfo: journal.userInfo).outcome
        }
        #expect(repeated == [.duplicate(within: 100), .duplicate(within: 100)])
    }

    /// Regression: a URL from another app that was rejected started the duplicate window, so the
    /// app's own dispatch of the same URL right after it was a duplicate and did not run — another
    /// app could suppress an action of ours by sending its URL first.
    @Test func aRefusedDispatchStartsNoWindow() {
        let journal = PolicyJournal()
        let clock = PolicyTestClock()
        let center = policyTestCenter()
        center.register(Settings.self)
        center.clock = { clock.now }
        center.duplicateWindow = 1
        let outside = center.dispatch(
            "app://x/settings", userInfo: journal.userInfo,
            source: .external(application: "com.example.other"))
        #expect(outside.failure?.description.hasPrefix("rejected: Settings is internal only") == true)
        #expect(center.dispatch("app://x/settings", userInfo: journal.userInfo).isHandled)
        #expect(
            center.dispatch("app://x/settings", userInfo: journal.userInfo).outcome == .duplicate(within: 1))
        #expect(journal.lines == ["run Settings app://x/settings"])
    }

    @Test func onlyDispatchesThatRanOrWaitStartTheWindow() {
        let journal = PolicyJournal()
        let clock = PolicyTestClock()
        let gate = Gate()
        let center = policyTestCenter([gate])
        center.register(Settings.self)
        center.clock = { clock.now }
        center.duplicateWindow = 1
        // Unmatched, and rejected by an interceptor: nothing ran, twice.
        for _ in 0..<2 {
            #expect(center.dispatch("app://x/nowhere").failure?.description.hasPrefix("no activity") == true)
            #expect(center.dispatch("app://x/settings").failure?.description.hasPrefix("rejected") == true)
        }
        gate.closed = false
        #expect(center.dispatch("app://x/settings", userInfo: journal.userInfo).isHandled)
        #expect(center.dispatch("app://x/settings").outcome == .duplicate(within: 1))
    }

    /// Regression: a dispatch refused because the queue was full was remembered by the duplicate
    /// filter, so retrying it was reported as a duplicate instead of being queued.
    @Test func aDispatchRefusedForAFullQueueIsNotADuplicateOfTheRetry() {
        let clock = PolicyTestClock()
        let center = policyTestCenter()
        center.clock = { clock.now }
        center.duplicateWindow = 1
        center.maximumQueuedDispatches = 0
        center.isReady = false
        #expect(center.dispatch("app://x/home").outcome == .queueFull(capacity: 0))
        center.maximumQueuedDispatches = 1
        #expect(center.dispatch("app://x/home").outcome == .queued(position: 1))
        #expect(center.dispatch("app://x/home").outcome == .duplicate(within: 1))
    }
}
