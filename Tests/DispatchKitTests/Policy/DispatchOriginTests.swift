import DispatchKit
import Testing

/// Which activities ran, in order, across one test.
@MainActor private var ran: [String] = []

private final class Logout: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/account/logout"] }
    override func execute() throws { ran.append("Logout") }
}
private final class PaymentConfirm: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/payment/confirm"] }
    override func execute() throws { ran.append("PaymentConfirm") }
}
/// Claims everything under /account at a lower priority, and admits every source: a rejected
/// URL must not fall through to it.
private final class AccountCatchAll: DispatchActivity {
    override class var priority: Int { -1 }
    override class var patterns: [RoutePattern] { ["/account/*", "/payment/*"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() throws { ran.append("AccountCatchAll") }
}
private final class Product: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id"] }
    override class var exposure: DispatchExposure { .external }
    override func execute() throws { ran.append("Product from \(request.source)") }
}
private final class PartnerOffer: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/offer"] }
    override class var exposure: DispatchExposure { .external(applications: ["com.partner.app"]) }
    override func execute() throws { ran.append("PartnerOffer") }
}
/// Reachable from outside, and opens the URL in its `next` query item, as a login page does
/// after signing in.
private final class Login: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/account/login"] }
    override class var exposure: DispatchExposure { .external }
    nonisolated(unsafe) static var vouches = false
    override func execute() throws {
        ran.append("Login")
        guard let next = query["next"] else { return }
        let result = center?.dispatch(next, source: Self.vouches ? .app : nil)
        ran.append("next: \(result?.failure.map(String.init(describing:)) ?? "handled")")
    }
}
private final class Fallback: DispatchActivity {
    override func execute() throws { ran.append("Fallback") }
}

@MainActor
@Suite("Sources and exposure", .serialized)
struct DispatchOriginTests {
    private let outside: [DispatchOrigin] = [
        .external(application: "com.example.other"), .external(application: nil), .universalLink,
        .notification,
    ]

    private func center() -> DispatchCenter {
        ran = []
        Login.vouches = false
        let center = DispatchCenter()
        center.register([
            Logout.self, PaymentConfirm.self, AccountCatchAll.self, Product.self, PartnerOffer.self,
            Login.self,
        ])
        center.fallback = Fallback.self
        return center
    }

    private func rule(_ result: DispatchResult) -> DispatchRejection.Rule? {
        guard case .rejected(let reason)? = result.failure else { return nil }
        return reason.rule
    }

    @Test func aURLFromOutsideCannotLogOutOrConfirmAPayment() {
        let center = center()
        for source in outside {
            for url in ["cono://test.com/account/logout", "cono://test.com/payment/confirm?order=7"] {
                let result = center.dispatch(url, source: source)
                #expect(rule(result) == .internalOnly, "\(url) from \(source)")
                #expect(result.activity == nil)
            }
        }
        // Neither the activities, nor the lower-priority claimant, nor the fallback ran.
        #expect(ran.isEmpty)
    }

    @Test func theAppItselfReachesInternalActivities() {
        let center = center()
        #expect(center.dispatch("cono://test.com/account/logout").isHandled)
        #expect(center.dispatch("cono://test.com/payment/confirm", source: .app).isHandled)
        #expect(ran == ["Logout", "PaymentConfirm"])
    }

    @Test func theRejectionNamesTheRuleTheActivityAndTheSource() throws {
        let result = center().dispatch(
            "cono://test.com/account/logout", source: .external(application: "com.example.other"))
        guard case .rejected(let reason)? = result.failure else {
            Issue.record("expected a rejection, got \(String(describing: result.failure))")
            return
        }
        #expect(
            reason
                == DispatchRejection(
                    rule: .internalOnly, activity: "Logout",
                    source: .external(application: "com.example.other")))
        #expect(
            result.failure?.description
                == "rejected: Logout is internal only, and the URL came from another app (com.example.other)")
    }

    @Test func anExternalActivityAdmitsEverySourceAndSeesIt() {
        let center = center()
        for source in outside + [.app] {
            #expect(center.dispatch("cono://test.com/product/42", source: source).isHandled)
        }
        #expect(
            ran == [
                "Product from another app (com.example.other)", "Product from another app (unidentified)",
                "Product from a universal link", "Product from a notification", "Product from the app",
            ])
    }

    @Test func anAllowlistAdmitsOnlyTheAppsItNamesPlusLinksAndNotifications() {
        let center = center()
        #expect(
            center.dispatch("cono://test.com/offer", source: .external(application: "com.partner.app"))
                .isHandled)
        #expect(center.dispatch("cono://test.com/offer", source: .universalLink).isHandled)
        #expect(center.dispatch("cono://test.com/offer", source: .notification).isHandled)
        #expect(
            rule(
                center.dispatch("cono://test.com/offer", source: .external(application: "com.example.other")))
                == .applicationNotAllowed)
        #expect(
            rule(center.dispatch("cono://test.com/offer", source: .external(application: nil)))
                == .applicationNotAllowed)
        #expect(ran == ["PartnerOffer", "PartnerOffer", "PartnerOffer"])
    }

    @Test func theCentersAllowlistHoldsForEveryActivity() {
        let center = center()
        center.allowedApplications = ["com.apple.mobilesafari"]
        #expect(
            rule(
                center.dispatch(
                    "cono://test.com/product/1", source: .external(application: "com.example.other")))
                == .centerAllowlist)
        #expect(
            rule(center.dispatch("cono://test.com/product/2", source: .external(application: nil)))
                == .centerAllowlist)
        #expect(
            center.dispatch(
                "cono://test.com/product/3", source: .external(application: "com.apple.mobilesafari")
            ).isHandled)
        #expect(center.dispatch("cono://test.com/product/4", source: .universalLink).isHandled)
        // It adds to the activities' rules, it does not replace them.
        #expect(
            rule(
                center.dispatch(
                    "cono://test.com/account/logout", source: .external(application: "com.apple.mobilesafari")
                )) == .internalOnly)
        #expect(ran.count == 2)
    }

    @Test func aNestedDispatchKeepsTheSourceOfTheURLThatAskedForIt() {
        let center = center()
        let next = "cono://test.com/account/logout"
        #expect(
            center.dispatch("cono://test.com/account/login?next=\(next)", source: .universalLink).isHandled)
        #expect(
            ran == [
                "Login", "next: rejected: Logout is internal only, and the URL came from a universal link",
            ])

        // From the app, the same chain runs; an activity can also vouch for a URL itself.
        ran = []
        #expect(center.dispatch("cono://test.com/account/login?next=\(next)").isHandled)
        Login.vouches = true
        #expect(
            center.dispatch("cono://test.com/account/login?next=\(next)", source: .universalLink).isHandled)
        #expect(ran == ["Login", "Logout", "next: handled", "Login", "Logout", "next: handled"])
        // After the nested dispatch, a top-level one is from the app again.
        #expect(center.dispatch(next).isHandled)
    }

    @Test func theFallbackIsAnActivityLikeAnyOther() {
        let center = center()
        #expect(rule(center.dispatch("cono://test.com/nowhere", source: .notification)) == .internalOnly)
        #expect(center.dispatch("cono://test.com/nowhere").isHandled)
        #expect(ran == ["Fallback"])
    }
}
