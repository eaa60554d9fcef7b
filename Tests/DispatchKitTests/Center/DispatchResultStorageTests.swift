import DispatchKit
import Testing

// The result, the request and the center store less than their public API shows: a result
// takes its URL from the activity's request or from the failure, a request keeps an empty
// `userInfo` as nothing and reaches its center through a reference the center shares. These
// tests pin the public behaviour of each of those paths.

private final class Page: DispatchActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "page" }
    override func execute() {}
}
private final class Thrower: DispatchActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "throw" }
    override func execute() throws { throw CenterTestError(message: "thrown") }
}
/// Dispatches itself again from `execute()`, until the center refuses.
private final class Again: DispatchActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "again" }
    override func execute() throws {
        let nested = center?.dispatch(url, userInfo: userInfo)
        if let refused = nested, refused.activity == nil, let box = userInfo["refused"] as? ResultBox {
            box.result = refused
        }
    }
}
@MainActor
private final class ResultBox {
    var result: DispatchResult?
}

@MainActor
@Suite struct DispatchResultStorageTests {
    private func isRecursionLimit(_ failure: DispatchFailure?, depth expected: Int) -> Bool {
        if case .recursionLimit(let depth)? = failure { return depth == expected }
        return false
    }

    @Test func aHandledResultsURLIsTheActivitysURL() throws {
        let center = DispatchCenter()
        center.register(Page.self)
        let result = center.dispatch("app://x/page?n=1")
        let activity = try #require(result.activity)
        #expect(result.isHandled)
        #expect(result.failure == nil)
        #expect(result.url == (try centerTestURL("app://x/page?n=1")))
        #expect(result.url == activity.request.url)
    }

    @Test func aDispatchedDispatchURLIsTheCallersValue() throws {
        let center = DispatchCenter()
        center.register(Page.self)
        let url = try centerTestURL("app://x/page/2")
        let result = center.dispatch(url)
        #expect(result.url == url)
        #expect(url.paths == ["page", "2"])  // the caller's value is untouched
    }

    @Test func anUnmatchedResultKeepsItsURL() throws {
        let result = DispatchCenter().dispatch("app://x/nowhere?q=1")
        #expect(result.activity == nil)
        #expect(!result.isHandled)
        #expect(result.url == (try centerTestURL("app://x/nowhere?q=1")))
        guard case .unmatched(let url)? = result.failure else {
            Issue.record("expected .unmatched, got \(String(describing: result.failure))")
            return
        }
        #expect(url == result.url)
    }

    @Test func anInvalidURLHasNoURL() {
        let result = DispatchCenter().dispatch("app://x/%zz")
        #expect(result.url == nil)
        #expect(result.activity == nil)
        #expect(!result.isHandled)
        guard case .invalidURL? = result.failure else {
            Issue.record("expected .invalidURL, got \(String(describing: result.failure))")
            return
        }
    }

    @Test func aFailedExecutionKeepsItsActivityAndURL() throws {
        let center = DispatchCenter()
        center.register(Thrower.self)
        let result = center.dispatch("app://x/throw")
        #expect(result.activity is Thrower)
        #expect(!result.isHandled)
        #expect(result.url == (try centerTestURL("app://x/throw")))
        guard case .executionFailed(let type, let error)? = result.failure else {
            Issue.record("expected .executionFailed, got \(String(describing: result.failure))")
            return
        }
        #expect(type == Thrower.self)
        #expect(error as? CenterTestError == CenterTestError(message: "thrown"))
    }

    @Test func aRefusedNestedDispatchKeepsItsURL() throws {
        let center = DispatchCenter()
        center.register(Again.self)
        center.maximumNestingDepth = 2
        let box = ResultBox()
        let outer = center.dispatch("app://x/again", userInfo: ["refused": box])
        let url = try centerTestURL("app://x/again")
        #expect(outer.activity is Again)
        #expect(outer.url == url)
        #expect(isRecursionLimit(outer.failure, depth: 2))
        let refused = try #require(box.result)
        #expect(refused.activity == nil)
        #expect(refused.url == url)
        #expect(isRecursionLimit(refused.failure, depth: 2))
    }

    @Test func maximumNestingDepthIsStillRaisedToOne() {
        let center = DispatchCenter()
        center.maximumNestingDepth = 0
        #expect(center.maximumNestingDepth == 1)
        center.maximumNestingDepth = 3
        #expect(center.maximumNestingDepth == 3)
    }

    @Test func userInfoMutatesInPlaceAndCanBeEmptiedAgain() throws {
        var request = DispatchRequest(url: try centerTestURL("app://x/page"))
        #expect(request.userInfo.isEmpty)
        request.userInfo["a"] = 1
        request.userInfo["b"] = "two"
        #expect(request.userInfo.count == 2)
        #expect(request.userInfo["a"] as? Int == 1)
        let copy = request
        request.userInfo["a"] = nil
        request.userInfo["b"] = nil
        #expect(request.userInfo.isEmpty)
        #expect(copy.userInfo.count == 2)  // value semantics: the copy kept its values
        request.userInfo = ["c": 3]
        #expect(request.userInfo["c"] as? Int == 3)
        request.userInfo = [:]
        #expect(request.userInfo.isEmpty)
        // Still writable through a key path, as the stored property was.
        let userInfo: WritableKeyPath<DispatchRequest, [String: any Sendable]> = \.userInfo
        request[keyPath: userInfo]["d"] = 4
        #expect(request.userInfo["d"] as? Int == 4)
        let center: WritableKeyPath<DispatchRequest, DispatchCenter?> = \.center
        #expect(request[keyPath: center] == nil)
    }

    @Test func anActivityGetsTheUserInfoItWasDispatchedWith() throws {
        let center = DispatchCenter()
        center.register(Page.self)
        let empty = try #require(center.dispatch("app://x/page").activity)
        #expect(empty.userInfo.isEmpty)
        let full = try #require(center.dispatch("app://x/page", userInfo: ["k": "v"]).activity)
        #expect(full.userInfo["k"] as? String == "v")
    }

    @Test func requestCenterCanBeSetAndCleared() throws {
        let first = DispatchCenter()
        let second = DispatchCenter()
        var request = DispatchRequest(url: try centerTestURL("app://x/page"))
        request.center = first
        #expect(request.center === first)
        request.center = second
        #expect(request.center === second)
        request.center = nil
        #expect(request.center == nil)
    }

    @Test func anActivityDoesNotKeepItsCenterAlive() throws {
        weak var weakCenter: DispatchCenter?
        var activity: DispatchActivity?
        do {
            let center = DispatchCenter()
            weakCenter = center
            center.register(Page.self)
            activity = center.dispatch("app://x/page").activity
            #expect(activity?.center === center)
        }
        #expect(weakCenter == nil)
        #expect(activity != nil)
        #expect(activity?.center == nil)
        #expect(activity?.request.center == nil)
    }
}
