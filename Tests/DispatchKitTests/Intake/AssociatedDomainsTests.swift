import DispatchKit
import DispatchKitUI
import Testing

// Reading the entries of an Associated Domains entitlement: what is accepted, what each entry
// becomes, and the entries that throw, each named in the error.

/// One entry as the fields it parses into: domain, wildcard, port.
private struct Parsed: Equatable, CustomStringConvertible {
    var domain: String
    var coversSubdomains: Bool
    var port: Int?

    init(_ domain: String, subdomains: Bool = false, port: Int? = nil) {
        self.domain = domain
        self.coversSubdomains = subdomains
        self.port = port
    }

    init(_ entry: AssociatedDomains.Entry) {
        self.init(entry.domain, subdomains: entry.coversSubdomains, port: entry.port)
    }

    var description: String { "\(coversSubdomains ? "*." : "")\(domain):\(port.map(String.init) ?? "-")" }
}

@Suite("Intake: associated domains")
struct AssociatedDomainsTests {
    private static let valid: [(String, Parsed)] = [
        ("applinks:test.com", Parsed("test.com")),
        ("test.com", Parsed("test.com")),
        ("applinks:*.test.com", Parsed("test.com", subdomains: true)),
        ("*.test.com", Parsed("test.com", subdomains: true)),
        ("applinks:TEST.Com", Parsed("test.com")),
        ("applinks:test.com:8443", Parsed("test.com", port: 8443)),
        ("test.com:8443", Parsed("test.com", port: 8443)),
        ("applinks:*.test.com:8443", Parsed("test.com", subdomains: true, port: 8443)),
        ("applinks:test.com?mode=developer", Parsed("test.com")),
        ("applinks:test.com?mode=managed", Parsed("test.com")),
        ("applinks:test.com?mode=developer+managed", Parsed("test.com")),
        ("applinks:staging.test.com:8443?mode=developer", Parsed("staging.test.com", port: 8443)),
        ("*.test.com?mode=managed", Parsed("test.com", subdomains: true)),
        ("applinks:localhost:8443?mode=developer", Parsed("localhost", port: 8443)),
    ]

    @Test(arguments: valid)
    fileprivate func anAcceptedEntryParsesIntoItsDomainWildcardAndPort(entry: String, expected: Parsed) throws
    {
        let domains = try AssociatedDomains([entry])
        #expect(domains.entries.map(Parsed.init) == [expected])
    }

    /// `applinks:` is optional, so a one-label host with a port, written without it, is a host and
    /// not a service name (`localhost:8443` is not the service "localhost").
    @Test(arguments: ["localhost:8443", "localhost:8443?mode=developer"])
    func aOneLabelHostWithAPortNeedsNoPrefix(entry: String) throws {
        let domains = try AssociatedDomains([entry])
        #expect(domains.entries.map(Parsed.init) == [Parsed("localhost", port: 8443)])
    }

    @Test(arguments: [
        "applinks:test.com?mode=production",
        "applinks:test.com?mode=",
        "applinks:test.com?",
        "applinks:test.com?developer",
        "webcredentials:test.com",
        "activitycontinuation:test.com",
        "appclips:test.com",
        "applinks:test.com/path",
        "test.com/",
        "applinks:test.com#top",
        "applinks:user@test.com",
        "",
        "applinks:",
        "*.",
        "applinks:*",
        "a.*.com",
        "*test.com",
        "*.*.test.com",
        "test.*",
        "applinks:te st.com",
        "applinks:test.com:99999",
        "applinks:test.com:port",
        "applinks:h%2Fevil.com",
        "test..com",
        "test.com.",
        "[::1]",
        "applinks:[::1]:8443",
        "test.com:",
        "test.com:0",
        ":test.com",
    ])
    func anInvalidEntryThrowsNamingTheEntry(entry: String) {
        do {
            let domains = try AssociatedDomains([entry])
            Issue.record("\"\(entry)\" was accepted as \(domains)")
        } catch {
            // Typed throws: `error` is an AssociatedDomains.InvalidEntry.
            #expect(error.entry == entry)
            #expect(!error.problem.isEmpty)
            #expect(error.description.hasPrefix("invalid associated domain \"\(entry)\": "))
        }
    }

