import DispatchKit
import DispatchKitEvents
import Foundation
import Testing

@testable import DispatchKitUI

// A URL of the app's scheme that another app opened: its source is that app (or an unidentified
// one), which the exposure of each activity and the center's allowlist then judge.

/// Reachable from any source.
private final class Shop: IntakeTestActivity {
    override class var patterns: [RoutePattern] { ["/shop/:item"] }
    override class var exposure: DispatchExposure { .external }
}

/// Reachable from our own wallet app only (and from universal links and notifications).
private final class WalletTopUp: IntakeTestActivity {
    override class var patterns: [RoutePattern] { ["/wallet/top-up"] }
    override class var exposure: DispatchExposure { .external(applications: ["com.example.wallet"]) }
}

/// Internal only, the default.
private final class Logout: IntakeTestActivity {
    override class var patterns: [RoutePattern] { ["/account/logout"] }
}

/// Receives every valid URL nothing claims; never an invalid one.
private final class Fallback: IntakeTestActivity {
    override class var exposure: DispatchExposure { .external }
}

@MainActor
@Suite("Intake: opened URLs")
struct OpenedURLIntakeTests {
    private func center() -> DispatchCenter {
        let center = DispatchCenter()
        center.register([Shop.self, WalletTopUp.self, Logout.self])
        return center
    }

