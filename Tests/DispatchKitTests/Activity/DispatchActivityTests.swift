import DispatchKit
import Testing

/// Overrides nothing.
private final class Bare: DispatchActivity {}

/// Keeps per-dispatch state in a stored property and overrides the initializer.
private final class Stateful: DispatchActivity {
    let uid: String?
    var executions = 0

    required init(request: DispatchRequest) {
        uid = request.url.query["uid"]
        super.init(request: request)
    }

    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "mine_home" }
    override class var priority: Int { 7 }
    override func execute() throws { executions += 1 }
}

/// A class cluster member deeper in a hierarchy inherits `isHit` and `priority`.
private class Base: DispatchActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.host == "base" }
    override class var priority: Int { 2 }
}
private final class Derived: Base {}

@MainActor
@Suite struct DispatchActivityTests {
    @Test func defaultsClaimNothingAndHavePriorityZero() throws {
        for string in ["app://x/y", "/mine_home", "https://example.com/?q=1", "app:"] {
            let url = try centerTestURL(string)
            #expect(!DispatchActivity.isHit(url: url))
            #expect(!Bare.isHit(url: url))
        }
        #expect(DispatchActivity.priority == 0)
        #expect(Bare.priority == 0)
    }

    @Test func aClassThatDoesNotOverrideIsHitIsNeverChosen() {
        let center = DispatchCenter()
        center.register(Bare.self)
        center.register(DispatchActivity.self)
        guard case .unmatched? = center.dispatch("app://x/y").failure else {
            Issue.record("a class without isHit must not claim anything")
            return
        }
    }

    @Test func conveniencePropertiesReadTheRequest() throws {
        let url = try centerTestURL("cono://Test.com/mine_home/a%2Fb?uid=42&tab=x+y&uid=1")
        let request = DispatchRequest(url: url, userInfo: ["k": 1])
        let activity = Bare(request: request)
        #expect(activity.url == url)
        #expect(activity.request.url == url)
        #expect(activity.paths == ["mine_home", "a/b"])
        #expect(activity.query == ["uid": "42", "tab": "x y"])  // first value wins
        #expect(activity.userInfo["k"] as? Int == 1)
        #expect(activity.userInfo.count == 1)
        #expect(activity.center == nil)  // built by hand
    }

    @Test func anActivityCanBeUnitTestedWithoutACenter() throws {
        let activity = Stateful(
            request: DispatchRequest(url: try centerTestURL("cono://test.com/mine_home?uid=42")))
        #expect(activity.uid == "42")
        try activity.execute()
        try activity.execute()
        #expect(activity.executions == 2)
        #expect(Stateful.isHit(url: activity.url))
        #expect(Stateful.priority == 7)
    }

    @Test func overriddenInitializerIsTheOneTheCenterCalls() throws {
        let center = DispatchCenter()
        center.register(Stateful.self)
        let result = center.dispatch("cono://test.com/mine_home?uid=42")
        let activity = try #require(result.activity as? Stateful)
        #expect(activity.uid == "42")
        #expect(activity.executions == 1)
    }

    @Test func subclassesInheritIsHitAndPriority() throws {
        let url = try centerTestURL("app://base/x")
        #expect(Derived.isHit(url: url))
        #expect(Derived.priority == 2)
        let center = DispatchCenter()
        center.register(Bare.self)
        center.register(Derived.self)
        #expect(centerTestIDs(center.registeredActivities) == centerTestIDs([Derived.self, Bare.self]))
        // The subclass is instantiated, not its superclass.
        #expect(type(of: try #require(center.dispatch(url).activity)) == Derived.self)
    }

    @Test func callersOnlySeeTheAbstractType() throws {
        // The class cluster: the caller names no concrete class; the URL picks it.
        let center = DispatchCenter()
        center.register([Stateful.self, Derived.self])
        let mine: DispatchActivity? = center.activity(for: try centerTestURL("app://x/mine_home?uid=1"))
        let base: DispatchActivity? = center.activity(for: try centerTestURL("app://base/y"))
        #expect(mine is Stateful)
        #expect(base is Derived)
    }
}
