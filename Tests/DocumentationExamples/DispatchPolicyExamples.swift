import DispatchKit
import Testing

// The login wall of DispatchPolicy.md ("Holds: a login wall"), run: the region below is the
// article's block (ArticleRegionsTests checks it), in a namespace that keeps its names apart from
// the other examples of this target.
private struct PolicyArticle {
    // article: DispatchPolicy.md, login wall
    final class OrdersActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/orders(/:id<int>)"] }
        override class var exposure: DispatchExposure { .external }
        override func execute() { print("push OrdersPage") }
    }

    final class LoginWall: DispatchInterceptor {
        var isSignedIn = false
        var isLoginShown = false
        var pending: DispatchHold?

        func intercept(_ interception: DispatchInterception) -> DispatchDecision {
            guard interception.activity == OrdersActivity.self, !isSignedIn else { return .proceed }
            pending?.cancel()  // a second link replaces the first: the user tapped something else
            let hold = DispatchHold(timeout: 120)  // seconds; nil uses center.holdTimeout (300)
            pending = hold
            if !isLoginShown {
                isLoginShown = true
                // Our own login page: the wall vouches for its URL, whatever the held link's source.
                interception.request.center?.dispatch("cono://test.com/account/login", source: .app)
            }
            return .hold(hold)  // dispatch(…) returns .held(hold) for now
        }

        func loginSucceeded() {
            isSignedIn = true
            isLoginShown = false
            pending?.resume()  // OrdersActivity runs now, once
            pending = nil
        }

        func loginDismissed() {
            isLoginShown = false
            pending?.cancel()  // nothing runs
            pending = nil
        }
    }

    @MainActor func addLoginWall(to center: DispatchCenter) -> LoginWall {
        let wall = LoginWall()
        center.addInterceptor(wall)
        return wall
    }
    // article: end
}

/// The login page the wall dispatches: counts how often it is presented.
private final class LoginPage: DispatchActivity {
    static var presentations = 0
    override class var patterns: [RoutePattern] { ["/account/login"] }
    override func execute() { Self.presentations += 1 }
}

@MainActor
@Suite(.serialized) struct DispatchPolicyExamples {
    private let center = DispatchCenter()
    private let wall: PolicyArticle.LoginWall

    init() {
        LoginPage.presentations = 0
        center.register([PolicyArticle.OrdersActivity.self, LoginPage.self])
        wall = PolicyArticle().addLoginWall(to: center)
    }

    private func hold(of result: DispatchResult) -> DispatchHold? {
        guard case .held(let hold)? = result.failure else { return nil }
        return hold
    }

    // Two links to the orders while signed out brought up the login page twice, one over the other.
    @Test func theLoginWallPresentsItsPageOnceForTwoLinks() throws {
        let first = try #require(hold(of: center.dispatch("cono://test.com/orders/1", source: .notification)))
        let second = try #require(
            hold(of: center.dispatch("cono://test.com/orders/2", source: .notification)))
        #expect(LoginPage.presentations == 1)
        #expect(first.state == .cancelled)
        #expect(second.state == .pending)

        wall.loginSucceeded()
        #expect(second.state == .resumed)
        #expect(center.dispatch("cono://test.com/orders/3").isHandled)
        #expect(LoginPage.presentations == 1)
    }

    @Test func aDismissedLoginPageComesUpAgainForTheNextLink() throws {
        let first = try #require(hold(of: center.dispatch("cono://test.com/orders/1")))
        wall.loginDismissed()
        #expect(first.state == .cancelled)
        _ = try #require(hold(of: center.dispatch("cono://test.com/orders/2")))
        #expect(LoginPage.presentations == 2)
    }
}
