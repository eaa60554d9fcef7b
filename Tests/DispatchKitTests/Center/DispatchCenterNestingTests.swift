import DispatchKit
import Testing

/// Dispatches `app://x/inner` from its `execute()` through `center`.
private final class Outer: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "outer" }
    override func execute() throws {
        try super.execute()
        let nested = try centerOrThrow().dispatch("app://x/inner?from=outer", userInfo: userInfo)
        log?.nestedResults.append(nested)
        log?.events.append("end \(centerTestName(Self.self))")
    }
}
/// Same, through `request.center` and with a `DispatchURL`.
private final class OuterViaRequest: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "outer_request" }
    override func execute() throws {
        try super.execute()
        let center = try centerOrThrow(request.center)
        let nested = center.dispatch(try DispatchURL(string: "app://x/inner"), userInfo: userInfo)
        log?.nestedResults.append(nested)
    }
}
private final class Inner: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "inner" }
}
/// Dispatches its own URL again, forever, ignoring the nested result.
private final class Echo: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "echo" }
    override func execute() throws {
        try super.execute()
        let nested = try centerOrThrow().dispatch(url, userInfo: userInfo)
        log?.nestedResults.append(nested)
    }
}
/// Dispatches its own URL again and rethrows the nested failure.
private final class StrictEcho: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "strict_echo" }
    override func execute() throws {
        try super.execute()
        let nested = try centerOrThrow().dispatch(url.description, userInfo: userInfo)
        if let failure = nested.failure { throw failure }
    }
}
/// Dispatches `inner` many times one after the other (siblings, not nested in each other).
private final class Fanout: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "fanout" }
    override func execute() throws {
        try super.execute()
        for _ in 0..<20 {
            log?.nestedResults.append(try centerOrThrow().dispatch("app://x/inner", userInfo: userInfo))
        }
    }
}
/// The nested dispatch throws; the outer activity continues.
private final class OuterOfThrower: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "outer_of_thrower" }
    override func execute() throws {
        try super.execute()
        log?.nestedResults.append(try centerOrThrow().dispatch("app://x/boom", userInfo: userInfo))
    }
}
private final class Boom: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "boom" }
    override func execute() throws { throw CenterTestError(message: "boom") }
}

@MainActor
@Suite struct DispatchCenterNestingTests {
    private func makeCenter() -> DispatchCenter {
        let center = DispatchCenter()
        center.register([
            Outer.self, OuterViaRequest.self, Inner.self, Echo.self, StrictEcho.self, Fanout.self,
            OuterOfThrower.self, Boom.self,
        ])
        return center
    }

    private func isRecursionLimit(_ failure: DispatchFailure?, depth expected: Int) -> Bool {
        if case .recursionLimit(let depth)? = failure { return depth == expected }
        return false
    }

