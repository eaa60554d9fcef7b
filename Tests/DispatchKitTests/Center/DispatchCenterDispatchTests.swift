import DispatchKit
import Foundation
import Testing

// Fixtures. `Mine` and `MineAlso` both claim `mine_home`; `Product` claims `product`.
private final class Mine: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "mine_home" }
}
private final class MineAlso: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool {
        url.firstPath == "mine_home" || url.firstPath == "settings_home"
    }
}
private final class MineToo: CenterTestActivity {
    override class var priority: Int { -1 }
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "mine_home" }
}
private final class Product: CenterTestActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "product" }
}
private final class Web: CenterTestActivity {
    /// A fallback is never asked; make sure claiming everything would not matter.
    override class func isHit(url: DispatchURL) -> Bool { true }
}
private final class NotFound: CenterTestActivity {}

@MainActor
@Suite struct DispatchCenterDispatchTests {
    // MARK: First claimant wins

    @Test func firstClaimantIsInstantiatedAndExecutedExactlyOnce() throws {
        let center = DispatchCenter()
        center.register([Product.self, Mine.self, MineAlso.self, MineToo.self])
        let log = CenterTestLog()
        let result = center.dispatch("cono://test.com/mine_home?uid=42", userInfo: log.userInfo)

        #expect(result.isHandled)
        #expect(result.failure == nil)
        #expect(result.activity is Mine)
        #expect(log.initCount(Mine.self) == 1)
        #expect(log.executeCount(Mine.self) == 1)
        // Later claimants are not even instantiated; non-claimants neither.
        #expect(log.initCount(MineAlso.self) == 0)
        #expect(log.initCount(MineToo.self) == 0)
        #expect(log.initCount(Product.self) == 0)
        #expect(log.totalInits == 1)
        #expect(log.totalExecutions == 1)
        // `result.activity` is the very instance that was created and executed.
        let activity = try #require(result.activity)
        #expect(log.instances == [ObjectIdentifier(activity)])
    }

    @Test func theActivitySeesTheParsedURL() throws {
        let center = DispatchCenter()
        center.register(Mine.self)
        let result = center.dispatch("cono://Test.com/mine_home/a%20b?uid=42&tab=x+y&uid=7")
        let activity = try #require(result.activity)
        #expect(activity.url == (try centerTestURL("cono://test.com/mine_home/a%20b?uid=42&tab=x+y&uid=7")))
        #expect(activity.url.host == "test.com")
        #expect(activity.paths == ["mine_home", "a b"])
        #expect(activity.query == ["uid": "42", "tab": "x y"])
        #expect(result.url == activity.url)
    }

    @Test func eachDispatchCreatesANewInstance() throws {
        let center = DispatchCenter()
        center.register(Mine.self)
        let log = CenterTestLog()
        let first = try #require(center.dispatch("app://x/mine_home", userInfo: log.userInfo).activity)
        let second = try #require(center.dispatch("app://x/mine_home", userInfo: log.userInfo).activity)
        #expect(first !== second)
        #expect(log.executeCount(Mine.self) == 2)
        #expect(log.initCount(Mine.self) == 2)
    }

    // MARK: claimants(for:)

    @Test func claimantsListsEveryClaimantInConsultationOrder() throws {
        let center = DispatchCenter()
        center.fallback = Web.self
        center.register([MineToo.self, Product.self, MineAlso.self, Mine.self])
        let url = try centerTestURL("cono://test.com/mine_home")
        let claimants = center.claimants(for: url)
        #expect(centerTestIDs(claimants) == centerTestIDs([MineAlso.self, Mine.self, MineToo.self]))
        // The first claimant is the class that dispatch runs.
        let result = center.dispatch(url)
        let activity = try #require(result.activity)
        #expect(ObjectIdentifier(type(of: activity)) == ObjectIdentifier(try #require(claimants.first)))
    }

