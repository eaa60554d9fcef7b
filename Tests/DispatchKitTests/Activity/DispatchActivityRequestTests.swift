import DispatchKit
import Testing

private final class Page: DispatchActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "page" }
}

/// `DispatchRequest`, as activities and tests see it.
@MainActor
@Suite struct DispatchActivityRequestTests {
    @Test func defaults() throws {
        let url = try centerTestURL("/product/42")
        let request = DispatchRequest(url: url)
        #expect(request.url == url)
        #expect(request.userInfo.isEmpty)
        #expect(request.center == nil)
    }

    @Test func storesEverythingItIsGiven() throws {
        let center = DispatchCenter()
        let url = try centerTestURL("app://x/page?a=1")
        let request = DispatchRequest(url: url, userInfo: ["a": "b", "n": 2], center: center)
        #expect(request.url == url)
        #expect(request.userInfo["a"] as? String == "b")
        #expect(request.userInfo["n"] as? Int == 2)
        #expect(request.center === center)
    }

    @Test func theCenterBuildsOneRequestPerDispatch() throws {
        let center = DispatchCenter()
        center.register(Page.self)
        let first = try #require(center.dispatch("app://x/page?n=1", userInfo: ["n": 1]).activity)
        let second = try #require(center.dispatch("app://x/page?n=2", userInfo: ["n": 2]).activity)
        #expect(first.request.url.query["n"] == "1")
        #expect(second.request.url.query["n"] == "2")
        #expect(first.request.userInfo["n"] as? Int == 1)
        #expect(second.request.userInfo["n"] as? Int == 2)
    }

    @Test func requestDoesNotKeepItsCenterAlive() throws {
        weak var weakCenter: DispatchCenter?
        var request: DispatchRequest
        do {
            let center = DispatchCenter()
            weakCenter = center
            request = DispatchRequest(url: try centerTestURL("app://x/page"), center: center)
            #expect(request.center === center)
        }
        #expect(weakCenter == nil)
        #expect(request.center == nil)
        request.userInfo["touched"] = true
        #expect(request.userInfo.count == 1)
    }

    @Test func aRequestCanCrossToAnotherTask() async throws {
        let request = DispatchRequest(url: try centerTestURL("app://x/page?id=7"), userInfo: ["id": 7])
        let (id, query) = await Task.detached { (request.userInfo["id"] as? Int, request.url.query["id"]) }
            .value
        #expect(id == 7)
        #expect(query == "7")
    }
}
