// The tests the "Writing an activity" article shows, run as they are shown.
// snippet: writing-unit-tests
import DispatchKit
import Testing

@MainActor
@Test func orderActivityRejectsZero() throws {
    let url = try DispatchURL(string: "cono://test.com/orders/0")
    let match = try #require(RoutePattern("/orders/:id").match(url))
    let activity = OrderActivity(request: DispatchRequest(url: url, match: match))
    #expect(throws: InvalidOrderID.self) { try activity.execute() }
}

@MainActor
@Test func shareActivityReadsUserInfo() throws {
    let request = DispatchRequest(
        url: try DispatchURL(string: "/share"), userInfo: ["title": "Hi"], source: .notification)
    let activity = ShareActivity(request: request)
    #expect(activity.userInfo["title"] as? String == "Hi")
    #expect(activity.request.source == .notification)
}
// snippet: end

// snippet: writing-center-test
@MainActor
@Test func productLinksReachTheProductPage() throws {
    let center = DispatchCenter()
    center.register([ProductActivity.self, FlashSaleActivity.self])
    let url = try DispatchURL(string: "cono://test.com/product/7?sale=spring")
    let claimants = center.claimants(for: url).map { "\($0)" }
    #expect(claimants == ["FlashSaleActivity", "ProductActivity"])
    #expect(center.activity(for: url) is FlashSaleActivity)
}
// snippet: end

// The article's tests name the activities it declares, which live in WritingAnActivityExamples.
private typealias ProductActivity = WritingAnActivityExamples.ProductActivity
private typealias FlashSaleActivity = WritingAnActivityExamples.FlashSaleActivity
private typealias ShareActivity = WritingAnActivityExamples.ShareActivity
private typealias OrderActivity = WritingAnActivityExamples.OrderActivity
private typealias InvalidOrderID = WritingAnActivityExamples.InvalidOrderID
