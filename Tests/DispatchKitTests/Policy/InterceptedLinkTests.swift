import DispatchKit
import Testing

// A typed link is decoded before any interceptor sees the request: a link that cannot open is
// refused at once, never held behind a login wall to fail after the user signs in, and a rule can
// read the link's values.

/// How many times an ``OrderNumber`` was decoded, to show that a held request resumes with the link
/// it was checked with instead of decoding it again.
@MainActor private var orderNumberDecodings = 0

/// An order number that counts its decodings.
private struct OrderNumber: LinkValueConvertible, Codable, Sendable, Equatable {
    let value: Int

    init(_ value: Int) { self.value = value }

    init?(linkValue text: String) {
        guard let value = Int(text) else { return nil }
        MainActor.assumeIsolated { orderNumberDecodings += 1 }
        self.value = value
    }

    var linkValue: String { String(value) }
}

private final class HeldOrders: LinkActivity<HeldOrders.Link> {
    struct Link: DispatchLink, Equatable {
        var id: Int64
    }

    static var opened: [Int64] = []

    override class var patterns: [RoutePattern] { ["/orders/:id<int>"] }
    override class var exposure: DispatchExposure { .external }

    override func execute(with link: Link) throws { Self.opened.append(link.id) }
}

private final class CountedOrders: LinkActivity<CountedOrders.Link> {
    struct Link: DispatchLink {
        var number: OrderNumber
    }

    static var opened: [Int] = []

    override class var patterns: [RoutePattern] { ["/counted/:number"] }

    override func execute(with link: Link) throws { Self.opened.append(link.number.value) }
}

/// A class that declares its link type itself rather than through `LinkActivity`.
private final class DeclaredOrders: DispatchActivity {
    struct Link: DispatchLink {
        var number: OrderNumber
    }

    static var opened: [Int] = []

    override class var linkType: (any DispatchLink.Type)? { Link.self }
    override class var patterns: [RoutePattern] { ["/declared/:number"] }

    override func execute() throws { Self.opened.append(try link(as: Link.self).number.value) }
}

private final class LoginPage: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/login"] }
    override class var skipsInterceptors: Bool { true }
    override func execute() throws {}
}

private final class WebFallback: DispatchActivity {
    static var opened: [String] = []
    override func execute() throws { Self.opened.append(url.description) }
}

/// A login wall that holds every dispatch and remembers what it saw.
@MainActor
private final class HoldingWall: DispatchInterceptor {
    private(set) var seen: [String] = []
    private(set) var holds: [DispatchHold] = []

    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        seen.append(interception.url.description)
        let hold = DispatchHold()
        holds.append(hold)
        return .hold(hold)
    }
}

/// A rule on a value of the link: orders above a million need a review.
@MainActor
private final class LargeOrdersRule: DispatchInterceptor {
    private(set) var read: [Int64] = []

    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        guard let order = try? interception.request.link(as: HeldOrders.Link.self) else { return .proceed }
        read.append(order.id)
        return order.id > 1_000_000 ? .reject(reason: "order \(order.id) needs a review") : .proceed
    }
}

@MainActor
@Suite("Links decoded before the interceptors", .serialized)
struct InterceptedLinkTests {
    init() {
        HeldOrders.opened = []
        CountedOrders.opened = []
        DeclaredOrders.opened = []
        WebFallback.opened = []
        orderNumberDecodings = 0
    }

    private func center(_ interceptors: [any DispatchInterceptor], fallback: Bool = false) -> DispatchCenter {
        let center = DispatchCenter()
        center.register([HeldOrders.self, CountedOrders.self, DeclaredOrders.self, LoginPage.self])
        if fallback { center.fallback = WebFallback.self }
        for interceptor in interceptors { center.addInterceptor(interceptor) }
        return center
    }

    // Before, a login wall held /orders/99999999999999999999, and the link failed only after the
    // user had signed in.
    @Test(arguments: [DispatchOrigin.app, .universalLink, .notification])
    func aLinkThatDoesNotDecodeIsRefusedBeforeAnyInterceptorHoldsIt(source: DispatchOrigin) {
        let wall = HoldingWall()
        let center = center([wall], fallback: true)
        let result = center.dispatch("https://shop.example.com/orders/99999999999999999999", source: source)
        guard case .invalidLink(let error)? = result.failure else {
            Issue.record("expected an invalid link, got \(result)")
            return
        }
        #expect(error.key == "id")
        #expect(error.reason == .outOfRange)
        #expect(wall.seen.isEmpty)
        #expect(wall.holds.isEmpty)
        #expect(WebFallback.opened.isEmpty)
        #expect(HeldOrders.opened.isEmpty)
    }

    @Test func aLinkThatDecodesIsHeldAndOpensWhenResumed() throws {
        let wall = HoldingWall()
        let center = center([wall])
        let result = center.dispatch("/orders/42")
        let hold = try #require(wall.holds.first)
        #expect(result.outcome == .held(hold))
        #expect(try hold.request?.link(as: HeldOrders.Link.self) == HeldOrders.Link(id: 42))
        #expect(hold.resume().isHandled)
        #expect(HeldOrders.opened == [42])
    }

    @Test func aHeldRequestResumesWithTheLinkItWasCheckedWith() throws {
        let wall = HoldingWall()
        let center = center([wall])
        center.dispatch("/counted/7")
        center.dispatch("/declared/8")
        #expect(orderNumberDecodings == 2)
        for hold in wall.holds { #expect(hold.resume().isHandled) }
        #expect(CountedOrders.opened == [7])
        #expect(DeclaredOrders.opened == [8])
        #expect(orderNumberDecodings == 2)
    }

    @Test func anInterceptorDecidesOnAValueOfTheLink() {
        let rule = LargeOrdersRule()
        let center = center([rule])
        #expect(center.dispatch("/orders/7").isHandled)
        let refused = center.dispatch("/orders/2000000")
        #expect(refused.failure?.description.contains("order 2000000 needs a review") == true)
        #expect(rule.read == [7, 2_000_000])
        #expect(HeldOrders.opened == [7])
    }

    @Test func aDestinationOfALinkThatDoesNotDecodeReachesNoInterceptor() {
        let wall = HoldingWall()
        let center = center([wall])
        #expect(throws: DispatchFailure.self) {
            _ = try center.destination(for: "/orders/99999999999999999999", as: String.self)
        }
        #expect(wall.seen.isEmpty)
    }

    @Test func aValueItsTypeRefusesFailsBeforeTheWall() {
        let wall = HoldingWall()
        let center = center([wall])
        let result = center.dispatch("/counted/x")
        #expect(wall.seen.isEmpty)
        guard case .invalidLink(let error)? = result.failure else {
            Issue.record("expected an invalid link, got \(result)")
            return
        }
        #expect(error.key == "number")
    }

    @Test func aRequestBuiltByHandDecodesItsLinkOnDemand() throws {
        let url = try DispatchURL(string: "/orders/5")
        let match = try #require(RoutePattern("/orders/:id<int>").match(url))
        let request = DispatchRequest(url: url, match: match)
        #expect(try request.link(as: HeldOrders.Link.self) == HeldOrders.Link(id: 5))
        #expect(throws: LinkDecodingError.self) {
            try DispatchRequest(url: try DispatchURL(string: "/orders")).link(as: HeldOrders.Link.self)
        }
    }
}
