import DispatchKit
import DispatchKitEvents
import DispatchKitUI
import Foundation
import Testing

// Universal links: dispatched only from the declared domains (host, wildcard, port), over https;
// everything else is refused before any dispatch, with a typed reason the observers see too.

/// A path-only pattern: the same activity for the web link and the app's scheme.
private final class Product: IntakeTestActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override class var exposure: DispatchExposure { .external }
}

/// Internal only, the default: a universal link must not reach it.
private final class Logout: IntakeTestActivity {
    override class var patterns: [RoutePattern] { ["/account/logout"] }
}

/// Takes every valid URL nothing claims.
private final class Fallback: IntakeTestActivity {
    override class var exposure: DispatchExposure { .external }
}

@MainActor
@Suite("Intake: universal links")
struct UniversalLinkIntakeTests {
    /// A center with the fixtures, a fallback, a tripwire interceptor and a watcher.
    private func center(_ domains: [String]) throws -> (DispatchCenter, IntakeTripwire, IntakeWatcher) {
        let center = DispatchCenter()
        center.register([Product.self, Logout.self])
        center.fallback = Fallback.self
        center.associatedDomains = try AssociatedDomains(domains)
        let tripwire = IntakeTripwire()
        center.addInterceptor(tripwire)
        let watcher = IntakeWatcher()
        center.addObserver(watcher)
        return (center, tripwire, watcher)
    }

    /// Dispatches `link` as a universal link and checks the outcome: handled by ``Product`` with the
    /// universal link as its source, or refused as undeclared without anything run or dispatched.
    private func check(_ link: String, domains: [String], accepted: Bool) throws {
        let (center, tripwire, watcher) = try center(domains)
        let journal = IntakeJournal()
        let result = center.dispatch(.universalLink(try intakeURL(link)), userInfo: journal.userInfo)
        if accepted {
            #expect(result.isHandled, "\(link) on \(domains): \(result.failure.map { "\($0)" } ?? "")")
            #expect(journal.sources == [.universalLink], "\(link) on \(domains)")
            return
        }
        let url = try intakeDispatchURL(link)
        #expect(result.intakeRefusal == .undeclaredDomain(url), "\(link) on \(domains)")
        #expect(result.activity == nil)
        #expect(result.url == url)
        #expect(journal.lines.isEmpty, "\(link) on \(domains) ran")
        #expect(tripwire.seen.isEmpty, "\(link) on \(domains) was dispatched")
        #expect(watcher.events.count == 1)
        #expect(watcher.events.first?.intakeRefusal == .undeclaredDomain(url))
        #expect(watcher.events.first?.source == .universalLink)
        #expect(watcher.events.first?.url == url)
        #expect(watcher.events.first?.activity == nil)
    }

    @Test(arguments: [
        ("https://a.test.com/product/1", true),
        ("https://a.b.test.com/product/1", true),
        ("https://A.TEST.com/product/1", true),
        ("https://test.com/product/1", false),
        ("https://eviltest.com/product/1", false),
        ("https://xtest.com/product/1", false),
        ("https://test.com.evil.com/product/1", false),
        ("https://a.test.com.evil.com/product/1", false),
        ("https://a.test.co/product/1", false),
        ("https://test.com@evil.com/product/1", false),
        // An empty label is no label: these were dispatched as subdomains of test.com.
        ("https://a..test.com/product/1", false),
        ("https://..test.com/product/1", false),
        ("https://.test.com/product/1", false),
        ("https://.a.test.com/product/1", false),
        ("https://a..b.test.com/product/1", false),
        ("https://a.b..test.com/product/1", false),
    ])
    func aWildcardCoversEverySubdomainAndNothingElse(link: String, accepted: Bool) throws {
        try check(link, domains: ["applinks:*.test.com"], accepted: accepted)
    }

    @Test(arguments: [
        ("https://test.com/product/1", true),
        ("https://TEST.com/product/1", true),
        ("HTTPS://Test.Com/product/1", true),
        ("https://a.test.com/product/1", false),
        ("https://evil.com/product/1", false),
        ("https://test.com./product/1", false),
    ])
    func aDomainCoversItselfInAnyCase(link: String, accepted: Bool) throws {
        try check(link, domains: ["applinks:test.com"], accepted: accepted)
    }

    @Test func anEntryInCapitalsCoversTheLowercaseHost() throws {
        try check("https://test.com/product/1", domains: ["applinks:TEST.COM"], accepted: true)
        try check("https://a.test.com/product/1", domains: ["*.Test.Com"], accepted: true)
    }

    @Test(arguments: [
        ("test.com:8443", "https://test.com:8443/product/1", true),
        ("test.com:8443", "https://test.com/product/1", false),
        ("test.com:8443", "https://test.com:443/product/1", false),
        ("test.com", "https://test.com/product/1", true),
        ("test.com", "https://test.com:443/product/1", true),
        ("test.com", "https://test.com:8443/product/1", false),
        ("test.com:443", "https://test.com/product/1", true),
        ("*.test.com:8443", "https://a.test.com:8443/product/1", true),
        ("*.test.com:8443", "https://a.test.com/product/1", false),
    ])
    func portsCompareWith443AsTheDefault(entry: String, link: String, accepted: Bool) throws {
        try check(link, domains: ["applinks:" + entry], accepted: accepted)
    }

