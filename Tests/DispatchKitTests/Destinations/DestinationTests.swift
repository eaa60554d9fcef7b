import DispatchKit
import DispatchKitEvents
import DispatchKitRules
import Foundation
import Testing

// Typed destinations: `makeDestination()` through the same pipeline as `execute()`, typed at the
// call site, with typed failures.

private struct ProductPage: Equatable {
    let id: Int
    let from: String?
}

private struct ProductIDError: Error, CustomStringConvertible {
    var description: String { "not a product id" }
}

/// Builds a `ProductPage` for `execute()` and `makeDestination()` alike; counts what it did.
private final class ProductActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id"] }
    override class var exposure: DispatchExposure { .external }

    private func page() throws -> ProductPage {
        guard let id = Int(parameters["id"] ?? "") else { throw ProductIDError() }
        return ProductPage(id: id, from: query["from"])
    }

    override func makeDestination() throws -> Any? { try page() }
    override func execute() throws {
        (userInfo["shown"] as? Shown)?.pages.append(try page())
    }
}

/// Makes no destination (the default).
private final class SettingsActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/settings"] }
    override func execute() {}
}

/// Internal only: a URL from outside may not reach it.
private final class AdminActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/admin"] }
    override func makeDestination() throws -> Any? { "admin console" }
}

/// Asks for its own URL's destination from `makeDestination()`, for ever: a runaway chain.
private final class MirrorActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/mirror"] }
    override func makeDestination() throws -> Any? {
        try center?.destination(for: url, as: String.self)
    }
}

/// Holds the first dispatch to ``SettingsActivity``.
private final class SettingsWall: DispatchInterceptor {
    var hold: DispatchHold?
    func intercept(_ interception: DispatchInterception) -> DispatchDecision {
        guard interception.activity == SettingsActivity.self, hold == nil else { return .proceed }
        let hold = DispatchHold()
        self.hold = hold
        return .hold(hold)
    }
}

@MainActor
private final class Shown: Sendable {
    var pages: [ProductPage] = []
    nonisolated init() {}
}

@MainActor
private final class Watcher: DispatchObserver {
    var events: [DispatchEvent] = []
    func observe(_ event: DispatchEvent) { events.append(event) }
}

@MainActor
@Suite("Destinations")
struct DestinationTests {
    private func center() -> DispatchCenter {
        let center = DispatchCenter()
        center.register([ProductActivity.self, SettingsActivity.self, AdminActivity.self])
        return center
    }

    @Test func theDestinationComesBackTypedAndNothingIsPerformed() throws {
        let center = center()
        let shown = Shown()
        let page = try center.destination(
            for: "cono://test.com/product/42?from=push", as: ProductPage.self, userInfo: ["shown": shown])
        #expect(page == ProductPage(id: 42, from: "push"))
        #expect(shown.pages.isEmpty)
    }

    @Test func theTypeCanBeInferredFromTheContext() throws {
        let page: ProductPage = try center().destination(for: "/product/7")
        #expect(page.id == 7)
    }

    @Test func executeAndMakeDestinationReadTheSameRequest() throws {
        let center = center()
        let shown = Shown()
        let url = "cono://test.com/product/9?from=banner"
        let page = try center.destination(for: url, as: ProductPage.self)
        #expect(center.dispatch(url, userInfo: ["shown": shown]).isHandled)
        #expect(shown.pages == [page])
    }

