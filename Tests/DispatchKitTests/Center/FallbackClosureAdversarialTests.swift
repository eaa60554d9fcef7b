import DispatchKit
import DispatchKitAsync
import Foundation
import Testing

// A fallback closure pushed where a fallback class has always gone: each exposure against each
// source, replaced by a class and back, dispatching again, throwing, standing in for a link that
// did not decode, made by activity(for:), asked for a destination, awaited.

private struct Refusal: Error {}

/// What the closures and fixture classes saw.
@MainActor
private final class Seen {
    var lines: [String] = []
}

private final class ProductPage: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override func execute() throws {}
}

/// A class fallback of each exposure, to hold the closure to.
private final class InternalPage: DispatchActivity {
    override func execute() throws {}
}

private final class ExternalPage: DispatchActivity {
    override class var exposure: DispatchExposure { .external }
    override func execute() throws {}
}

private final class PartnerPage: DispatchActivity {
    override class var exposure: DispatchExposure { .external(applications: ["com.partner"]) }
    override func execute() throws {}
}

/// A typed link that refuses `x` as its id.
private final class OrderPage: LinkActivity<OrderPage.Link> {
    struct Link: DispatchLink { var id: Int }
    override class var patterns: [RoutePattern] { ["/orders/:id"] }
    override class var exposure: DispatchExposure { .external }
    override func execute(with _: Link) throws {}
}

@MainActor
@Suite("A fallback closure, pushed")
struct FallbackClosureAdversarialTests {
    private func center() -> DispatchCenter {
        let center = DispatchCenter()
        center.register([ProductPage.self, OrderPage.self])
        return center
    }

    private static let sources: [DispatchOrigin] = [
        .app, .external(application: "com.partner"), .external(application: "com.other"),
        .external(application: nil), .universalLink, .notification,
    ]

    /// What a dispatch of an unclaimed URL from `source` ended as, said the same way for a class
    /// and a closure.
    private func outcome(_ result: DispatchResult) -> String {
        if result.isHandled { return "handled" }
        if case .rejected(let rejection)? = result.failure { return "rejected \(rejection.rule)" }
        return "\(result.failure.map { "\($0)" } ?? "nothing")"
    }

