import DispatchKit
import Testing

// Fixtures: every class claims the `app://order/…` URLs so that order decides the winner.
private final class Plain1: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.host == "order" }
}
private final class Plain2: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.host == "order" }
}
private final class Plain3: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.host == "order" }
}
private final class High1: CenterTestActivity {
    override class var priority: Int { 10 }
    override class func isHit(url: DispatchURL) -> Bool { url.host == "order" }
}
private final class High2: CenterTestActivity {
    override class var priority: Int { 10 }
    override class func isHit(url: DispatchURL) -> Bool { url.host == "order" }
}
private final class Mid: CenterTestActivity {
    override class var priority: Int { 5 }
    override class func isHit(url: DispatchURL) -> Bool { url.host == "order" }
}
private final class Low: CenterTestActivity {
    override class var priority: Int { -3 }
    override class func isHit(url: DispatchURL) -> Bool { url.host == "order" }
}
/// Does not override `priority`: it must count as 0.
private final class DefaultPriority: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.host == "order" }
}

private enum ShopModule: DispatchModule {
    static let activities: [DispatchActivity.Type] = [Plain2.self, Plain1.self, Plain3.self]
}

private enum MixedModule: DispatchModule {
    static let activities: [DispatchActivity.Type] = [Low.self, Plain1.self, High1.self]
}

private enum EmptyModule: DispatchModule {
    static let activities: [DispatchActivity.Type] = []
}

@MainActor
@Suite struct DispatchCenterRegistrationTests {
    @Test func freshCenterHasNothingRegistered() {
        let center = DispatchCenter()
        #expect(center.registeredActivities.isEmpty)
        #expect(center.fallback == nil)
        #expect(center.maximumNestingDepth == 8)
    }

