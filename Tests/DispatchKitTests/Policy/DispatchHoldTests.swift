import DispatchKit
import Testing

/// A login wall: holds every dispatch to orders while nobody is signed in.
@MainActor
private final class Wall: DispatchInterceptor {
    var signedIn = false
    var timeout: Double?
    private(set) var holds: [DispatchHold] = []

    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        guard interception.activity == PolicyOrders.self, !signedIn else { return .proceed }
        let hold = DispatchHold(timeout: timeout)
        holds.append(hold)
        return .hold(hold)
    }
}

@MainActor
@Suite("Holds")
struct DispatchHoldTests {
    @Test func aHeldDispatchRunsNothingUntilResumedAndThenRunsOnce() throws {
        let journal = PolicyJournal()
        let wall = Wall()
        let center = policyTestCenter([wall])
        let result = center.dispatch("app://x/orders/7", userInfo: journal.userInfo)
        let hold = try #require(wall.holds.first)
        #expect(result.outcome == .held(hold))
        #expect(result.activity == nil)
        #expect(result.url == policyURL("app://x/orders/7"))
        #expect(result.failure?.description == "held by Wall until it resumes or cancels the dispatch")
        #expect(hold.state == .pending)
        #expect(hold.request?.parameters == ["id": "7"])
        #expect(journal.lines.isEmpty)

        wall.signedIn = true
        let resumed = hold.resume()
        #expect(resumed.isHandled)
        #expect(resumed.activity is PolicyOrders)
        #expect(hold.state == .resumed)
        #expect(hold.request == nil)  // an ended hold lets go of the request
        #expect(journal.lines == ["run PolicyOrders app://x/orders/7"])
    }

    @Test func resumingTwiceRunsTheActivityOnce() throws {
        let journal = PolicyJournal()
        let wall = Wall()
        let center = policyTestCenter([wall])
        center.dispatch("app://x/orders", userInfo: journal.userInfo)
        let hold = try #require(wall.holds.first)
        #expect(hold.resume().isHandled)
        let again = hold.resume()
        #expect(again.outcome == .holdAlreadyEnded(.resumed))
        #expect(again.activity == nil)
        #expect(hold.cancel().outcome == .holdAlreadyEnded(.resumed))
        #expect(journal.count("run PolicyOrders app://x/orders") == 1)
    }

    @Test func aCancelledHoldNeverRuns() throws {
        let journal = PolicyJournal()
        let wall = Wall()
        let center = policyTestCenter([wall])
        center.dispatch("app://x/orders", userInfo: journal.userInfo)
        let hold = try #require(wall.holds.first)
        let cancelled = hold.cancel()
        #expect(cancelled.outcome == .holdCancelled(by: "Wall"))
        #expect(cancelled.url == policyURL("app://x/orders"))
        #expect(cancelled.failure?.description == "cancelled by Wall while on hold")
        #expect(hold.state == .cancelled)
        #expect(hold.resume().outcome == .holdAlreadyEnded(.cancelled))
        #expect(hold.cancel().outcome == .holdAlreadyEnded(.cancelled))
        #expect(journal.lines.isEmpty)
    }

    @Test func aHoldThatIsNeverResumedTimesOutAsATypedFailure() async throws {
        let journal = PolicyJournal()
        let wall = Wall()
        wall.timeout = 0.05
        let center = policyTestCenter([wall])
        center.dispatch("app://x/orders", userInfo: journal.userInfo)
        let hold = try #require(wall.holds.first)
        let final = await withCheckedContinuation { continuation in
            hold.whenEnded { continuation.resume(returning: $0) }
        }
        #expect(final.outcome == .holdTimedOut(by: "Wall", after: 0.05))
        #expect(final.failure?.description == "held by Wall for longer than 0.05 s: timed out")
        #expect(hold.state == .timedOut)
        // Too late: nothing runs.
        #expect(hold.resume().outcome == .holdAlreadyEnded(.timedOut))
        #expect(journal.lines.isEmpty)
    }

    @Test func aHoldWithoutItsOwnTimeoutUsesTheCenters() async throws {
        let wall = Wall()
        let center = policyTestCenter([wall])
        #expect(center.holdTimeout == 300)
        center.holdTimeout = 0.02
        center.dispatch("app://x/orders")
        let hold = try #require(wall.holds.first)
        #expect(hold.timeout == nil)
        let final = await withCheckedContinuation { continuation in
            hold.whenEnded { continuation.resume(returning: $0) }
        }
        #expect(final.outcome == .holdTimedOut(by: "Wall", after: 0.02))
    }

