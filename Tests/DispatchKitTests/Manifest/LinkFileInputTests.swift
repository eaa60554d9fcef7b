import Testing

@testable import DispatchKit
@testable import DispatchKitManifest

// Regression: the generators took any text as an app ID, a domain or a host (`not an app id`,
// `https://test.com`), and a repeated one silently; the files were served, verified nothing and
// opened nothing. They throw a LinkFileError now.
@Suite struct LinkFileInputTests {
    static let manifest = LinkRouteSet.sample.manifest

    static func association(
        appIDs: [String] = ["ABCDE12345.com.example.app"], domains: [String] = ["test.com"]
    )
        throws(LinkFileError) -> AppSiteAssociation
    {
        try AppSiteAssociation(for: manifest, appIDs: appIDs, domains: domains)
    }

    @Test(arguments: [
        "ABCDE12345.com.example.app", "0123456789.a", "ABCDE12345.com.example-shop.App2",
    ])
    func anAppIDIsATeamIDAndABundleID(_ appID: String) throws {
        #expect(try Self.association(appIDs: [appID]).appIDs == [appID])
    }

    @Test(arguments: [
        "not an app id", "com.example.app", "abcde12345.com.example.app", "ABCDE1234.com.example.app",
        "ABCDE12345.", "ABCDE12345.com..app", "ABCDE12345.com.example app", "ABCDE12345.*", "ABCDE12345",
        "ABCDE12345.com.example.app.", "ABCDÉ12345.com.example.app",
    ])
    func anythingElseIsNotAnAppID(_ appID: String) {
        #expect {
            try Self.association(appIDs: [appID])
        } throws: { error in
            guard case .invalidAppID(appID, let problem)? = error as? LinkFileError else { return false }
            return problem.contains("TEAMID.bundle.id")
        }
    }

    @Test(arguments: [
        ("test.com", "test.com"), ("Test.COM", "test.com"), ("*.test.com", "*.test.com"),
        ("b\u{FC}cher.de", "xn--bcher-kva.de"), ("localhost", "localhost"),
    ])
    func aDomainIsAHostNameOrASubdomainWildcard(_ text: String, _ written: String) throws {
        let filter = try AndroidIntentFilter(for: Self.manifest, hosts: [text])
        #expect(filter.hosts == [written])
        #expect(try Self.association(domains: [text]).appIDs.count == 1)
    }

    @Test(arguments: [
        ("https://test.com", "a URL, not a host name (write test.com)"), ("not a domain", "no spaces"),
        ("test.com:8443", "no port"), ("applinks:test.com", "an entitlement entry"),
        ("test.com/path", "no path"),
        ("*", "wildcard"), ("a.*.com", "wildcard"), ("*test.com", "wildcard"),
        ("a..test.com", "not a host name"),
        ("", "empty"), ("test.com?mode=developer", "no mode"), ("*.", "no domain"),
    ])
    func anythingElseIsNotADomain(_ text: String, _ problem: String) {
        do {
            _ = try Self.association(domains: [text])
            Issue.record("\(text) was taken as a domain")
        } catch {
            guard case .invalidDomain(text, let said) = error else {
                Issue.record("\(text): \(error)")
                return
            }
            #expect(said.contains(problem), "\(text): \(said)")
        }
        do {
            _ = try AndroidIntentFilter(for: Self.manifest, hosts: [text])
            Issue.record("\(text) was taken as a host")
        } catch {
            guard case .invalidHost(text, let said) = error else {
                Issue.record("\(text): \(error)")
                return
            }
            #expect(said.contains(problem), "\(text): \(said)")
        }
    }

    @Test func aValueGivenTwiceIsRefusedNotTakenSilently() {
        #expect(throws: LinkFileError.repeatedDomain("Test.com")) {
            try Self.association(domains: ["test.com", "Test.com"])
        }
        #expect(throws: LinkFileError.repeatedHost("test.com")) {
            try AndroidIntentFilter(for: Self.manifest, hosts: ["test.com", "test.com"])
        }
        #expect(throws: LinkFileError.repeatedAppID("ABCDE12345.a")) {
            try Self.association(appIDs: ["ABCDE12345.a", "ABCDE12345.a"])
        }
    }

    @Test func noValueIsRefused() {
        #expect(throws: LinkFileError.noAppID) { try Self.association(appIDs: []) }
        #expect(throws: LinkFileError.noDomain) { try Self.association(domains: []) }
        #expect(throws: LinkFileError.noHost) { try AndroidIntentFilter(for: Self.manifest, hosts: []) }
    }

    @Test func theErrorIsOneLineThatNamesTheValue() {
        let error = LinkFileError.invalidDomain(
            "https://test.com", problem: "a URL, not a host name (write test.com)")
        #expect("\(error)" == #"domain "https://test.com": a URL, not a host name (write test.com)"#)
        #expect("\(LinkFileError.repeatedAppID("A"))" == #"app ID "A" is given twice"#)
        #expect(!"\(LinkFileError.noDomain)".contains("\n"))
    }

    /// Pins the Android filters' errors that spoke of a "domain": Android's manifest and the
    /// tool's option say host.
    @Test func androidsErrorsSayHost() {
        for (hosts, expected) in [
            (["https://test.com"], #"host "https://test.com": a URL, not a host name (write test.com)"#),
            (["test.com", "Test.com"], #"host "Test.com" is given twice"#),
            ([], "no host: the filters must name the hosts whose links they open"),
        ] {
            #expect(throws: LinkFileError.self) { try AndroidIntentFilter(for: Self.manifest, hosts: hosts) }
            do {
                _ = try AndroidIntentFilter(for: Self.manifest, hosts: hosts)
            } catch {
                #expect("\(error)" == expected)
            }
        }
    }
}
