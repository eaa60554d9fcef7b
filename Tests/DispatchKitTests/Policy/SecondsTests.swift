import DispatchKit
import DispatchKitAsync
import Testing

// Every duration the center takes in seconds reads the same way: NaN as `nil`, zero and negative
// values as zero, `.infinity` as no limit — and none of them traps.

/// Takes 10 ms, then succeeds.
private final class Brief: AsyncDispatchActivity {
    override class var patterns: [RoutePattern] { ["/brief"] }
    override func execute() async throws { try await Task.sleep(nanoseconds: 10_000_000) }
}

@MainActor
@Suite("Durations in seconds")
struct SecondsTests {
    private func center() -> DispatchCenter {
        let center = DispatchCenter()
        center.register(Brief.self)
        return center
    }

    @Test(arguments: [
        (0.0, 0 as UInt64?), (-3, 0), (-.infinity, 0), (0.5, 500_000_000), (.infinity, nil), (.nan, nil),
        (2e9, nil),
    ])
    func secondsBecomeSleepsWithoutTrapping(seconds: Double, nanoseconds: UInt64?) {
        #expect(Seconds.nanoseconds(seconds) == nanoseconds)
    }

    /// Regression: `await center.dispatch(url, timeout: .nan)` trapped converting the timeout to a
    /// sleep. NaN is no value: the center's `executionTimeout` (here none) applies.
    @Test(arguments: [Double.nan, .infinity, 1e300, 60])
    func aTimeoutThatIsNoLimitLetsTheWorkFinish(timeout: Double) async {
        let result = await center().dispatchAndWait("/brief", timeout: timeout)
        #expect(result.isHandled)
    }

    @Test(arguments: [-1, -Double.infinity, 0, -0.0])
    func aTimeoutOfZeroOrLessTimesOutAtOnceAndSaysZero(timeout: Double) async {
        let result = await center().dispatchAndWait("/brief", timeout: timeout)
        guard case .timedOut(_, let after) = result.failure else {
            Issue.record("expected timedOut, got \(String(describing: result.failure))")
            return
        }
        #expect(after == 0)
    }

    @Test func aNaNTimeoutDefersToTheCentersExecutionTimeout() async {
        let center = center()
        center.executionTimeout = 0
        let result = await center.dispatchAndWait("/brief", timeout: .nan)
        guard case .timedOut(_, let after) = result.failure else {
            Issue.record("expected timedOut, got \(String(describing: result.failure))")
            return
        }
        #expect(after == 0)
    }

    @Test(arguments: [
        (Double.nan, nil as Double?), (-5, 0), (-.infinity, 0), (0, 0), (2.5, 2.5), (.infinity, .infinity),
    ])
    func theCentersTimeoutsReadBackNormalized(value: Double, expected: Double?) {
        let center = center()
        center.executionTimeout = value
        #expect(center.executionTimeout == expected)
        center.holdTimeout = value
        #expect(center.holdTimeout == expected)
        #expect(DispatchHold(timeout: value).timeout == expected)
    }

    @Test(arguments: [
        (Double.nan, nil as Double?), (-5, nil), (-.infinity, nil), (0, nil), (2.5, 2.5),
        (.infinity, .infinity),
    ])
    func theDuplicateWindowReadsBackNormalized(value: Double, expected: Double?) {
        let center = center()
        center.duplicateWindow = value
        #expect(center.duplicateWindow == expected)
    }

    @Test func anInfiniteWindowOpensEachURLOnce() {
        let center = center()
        center.register(PolicyHome.self)
        center.duplicateWindow = .infinity
        #expect(center.dispatch("app://x/home").isHandled)
        #expect(center.dispatch("app://x/home").failure?.description.hasPrefix("duplicate") == true)
    }

    @Test(arguments: [Double.nan, -1, 0])
    func aHoldWhoseTimeoutIsZeroOrLessEndsAtOnceAndNaNUsesTheCenters(timeout: Double) async throws {
        let center = policyTestCenter()
        let wall = OneHold(timeout: timeout)
        center.addInterceptor(wall)
        center.holdTimeout = 0
        center.dispatch("app://x/orders")
        let hold = try #require(wall.hold)
        let final = await withCheckedContinuation { continuation in
            hold.whenEnded { continuation.resume(returning: $0) }
        }
        #expect(final.outcome == .holdTimedOut(by: "OneHold", after: 0))
    }
}

/// Holds the first request, with the given timeout.
private final class OneHold: DispatchInterceptor {
    let timeout: Double
    var hold: DispatchHold?
    init(timeout: Double) { self.timeout = timeout }

    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        guard hold == nil else { return .proceed }
        let hold = DispatchHold(timeout: timeout)
        self.hold = hold
        return .hold(hold)
    }
}
