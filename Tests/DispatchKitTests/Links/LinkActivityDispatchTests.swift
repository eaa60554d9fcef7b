import DispatchKit
import DispatchKitAsync
import DispatchKitEvents
import Foundation
import Testing

// A typed link on every way the center creates an activity: decoded before init(request:), a
// failure before the activity exists (no init, no execute, no fallback), seen by the observers.

private final class ProductActivity: LinkActivity<ProductActivity.Link> {
    struct Link: DispatchLink, Hashable {
        var id: Int
        var tab: LinkTestTab?
        var from: String?
    }

    override class var exposure: DispatchExposure { .external }
    override class var patterns: [RoutePattern] { ["/product/:id<int>", "/p/:id<int>"] }

    required init(request: DispatchRequest) {
        super.init(request: request)
        linkTestJournal?.lines.append("init")
    }

    override func execute(with link: Link) throws {
        linkTestJournal?.lines.append("execute \(link.id) \(link.tab?.rawValue ?? "-") \(link.from ?? "-")")
    }

    override func makeDestination() throws -> Any? {
        try link(as: Link.self).id
    }
}

private final class FallbackActivity: DispatchActivity {
    override class var exposure: DispatchExposure { .external }
    override func execute() throws { linkTestJournal?.lines.append("fallback") }
}

/// Every integer width behind an `<int>`, one route each.
private final class WidthActivity: LinkActivity<WidthActivity.Link> {
    struct Link: DispatchLink {
        var small: Int8?
        var unsigned: UInt?
        var wide: Int?
    }

    override class var patterns: [RoutePattern] {
        ["/small/:small<int>", "/unsigned/:unsigned<int>", "/wide/:wide<int>"]
    }
    override func execute(with link: Link) throws {}
}

/// Not opted in: the same pattern, read as strings.
private final class LegacyActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/legacy/:id<int>", "/both/:id<int>"] }
    override func execute() throws { linkTestJournal?.lines.append("legacy \(parameters["id"] ?? "-")") }
}

private final class TypedBothActivity: LinkActivity<TypedBothActivity.Link> {
    struct Link: DispatchLink { var id: UInt64 }
    override class var patterns: [RoutePattern] { ["/both/:id<int>"] }
    override func execute(with link: Link) throws { linkTestJournal?.lines.append("typed \(link.id)") }
}

/// A class that declares its link type itself and reads it with `link(as:)`.
private final class ReviewActivity: DispatchActivity {
    struct Link: DispatchLink {
        var id: Int
        var page: Int?
    }
    struct Other: DispatchLink { var sort: LinkTestTab }

    override class var linkType: (any DispatchLink.Type)? { Link.self }
    override class var patterns: [RoutePattern] { ["/product/:id<int>/reviews"] }

    required init(request: DispatchRequest) {
        super.init(request: request)
        linkTestJournal?.lines.append("init review")
    }

    override func execute() throws {
        let link = try self.link(as: Link.self)
        // Another type: decoded now, from the same request.
        let other = try self.link(as: Other.self)
        linkTestJournal?.lines.append("reviews \(link.id) \(link.page ?? 1) \(other.sort)")
    }
}

private final class OrderActivity: AsyncLinkActivity<OrderActivity.Link> {
    struct Link: DispatchLink {
        var id: Int
        var expedite: Bool?
    }
    override class var patterns: [RoutePattern] { ["/orders/:id<int>"] }
    override func execute(with link: Link) async throws {
        await Task.yield()
        linkTestJournal?.lines.append("order \(link.id) \(link.expedite ?? false)")
    }
}

/// Declares a link type and forgets execute(with:).
private final class ForgetfulActivity: LinkActivity<ForgetfulActivity.Link> {
    struct Link: DispatchLink { var id: Int }
    override class var patterns: [RoutePattern] { ["/forgetful/:id<int>"] }
}

/// A fallback with a link type.
private final class Search: LinkActivity<Search.Link> {
    struct Link: DispatchLink { var q: String }
    override func execute(with link: Link) throws { linkTestJournal?.lines.append("search \(link.q)") }
}

/// Holds every dispatch.
private final class Wall: DispatchInterceptor {
    var holds: [DispatchHold] = []
    var seen: [String] = []
    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        seen.append(interception.url.description)
        let hold = DispatchHold()
        holds.append(hold)
        return .hold(hold)
    }
}

@MainActor
@Suite("Typed links: dispatch")
struct LinkActivityDispatchTests {
    private func center() -> DispatchCenter {
        let center = DispatchCenter()
        center.register([
            ProductActivity.self, WidthActivity.self, LegacyActivity.self, TypedBothActivity.self,
            ReviewActivity.self, OrderActivity.self, ForgetfulActivity.self,
        ])
        center.fallback = FallbackActivity.self
        return center
    }

    @Test func theActivityReceivesTheDecodedLink() throws {
        let journal = LinkTestJournal()
        let result = center().dispatch(
            "cono://shop/product/42?tab=reviews&utm_source=x", userInfo: journal.userInfo)
        #expect(result.isHandled)
        #expect(journal.lines == ["init", "execute 42 reviews -"])
        #expect(result.activity is ProductActivity)
    }

