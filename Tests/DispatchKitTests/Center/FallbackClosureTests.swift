import DispatchKit
import Foundation
import Testing

private struct Refusal: Error {}

private final class ProductPage: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override func execute() throws {}
}

private final class NotFoundPage: DispatchActivity {
    override func execute() throws {}
}

/// A fallback given as a closure instead of a class.
@MainActor
@Suite("A fallback closure")
struct FallbackClosureTests {
    private func center(
        exposure: DispatchExposure = .internalOnly,
        _ work: @escaping @MainActor (DispatchActivity) throws -> Void
    )
        -> DispatchCenter
    {
        let center = DispatchCenter()
        center.register(ProductPage.self)
        center.linkOrigins = LinkOrigins(schemes: ["shop"], webHosts: ["shop.example.com"])
        center.fallback(exposure: exposure, work)
        return center
    }

    @Test func itReceivesTheURLsNoClassClaimsAndNoOther() {
        var opened: [String] = []
        let center = center { opened.append($0.url.description) }
        #expect(center.dispatch("https://shop.example.com/help?topic=returns").isHandled)
        #expect(center.dispatch("https://shop.example.com/product/4").isHandled)
        #expect(opened == ["https://shop.example.com/help?topic=returns"])
    }

    @Test func itIsTheAppsOwnByDefaultAndOpensToLinksFromOutsideWhenSaid() {
        var opened = 0
        let closed = center { _ in opened += 1 }
        guard
            case .rejected(let rejection)? = closed.dispatch(
                "https://shop.example.com/help", source: .universalLink
            ).failure
        else {
            Issue.record("a fallback closure is the app's own unless it says otherwise")
            return
        }
        #expect(rejection.rule == .internalOnly)
        let open = center(exposure: .external) { _ in opened += 1 }
        #expect(open.dispatch("https://shop.example.com/help", source: .universalLink).isHandled)
        #expect(opened == 1)
    }

    @Test func whatItThrowsFailsTheDispatch() {
        let center = center { _ in throw Refusal() }
        guard case .executionFailed(_, let error)? = center.dispatch("https://shop.example.com/help").failure
        else {
            Issue.record("an error thrown by the fallback closure must fail the dispatch")
            return
        }
        #expect(error is Refusal)
    }

    @Test func aFallbackClassSetAfterwardsReplacesIt() {
        var opened = 0
        let center = center(exposure: .external) { _ in opened += 1 }
        center.fallback = NotFoundPage.self
        let result = center.dispatch("https://shop.example.com/help")
        #expect(result.activity is NotFoundPage)
        #expect(opened == 0)
        // Its exposure is the class's again, not the closure's.
        #expect(!center.dispatch("https://shop.example.com/help", source: .universalLink).isHandled)
    }
}