    @Test func anUnmatchedURLIsATypedFailure() {
        #expect(throws: DispatchFailure.self) {
            try center().destination(for: "cono://test.com/nope", as: ProductPage.self)
        }
        do {
            _ = try center().destination(for: "cono://test.com/nope", as: ProductPage.self)
        } catch {
            guard case .unmatched(let url) = error else {
                Issue.record("expected unmatched, got \(error)")
                return
            }
            #expect(url.description == "cono://test.com/nope")
        }
    }

    @Test func anInvalidURLIsATypedFailure() {
        do {
            _ = try center().destination(for: "cono://test.com/product/%zz", as: ProductPage.self)
            Issue.record("expected a failure")
        } catch {
            guard case .invalidURL(.malformedPercentEscape) = error else {
                Issue.record("expected invalidURL, got \(error)")
                return
            }
        }
    }

    @Test func aDestinationOfAnotherTypeIsATypedFailureNamingBothTypes() {
        do {
            _ = try center().destination(for: "/product/1", as: String.self)
            Issue.record("expected a failure")
        } catch {
            guard case .destinationTypeMismatch(let activity, let expected, let actual) = error else {
                Issue.record("expected destinationTypeMismatch, got \(error)")
                return
            }
            #expect(activity == ProductActivity.self)
            #expect(expected == "String")
            #expect(actual == "ProductPage")
            #expect(error.description == "ProductActivity made a destination of type ProductPage, not String")
        }
    }

    @Test func anActivityWithoutADestinationIsATypedFailure() {
        do {
            _ = try center().destination(for: "/settings", as: String.self)
            Issue.record("expected a failure")
        } catch {
            guard case .noDestination(let activity) = error else {
                Issue.record("expected noDestination, got \(error)")
                return
            }
            #expect(activity == SettingsActivity.self)
        }
    }

    @Test func aThrowingMakeDestinationIsAnExecutionFailure() {
        do {
            _ = try center().destination(for: "/product/abc", as: ProductPage.self)
            Issue.record("expected a failure")
        } catch {
            guard case .executionFailed(let activity, let underlying) = error else {
                Issue.record("expected executionFailed, got \(error)")
                return
            }
            #expect(activity == ProductActivity.self)
            #expect(underlying is ProductIDError)
        }
    }

    @Test func exposureAppliesToDestinations() throws {
        let center = center()
        #expect(try center.destination(for: "/admin", as: String.self) == "admin console")
        do {
            _ = try center.destination(for: "/admin", as: String.self, source: .universalLink)
            Issue.record("expected a rejection")
        } catch {
            guard case .rejected = error else {
                Issue.record("expected rejected, got \(error)")
                return
            }
        }
    }

    @Test func interceptorsSeeADestinationRequestAndCanRedirectOrReject() throws {
        let center = center()
        var asked: [Bool] = []
        center.addInterceptor(
            PolicyRule("wall") { interception in
                asked.append(interception.asksForDestination)
                if interception.url.paths == ["product", "1"] {
                    return .redirect(to: try! DispatchURL(string: "/product/2"))
                }
                if interception.url.paths == ["product", "3"] { return .reject(reason: "sold out") }
                return .proceed
            })
        #expect(try center.destination(for: "/product/1", as: ProductPage.self).id == 2)
        #expect(asked == [true, true])
        #expect(throws: DispatchFailure.self) {
            try center.destination(for: "/product/3", as: ProductPage.self)
        }
        center.dispatch("/product/4")
        #expect(asked.last == false)
    }

    @Test func aHoldingInterceptorRejectsADestinationAndTheHoldStaysUnused() {
        let center = center()
        let hold = DispatchHold()
        center.addInterceptor(PolicyRule("wall") { _ in .hold(hold) })
        do {
            _ = try center.destination(for: "/product/1", as: ProductPage.self)
            Issue.record("expected a rejection")
        } catch {
            guard case .rejected(let reason) = error else {
                Issue.record("expected rejected, got \(error)")
                return
            }
            #expect("\(reason)".contains("a destination cannot wait"))
        }
        #expect(hold.state == .pending)
    }

    @Test func aRunawayChainOfDestinationsFailsTheOutermostWithTheRecursionLimit() {
        let center = center()
        center.register(MirrorActivity.self)
        do {
            _ = try center.destination(for: "/mirror", as: String.self)
            Issue.record("expected a failure")
        } catch {
            guard case .recursionLimit(let depth) = error else {
                Issue.record("expected recursionLimit, got \(error)")
                return
            }
            #expect(depth == center.maximumNestingDepth)
        }
    }

    /// Regression: a runaway chain of destinations left its recursion failure behind, and the next
    /// dispatch that ran outside the usual entry point — a resumed hold, a queued dispatch — was
    /// reported as `.recursionLimit` although its activity ran normally.
    @Test func aRunawayChainOfDestinationsLeavesNothingBehind() throws {
        let center = center()
        center.register(MirrorActivity.self)
        let wall = SettingsWall()
        center.addInterceptor(wall)
        #expect(center.dispatch("/settings").failure.map { "\($0)" }?.hasPrefix("held") == true)
        _ = try? center.destination(for: "/mirror", as: String.self)
        let resumed = try #require(wall.hold).resume()
        #expect(resumed.isHandled, "\(String(describing: resumed.failure))")

        // Queued while observed, so that its event is made; the runaway is not observed (telling
        // the observers about it ended the failure it left).
        let watcher = Watcher()
        center.addObserver(watcher)
        center.isReady = false
        center.dispatch("/settings")
        center.removeObserver(watcher)
        _ = try? center.destination(for: "/mirror", as: String.self)
        center.addObserver(watcher)
        center.isReady = true
        let last = try #require(watcher.events.last)
        #expect(last.activity == SettingsActivity.self)
        #expect(last.failure == nil, "\(String(describing: last.failure))")
    }

    @Test func redirectRulesApplyToDestinations() throws {
        let center = center()
        center.redirectRules = try RedirectRules(
            json: Data(#"{"rules": [{"pattern": "/p/:id", "target": "/product/:id"}]}"#.utf8))
        #expect(try center.destination(for: "/p/5", as: ProductPage.self).id == 5)
    }

    @Test func observersSeeADestinationEventAndItsFailures() throws {
        let center = center()
        let watcher = Watcher()
        center.addObserver(watcher)
        _ = try center.destination(for: "/product/8", as: ProductPage.self)
        _ = try? center.destination(for: "/settings", as: String.self)
        #expect(watcher.events.map(\.kind) == [.makeDestination, .makeDestination])
        #expect(watcher.events[0].isHandled)
        #expect(watcher.events[0].activity == ProductActivity.self)
        #expect(watcher.events[0].description.contains("destination made by ProductActivity"))
        guard case .noDestination = watcher.events[1].failure else {
            Issue.record("expected noDestination, got \(String(describing: watcher.events[1].failure))")
            return
        }
    }
}