    /// Pins that a failure happens before the activity exists: no init, no execute, no fallback.
    @Test func aLinkThatDoesNotDecodeFailsBeforeTheActivityIsCreated() throws {
        let journal = LinkTestJournal()
        let center = center()
        let observer = LinkTestObserver()
        center.addObserver(observer)
        let result = center.dispatch("cono://shop/p/42?tab=videos", userInfo: journal.userInfo)
        #expect(journal.lines.isEmpty)
        #expect(!result.isHandled)
        #expect(result.activity == nil)
        #expect(result.url?.description == "cono://shop/p/42?tab=videos")
        let expected = LinkDecodingError(
            activity: "ProductActivity", key: "tab", text: "videos", expectedType: "LinkTestTab",
            reason: .malformed)
        #expect(result.failure == .invalidLink(expected))
        #expect(result.failure?.description == #"ProductActivity's link: tab "videos" is not a LinkTestTab"#)
        let event = try #require(observer.events.first)
        #expect(observer.events.count == 1)
        #expect(event.failure == .invalidLink(expected))
        #expect(!event.isHandled)
        #expect(event.activity == nil)
    }

    /// Pins the overflow rule: twenty digits reach the class and fail in its type, where a class
    /// without a link type does not match them at all.
    @Test func anIntegerTooLargeForItsPropertyIsATypedFailureNotAnUnmatchedURL() throws {
        let journal = LinkTestJournal()
        let center = center()
        let result = center.dispatch("/product/99999999999999999999", userInfo: journal.userInfo)
        guard case .invalidLink(let error)? = result.failure else {
            Issue.record("\(result)")
            return
        }
        #expect(error.key == "id" && error.reason == .outOfRange && error.expectedType == "Int")
        #expect(journal.lines.isEmpty)  // neither the activity nor the fallback
    }

    @Test(arguments: [
        ("/small/127", nil), ("/small/-128", nil), ("/small/128", "Int8"), ("/small/-129", "Int8"),
        ("/unsigned/18446744073709551615", nil), ("/unsigned/18446744073709551616", "UInt"),
        ("/unsigned/-1", "UInt"), ("/wide/9223372036854775807", nil), ("/wide/9223372036854775808", "Int"),
    ])
    func eachWidthBehindAnIntParameterOverflowsAtItsOwnLimit(_ url: String, _ overflowing: String?) {
        let result = center().dispatch(url)
        if let overflowing {
            guard case .invalidLink(let error)? = result.failure else {
                Issue.record("\(url): \(result)")
                return
            }
            #expect(error.reason == .outOfRange && error.expectedType == overflowing)
        } else {
            #expect(result.isHandled, "\(url): \(result)")
        }
    }

    /// Pins that code that does not opt in is unchanged: `<int>` still stops at `Int64`, for it.
    @Test func aClassWithoutALinkTypeKeepsTheInt64BoundOfIntParameters() throws {
        let journal = LinkTestJournal()
        let center = center()
        center.fallback = nil
        let result = center.dispatch("/legacy/99999999999999999999", userInfo: journal.userInfo)
        #expect(result.failure == .unmatched(try DispatchURL(string: "/legacy/99999999999999999999")))
        #expect(center.dispatch("/legacy/7", userInfo: journal.userInfo).isHandled)
        // The same pattern in two classes: the one without a link type, registered first, wins
        // where it matches; past Int64 only the typed one matches.
        center.dispatch("/both/7", userInfo: journal.userInfo)
        center.dispatch("/both/18446744073709551615", userInfo: journal.userInfo)
        #expect(journal.lines == ["legacy 7", "legacy 7", "typed 18446744073709551615"])
        #expect(center.claimants(for: try DispatchURL(string: "/both/99999999999999999999")).count == 1)
        #expect(!LegacyActivity.isHit(url: try DispatchURL(string: "/both/99999999999999999999")))
        #expect(TypedBothActivity.isHit(url: try DispatchURL(string: "/both/99999999999999999999")))
    }

