import DispatchKit
import Foundation

// The code blocks of the "Policy" article (DispatchPolicy.md) that the README does not show: the
// login wall, which holds a link until the user signs in. The redirect rules, the cold start and
// the events are the README's regions (ReadmeExamples.swift).
enum DispatchPolicyExamples {
    // snippet: policy-login-wall
    final class OrdersActivity: DispatchActivity {
        override class var patterns: [RoutePattern] { ["/orders(/:id<int>)"] }
        override class var exposure: DispatchExposure { .external }
    }

    final class LoginWall: DispatchInterceptor {
        var isSignedIn = false
        var pending: DispatchHold?

        func intercept(_ interception: DispatchInterception) -> DispatchDecision {
            guard interception.activity == OrdersActivity.self, !isSignedIn else { return .proceed }
            let hold = DispatchHold(timeout: 120)  // seconds; nil uses center.holdTimeout (300)
            pending = hold
            // Our own login page: the wall vouches for its URL, whatever the held link's source.
            interception.request.center?.dispatch("cono://test.com/account/login", source: .app)
            return .hold(hold)  // dispatch(…) returns .held(hold) for now
        }

        func loginSucceeded() {
            isSignedIn = true
            pending?.resume()  // OrdersActivity runs now, once
            pending = nil
        }

        func loginDismissed() {
            pending?.cancel()  // nothing runs
            pending = nil
        }
    }

    @MainActor func addLoginWall(to center: DispatchCenter) -> LoginWall {
        let wall = LoginWall()
        center.addInterceptor(wall)
        return wall
    }
    // snippet: end
}