    @Test func theFirstInvalidEntryOfSeveralIsTheOneNamed() {
        #expect(throws: AssociatedDomains.InvalidEntry.self) {
            try AssociatedDomains(["applinks:test.com", "webcredentials:test.com", "a.*.com"])
        }
        do {
            _ = try AssociatedDomains(["applinks:test.com", "webcredentials:test.com", "a.*.com"])
        } catch {
            #expect(error.entry == "webcredentials:test.com")
        }
    }

    @Test func invalidEntriesSayWhatIsWrong() {
        func problem(_ entry: String) -> String? {
            do {
                _ = try AssociatedDomains([entry])
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            problem("webcredentials:test.com")
                == "invalid associated domain \"webcredentials:test.com\": "
                + "the webcredentials service is not for universal links (applinks)")
        #expect(
            problem("applinks:test.com?mode=production")
                == "invalid associated domain \"applinks:test.com?mode=production\": "
                + "\"?mode=production\" is not a mode (developer, managed or developer+managed)")
        #expect(problem("applinks:") == "invalid associated domain \"applinks:\": no domain")
        #expect(
            problem("a.*.com")
                == "invalid associated domain \"a.*.com\": a wildcard may only start the entry, as \"*.\"")
        #expect(
            problem("test.com/path")
                == "invalid associated domain \"test.com/path\": a domain has no path, fragment, user or IP address"
        )
    }

    @Test func entriesKeepTheirOrderAndDescribeThemselvesAsHostPatterns() throws {
        let domains = try AssociatedDomains([
            "applinks:test.com", "applinks:*.test.com", "applinks:staging.test.com:8443?mode=developer",
        ])
        #expect(domains.entries.map(\.description) == ["test.com", "*.test.com", "staging.test.com:8443"])
        #expect(domains.description == "test.com, *.test.com, staging.test.com:8443")
        #expect(AssociatedDomains.none.description == "(none)")
    }

    @Test func noEntriesIsNone() throws {
        #expect(try AssociatedDomains([]) == .none)
        #expect(try AssociatedDomains(["test.com"]) != .none)
        #expect(try AssociatedDomains(["applinks:test.com"]) == AssociatedDomains(["test.com"]))
    }

    @Test func containsComparesHostAndPortAndLeavesTheSchemeToTheCaller() throws {
        let domains = try AssociatedDomains(["applinks:test.com", "applinks:*.shop.test.com:8443"])
        #expect(domains.contains(try DispatchURL(string: "https://test.com/a")))
        #expect(domains.contains(try DispatchURL(string: "cono://test.com/a")))
        #expect(domains.contains(try DispatchURL(string: "https://a.shop.test.com:8443/a")))
        #expect(!domains.contains(try DispatchURL(string: "https://shop.test.com:8443/a")))
        #expect(!domains.contains(try DispatchURL(string: "https://a.shop.test.com/a")))
        // A URL without a host is on no domain.
        #expect(!domains.contains(try DispatchURL(string: "/product/42")))
        #expect(!AssociatedDomains.none.contains(try DispatchURL(string: "https://test.com/a")))
    }

    /// Pins a literal with a typo comparing unequal to the same valid entries: the entries it left
    /// out admit nothing, so they do not make the value different (nor its hash).
    @Test func theEntriesALiteralLeftOutDoNotCountInEquality() throws {
        let literal: AssociatedDomains = ["applinks:test.com", "applinks:test..com"]
        let valid = try AssociatedDomains(["applinks:test.com"])
        #expect(literal == valid)
        #expect(Set([literal, valid]).count == 1)
        #expect(literal != (try AssociatedDomains(["applinks:test.com", "applinks:*.test.com"])))
    }
}