    @Test func bothTheDomainAndItsSubdomainsWhenBothAreListed() throws {
        let domains = ["applinks:test.com", "applinks:*.test.com"]
        try check("https://test.com/product/1", domains: domains, accepted: true)
        try check("https://shop.test.com/product/1", domains: domains, accepted: true)
        try check("https://eviltest.com/product/1", domains: domains, accepted: false)
    }

    @Test func aNewCenterDeclaresNoDomainAndRefusesEveryUniversalLink() throws {
        #expect(DispatchCenter().associatedDomains == .none)
        #expect(AssociatedDomains.none.entries.isEmpty)
        try check("https://test.com/product/1", domains: [], accepted: false)
        let center = DispatchCenter()
        center.register(Product.self)
        let url = try intakeDispatchURL("https://test.com/product/1")
        #expect(center.dispatch(.universalLink(url.url)).intakeRefusal == .undeclaredDomain(url))
    }

    @Test(arguments: ["http://test.com/product/1", "cono://test.com/product/1", "ftp://test.com/product/1"])
    func aLinkThatIsNotHTTPSIsRefusedEvenOnADeclaredDomain(link: String) throws {
        let (center, tripwire, watcher) = try center(["applinks:test.com"])
        let journal = IntakeJournal()
        let result = center.dispatch(.universalLink(try intakeURL(link)), userInfo: journal.userInfo)
        let url = try intakeDispatchURL(link)
        #expect(result.intakeRefusal == .notHTTPS(url))
        #expect(journal.lines.isEmpty)
        #expect(tripwire.seen.isEmpty)
        #expect(watcher.events.map(\.source) == [.universalLink])
        #expect(watcher.events.first?.intakeRefusal == .notHTTPS(url))
    }

    @Test func anInvalidUniversalLinkIsAnInvalidURLFromAUniversalLink() throws {
        let (center, tripwire, watcher) = try center(["applinks:test.com"])
        let result = center.dispatch(.universalLink(try intakeURL("https://test.com/product/%FF")))
        #expect(result.intakeInvalidURL == .invalidUTF8("%FF", offset: 25))
        #expect(tripwire.seen.isEmpty)
        #expect(watcher.events.map(\.source) == [.universalLink])
    }

    @Test func theWebLinkAndTheAppSchemeReachTheSameActivityWithTheSameParameters() throws {
        let (center, _, _) = try center(["applinks:test.com"])
        let journal = IntakeJournal()
        let web = center.dispatch(
            .universalLink(try intakeURL("https://test.com/product/42")), userInfo: journal.userInfo)
        let scheme = center.dispatch(
            .openedURL(try intakeURL("cono://test.com/product/42"), sourceApplication: nil),
            userInfo: journal.userInfo)
        #expect(web.isHandled)
        #expect(scheme.isHandled)
        #expect(web.activity.map { type(of: $0) } == Product.self)
        #expect(scheme.activity.map { type(of: $0) } == Product.self)
        #expect(web.activity?.parameters == ["id": "42"])
        #expect(scheme.activity?.parameters == web.activity?.parameters)
        #expect(journal.sources == [.universalLink, .external(application: nil)])
        #expect(journal.parameters == [["id": "42"], ["id": "42"]])
    }

    @Test func anInternalActivityIsUnreachableFromAUniversalLinkButNotFromTheApp() throws {
        let (center, _, watcher) = try center(["applinks:test.com"])
        let journal = IntakeJournal()
        let link = try intakeURL("https://test.com/account/logout")
        let result = center.dispatch(.universalLink(link), userInfo: journal.userInfo)
        #expect(result.intakeRejection == .internalOnly)
        guard case .rejected(let reason)? = result.failure else { return }
        #expect(reason.source == .universalLink)
        #expect(reason.activity == "Logout")
        #expect(journal.lines.isEmpty)
        // Not the fallback either: a rejected URL falls through to nothing.
        #expect(watcher.events.allSatisfy { $0.activity == nil })

        #expect(center.dispatch(link, userInfo: journal.userInfo).isHandled)
        #expect(journal.lines == ["Logout https://test.com/account/logout from the app"])
    }

    @Test func refusalsDescribeTheLinkAndTheReason() throws {
        let center = DispatchCenter()
        center.associatedDomains = try AssociatedDomains(["applinks:test.com"])
        let undeclared = center.dispatch(.universalLink(try intakeURL("https://evil.com/product/1")))
        #expect(
            undeclared.failure?.description
                == "refused: universal link https://evil.com/product/1 "
                + "is not on one of the app's associated domains")
        let plain = center.dispatch(.universalLink(try intakeURL("http://test.com/product/1")))
        #expect(
            plain.failure?.description
                == "refused: universal link http://test.com/product/1 is not an https link")
    }
}
