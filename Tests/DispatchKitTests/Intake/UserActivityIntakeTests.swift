import DispatchKit
import Foundation
import Testing

@testable import DispatchKitUI

// A user activity is a link only when it continues a web page (NSUserActivityTypeBrowsingWeb) and
// has its URL: DispatchKitUI's dispatch(_: NSUserActivity) passes the activity's type and web page
// URL here, and dispatches what comes back as a universal link, which the center then checks.

private final class Product: IntakeTestActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override class var exposure: DispatchExposure { .external }
}

/// An activity as the system hands it over, and the link it must be, if any.
struct IntakeActivityCase: Sendable, CustomTestStringConvertible {
    let activityType: String
    let webpageURL: String?
    let expected: String?

    var testDescription: String { "\(activityType) \(webpageURL ?? "without a URL")" }

    static let all: [IntakeActivityCase] = [
        .init(
            activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: "https://test.com/product/42",
            expected: "universalLink https://test.com/product/42"),
        // The scheme and host are checked when the link is dispatched, not here.
        .init(
            activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: "http://evil.com/product/42",
            expected: "universalLink http://evil.com/product/42"),
        .init(activityType: "NSUserActivityTypeBrowsingWeb", webpageURL: nil, expected: nil),
        // The app's own Handoff activity, even with a web page URL.
        .init(
            activityType: "com.example.shop.viewProduct", webpageURL: "https://test.com/product/42",
            expected: nil),
        // A Spotlight item.
        .init(activityType: "com.apple.corespotlightitem", webpageURL: nil, expected: nil),
        // Types compare exactly.
        .init(
            activityType: "nsuseractivitytypebrowsingweb", webpageURL: "https://test.com/product/42",
            expected: nil),
        .init(activityType: "", webpageURL: "https://test.com/product/42", expected: nil),
    ]
}

@MainActor
@Suite("Intake: user activities")
struct UserActivityIntakeTests {
    /// Apple's value of Foundation's constant: the adapter compares the activity's type with it.
    @Test func theBrowsingWebTypeIsFoundationsValue() {
        #expect(IncomingLink.browsingWebActivityType == "NSUserActivityTypeBrowsingWeb")
    }

    @Test(arguments: IntakeActivityCase.all)
    func onlyABrowsingWebActivityWithAURLIsALink(activity: IntakeActivityCase) throws {
        let url = try activity.webpageURL.map(intakeURL)
        let link = IncomingLink.userActivity(activityType: activity.activityType, webpageURL: url)
        #expect(link?.intakeSummary == activity.expected)
    }

    @Test func theLinkIsDispatchedAsAUniversalLinkAndCheckedAgainstTheDomains() throws {
        let center = DispatchCenter()
        center.register(Product.self)
        center.associatedDomains = try AssociatedDomains(["applinks:test.com"])
        let journal = IntakeJournal()
        let declared = try #require(
            IncomingLink.userActivity(
                activityType: IncomingLink.browsingWebActivityType,
                webpageURL: try intakeURL("https://test.com/product/42")))
        #expect(center.dispatch(declared, userInfo: journal.userInfo).isHandled)
        #expect(journal.sources == [.universalLink])

        let undeclared = try #require(
            IncomingLink.userActivity(
                activityType: IncomingLink.browsingWebActivityType,
                webpageURL: try intakeURL("https://evil.com/product/42")))
        let refused = center.dispatch(undeclared, userInfo: journal.userInfo)
        #expect(
            refused.intakeRefusal == .undeclaredDomain(try intakeDispatchURL("https://evil.com/product/42")))
        #expect(journal.lines.count == 1)
    }
}