    @Test(
        arguments: [
            (DispatchExposure.internalOnly, InternalPage.self as DispatchActivity.Type),
            (.external, ExternalPage.self), (.external(applications: ["com.partner"]), PartnerPage.self),
        ])
    func eachExposureAdmitsWhatAClassOfThatExposureAdmits(
        exposure: DispatchExposure, page: DispatchActivity.Type
    ) {
        let byClass = center()
        byClass.fallback = page
        let byClosure = center()
        byClosure.fallback(exposure: exposure) { _ in }
        for source in Self.sources {
            let expected = outcome(byClass.dispatch("/help", source: source))
            #expect(
                outcome(byClosure.dispatch("/help", source: source)) == expected, "\(exposure) from \(source)"
            )
        }
        // The center's own allowlist comes first, for a closure as for a class.
        byClass.allowedApplications = ["com.other"]
        byClosure.allowedApplications = ["com.other"]
        for source in Self.sources {
            let expected = outcome(byClass.dispatch("/help", source: source))
            #expect(
                outcome(byClosure.dispatch("/help", source: source)) == expected, "\(exposure) from \(source)"
            )
        }
    }

    /// Regression: assigning a fallback read before (the closure's) back, after a class had
    /// replaced it, reported every unclaimed URL handled without running anything, and with the
    /// default exposure instead of the closure's.
    @Test func aFallbackSavedReplacedByAClassAndRestoredIsTheClosureAgain() {
        let seen = Seen()
        let center = center()
        center.fallback(exposure: .external) { page in seen.lines.append("closure \(page.url)") }
        let saved = center.fallback
        center.fallback = InternalPage.self
        #expect(center.dispatch("/help").activity is InternalPage)
        #expect(!center.dispatch("/help", source: .universalLink).isHandled)
        center.fallback = saved
        #expect(center.dispatch("/help", source: .universalLink).isHandled)
        #expect(seen.lines == ["closure /help"])
    }

    /// Regression: a center given another center's closure fallback (or its own after setting it
    /// to `nil`, which releases the closure) reported every unclaimed URL handled, though no
    /// closure ran.
    @Test func aFallbackWithoutItsClosureFailsInsteadOfReportingTheURLHandled() throws {
        let seen = Seen()
        let center = center()
        center.fallback { page in seen.lines.append("closure \(page.url)") }
        let other = self.center()
        other.fallback = center.fallback
        let result = other.dispatch("/help")
        guard case .executionFailed(let activity, let error)? = result.failure else {
            Issue.record("a fallback without its closure must fail the dispatch: \(result)")
            return
        }
        #expect(activity == center.fallback)
        #expect("\(error)".hasPrefix("no fallback closure to run"))
        let saved = center.fallback
        center.fallback = nil
        center.fallback = saved
        #expect(!center.dispatch("/help").isHandled)
        #expect(seen.lines.isEmpty)
    }

    /// A class in the closure's place keeps it (for the value read before to restore it); `nil`
    /// lets go of what it captured.
    @Test func settingNilReleasesWhatTheClosureCaptured() {
        final class Token: Sendable {}
        weak var released: Token?
        let center = center()
        do {
            let token = Token()
            released = token
            center.fallback { _ in _ = token }
        }
        center.fallback = InternalPage.self
        #expect(released != nil)
        center.fallback = nil
        #expect(released == nil)
    }

    @Test func aClosureThatDispatchesAgainNestsAndStopsAtTheDepthLimit() {
        let seen = Seen()
        let nesting = center()
        nesting.fallback { page in
            let inner = page.center?.dispatch("/product/1")
            seen.lines.append("inner \(inner?.activity is ProductPage)")
        }
        #expect(nesting.dispatch("/help").isHandled)
        #expect(seen.lines == ["inner true"])
        // A closure that dispatches another unclaimed URL reaches itself again, to the limit.
        var depth = 0
        let looping = center()
        looping.fallback { page in
            depth += 1
            page.center?.dispatch("/again/\(depth)")
        }
        let result = looping.dispatch("/help")
        #expect(result.failure == .recursionLimit(depth: 8))
        #expect(depth == 8)
    }

    /// In place of a class whose link does not decode: the closure reads the error, what it
    /// throws fails the dispatch, and from outside its exposure decides as a class's does.
    @Test func inPlaceOfALinkThatDoesNotDecode() {
        let seen = Seen()
        let center = center()
        center.invalidLinkHandling = .useFallback
        center.fallback { page in
            seen.lines.append("\(page.url) \(page.request.linkError?.key ?? "-")")
            throw Refusal()
        }
        guard case .executionFailed(_, let error)? = center.dispatch("/orders/x").failure else {
            Issue.record("what the fallback closure throws must fail the dispatch")
            return
        }
        #expect(error is Refusal)
        #expect(seen.lines == ["/orders/x id"])
        guard case .invalidLink(let linkError)? = center.dispatch("/orders/x", source: .universalLink).failure
        else {
            Issue.record("a closure of the app's own links must not stand in for a link from outside")
            return
        }
        #expect(linkError.key == "id")
        center.fallback(exposure: .external) { page in seen.lines.append("outside \(page.url)") }
        #expect(center.dispatch("/orders/x", source: .universalLink).isHandled)
        #expect(seen.lines.last == "outside /orders/x")
    }

    /// activity(for:) makes the page without running the closure; executing it runs it, and,
    /// once its center is gone, fails.
    @Test func activityForMakesThePageAndExecutingItRunsTheClosure() throws {
        let seen = Seen()
        var center: DispatchCenter? = center()
        center?.fallback { page in seen.lines.append("closure \(page.url)") }
        let page = try #require(try center?.activity(for: "/help"))
        #expect(seen.lines.isEmpty)
        try page.execute()
        #expect(seen.lines == ["closure /help"])
        center = nil
        #expect(throws: (any Error).self) { try page.execute() }
        #expect(seen.lines.count == 1)
    }

    @Test func aDestinationIsNotTheClosuresToMake() {
        let seen = Seen()
        let center = center()
        center.fallback { _ in seen.lines.append("closure") }
        #expect(throws: DispatchFailure.self) { _ = try center.destination(for: "/help", as: Int.self) }
        #expect(seen.lines.isEmpty)
    }

    @Test func awaitedAndFromAnotherTask() async {
        let seen = Seen()
        let center = center()
        center.fallback { page in seen.lines.append("closure \(page.url)") }
        #expect(await center.dispatchAndWait("/help").isHandled)
        let fromAnotherTask = await Task.detached { await center.dispatch("/other").isHandled }.value
        #expect(fromAnotherTask)
        #expect(seen.lines == ["closure /help", "closure /other"])
    }
}
