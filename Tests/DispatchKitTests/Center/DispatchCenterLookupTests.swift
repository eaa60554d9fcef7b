import DispatchKit
import Testing

// Fixtures: two classes claim `app://shop/product/…`, one by pattern and one by `isHit`.
private final class LookupProduct: CenterTestActivity {
    override class var patterns: [RoutePattern] { ["//shop/product/:id<int>"] }
}
private final class LookupLegacyProduct: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.host == "shop" }
}
private final class LookupFallback: CenterTestActivity {}
private final class LookupCart: CenterTestActivity {
    override class var patterns: [RoutePattern] { ["//shop/cart"] }
}

private enum LookupShopModule: DispatchModule {
    static let activities: [DispatchActivity.Type] = [LookupProduct.self, LookupCart.self]
}

/// Its priority getter asks the center for its registered classes, which builds the consultation
/// order: registration must not be changing the registry while the app's getter runs.
private final class ReentrantPriority: CenterTestActivity {
    nonisolated(unsafe) static weak var center: DispatchCenter?
    override class var priority: Int { center?.registeredActivities.count ?? 0 }
}

@MainActor
@Suite struct DispatchCenterLookupTests {
    private func shop() -> DispatchCenter {
        let center = DispatchCenter()
        center.register([LookupProduct.self, LookupLegacyProduct.self])
        return center
    }

    @Test func stringLookupsAnswerAsTheParsedURLDoes() throws {
        let center = shop()
        let link = "app://shop/product/42"
        let url = try DispatchURL(string: link)
        #expect(
            try center.claimants(for: link).map(ObjectIdentifier.init)
                == center.claimants(for: url).map(ObjectIdentifier.init))
        #expect(
            try center.claimants(for: link).map(ObjectIdentifier.init) == [
                ObjectIdentifier(LookupProduct.self), ObjectIdentifier(LookupLegacyProduct.self),
            ])
        #expect(center.canDispatch(link))
        #expect(!center.canDispatch("app://elsewhere/product/42"))
        let activity = try center.activity(for: link, userInfo: ["k": "v"])
        #expect(activity.map { type(of: $0) == LookupProduct.self } == true)
        #expect(activity?.userInfo["k"] as? String == "v")
        #expect(try center.activity(for: "app://elsewhere/x") == nil)
        center.fallback = LookupFallback.self
        #expect(
            try center.activity(for: "app://elsewhere/x").map { type(of: $0) == LookupFallback.self } == true)
        // The fallback never makes a URL dispatchable.
        #expect(!center.canDispatch("app://elsewhere/x"))
    }

    @Test func stringLookupsOfNonURLsReportTheParseError() {
        let center = shop()
        center.fallback = LookupFallback.self
        #expect(!center.canDispatch("app://shop/product/%zz"))
        #expect(!center.canDispatch(""))
        #expect(throws: DispatchURLError.self) { try center.claimants(for: "app://shop/product/%zz") }
        // An invalid URL never reaches the fallback: an error, not the fallback's activity.
        #expect(throws: DispatchURLError.self) { try center.activity(for: "no scheme") }
    }

    @Test func stringLookupsApplyTheCentersURLLimits() throws {
        let center = shop()
        let link = "app://shop/product/" + String(repeating: "1", count: 64)
        #expect(center.canDispatch(link))  // the custom claimant takes any shop URL
        var limits = DispatchURL.Limits.default
        limits.maximumLength = 32
        center.urlLimits = limits
        #expect(!center.canDispatch(link))
        #expect(throws: DispatchURLError.self) { try center.claimants(for: link) }
        #expect(throws: DispatchURLError.self) { try center.activity(for: link) }
    }

    @Test func registerReportsClassesThatWereAlreadyRegistered() {
        let center = DispatchCenter()
        #expect(center.register(LookupProduct.self))
        #expect(!center.register(LookupProduct.self))
        let repeated = center.register([LookupCart.self, LookupProduct.self, LookupCart.self])
        #expect(
            repeated.map(ObjectIdentifier.init) == [
                ObjectIdentifier(LookupProduct.self), ObjectIdentifier(LookupCart.self),
            ])
        #expect(center.registeredActivities.count == 2)
        #expect(center.register([LookupLegacyProduct.self]).isEmpty)
    }

    @Test func registeringAModuleAgainReportsItsActivities() {
        let center = DispatchCenter()
        #expect(center.register(LookupShopModule.self).isEmpty)
        #expect(
            center.register(LookupShopModule.self).map(ObjectIdentifier.init)
                == LookupShopModule.activities.map(ObjectIdentifier.init))
    }

    @Test func unregisterReportsWhetherTheClassWasRegistered() {
        let center = DispatchCenter()
        center.register(LookupCart.self)
        #expect(center.unregister(LookupCart.self))
        #expect(!center.unregister(LookupCart.self))
        #expect(center.registeredActivities.isEmpty)
    }

    @Test func aPriorityGetterMayReadTheCenterWhileItRegisters() {
        let center = DispatchCenter()
        ReentrantPriority.center = center
        defer { ReentrantPriority.center = nil }
        center.register(LookupCart.self)
        #expect(center.register(ReentrantPriority.self))
        #expect(center.registeredActivities.count == 2)
    }
}
