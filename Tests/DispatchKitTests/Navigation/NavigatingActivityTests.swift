import DispatchKit
import DispatchKitUI
import Testing

// Activities navigate through their center's navigator: what a dispatch shows, what a removal takes
// away, and the failures when there is no navigator or it cannot perform a step.

private struct ProductPage: Hashable {
    var id: String
}

/// Pushes its page in `execute()` and removes it in `remove()`.
private final class ProductActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override class var exposure: DispatchExposure { .external }
    var page: ProductPage { ProductPage(id: parameters["id"] ?? "") }

    override func execute() throws {
        try navigator.push(page)
    }

    override func remove() throws {
        try navigator.remove(page)
    }
}

/// Presents a sheet, and dismisses it on removal.
private final class LoginActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/login"] }

    override func execute() throws {
        try navigator.present("login")
    }

    override func remove() throws {
        try navigator.remove("login")
    }
}

/// A deep page: Mine > Settings > Privacy.
private final class PrivacyActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/settings/privacy"] }

    override func execute() throws {
        try navigator.open("privacy", parents: ["settings"], inTab: "mine")
    }

    override func remove() throws {
        try navigator.remove("privacy")
    }
}

@MainActor
@Suite("Navigation: activities and the center's navigator")
struct NavigatingActivityTests {
    private func center(selectedTab: String? = "home") -> (DispatchCenter, RecordingNavigator) {
        let center = DispatchCenter()
        center.register([ProductActivity.self, LoginActivity.self, PrivacyActivity.self])
        let navigator = RecordingNavigator(selectedTab: selectedTab)
        center.navigator = navigator
        return (center, navigator)
    }

    @Test func theActivityReachesTheCentersNavigator() throws {
        let (center, navigator) = center()
        #expect(center.navigator === navigator)
        let result = center.dispatch("cono://test.com/product/42")
        #expect(result.isHandled)
        #expect(try result.activity?.navigator === navigator)
        #expect(navigator.steps == [.push(ProductPage(id: "42"))])
        #expect(navigator.state.visiblePage == AnyHashable(ProductPage(id: "42")))
    }

    @Test func theCenterHoldsItsNavigator() {
        let center = DispatchCenter()
        #expect(center.navigator == nil)
        center.navigator = RecordingNavigator()
        #expect(center.navigator != nil)
        center.register(LoginActivity.self)
        #expect(center.dispatch("/login").isHandled)
        #expect((center.navigator as? RecordingNavigator)?.steps == [.present("login")])
    }

    @Test func aDeepLinkSelectsItsTabAndBuildsItsParents() {
        let (center, navigator) = center()
        #expect(center.dispatch("cono://test.com/settings/privacy").isHandled)
        #expect(navigator.steps == [.selectTab("mine"), .setStack(["settings", "privacy"])])
        #expect(navigator.state.stack(inTab: "mine") == ["settings", "privacy"])
    }

    @Test func aLinkWhileASheetIsUpDismissesItFirst() {
        let (center, navigator) = center()
        center.dispatch("/login")
        center.dispatch("/product/7")
        #expect(navigator.steps == [.present("login"), .dismissPresented, .push(ProductPage(id: "7"))])
        #expect(!navigator.isPresenting)
    }

    @Test func removingThePushingActivityReturnsTheStateToWhereItWas() throws {
        let (center, navigator) = center()
        center.dispatch("/product/1")
        let before = navigator.state
        let result = center.dispatch("/product/2")
        #expect(navigator.state != before)
        let activity = try #require(result.activity)
        try center.remove(activity)
        #expect(navigator.state == before)
        #expect(navigator.steps.last == .remove(ProductPage(id: "2")))
    }

