import DispatchKit
import Testing

private class Thrower: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "throw" }
    override func execute() throws {
        try super.execute()
        throw CenterTestError(message: "disk full")
    }
}
/// A subclass of a throwing class: the failure must name the subclass that actually ran.
private final class SubThrower: Thrower {
    override class var priority: Int { 1 }
    override class func isHit(url: DispatchURL) -> Bool {
        url.firstPath == "throw" && url.query["sub"] != nil
    }
}
private final class ThrowingFallback: CenterTestActivity {
    override func execute() throws {
        try super.execute()
        throw CenterTestError(message: "no page")
    }
}
private final class Fine: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "fine" }
}
private enum Localized: Error { case offline }

private final class ThrowsEnum: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "enum" }
    override func execute() throws { throw Localized.offline }
}

@MainActor
@Suite struct DispatchCenterExecutionFailureTests {
    @Test func throwingExecuteIsExecutionFailedWithClassAndError() throws {
        let center = DispatchCenter()
        center.register([Fine.self, Thrower.self, SubThrower.self])
        let log = CenterTestLog()
        let result = center.dispatch("app://x/throw", userInfo: log.userInfo)

        #expect(!result.isHandled)
        guard case .executionFailed(let activity, let error)? = result.failure else {
            Issue.record("expected .executionFailed, got \(String(describing: result.failure))")
            return
        }
        #expect(activity == Thrower.self)
        #expect(error as? CenterTestError == CenterTestError(message: "disk full"))
        // The result still carries the instance that threw.
        let instance = try #require(result.activity)
        #expect(type(of: instance) == Thrower.self)
        #expect(log.instances == [ObjectIdentifier(instance)])
        #expect(log.executeCount(Thrower.self) == 1)
    }

    @Test func executionFailedNamesTheSubclassThatRan() throws {
        let center = DispatchCenter()
        center.register([Thrower.self, SubThrower.self])
        let result = center.dispatch("app://x/throw?sub=1")
        guard case .executionFailed(let activity, _)? = result.failure else {
            Issue.record("expected .executionFailed, got \(String(describing: result.failure))")
            return
        }
        #expect(activity == SubThrower.self)
        #expect(activity != Thrower.self)
        #expect(result.activity is SubThrower)
    }

    @Test func throwingFallbackIsExecutionFailed() throws {
        let center = DispatchCenter()
        center.fallback = ThrowingFallback.self
        let log = CenterTestLog()
        let result = center.dispatch("app://x/nothing", userInfo: log.userInfo)
        #expect(!result.isHandled)
        guard case .executionFailed(let activity, let error)? = result.failure else {
            Issue.record("expected .executionFailed, got \(String(describing: result.failure))")
            return
        }
        #expect(activity == ThrowingFallback.self)
        #expect((error as? CenterTestError)?.message == "no page")
        #expect(result.activity is ThrowingFallback)
        #expect(log.executeCount(ThrowingFallback.self) == 1)
    }

    @Test func anyErrorTypeIsCarried() throws {
        let center = DispatchCenter()
        center.register(ThrowsEnum.self)
        let result = center.dispatch("app://x/enum")
        guard case .executionFailed(_, let error)? = result.failure else {
            Issue.record("expected .executionFailed, got \(String(describing: result.failure))")
            return
        }
        guard case Localized.offline? = error as? Localized else {
            Issue.record("expected Localized.offline, got \(error)")
            return
        }
    }

    @Test func centerStaysUsableAfterAFailure() throws {
        let center = DispatchCenter()
        center.register([Fine.self, Thrower.self])
        let log = CenterTestLog()
        #expect(!center.dispatch("app://x/throw", userInfo: log.userInfo).isHandled)
        #expect(center.dispatch("app://x/fine", userInfo: log.userInfo).isHandled)
        #expect(!center.dispatch("app://x/throw", userInfo: log.userInfo).isHandled)
        #expect(log.executeCount(Thrower.self) == 2)
        #expect(log.executeCount(Fine.self) == 1)
    }
}