    @Test func equalPrioritiesKeepRegistrationOrder() {
        let center = DispatchCenter()
        center.register(Plain3.self)
        center.register(Plain1.self)
        center.register(Plain2.self)
        #expect(
            centerTestIDs(center.registeredActivities)
                == centerTestIDs([Plain3.self, Plain1.self, Plain2.self]))
    }

    @Test func higherPriorityFirstAndTiesInRegistrationOrder() {
        let center = DispatchCenter()
        // Registered deliberately out of priority order, with ties at 10 and at 0.
        center.register(Plain1.self)
        center.register(Low.self)
        center.register(High2.self)
        center.register(Mid.self)
        center.register(Plain2.self)
        center.register(High1.self)
        center.register(DefaultPriority.self)
        let expected: [DispatchActivity.Type] = [
            High2.self, High1.self, Mid.self, Plain1.self, Plain2.self, DefaultPriority.self, Low.self,
        ]
        #expect(centerTestIDs(center.registeredActivities) == centerTestIDs(expected))
    }

    @Test func consultationOrderDecidesTheWinnerOnPriorityTies() throws {
        let center = DispatchCenter()
        center.register(Plain2.self)
        center.register(High2.self)
        center.register(Plain1.self)
        center.register(High1.self)
        let log = CenterTestLog()
        let result = center.dispatch("app://order/x", userInfo: log.userInfo)
        #expect(result.isHandled)
        #expect(result.activity is High2)  // first registered of the two priority-10 classes
        #expect(
            log.events == ["init \(centerTestName(High2.self))", "execute \(centerTestName(High2.self))"])
    }

    @Test func lowerPriorityRegisteredFirstStillLoses() {
        let center = DispatchCenter()
        center.register(Low.self)
        center.register(Plain1.self)
        #expect(center.dispatch("app://order/x").activity is Plain1)
        center.register(Mid.self)
        #expect(center.dispatch("app://order/x").activity is Mid)
    }

    @Test func registeringTwiceIsANoOp() {
        let center = DispatchCenter()
        center.register(Plain1.self)
        center.register(Plain2.self)
        center.register(Plain1.self)  // already registered: must not move to the end
        center.register([Plain2.self, Plain1.self])
        #expect(centerTestIDs(center.registeredActivities) == centerTestIDs([Plain1.self, Plain2.self]))
        #expect(center.registeredActivities.count == 2)
    }

    @Test func registeringTwiceDoesNotDuplicateClaimants() throws {
        let center = DispatchCenter()
        center.register(Plain1.self)
        center.register(Plain1.self)
        #expect(
            centerTestIDs(center.claimants(for: try centerTestURL("app://order/x")))
                == centerTestIDs([Plain1.self]))
    }

    @Test func unregisterRemovesTheClass() throws {
        let center = DispatchCenter()
        center.register([Plain1.self, Plain2.self, Plain3.self])
        center.unregister(Plain2.self)
        #expect(centerTestIDs(center.registeredActivities) == centerTestIDs([Plain1.self, Plain3.self]))

        center.unregister(Plain1.self)
        let log = CenterTestLog()
        let result = center.dispatch("app://order/x", userInfo: log.userInfo)
        #expect(result.activity is Plain3)
        #expect(log.initCount(Plain1.self) == 0)
    }

    @Test func unregisteringTheLastClaimantMakesTheURLUnmatched() throws {
        let center = DispatchCenter()
        center.register(Plain1.self)
        center.unregister(Plain1.self)
        #expect(center.registeredActivities.isEmpty)
        let result = center.dispatch("app://order/x")
        guard case .unmatched? = result.failure else {
            Issue.record("expected .unmatched, got \(String(describing: result.failure))")
            return
        }
    }

    @Test func unregisteringAnUnknownClassIsANoOp() {
        let center = DispatchCenter()
        center.register([Plain1.self, Plain2.self])
        center.unregister(Plain3.self)
        center.unregister(High1.self)
        #expect(centerTestIDs(center.registeredActivities) == centerTestIDs([Plain1.self, Plain2.self]))
        // Unregistering twice is harmless too.
        center.unregister(Plain1.self)
        center.unregister(Plain1.self)
        #expect(centerTestIDs(center.registeredActivities) == centerTestIDs([Plain2.self]))
    }

    @Test func reRegisteringAfterUnregisterCountsAsANewRegistration() {
        let center = DispatchCenter()
        center.register([Plain1.self, Plain2.self, Plain3.self])
        center.unregister(Plain1.self)
        center.register(Plain1.self)
        #expect(
            centerTestIDs(center.registeredActivities)
                == centerTestIDs([Plain2.self, Plain3.self, Plain1.self]))
    }

    @Test func registerArrayRegistersInOrder() {
        let center = DispatchCenter()
        center.register([Plain3.self, Plain1.self, Plain2.self])
        #expect(
            centerTestIDs(center.registeredActivities)
                == centerTestIDs([Plain3.self, Plain1.self, Plain2.self]))
        center.register([DispatchActivity.Type]())
        #expect(center.registeredActivities.count == 3)
    }

    @Test func registerArraySortsByPriority() {
        let center = DispatchCenter()
        center.register([Low.self, Plain1.self, High1.self, Mid.self, High2.self])
        #expect(
            centerTestIDs(center.registeredActivities)
                == centerTestIDs([High1.self, High2.self, Mid.self, Plain1.self, Low.self]))
    }

    @Test func registerModuleRegistersItsActivitiesInOrder() throws {
        let center = DispatchCenter()
        center.register(ShopModule.self)
        #expect(
            centerTestIDs(center.registeredActivities)
                == centerTestIDs([Plain2.self, Plain1.self, Plain3.self]))
        #expect(center.dispatch("app://order/x").activity is Plain2)
    }

    @Test func registerModuleRespectsPriorities() {
        let center = DispatchCenter()
        center.register(Plain2.self)
        center.register(MixedModule.self)
        #expect(
            centerTestIDs(center.registeredActivities)
                == centerTestIDs([High1.self, Plain2.self, Plain1.self, Low.self]))
    }

    @Test func registerModuleTwiceAndEmptyModuleAreNoOps() {
        let center = DispatchCenter()
        center.register(ShopModule.self)
        center.register(ShopModule.self)
        center.register(EmptyModule.self)
        #expect(
            centerTestIDs(center.registeredActivities)
                == centerTestIDs([Plain2.self, Plain1.self, Plain3.self]))
    }

    @Test func moduleCanBePassedAsAnExistentialMetatype() {
        let center = DispatchCenter()
        let modules: [any DispatchModule.Type] = [MixedModule.self, ShopModule.self]
        for module in modules { center.register(module) }
        #expect(
            centerTestIDs(center.registeredActivities)
                == centerTestIDs([High1.self, Plain1.self, Plain2.self, Plain3.self, Low.self]))
    }
}