    /// Regression: a push then its removal left the tab with an empty stack, which compared unequal
    /// to the state that had never shown the tab's stack, although both show the same screen.
    @Test func removingThePushingActivityFromAFreshStateReturnsToTheFreshState() throws {
        let (center, navigator) = center()
        let before = navigator.state
        let result = center.dispatch("/product/2")
        try center.remove(try #require(result.activity))
        #expect(navigator.state.stack.isEmpty)
        #expect(navigator.state.visiblePage == nil)
        #expect(navigator.state == before)
    }

    @Test func removingThePresentingAndTheOpeningActivitiesUndoesThem() throws {
        let (center, navigator) = center()
        center.dispatch("/product/1")
        let login = try #require(center.dispatch("/login").activity)
        #expect(navigator.isPresenting)
        try center.remove(login)
        #expect(!navigator.isPresenting)
        #expect(navigator.state.visiblePage == AnyHashable(ProductPage(id: "1")))

        let privacy = try #require(center.dispatch("/settings/privacy").activity)
        try center.remove(privacy)
        #expect(navigator.state.stack(inTab: "mine") == ["settings"])
        #expect(navigator.state.stack(inTab: "home") == [ProductPage(id: "1")])
    }

    @Test func withoutANavigatorTheDispatchFailsWithNoNavigator() {
        let center = DispatchCenter()
        center.register(ProductActivity.self)
        let result = center.dispatch("/product/42")
        guard case .executionFailed(let activity, let error)? = result.failure else {
            Issue.record("expected executionFailed, got \(String(describing: result.failure))")
            return
        }
        #expect(activity == ProductActivity.self)
        #expect(error as? NavigationError == .noNavigator)
        #expect(result.activity is ProductActivity)
        #expect(
            result.failure?.description
                == "ProductActivity failed: no navigator: "
                + "set DispatchCenter.navigator before dispatching URLs that show pages")
    }

    @Test func anActivityMadeByHandHasNoNavigator() throws {
        let request = DispatchRequest(url: try DispatchURL(string: "/product/42"))
        let activity = ProductActivity(request: request)
        #expect(throws: NavigationError.noNavigator) {
            _ = try activity.navigator
        }
        #expect(throws: NavigationError.noNavigator) {
            try activity.execute()
        }
    }

    @Test func anActivityMadeByTheCenterFindsItsNavigatorWithoutADispatch() throws {
        let (center, navigator) = center()
        let activity = try #require(center.activity(for: try DispatchURL(string: "/product/3")))
        #expect(try activity.navigator === navigator)
        #expect(navigator.steps.isEmpty)
    }

    @Test func aNavigatorThatCannotPerformTheStepFailsTheDispatch() {
        let (center, navigator) = center()
        navigator.failingStep = .push(ProductPage(id: "42"))
        let result = center.dispatch("/product/42")
        guard case .executionFailed(let activity, let error)? = result.failure else {
            Issue.record("expected executionFailed, got \(String(describing: result.failure))")
            return
        }
        #expect(activity == ProductActivity.self)
        #expect(
            error as? NavigationError
                == .cannotPerform(step: "push \(ProductPage(id: "42"))", reason: "the test said so"))
        #expect(navigator.steps.isEmpty)
        // A failed dispatch has nothing to remove.
        let performed = result.activity
        #expect(throws: DispatchFailure.self) {
            if let performed { try center.remove(performed) }
        }
        // Another page still opens.
        #expect(center.dispatch("/product/43").isHandled)
    }

    @Test func aRemovalTheNavigatorRefusesFailsTheRemoval() throws {
        let (center, navigator) = center()
        let activity = try #require(center.dispatch("/product/42").activity)
        navigator.failingStep = .remove(ProductPage(id: "42"))
        do {
            try center.remove(activity)
            Issue.record("the removal did not fail")
        } catch {
            guard case .executionFailed(_, let cause) = error else {
                Issue.record("expected executionFailed, got \(error)")
                return
            }
            #expect(
                cause as? NavigationError
                    == .cannotPerform(step: "remove \(ProductPage(id: "42"))", reason: "the test said so"))
        }
        #expect(navigator.state.stack == [ProductPage(id: "42")])
        // Still shown: the removal may be asked again.
        navigator.failingStep = nil
        try center.remove(activity)
        #expect(navigator.state.stack.isEmpty)
    }

    @Test func aLinkFromOutsideNavigatesLikeTheAppsOwn() throws {
        let (center, navigator) = center()
        center.associatedDomains = try AssociatedDomains(["applinks:test.com"])
        let url = try DispatchURL(string: "https://test.com/product/9").url
        #expect(center.dispatch(.universalLink(url)).isHandled)
        #expect(navigator.steps == [.push(ProductPage(id: "9"))])
        // An internal page is refused before it can navigate.
        let login = try DispatchURL(string: "https://test.com/login").url
        guard case .rejected? = center.dispatch(.universalLink(login)).failure else {
            Issue.record("an internal page was reached from a universal link")
            return
        }
        #expect(navigator.steps == [.push(ProductPage(id: "9"))])
    }
}