    @Test func eachWayOfArrivingImpliesItsSource() throws {
        let url = try intakeURL("cono://test.com/shop/1")
        #expect(
            IncomingLink.openedURL(url, sourceApplication: "com.example.wallet").origin
                == .external(application: "com.example.wallet"))
        #expect(IncomingLink.openedURL(url, sourceApplication: nil).origin == .external(application: nil))
        #expect(IncomingLink.universalLink(url).origin == .universalLink)
        #expect(IncomingLink.notification(["url": "cono://test.com/shop/1"]).origin == .notification)
    }

    @Test(arguments: ["com.example.wallet", "com.apple.mobilesafari"] as [String?] + [nil])
    func theActivitySeesTheSendingAppAsItsSource(sender: String?) throws {
        let journal = IntakeJournal()
        let center = center()
        let link = IncomingLink.openedURL(try intakeURL("cono://test.com/shop/42"), sourceApplication: sender)
        let result = center.dispatch(link, userInfo: journal.userInfo)
        #expect(result.isHandled)
        #expect(result.activity?.request.source == .external(application: sender))
        #expect(journal.sources == [.external(application: sender)])
        #expect(journal.parameters == [["item": "42"]])
    }

    @Test func anActivityOpenToSomeAppsRefusesAnyOtherAndAnUnidentifiedOne() throws {
        let journal = IntakeJournal()
        let center = center()
        let url = try intakeURL("cono://test.com/wallet/top-up")
        for sender in ["com.example.other", nil] as [String?] {
            let result = center.dispatch(
                .openedURL(url, sourceApplication: sender), userInfo: journal.userInfo)
            #expect(result.intakeRejection == .applicationNotAllowed, "from \(sender ?? "nil")")
            #expect(result.activity == nil)
        }
        #expect(journal.lines.isEmpty)
        let allowed = center.dispatch(
            .openedURL(url, sourceApplication: "com.example.wallet"), userInfo: journal.userInfo)
        #expect(allowed.isHandled)
        #expect(
            journal.lines == [
                "WalletTopUp cono://test.com/wallet/top-up from another app (com.example.wallet)"
            ])
    }

    @Test func anInternalActivityRefusesEveryApp() throws {
        let journal = IntakeJournal()
        let center = center()
        let url = try intakeURL("cono://test.com/account/logout")
        for sender in ["com.example.wallet", nil] as [String?] {
            let result = center.dispatch(
                .openedURL(url, sourceApplication: sender), userInfo: journal.userInfo)
            #expect(result.intakeRejection == .internalOnly, "from \(sender ?? "nil")")
        }
        #expect(journal.lines.isEmpty)
        // The app's own dispatch of the same URL reaches it.
        #expect(center.dispatch(url, userInfo: journal.userInfo).isHandled)
        #expect(journal.sources == [.app])
    }

    @Test func theCentersAllowlistRefusesOtherAppsAndUnidentifiedOnesWhateverTheExposure() throws {
        let journal = IntakeJournal()
        let center = center()
        center.allowedApplications = ["com.example.wallet"]
        let url = try intakeURL("cono://test.com/shop/7")
        for sender in ["com.example.other", nil] as [String?] {
            let result = center.dispatch(
                .openedURL(url, sourceApplication: sender), userInfo: journal.userInfo)
            #expect(result.intakeRejection == .centerAllowlist, "from \(sender ?? "nil")")
            guard case .rejected(let reason)? = result.failure else { continue }
            #expect(reason.source == .external(application: sender))
            #expect(reason.activity == "Shop")
        }
        #expect(journal.lines.isEmpty)
        #expect(
            center.dispatch(
                .openedURL(url, sourceApplication: "com.example.wallet"), userInfo: journal.userInfo
            )
            .isHandled)
        #expect(journal.sources == [.external(application: "com.example.wallet")])
    }

    @Test func theAllowlistDoesNotApplyToUniversalLinksOrNotifications() throws {
        let journal = IntakeJournal()
        let center = center()
        center.allowedApplications = ["com.example.wallet"]
        center.associatedDomains = try AssociatedDomains(["applinks:test.com"])
        let universal = center.dispatch(
            .universalLink(try intakeURL("https://test.com/shop/1")), userInfo: journal.userInfo)
        #expect(universal.isHandled)
        let notification = center.dispatch(
            .notification(["url": "cono://test.com/shop/2"]), userInfo: journal.userInfo)
        #expect(notification.isHandled)
        #expect(journal.sources == [.universalLink, .notification])
    }

    /// URLs Foundation accepts and DispatchKit does not (Foundation percent-encodes a malformed
    /// escape such as `%zz` itself, so it cannot stand for one here).
    @Test func anInvalidURLIsInvalidRunsNothingAndNeverReachesTheFallback() throws {
        let journal = IntakeJournal()
        let center = center()
        center.fallback = Fallback.self
        let watcher = IntakeWatcher()
        center.addObserver(watcher)
        let nul = center.dispatch(
            .openedURL(try intakeURL("cono://test.com/shop/a%00b"), sourceApplication: "com.example.wallet"),
            userInfo: journal.userInfo)
        #expect(nul.intakeInvalidURL == .encodedNUL(offset: 22))
        let notUTF8 = center.dispatch(
            .openedURL(try intakeURL("cono://test.com/shop/%FF"), sourceApplication: nil),
            userInfo: journal.userInfo)
        #expect(notUTF8.intakeInvalidURL == .invalidUTF8("%FF", offset: 21))
        for result in [nul, notUTF8] {
            #expect(result.activity == nil)
            #expect(result.url == nil)
        }
        #expect(journal.lines.isEmpty)
        #expect(
            watcher.events.map(\.source) == [
                .external(application: "com.example.wallet"), .external(application: nil),
            ])
        #expect(watcher.events.allSatisfy { $0.url == nil && $0.activity == nil && !$0.isHandled })
    }

    @Test func aURLOverTheCentersLimitsIsInvalid() throws {
        let journal = IntakeJournal()
        let center = center()
        center.fallback = Fallback.self
        center.urlLimits = DispatchURL.Limits(maximumLength: 64, maximumPathSegments: 2, maximumQueryItems: 1)
        let deep = center.dispatch(
            .openedURL(try intakeURL("cono://test.com/shop/1/2"), sourceApplication: nil),
            userInfo: journal.userInfo)
        #expect(deep.intakeInvalidURL == .tooManyPathSegments(limit: 2))
        let query = center.dispatch(
            .openedURL(try intakeURL("cono://test.com/shop/1?a=1&b=2"), sourceApplication: nil),
            userInfo: journal.userInfo)
        #expect(query.intakeInvalidURL == .tooManyQueryItems(limit: 1))
        let long = "cono://test.com/shop/" + String(repeating: "x", count: 44)
        let tooLong = center.dispatch(
            .openedURL(try intakeURL(long), sourceApplication: nil), userInfo: journal.userInfo)
        #expect(tooLong.intakeInvalidURL == .tooLong(length: 65, limit: 64))
        #expect(journal.lines.isEmpty)
        // Within the limits, the same center dispatches.
        #expect(
            center.dispatch(.openedURL(try intakeURL("cono://test.com/shop/1?a=1"), sourceApplication: nil))
                .isHandled)
    }

    /// An app without scenes gets the sending app as an untyped option value
    /// (`application(_:open:options:)`): a string names the app, anything else names none.
    @Test func theAppDelegatesOptionNamesTheSendingAppOnlyAsAString() throws {
        let journal = IntakeJournal()
        let center = center()
        let url = try intakeURL("cono://test.com/shop/42")
        let options: [Any?] = [
            "com.example.wallet", NSString(string: "com.example.wallet"), 42, ["com.example.wallet"], nil,
        ]
        let links = options.map { IncomingLink.applicationOpened(url, sourceApplicationOption: $0) }
        #expect(
            links.map(\.intakeSummary) == [
                "openedURL cono://test.com/shop/42 from com.example.wallet",
                "openedURL cono://test.com/shop/42 from com.example.wallet",
                "openedURL cono://test.com/shop/42 from an unnamed app",
                "openedURL cono://test.com/shop/42 from an unnamed app",
                "openedURL cono://test.com/shop/42 from an unnamed app",
            ])
        for link in links {
            center.dispatch(link, userInfo: journal.userInfo)
        }
        #expect(
            journal.sources == [
                .external(application: "com.example.wallet"), .external(application: "com.example.wallet"),
                .external(application: nil), .external(application: nil), .external(application: nil),
            ])
    }
}
