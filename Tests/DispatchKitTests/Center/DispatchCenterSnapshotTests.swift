import Testing

@testable import DispatchKit

private final class SnapA: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "a" }
}
private final class SnapB: CenterTestActivity {
    override class var priority: Int { 3 }
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "b" }
}
private final class SnapC: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "c" }
}
/// Registers `SnapC` from inside `execute()`, then dispatches to it.
private final class Registrar: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "registrar" }
    override func execute() throws {
        try super.execute()
        let center = try centerOrThrow()
        center.register(SnapC.self)
        log?.nestedResults.append(center.dispatch("app://x/c", userInfo: userInfo))
    }
}

/// The consultation order is a snapshot rebuilt only after a registration change
/// (`snapshotBuildCount` is the `package` counter of rebuilds).
@MainActor
@Suite struct DispatchCenterSnapshotTests {
    @Test func dispatchesWithoutChangesDoNotRebuild() throws {
        let center = DispatchCenter()
        center.register([SnapA.self, SnapB.self])
        center.dispatch("app://x/a")
        let built = center.snapshotBuildCount
        #expect(built == 1)

        let url = try centerTestURL("app://x/b")
        for _ in 0..<200 {
            center.dispatch("app://x/a")
            center.dispatch(url)
            center.dispatch("app://x/unmatched")
            center.dispatch("bad %zz")
            _ = center.claimants(for: url)
            _ = center.canDispatch(url)
            _ = center.activity(for: url)
            _ = center.registeredActivities
        }
        #expect(center.snapshotBuildCount == built)
    }

    @Test func noRebuildBeforeTheFirstUse() {
        let center = DispatchCenter()
        #expect(center.snapshotBuildCount == 0)
        center.register([SnapA.self, SnapB.self, SnapC.self])
        center.unregister(SnapB.self)
        center.register(SnapB.self)
        #expect(center.snapshotBuildCount == 0)  // registering is cheap: nothing sorted yet
    }

    @Test func registerThenDispatchRebuildsExactlyOnce() {
        let center = DispatchCenter()
        center.register(SnapA.self)
        center.dispatch("app://x/a")
        let before = center.snapshotBuildCount

        center.register(SnapB.self)
        center.dispatch("app://x/b")
        center.dispatch("app://x/a")
        center.dispatch("app://x/b")
        #expect(center.snapshotBuildCount == before + 1)
    }

    @Test func unregisterThenDispatchRebuildsExactlyOnce() {
        let center = DispatchCenter()
        center.register([SnapA.self, SnapB.self])
        center.dispatch("app://x/a")
        let before = center.snapshotBuildCount

        center.unregister(SnapB.self)
        #expect(!center.dispatch("app://x/b").isHandled)
        center.dispatch("app://x/a")
        #expect(center.snapshotBuildCount == before + 1)
    }

    @Test func manyChangesInARowCostOneRebuild() {
        let center = DispatchCenter()
        center.register(SnapA.self)
        center.dispatch("app://x/a")
        let before = center.snapshotBuildCount

        center.register(SnapB.self)
        center.register(SnapC.self)
        center.unregister(SnapA.self)
        center.register(SnapA.self)
        center.register([SnapB.self, SnapC.self])
        center.dispatch("app://x/a")
        center.dispatch("app://x/c")
        #expect(center.snapshotBuildCount == before + 1)
        #expect(
            centerTestIDs(center.registeredActivities) == centerTestIDs([SnapB.self, SnapC.self, SnapA.self]))
    }

    @Test func noOpRegistrationsDoNotRebuild() {
        let center = DispatchCenter()
        center.register([SnapA.self, SnapB.self])
        center.dispatch("app://x/a")
        let before = center.snapshotBuildCount

        center.register(SnapA.self)  // already registered
        center.register([SnapB.self])  // already registered
        center.unregister(SnapC.self)  // never registered
        center.fallback = SnapC.self  // the fallback is not part of the order
        center.maximumNestingDepth = 4
        center.dispatch("app://x/a")
        center.dispatch("app://x/zzz")
        #expect(center.snapshotBuildCount == before)
    }

    @Test func theOrderSeenAfterAChangeIsTheNewOne() {
        let center = DispatchCenter()
        center.register(SnapA.self)
        #expect(centerTestIDs(center.registeredActivities) == centerTestIDs([SnapA.self]))
        center.register(SnapB.self)
        // A stale snapshot would still say [SnapA].
        #expect(centerTestIDs(center.registeredActivities) == centerTestIDs([SnapB.self, SnapA.self]))
        #expect(center.dispatch("app://x/b").isHandled)
        center.unregister(SnapB.self)
        #expect(centerTestIDs(center.registeredActivities) == centerTestIDs([SnapA.self]))
        #expect(!center.dispatch("app://x/b").isHandled)
    }

    @Test func registeringFromInsideExecuteTakesEffectForTheNestedDispatch() throws {
        let center = DispatchCenter()
        center.register(Registrar.self)
        center.dispatch("app://x/nothing")
        let before = center.snapshotBuildCount
        let log = CenterTestLog()
        #expect(center.dispatch("app://x/registrar", userInfo: log.userInfo).isHandled)
        let nested = try #require(log.nestedResults.first)
        #expect(nested.isHandled)
        #expect(nested.activity is SnapC)
        #expect(center.snapshotBuildCount == before + 1)
    }
}