    @Test func nestedDispatchThroughCenterWorks() throws {
        let center = makeCenter()
        let log = CenterTestLog()
        let result = center.dispatch("app://x/outer", userInfo: log.userInfo)
        #expect(result.isHandled)
        #expect(result.activity is Outer)
        #expect(
            log.events == [
                "init \(centerTestName(Outer.self))", "execute \(centerTestName(Outer.self))",
                "init \(centerTestName(Inner.self))", "execute \(centerTestName(Inner.self))",
                "end \(centerTestName(Outer.self))",
            ])
        let nested = try #require(log.nestedResults.first)
        #expect(nested.isHandled)
        #expect(nested.activity is Inner)
        #expect(nested.activity?.query["from"] == "outer")
        #expect(nested.activity?.center === center)
    }

    @Test func nestedDispatchThroughRequestCenterWorks() throws {
        let center = makeCenter()
        let log = CenterTestLog()
        #expect(center.dispatch("app://x/outer_request", userInfo: log.userInfo).isHandled)
        #expect(log.executeCount(Inner.self) == 1)
        #expect(log.nestedResults.count == 1)
        #expect(log.nestedResults.first?.activity is Inner)
    }

    @Test func selfRedispatchStopsAtTheDefaultLimitOfEight() throws {
        let center = makeCenter()
        #expect(center.maximumNestingDepth == 8)
        let log = CenterTestLog()
        let result = center.dispatch("app://x/echo", userInfo: log.userInfo)
        // Eight levels ran; the ninth dispatch was refused instead of overflowing the stack.
        #expect(log.executeCount(Echo.self) == 8)
        #expect(log.initCount(Echo.self) == 8)
        #expect(log.nestedResults.count == 8)
        // The innermost nested dispatch (recorded first) failed; every outer level succeeded.
        let innermost = try #require(log.nestedResults.first)
        #expect(isRecursionLimit(innermost.failure, depth: 8))
        #expect(innermost.activity == nil)
        #expect(!innermost.isHandled)
        // Echo ignores the nested failure, but a runaway chain is a bug: the caller that started
        // it is told, with the same typed failure, and still sees the activity it created.
        #expect(isRecursionLimit(result.failure, depth: 8))
        #expect(result.activity is Echo)
    }

    @Test func recursionLimitPropagatesWhenTheActivityRethrows() throws {
        let center = makeCenter()
        let log = CenterTestLog()
        let result = center.dispatch("app://x/strict_echo", userInfo: log.userInfo)
        #expect(log.executeCount(StrictEcho.self) == 8)
        #expect(!result.isHandled)
        // The outermost result names the cause directly rather than eight wrapped executionFailed.
        #expect(isRecursionLimit(result.failure, depth: 8))
    }

    @Test func theTopLevelResultIsARecursionLimitEvenWhenEveryLevelIgnoresIt() throws {
        let center = makeCenter()
        center.maximumNestingDepth = 4
        let result = center.dispatch("app://x/echo")
        #expect(isRecursionLimit(result.failure, depth: 4))
        // And the flag does not leak into the next, unrelated dispatch.
        #expect(center.dispatch("app://x/outer").isHandled)
    }

    @Test(arguments: [0, -5])
    func aLimitBelowOneIsRaisedToOne(limit: Int) throws {
        let center = makeCenter()
        center.maximumNestingDepth = limit
        #expect(center.maximumNestingDepth == 1)
        #expect(center.dispatch("app://x/inner").isHandled)
    }

    @Test(arguments: [1, 2, 3, 5])
    func loweringTheLimitChangesWhereItStops(limit: Int) throws {
        let center = makeCenter()
        center.maximumNestingDepth = limit
        let log = CenterTestLog()
        let result = center.dispatch("app://x/echo", userInfo: log.userInfo)
        #expect(isRecursionLimit(result.failure, depth: limit))
        #expect(log.executeCount(Echo.self) == limit)
        #expect(isRecursionLimit(log.nestedResults.first?.failure, depth: limit))
    }

    @Test func raisingTheLimitAllowsDeeperNesting() throws {
        let center = makeCenter()
        center.maximumNestingDepth = 50
        let log = CenterTestLog()
        center.dispatch("app://x/echo", userInfo: log.userInfo)
        #expect(log.executeCount(Echo.self) == 50)
        #expect(isRecursionLimit(log.nestedResults.first?.failure, depth: 50))
    }

    @Test func limitOfOneForbidsNestingButAllowsTopLevel() throws {
        let center = makeCenter()
        center.maximumNestingDepth = 1
        let log = CenterTestLog()
        let result = center.dispatch("app://x/outer", userInfo: log.userInfo)
        #expect(isRecursionLimit(result.failure, depth: 1))
        #expect(log.executeCount(Inner.self) == 0)
        #expect(log.initCount(Inner.self) == 0)
        #expect(isRecursionLimit(log.nestedResults.first?.failure, depth: 1))
        #expect(center.dispatch("app://x/inner").isHandled)
    }

    @Test func centerDispatchesNormallyAfterARecursionLimitFailure() throws {
        let center = makeCenter()
        center.maximumNestingDepth = 3
        let first = CenterTestLog()
        center.dispatch("app://x/echo", userInfo: first.userInfo)
        #expect(first.executeCount(Echo.self) == 3)

        // The depth counter is back to zero: a plain dispatch works, and a second runaway
        // recursion gets the full depth again (not a reduced one).
        #expect(center.dispatch("app://x/inner").isHandled)
        let second = CenterTestLog()
        center.dispatch("app://x/echo", userInfo: second.userInfo)
        #expect(second.executeCount(Echo.self) == 3)
        #expect(isRecursionLimit(second.nestedResults.first?.failure, depth: 3))

        // Also after a failure that was rethrown through every level.
        center.dispatch("app://x/strict_echo")
        let third = CenterTestLog()
        center.dispatch("app://x/echo", userInfo: third.userInfo)
        #expect(third.executeCount(Echo.self) == 3)
    }

    @Test func depthIsRestoredAfterAThrowingNestedActivity() throws {
        let center = makeCenter()
        center.maximumNestingDepth = 2
        for _ in 0..<10 {
            let log = CenterTestLog()
            #expect(center.dispatch("app://x/outer_of_thrower", userInfo: log.userInfo).isHandled)
            let nested = try #require(log.nestedResults.first)
            guard case .executionFailed(let activity, _)? = nested.failure else {
                Issue.record("expected .executionFailed, got \(String(describing: nested.failure))")
                return
            }
            #expect(activity == Boom.self)
        }
        #expect(!center.dispatch("app://x/boom").isHandled)
        let log = CenterTestLog()
        center.dispatch("app://x/echo", userInfo: log.userInfo)
        #expect(log.executeCount(Echo.self) == 2)
    }

    @Test func siblingDispatchesDoNotAddUpToTheDepth() throws {
        let center = makeCenter()
        center.maximumNestingDepth = 2
        let log = CenterTestLog()
        #expect(center.dispatch("app://x/fanout", userInfo: log.userInfo).isHandled)
        #expect(log.nestedResults.count == 20)
        #expect(log.nestedResults.allSatisfy { $0.isHandled })
        #expect(log.executeCount(Inner.self) == 20)
    }

    @Test func nestingDepthIsPerCenter() throws {
        let center = makeCenter()
        center.maximumNestingDepth = 2
        let other = makeCenter()
        let log = CenterTestLog()
        center.dispatch("app://x/echo", userInfo: log.userInfo)
        #expect(log.executeCount(Echo.self) == 2)
        let otherLog = CenterTestLog()
        other.dispatch("app://x/echo", userInfo: otherLog.userInfo)
        #expect(otherLog.executeCount(Echo.self) == 8)
    }
}