    @Test func aResumedHoldDoesNotTimeOutLater() async throws {
        let journal = PolicyJournal()
        let wall = Wall()
        wall.timeout = 0.02
        let center = policyTestCenter([wall])
        center.dispatch("app://x/orders", userInfo: journal.userInfo)
        let hold = try #require(wall.holds.first)
        var endings: [DispatchResult] = []
        hold.whenEnded { endings.append($0) }
        hold.resume()
        try await Task.sleep(nanoseconds: 100_000_000)
        #expect(hold.state == .resumed)
        #expect(endings.count == 1)
        #expect(endings.first?.isHandled == true)
        #expect(journal.lines == ["run PolicyOrders app://x/orders"])
    }

    @Test func resumingGoesOnWithTheInterceptorsAfterTheOneThatHeld() throws {
        let journal = PolicyJournal()
        var holds: [DispatchHold] = []
        let first = PolicyRule("first", priority: 10) { _ in .proceed }
        let holder = PolicyRule("holder", priority: 5) { _ in
            let hold = DispatchHold()
            holds.append(hold)
            return .hold(hold)
        }
        let last = PolicyRule("last") { _ in .proceed }
        let center = policyTestCenter([last, holder, first])
        center.dispatch("app://x/home", userInfo: journal.userInfo)
        #expect(journal.lines == ["first app://x/home", "holder app://x/home"])
        try #require(holds.count == 1).self
        holds[0].resume()
        #expect(
            journal.lines == [
                "first app://x/home", "holder app://x/home", "last app://x/home",
                "run PolicyHome app://x/home",
            ])
    }

    @Test func aLaterInterceptorMayHoldAgainAndTheFirstHoldEndsWithTheFinalResult() throws {
        var holds: [DispatchHold] = []
        let make = { (_: DispatchInterception) -> DispatchDecision in
            let hold = DispatchHold()
            holds.append(hold)
            return .hold(hold)
        }
        let center = policyTestCenter([PolicyRule("a", priority: 1, make), PolicyRule("b", make)])
        center.dispatch("app://x/home")
        try #require(holds.count == 1)
        var firstEnding: DispatchResult?
        holds[0].whenEnded { firstEnding = $0 }
        let resumed = holds[0].resume()
        try #require(holds.count == 2)
        #expect(resumed.outcome == .held(holds[1]))
        // Not ended yet: the dispatch is held again.
        #expect(firstEnding == nil)
        #expect(holds[1].interceptor == "PolicyRule")
        #expect(holds[1].resume().activity is PolicyHome)
        #expect(firstEnding?.activity is PolicyHome)
        #expect(firstEnding?.isHandled == true)
    }

    /// Resuming consults the interceptors as they are at that moment: one removed while the
    /// request was held is not asked, one added is.
    @Test func resumingConsultsTheInterceptorsAsTheyAreNow() throws {
        let journal = PolicyJournal()
        var holds: [DispatchHold] = []
        let holder = PolicyRule("holder", priority: 10) { _ in
            let hold = DispatchHold()
            holds.append(hold)
            return .hold(hold)
        }
        let removed = PolicyRule("removed") { _ in .reject(reason: "gone") }
        let center = policyTestCenter([holder, removed])
        center.dispatch("app://x/home", userInfo: journal.userInfo)
        center.removeInterceptor(removed)
        center.addInterceptor(PolicyRule("added") { _ in .proceed })
        try #require(holds.count == 1)
        #expect(holds[0].resume().isHandled)
        #expect(
            journal.lines == ["holder app://x/home", "added app://x/home", "run PolicyHome app://x/home"])
    }

    @Test func resumingAfterTheHolderWasRemovedConsultsThoseItOutranked() throws {
        let journal = PolicyJournal()
        var holds: [DispatchHold] = []
        let high = PolicyRule("high", priority: 20) { _ in .proceed }
        let holder = PolicyRule("holder", priority: 10) { _ in
            let hold = DispatchHold()
            holds.append(hold)
            return .hold(hold)
        }
        let low = PolicyRule("low") { _ in .proceed }
        let center = policyTestCenter([high, holder, low])
        center.dispatch("app://x/home", userInfo: journal.userInfo)
        center.removeInterceptor(holder)
        try #require(holds.count == 1)
        #expect(holds[0].resume().isHandled)
        #expect(
            journal.lines == [
                "high app://x/home", "holder app://x/home", "low app://x/home", "run PolicyHome app://x/home",
            ])
    }

    @Test func returningAHoldThatHasEndedRejectsTheDispatch() {
        let ended = DispatchHold()
        let center = policyTestCenter([PolicyRule("stale") { _ in .hold(ended) }])
        #expect(center.dispatch("app://x/home").outcome == .held(ended))
        ended.cancel()
        let second = center.dispatch("app://x/orders")
        guard case .rejected(let rejection)? = second.failure else {
            Issue.record("expected a rejection, got \(String(describing: second.failure))")
            return
        }
        #expect(
            rejection.rule
                == .interceptor(
                    name: "PolicyRule", reason: "it returned a hold that has already ended (cancelled)"))
    }

    @Test func returningAHoldThatAlreadyHoldsARequestRejectsTheSecondDispatch() {
        let journal = PolicyJournal()
        let shared = DispatchHold()
        let center = policyTestCenter([PolicyRule("lazy") { _ in .hold(shared) }])
        #expect(center.dispatch("app://x/home", userInfo: journal.userInfo).outcome == .held(shared))
        let second = center.dispatch("app://x/orders", userInfo: journal.userInfo)
        guard case .rejected(let rejection)? = second.failure else {
            Issue.record("expected a rejection, got \(String(describing: second.failure))")
            return
        }
        #expect(
            rejection.rule
                == .interceptor(name: "PolicyRule", reason: "it returned a hold that already holds a request")
        )
        // The first request is still the one held.
        #expect(shared.resume().activity is PolicyHome)
        #expect(journal.lines.filter { $0.hasPrefix("run") } == ["run PolicyHome app://x/home"])
    }

    @Test func aHoldThatHoldsNothingCannotBeResumed() {
        let hold = DispatchHold()
        #expect(hold.resume().outcome == .holdAlreadyEnded(.pending))
        #expect(hold.cancel().outcome == .holdAlreadyEnded(.pending))
        #expect(hold.state == .pending)
    }

    @Test func whenEndedOnAnEndedHoldCallsAtOnce() throws {
        let wall = Wall()
        let center = policyTestCenter([wall])
        center.dispatch("app://x/orders")
        let hold = try #require(wall.holds.first)
        hold.cancel()
        var seen: DispatchFailure?
        hold.whenEnded { seen = $0.failure }
        #expect(seen.map(PolicyOutcome.init) == .holdCancelled(by: "Wall"))
    }

    /// The login wall end to end: the login page, which skips interceptors, signs in and resumes
    /// the held orders from its own `execute()`; the orders keep the source they came from.
    @Test func theLoginPageResumesTheHeldRequestFromItsExecute() throws {
        let journal = PolicyJournal()
        let wall = Wall()
        let center = policyTestCenter([wall])
        center.register(LoginPage.self)
        LoginPage.wall[ObjectIdentifier(center)] = wall
        defer { LoginPage.wall[ObjectIdentifier(center)] = nil }
        let held = center.dispatch("app://x/orders/3", userInfo: journal.userInfo, source: .notification)
        guard case .held? = held.failure else {
            Issue.record("expected a hold, got \(String(describing: held.failure))")
            return
        }
        #expect(center.dispatch("app://x/login", userInfo: journal.userInfo).isHandled)
        #expect(journal.lines == ["login", "run PolicyOrders app://x/orders/3 from a notification"])
        #expect(wall.holds.first?.state == .resumed)
    }

    @Test func anEndedHoldKeepsNeitherTheCenterNorTheRequestAlive() throws {
        weak var weakCenter: DispatchCenter?
        var hold: DispatchHold?
        do {
            let wall = Wall()
            let center = policyTestCenter([wall])
            weakCenter = center
            center.dispatch("app://x/orders")
            hold = wall.holds.first
            hold?.cancel()
        }
        #expect(hold?.state == .cancelled)
        #expect(weakCenter == nil)
    }
}

/// Signs in and resumes what the wall holds; it must always work, so it skips interceptors.
private final class LoginPage: PolicyTestActivity {
    @MainActor static var wall: [ObjectIdentifier: Wall] = [:]
    override class var patterns: [RoutePattern] { ["/login"] }
    override class var skipsInterceptors: Bool { true }

    override func execute() throws {
        journal?.lines.append("login")
        guard let center, let wall = Self.wall[ObjectIdentifier(center)] else { return }
        wall.signedIn = true
        for hold in wall.holds where hold.state == .pending { hold.resume() }
    }
}
