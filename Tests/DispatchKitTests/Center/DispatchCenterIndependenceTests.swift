import DispatchKit
import Testing

private final class OnlyInFirst: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "first" }
}
private final class OnlyInSecond: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "second" }
}
private final class FirstFallback: CenterTestActivity {}
private final class Looper: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "loop" }
    override func execute() throws {
        try super.execute()
        log?.nestedResults.append(try centerOrThrow().dispatch(url, userInfo: userInfo))
    }
}
/// Registered on `DispatchCenter.shared` by exactly one test, and only for the length of it.
/// It claims nothing but its own private scheme, so it cannot disturb anyone else using `shared`.
private final class SharedProbe: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool {
        url.scheme == "dispatchkit-center-tests-shared-probe"
    }
}

@MainActor
@Suite struct DispatchCenterIndependenceTests {
    @Test func twoCentersDoNotShareRegistrations() throws {
        let first = DispatchCenter()
        let second = DispatchCenter()
        first.register(OnlyInFirst.self)
        second.register(OnlyInSecond.self)

        #expect(centerTestIDs(first.registeredActivities) == centerTestIDs([OnlyInFirst.self]))
        #expect(centerTestIDs(second.registeredActivities) == centerTestIDs([OnlyInSecond.self]))
        #expect(first.dispatch("app://x/first").isHandled)
        #expect(!second.dispatch("app://x/first").isHandled)
        #expect(second.dispatch("app://x/second").isHandled)
        #expect(!first.dispatch("app://x/second").isHandled)
        #expect(!second.canDispatch(try centerTestURL("app://x/first")))

        first.unregister(OnlyInFirst.self)
        second.register(OnlyInFirst.self)
        #expect(!first.dispatch("app://x/first").isHandled)
        #expect(second.dispatch("app://x/first").isHandled)
    }

    @Test func twoCentersDoNotShareTheFallback() {
        let first = DispatchCenter()
        let second = DispatchCenter()
        first.fallback = FirstFallback.self
        #expect(second.fallback == nil)
        #expect(first.dispatch("app://x/zzz").activity is FirstFallback)
        guard case .unmatched? = second.dispatch("app://x/zzz").failure else {
            Issue.record("the second center must not use the first center's fallback")
            return
        }
    }

    @Test func twoCentersDoNotShareLimits() {
        let first = DispatchCenter()
        let second = DispatchCenter()
        first.register(Looper.self)
        second.register(Looper.self)
        first.maximumNestingDepth = 2
        first.urlLimits = DispatchURL.Limits(maximumLength: 16)
        #expect(second.maximumNestingDepth == 8)
        #expect(second.urlLimits == .default)

        let firstLog = CenterTestLog()
        first.dispatch("app://x/loop", userInfo: firstLog.userInfo)
        #expect(firstLog.executeCount(Looper.self) == 2)
        let secondLog = CenterTestLog()
        second.dispatch("app://x/loop", userInfo: secondLog.userInfo)
        #expect(secondLog.executeCount(Looper.self) == 8)

        // 19 bytes: over the first center's 16-byte limit, fine for the second.
        #expect(second.dispatch("app://x/loop/longer").isHandled)
        guard case .invalidURL(.tooLong)? = first.dispatch("app://x/loop/longer").failure else {
            Issue.record("expected .tooLong on the first center")
            return
        }
    }

    @Test func aFreshCenterIsNotShared() {
        let center = DispatchCenter()
        #expect(center !== DispatchCenter.shared)
        #expect(DispatchCenter() !== center)
        #expect(center.registeredActivities.isEmpty)
    }

    /// The only test that touches `DispatchCenter.shared`: it registers a private class there and
    /// removes it again before returning.
    @Test func aFreshCenterDoesNotSeeWhatIsRegisteredOnShared() throws {
        let shared = DispatchCenter.shared
        shared.register(SharedProbe.self)
        defer { shared.unregister(SharedProbe.self) }
        let url = try centerTestURL("dispatchkit-center-tests-shared-probe://x/y")
        #expect(shared.canDispatch(url))

        let fresh = DispatchCenter()
        #expect(!fresh.canDispatch(url))
        #expect(fresh.registeredActivities.isEmpty)
        #expect(!fresh.dispatch(url).isHandled)
        // and the other way round
        fresh.register(OnlyInFirst.self)
        #expect(!shared.registeredActivities.contains { $0 == OnlyInFirst.self })
    }
}