    @Test func aClassThatDeclaresItsLinkTypeReadsItWithLinkAs() throws {
        let journal = LinkTestJournal()
        let center = center()
        #expect(
            center.dispatch("/product/3/reviews?page=2&sort=photos", userInfo: journal.userInfo).isHandled)
        #expect(journal.lines == ["init review", "reviews 3 2 photos"])
        // Its declared link fails before init; another type it reads fails in execute().
        let invalid = center.dispatch("/product/3/reviews?page=x", userInfo: journal.userInfo)
        #expect(invalid.failure?.description == #"ReviewActivity's link: page "x" is not an Int"#)
        let other = center.dispatch("/product/3/reviews?sort=x", userInfo: journal.userInfo)
        guard case .executionFailed(_, let error)? = other.failure else {
            Issue.record("\(other)")
            return
        }
        #expect((error as? LinkDecodingError)?.key == "sort")
        #expect(journal.lines == ["init review", "reviews 3 2 photos", "init review"])
    }

    @Test func aDestinationDecodesTheLinkFirst() throws {
        let center = center()
        #expect(try center.destination(for: "/p/8", as: Int.self) == 8)
        #expect(throws: DispatchFailure.self) { try center.destination(for: "/p/8?tab=x", as: Int.self) }
        do {
            _ = try center.destination(for: "/p/8?tab=x", as: Int.self)
        } catch {
            guard case .invalidLink(let decoding) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(decoding.key == "tab")
        }
    }

    /// The factory creates the activity with its link decoded, or nothing.
    @Test func theActivityFactoryDecodesTheLinkFirst() throws {
        let journal = LinkTestJournal()
        let center = center()
        let activity = try #require(try center.activity(for: "/p/5?from=push", userInfo: journal.userInfo))
        try activity.execute()
        #expect(journal.lines == ["init", "execute 5 - push"])
        #expect(try center.activity(for: "/p/5?tab=x", userInfo: journal.userInfo) == nil)
        #expect(journal.lines.count == 2)
    }

    /// The link is decoded before the interceptors: one that does not decode is never held.
    @Test func aHeldDispatchIsDecodedBeforeItIsHeld() throws {
        let journal = LinkTestJournal()
        let center = center()
        let wall = Wall()
        center.addInterceptor(wall)
        center.dispatch("/p/6?tab=photos", userInfo: journal.userInfo)
        let refused = center.dispatch("/p/7?tab=x", userInfo: journal.userInfo)
        #expect(refused.failure?.description == #"ProductActivity's link: tab "x" is not a LinkTestTab"#)
        #expect(journal.lines.isEmpty)
        #expect(wall.seen == ["/p/6?tab=photos"])
        let resumed = wall.holds[0].resume()
        #expect(resumed.isHandled)
        #expect(journal.lines == ["init", "execute 6 photos -"])
        #expect(wall.holds.count == 1)
    }

    @Test func aQueuedDispatchDecodesWhenItRuns() throws {
        let journal = LinkTestJournal()
        let center = center()
        let observer = LinkTestObserver()
        center.addObserver(observer)
        center.isReady = false
        center.dispatch("/p/9", userInfo: journal.userInfo)
        center.dispatch("/p/9?tab=x", userInfo: journal.userInfo)
        center.isReady = true
        #expect(journal.lines == ["init", "execute 9 - -"])
        let failures = observer.events.compactMap(\.failure)
        #expect(failures.contains { if case .invalidLink = $0 { true } else { false } })
    }

    @Test func anAsynchronousLinkActivityIsAwaited() async throws {
        let journal = LinkTestJournal()
        let center = center()
        let result = await center.dispatchAndWait("/orders/12?expedite=true", userInfo: journal.userInfo)
        #expect(result.isHandled)
        #expect(journal.lines == ["order 12 true"])
        let invalid = await center.dispatchAndWait("/orders/12?expedite=soon", userInfo: journal.userInfo)
        #expect(invalid.failure?.description == #"OrderActivity's link: expedite "soon" is not a Bool"#)
        #expect(center.dispatch("/orders/12").failure == .requiresAsyncDispatch(activity: OrderActivity.self))
    }

    @Test func aLinkActivityWithoutExecuteWithFailsAsNotOverridden() {
        #expect(
            center().dispatch("/forgetful/1").failure
                == .executeNotOverridden(activity: ForgetfulActivity.self))
    }

    /// Without a center: the request's match and query, read when executed; or the link itself.
    @Test func aLinkActivityBuiltByHandDecodesItsRequest() throws {
        let journal = LinkTestJournal()
        let url = try DispatchURL(string: "/p/4?from=test")
        let match = try #require(RoutePattern("/p/:id<int>").match(url))
        let activity = ProductActivity(
            request: DispatchRequest(url: url, userInfo: journal.userInfo, match: match))
        try activity.execute()
        try activity.execute(with: ProductActivity.Link(id: 5, tab: .photos))
        #expect(journal.lines == ["init", "execute 4 - test", "execute 5 photos -"])
        #expect(try activity.link(as: ProductActivity.Link.self) == ProductActivity.Link(id: 4, from: "test"))
        let unmatched = ProductActivity(request: DispatchRequest(url: url))
        #expect(throws: LinkDecodingError.self) { try unmatched.execute() }
    }

    /// The link the center decoded is the one `link(as:)` returns.
    @Test func linkAsReturnsTheDecodedLink() throws {
        let activity = try #require(try center().activity(for: "/p/2?tab=details"))
        let product = try #require(activity as? ProductActivity)
        #expect(try product.link(as: ProductActivity.Link.self) == ProductActivity.Link(id: 2, tab: .details))
    }

    /// A fallback with a link type reads the query.
    @Test func aFallbackWithALinkTypeReadsTheQuery() throws {
        let journal = LinkTestJournal()
        let center = DispatchCenter()
        center.fallback = Search.self
        #expect(center.dispatch("/anything?q=shoes", userInfo: journal.userInfo).isHandled)
        #expect(
            center.dispatch("/anything").failure?.description
                == "Search's link: q is missing (a String is required)")
        #expect(journal.lines == ["search shoes"])
    }
}