    @Test func claimantsDoesNotIncludeTheFallback() throws {
        let center = DispatchCenter()
        center.fallback = Web.self
        center.register(Product.self)
        #expect(center.claimants(for: try centerTestURL("https://example.com/page")).isEmpty)
        #expect(
            centerTestIDs(center.claimants(for: try centerTestURL("app://x/product/1")))
                == centerTestIDs([Product.self]))
    }

    @Test func claimantsCreatesNoActivity() throws {
        let center = DispatchCenter()
        center.register([Mine.self, MineAlso.self])
        let url = try centerTestURL("app://x/mine_home")
        #expect(center.claimants(for: url).count == 2)
        #expect(center.canDispatch(url))
        // Nothing observable happened: a later dispatch is the first instance.
        let log = CenterTestLog()
        center.dispatch(url, userInfo: log.userInfo)
        #expect(log.totalInits == 1)
    }

    // MARK: canDispatch

    @Test func canDispatchIsTrueOnlyWhenARegisteredClassClaims() throws {
        let center = DispatchCenter()
        center.register(Product.self)
        #expect(center.canDispatch(try centerTestURL("app://x/product/42")))
        #expect(!center.canDispatch(try centerTestURL("app://x/mine_home")))
    }

    @Test func canDispatchIgnoresTheFallback() throws {
        let center = DispatchCenter()
        center.fallback = Web.self
        #expect(!center.canDispatch(try centerTestURL("https://example.com/")))
        center.register(Product.self)
        #expect(!center.canDispatch(try centerTestURL("https://example.com/")))
        #expect(center.canDispatch(try centerTestURL("https://example.com/product")))
    }

    // MARK: activity(for:)

    @Test func activityForCreatesTheClaimantWithoutExecutingIt() throws {
        let center = DispatchCenter()
        center.register([Product.self, Mine.self, MineAlso.self])
        let log = CenterTestLog()
        let url = try centerTestURL("cono://test.com/mine_home?uid=42")
        let activity = try #require(center.activity(for: url, userInfo: log.userInfo))
        #expect(activity is Mine)
        #expect(log.events == ["init \(centerTestName(Mine.self))"])  // created, not executed
        #expect(activity.url == url)
        #expect(activity.query["uid"] == "42")
        #expect((activity.userInfo[CenterTestLog.key] as? CenterTestLogLink)?.log === log)
        #expect(activity.center === center)
        // The caller may execute it later; that is the only execution.
        try activity.execute()
        #expect(log.executeCount(Mine.self) == 1)
    }

    @Test func activityForFallsBackToTheFallbackWithoutExecutingIt() throws {
        let center = DispatchCenter()
        center.register(Product.self)
        center.fallback = NotFound.self
        let log = CenterTestLog()
        let activity = try #require(
            center.activity(for: try centerTestURL("https://example.com/x"), userInfo: log.userInfo))
        #expect(activity is NotFound)
        #expect(log.events == ["init \(centerTestName(NotFound.self))"])
    }

    @Test func activityForIsNilWhenNothingClaimsAndNoFallback() throws {
        let center = DispatchCenter()
        center.register(Product.self)
        let log = CenterTestLog()
        #expect(center.activity(for: try centerTestURL("app://x/mine_home"), userInfo: log.userInfo) == nil)
        #expect(DispatchCenter().activity(for: try centerTestURL("app://x/product")) == nil)
        #expect(log.events.isEmpty)
    }

    @Test func activityForDefaultsToEmptyUserInfo() throws {
        let center = DispatchCenter()
        center.register(Product.self)
        let activity = try #require(center.activity(for: try centerTestURL("app://x/product")))
        #expect(activity.userInfo.isEmpty)
    }

    // MARK: Unmatched and fallback

    @Test func unmatchedWithoutFallback() throws {
        let center = DispatchCenter()
        center.register(Product.self)
        let log = CenterTestLog()
        let result = center.dispatch("cono://test.com/mine_home?uid=1", userInfo: log.userInfo)
        #expect(!result.isHandled)
        #expect(result.activity == nil)
        #expect(result.url == (try centerTestURL("cono://test.com/mine_home?uid=1")))
        guard case .unmatched(let url)? = result.failure else {
            Issue.record("expected .unmatched, got \(String(describing: result.failure))")
            return
        }
        #expect(url == (try centerTestURL("cono://test.com/mine_home?uid=1")))
        #expect(log.events.isEmpty)
    }

    @Test func unmatchedOnAnEmptyCenter() {
        let result = DispatchCenter().dispatch("app://x/anything")
        #expect(!result.isHandled)
        guard case .unmatched? = result.failure else {
            Issue.record("expected .unmatched, got \(String(describing: result.failure))")
            return
        }
    }

    @Test func fallbackHandlesUnmatchedURLs() throws {
        let center = DispatchCenter()
        center.register(Product.self)
        center.fallback = NotFound.self
        let log = CenterTestLog()
        let result = center.dispatch("https://example.com/help?q=1", userInfo: log.userInfo)
        #expect(result.isHandled)
        #expect(result.failure == nil)
        let activity = try #require(result.activity)
        #expect(activity is NotFound)
        #expect(log.instances == [ObjectIdentifier(activity)])  // the fallback instance itself
        #expect(log.executeCount(NotFound.self) == 1)
        #expect(log.initCount(Product.self) == 0)
        #expect(activity.url == (try centerTestURL("https://example.com/help?q=1")))
        #expect(activity.query["q"] == "1")
    }

    @Test func fallbackIsNotUsedWhenAClassClaims() throws {
        let center = DispatchCenter()
        center.register(Product.self)
        center.fallback = Web.self  // would claim everything if it were asked
        let log = CenterTestLog()
        let result = center.dispatch("app://x/product/1", userInfo: log.userInfo)
        #expect(result.activity is Product)
        #expect(log.initCount(Web.self) == 0)
    }

    @Test func fallbackIsNotConsultedWithIsHit() throws {
        // `Web.isHit` returns true, but as a fallback it only runs for unmatched URLs, and as a
        // fallback it does not make a URL dispatchable.
        let center = DispatchCenter()
        center.fallback = Web.self
        #expect(center.claimants(for: try centerTestURL("app://x/y")).isEmpty)
        #expect(center.dispatch("app://x/y").activity is Web)
    }

    @Test func clearingTheFallbackRestoresUnmatched() {
        let center = DispatchCenter()
        center.fallback = NotFound.self
        #expect(center.dispatch("app://x/y").isHandled)
        center.fallback = nil
        let result = center.dispatch("app://x/y")
        guard case .unmatched? = result.failure else {
            Issue.record("expected .unmatched, got \(String(describing: result.failure))")
            return
        }
    }

    // MARK: Invalid URLs

    @Test func invalidURLIsInvalidURLEvenWithAFallback() throws {
        let center = DispatchCenter()
        center.register(Web.self)  // claims every valid URL
        center.fallback = NotFound.self
        let log = CenterTestLog()
        let result = center.dispatch("cono://test.com/mine_home?uid=%zz", userInfo: log.userInfo)
        #expect(!result.isHandled)
        #expect(result.activity == nil)
        #expect(result.url == nil)
        guard case .invalidURL(let error)? = result.failure else {
            Issue.record("expected .invalidURL, got \(String(describing: result.failure))")
            return
        }
        #expect(error == .malformedPercentEscape("%zz", offset: 30))
        #expect(log.events.isEmpty)  // neither the fallback nor any claimant was created
    }

    @Test(arguments: ["", " app://x/y", "app://x/a b", "app://x/%E4%B8", "app://x/%FF", "app://x/\u{00A0}"])
    func everyRejectedStringIsInvalidURLAndReachesNoActivity(input: String) throws {
        let center = DispatchCenter()
        center.register(Web.self)
        center.fallback = NotFound.self
        let log = CenterTestLog()
        let result = center.dispatch(input, userInfo: log.userInfo)
        guard case .invalidURL(let error)? = result.failure else {
            Issue.record(
                "expected .invalidURL for \(input.debugDescription), got \(String(describing: result.failure))"
            )
            return
        }
        // The same error the parser gives.
        #expect(throws: error) { try DispatchURL(string: input) }
        #expect(log.events.isEmpty)
    }

    @Test func centerAppliesItsURLLimits() throws {
        let center = DispatchCenter()
        center.register(Web.self)
        center.fallback = NotFound.self
        center.urlLimits = DispatchURL.Limits(maximumLength: 16)
        #expect(center.dispatch("app://x/short").isHandled)
        let result = center.dispatch("app://x/this-is-far-too-long")
        guard case .invalidURL(.tooLong(let length, let limit))? = result.failure else {
            Issue.record("expected .invalidURL(.tooLong), got \(String(describing: result.failure))")
            return
        }
        #expect(length == 28)
        #expect(limit == 16)
        // The Foundation overload applies them too.
        let long = try #require(URL(string: "app://x/this-is-far-too-long"))
        guard case .invalidURL(.tooLong)? = center.dispatch(long).failure else {
            Issue.record("expected .invalidURL(.tooLong) for a Foundation URL")
            return
        }
    }

    // MARK: Foundation URL

    @Test func dispatchingAFoundationURL() throws {
        let center = DispatchCenter()
        center.register([Product.self, Mine.self])
        let log = CenterTestLog()
        let url = try #require(URL(string: "cono://test.com/mine_home/a%2Fb?uid=42"))
        let result = center.dispatch(url, userInfo: log.userInfo)
        #expect(result.isHandled)
        let activity = try #require(result.activity)
        #expect(activity is Mine)
        #expect(activity.paths == ["mine_home", "a/b"])
        #expect(activity.query["uid"] == "42")
        #expect((activity.userInfo[CenterTestLog.key] as? CenterTestLogLink)?.log === log)
        #expect(log.executeCount(Mine.self) == 1)
    }

    @Test func dispatchingAFoundationURLWithoutClaimantUsesFallback() throws {
        let center = DispatchCenter()
        center.fallback = NotFound.self
        let result = center.dispatch(try #require(URL(string: "https://example.com/")))
        #expect(result.isHandled)
        #expect(result.activity is NotFound)
    }

    @Test func dispatchingADispatchURL() throws {
        let center = DispatchCenter()
        center.register(Product.self)
        let url = try centerTestURL("app://x/product/9")
        let result = center.dispatch(url)
        #expect(result.isHandled)
        #expect(result.url == url)
        #expect(result.activity?.url == url)
    }

    @Test func relativeReferencesDispatch() throws {
        let center = DispatchCenter()
        center.register(Mine.self)
        let result = center.dispatch("/mine_home?uid=1")
        #expect(result.isHandled)
        #expect(result.activity is Mine)
        #expect(result.activity?.url.scheme == nil)
    }

    // MARK: userInfo and center

    @Test func userInfoReachesTheActivityAndItsRequest() throws {
        let center = DispatchCenter()
        center.register(Product.self)
        let log = CenterTestLog()
        var userInfo = log.userInfo
        userInfo["image"] = [UInt8](repeating: 7, count: 3)
        userInfo["count"] = 3
        let result = center.dispatch("app://x/product/1", userInfo: userInfo)
        let activity = try #require(result.activity)
        #expect(activity.userInfo["image"] as? [UInt8] == [7, 7, 7])
        #expect(activity.userInfo["count"] as? Int == 3)
        #expect(activity.request.userInfo["count"] as? Int == 3)
        #expect((activity.request.userInfo[CenterTestLog.key] as? CenterTestLogLink)?.log === log)
        #expect(activity.userInfo.count == 3)
        // The initializer already saw it (the fixture found its log there).
        #expect(log.requests.count == 1)
        #expect(log.requests.first?.userInfo["count"] as? Int == 3)
    }

    @Test func userInfoDefaultsToEmpty() throws {
        let center = DispatchCenter()
        center.register(Product.self)
        let activity = try #require(center.dispatch("app://x/product/1").activity)
        #expect(activity.userInfo.isEmpty)
    }

    @Test func userInfoReachesTheFallback() throws {
        let center = DispatchCenter()
        center.fallback = NotFound.self
        let activity = try #require(center.dispatch("app://x/zzz", userInfo: ["k": "v"]).activity)
        #expect(activity.userInfo["k"] as? String == "v")
    }

    @Test func requestCenterIsTheDispatchingCenter() throws {
        let center = DispatchCenter()
        let other = DispatchCenter()
        center.register(Product.self)
        other.register(Product.self)
        let log = CenterTestLog()
        let activity = try #require(center.dispatch("app://x/product/1", userInfo: log.userInfo).activity)
        #expect(activity.request.center === center)
        #expect(activity.center === center)
        #expect(activity.center !== other)
        #expect(log.centers.count == 1)
        #expect(try #require(log.centers.first) === center)  // already set when init(request:) ran
        let fromOther = try #require(other.dispatch("app://x/product/1").activity)
        #expect(fromOther.center === other)
    }

    @Test func fallbackRequestCenterIsTheDispatchingCenter() throws {
        let center = DispatchCenter()
        center.fallback = NotFound.self
        let activity = try #require(center.dispatch("app://x/zzz").activity)
        #expect(activity.center === center)
    }
}
