import DispatchKit
import DispatchKitRules
import Foundation
import Testing

private func url(_ string: String) -> DispatchURL { try! DispatchURL(string: string) }
private func version(_ string: String) -> RedirectRules.Version { RedirectRules.Version(string)! }
private func rules(_ json: String) throws -> RedirectRules { try RedirectRules(json: Data(json.utf8)) }
private func rule(
    _ pattern: RoutePattern, _ target: RoutePattern, _ condition: RedirectRules.Condition = .init()
) throws -> RedirectRules.Rule {
    try RedirectRules.Rule(pattern: pattern, target: target, condition: condition)
}

/// A rules document in the format DispatchPolicy.md describes ("Redirect and downgrade rules").
private let exampleDocument = """
    {
      "version": 1,
      "rules": [
        {
          "pattern": "cono://test.com/product/:id",
          "target": "https://m.test.com/p/:id",
          "when": { "appVersion": { "min": "3.1.0", "max": "3.1.4" }, "flag": "product-page-broken" },
          "note": "3.1.x crashes on the native product page; send it to H5"
        }
      ]
    }
    """

/// `RedirectRules.redirect(for:in:)`: which rule applies, and the URL it builds.
@Suite struct RedirectRulesTests {
    private let always = RedirectRules.Environment()

    @Test func theExampleDocumentReadsAndRedirectsInsideItsCondition() throws {
        let rules = try rules(exampleDocument)
        #expect(rules.rules.count == 1)
        let rule = try #require(rules.rules.first)
        #expect(rule.pattern == "cono://test.com/product/:id")
        #expect(rule.target == "https://m.test.com/p/:id")
        #expect(
            rule.condition
                == .init(
                    minimumVersion: version("3.1.0"), maximumVersion: version("3.1.4"),
                    flag: "product-page-broken"))
        #expect(rule.note == "3.1.x crashes on the native product page; send it to H5")

        let broken = RedirectRules.Environment(
            appVersion: version("3.1.2"), flags: ["product-page-broken", "other"])
        let redirect = rules.redirect(for: url("cono://test.com/product/42?from=push#reviews"), in: broken)
        #expect(redirect?.url.description == "https://m.test.com/p/42?from=push#reviews")
        #expect(redirect?.rule == 0)

        #expect(
            rules.redirect(
                for: url("cono://test.com/product/42"),
                in: .init(appVersion: version("3.2"), flags: ["product-page-broken"])) == nil)
        #expect(
            rules.redirect(for: url("cono://test.com/product/42"), in: .init(appVersion: version("3.1.2")))
                == nil)
        #expect(rules.redirect(for: url("cono://test.com/cart"), in: broken) == nil)
        #expect(rules.redirect(for: url("other://test.com/product/42"), in: broken) == nil)
    }

    @Test func parametersWildcardQueryAndFragmentAreCarried() throws {
        let rules = RedirectRules([try rule("app://x/files/:owner/*", "https://cdn.example.com/u/:owner/*")])
        let redirect = try #require(
            rules.redirect(for: url("app://x/files/Ann/a/b%20c.txt?b=2&a=1&b=3&flag#top"), in: always))
        #expect(redirect.url.description == "https://cdn.example.com/u/Ann/a/b%20c.txt?b=2&a=1&b=3&flag#top")
        #expect(redirect.url.paths == ["u", "Ann", "a", "b c.txt"])
        // In order, with duplicates, a name without a value kept as such.
        #expect(
            redirect.url.queryItems == [
                URLQueryItem(name: "b", value: "2"), URLQueryItem(name: "a", value: "1"),
                URLQueryItem(name: "b", value: "3"),
                URLQueryItem(name: "flag", value: nil),
            ])
        #expect(redirect.url.fragment == "top")
        #expect(redirect.rule == 0)
    }

    @Test func theWildcardMayBeEmptyOrLeftOut() throws {
        let kept = RedirectRules([try rule("/old/*", "/new/*")])
        #expect(kept.redirect(for: url("app://x/old"), in: always)?.url.description == "app://x/new")
        #expect(kept.redirect(for: url("app://x/old/a/b"), in: always)?.url.description == "app://x/new/a/b")
        let dropped = RedirectRules([try rule("/old/*", "/new")])
        #expect(
            dropped.redirect(for: url("app://x/old/a/b?q=1"), in: always)?.url.description
                == "app://x/new?q=1")
    }

    @Test func aPathOnlyTargetKeepsTheSchemeAndTheAuthority() throws {
        let rules = RedirectRules([try rule("/old/:id", "/item/:id")])
        #expect(
            rules.redirect(for: url("cono://test.com/old/7?a=1"), in: always)?.url.description
                == "cono://test.com/item/7?a=1")
        #expect(
            rules.redirect(for: url("http://user@localhost:8080/old/7"), in: always)?.url.description
                == "http://user@localhost:8080/item/7")
        // A relative URL stays relative.
        #expect(rules.redirect(for: url("/old/7#f"), in: always)?.url.description == "/item/7#f")
    }

    @Test func aHostTargetKeepsTheSchemeOnly() throws {
        let rules = RedirectRules([try rule("/old/:id", "//m.test.com/item/:id")])
        let redirect = rules.redirect(for: url("cono://user@test.com:8080/old/7"), in: always)
        #expect(redirect?.url.description == "cono://m.test.com/item/7")
        #expect(redirect?.url.port == nil)
    }

    @Test func aFullTargetReplacesSchemeAndHost() throws {
        let rules = RedirectRules([try rule("//test.com/old/:id", "https://web.test.com/item/:id")])
        #expect(
            rules.redirect(for: url("cono://test.com/old/7"), in: always)?.url.description
                == "https://web.test.com/item/7")
    }

    @Test func aHostParameterMayNameTheTargetHost() throws {
        let rules = RedirectRules([try rule("https://:site/p/:id", "app://:site/product/:id")])
        #expect(
            rules.redirect(for: url("https://Shop.Example.com/p/9"), in: always)?.url.description
                == "app://shop.example.com/product/9")
    }

    @Test func capturedParametersTheTargetDoesNotNameAreDropped() throws {
        let rules = RedirectRules([try rule("/p/:id/:slug", "/product/:id")])
        #expect(
            rules.redirect(for: url("app://x/p/7/blue-shoes"), in: always)?.url.description
                == "app://x/product/7")
    }

    @Test func optionalGroupsFollowWhatWasCaptured() throws {
        let rules = RedirectRules([try rule("/p/:id(/r/:review)", "/product/:id(/review/:review)")])
        #expect(
            rules.redirect(for: url("app://x/p/7/r/3"), in: always)?.url.description
                == "app://x/product/7/review/3")
        #expect(rules.redirect(for: url("app://x/p/7"), in: always)?.url.description == "app://x/product/7")
    }

    @Test func theFirstApplicableRuleInDocumentOrderWins() throws {
        let rules = try rules(
            """
            {"rules": [
              {"pattern": "/a/:id", "target": "/flagged/:id", "when": {"flag": "f"}},
              {"pattern": "/a/:id<int>", "target": "/typed/:id"},
              {"pattern": "/a/:id", "target": "/plain/:id"},
              {"pattern": "/a/1", "target": "/literal"}
            ]}
            """)
        // Document order, not pattern specificity: "/a/1" is more specific but comes last.
        #expect(
            rules.redirect(for: url("/a/1"), in: always).map { [$0.url.description, "\($0.rule)"] } == [
                "/typed/1", "1",
            ])
        #expect(
            rules.redirect(for: url("/a/x"), in: always).map { [$0.url.description, "\($0.rule)"] } == [
                "/plain/x", "2",
            ])
        #expect(
            rules.redirect(for: url("/a/1"), in: .init(flags: ["f"])).map {
                [$0.url.description, "\($0.rule)"]
            }
                == ["/flagged/1", "0"])
    }

    /// A typed target parameter that the captured value does not fit: that rule does not apply,
    /// and the next one is tried.
    @Test func aRuleWhoseTargetCannotBeBuiltIsSkipped() throws {
        let rules = RedirectRules([
            try rule("/item/:id", "/product/:id<int>"), try rule("/item/:id", "/search/:id"),
        ])
        #expect(
            rules.redirect(for: url("app://x/item/42"), in: always).map {
                [$0.url.description, "\($0.rule)"]
            }
                == ["app://x/product/42", "0"])
        #expect(
            rules.redirect(for: url("app://x/item/abc"), in: always).map {
                [$0.url.description, "\($0.rule)"]
            }
                == ["app://x/search/abc", "1"])
        let alone = RedirectRules([try rule("/item/:id", "/product/:id<int>")])
        #expect(alone.redirect(for: url("app://x/item/abc"), in: always) == nil)
    }

    @Test func noRulesNoRedirect() throws {
        #expect(RedirectRules().isEmpty)
        #expect(RedirectRules().redirect(for: url("app://x/a"), in: always) == nil)
        #expect(try rules(#"{"rules": []}"#) == RedirectRules())
        #expect(!RedirectRules([try rule("/a", "/b")]).isEmpty)
    }

    @Test func rulesFromJSONEqualTheSameRulesMadeInCode() throws {
        let fromJSON = try rules(exampleDocument)
        let inCode = RedirectRules([
            try RedirectRules.Rule(
                pattern: "cono://test.com/product/:id", target: "https://m.test.com/p/:id",
                condition: .init(
                    minimumVersion: version("3.1"), maximumVersion: version("3.1.4"),
                    flag: "product-page-broken"),
                note: "3.1.x crashes on the native product page; send it to H5")
        ])
        #expect(fromJSON == inCode)
        #expect(Set([fromJSON, inCode]).count == 1)
        #expect(
            inCode != RedirectRules([try rule("cono://test.com/product/:id", "https://m.test.com/p/:id")]))
    }

    @Test func descriptionsListTheRulesAndTheirConditions() throws {
        #expect(
            try rules(exampleDocument).description
                == "rules[0]: cono://test.com/product/:id -> https://m.test.com/p/:id"
                + #" when app version 3.1.0 through 3.1.4 and flag "product-page-broken""#
        )
        let two = RedirectRules([
            try rule("/a", "/b", .init(minimumVersion: version("2"))), try rule("/c", "/d"),
        ])
        #expect(two.description == "rules[0]: /a -> /b when app version at least 2\nrules[1]: /c -> /d")
        #expect(RedirectRules().description == "no redirect rules")
        #expect(
            RedirectRules.Condition(maximumVersion: version("3.1")).description == "app version at most 3.1")
        #expect(RedirectRules.Condition().description == "always")
    }

    @Test func theTypesAreSendable() {
        // Compile-only: this does not build if one of them stops being Sendable.
        func requireSendable<T: Sendable>(_: T.Type) {}
        requireSendable(RedirectRules.self)
        requireSendable(RedirectRules.Rule.self)
        requireSendable(RedirectRules.Condition.self)
        requireSendable(RedirectRules.Environment.self)
        requireSendable(RedirectRules.Version.self)
        requireSendable(RedirectRulesError.self)
    }
}

/// `RedirectRules.Condition.holds(in:)`: every part given must hold.
@Suite struct RedirectRulesConditionTests {
    typealias Condition = RedirectRules.Condition
    typealias Environment = RedirectRules.Environment

    static let cases: [(Condition, Environment, Bool, String)] = [
        (Condition(), Environment(), true, "no parts: always"),
        (
            Condition(minimumVersion: version("3.1")), Environment(appVersion: version("3.1.0")), true,
            "min is inclusive, 3.1 == 3.1.0"
        ),
        (
            Condition(minimumVersion: version("3.1.0")), Environment(appVersion: version("3.1")), true,
            "3.1 == 3.1.0 the other way"
        ),
        (
            Condition(minimumVersion: version("3.1")), Environment(appVersion: version("3.0.9")), false,
            "below min"
        ),
        (
            Condition(minimumVersion: version("3.1")), Environment(appVersion: version("12")), true,
            "far above min"
        ),
        (
            Condition(maximumVersion: version("3.1.4")), Environment(appVersion: version("3.1.4")), true,
            "max is inclusive"
        ),
        (
            Condition(maximumVersion: version("3.1.4")), Environment(appVersion: version("3.1.4.1")), false,
            "just above max"
        ),
        (
            Condition(maximumVersion: version("3.1.4")), Environment(appVersion: version("1")), true,
            "far below max"
        ),
        (
            Condition(minimumVersion: version("3.1"), maximumVersion: version("3.1.4")),
            Environment(appVersion: version("3.1.0")), true, "range, low end"
        ),
        (
            Condition(minimumVersion: version("3.1"), maximumVersion: version("3.1.4")),
            Environment(appVersion: version("3.1.4")), true, "range, high end"
        ),
        (
            Condition(minimumVersion: version("3.1"), maximumVersion: version("3.1.4")),
            Environment(appVersion: version("3.1.5")), false, "range, above"
        ),
        (
            Condition(minimumVersion: version("3.1"), maximumVersion: version("3.1.4")),
            Environment(appVersion: version("3.0")), false, "range, below"
        ),
        (Condition(minimumVersion: version("3.1")), Environment(), false, "unknown version, min"),
        (Condition(maximumVersion: version("3.1")), Environment(flags: ["x"]), false, "unknown version, max"),
        (Condition(flag: "h5"), Environment(flags: ["a", "h5"]), true, "flag on"),
        (Condition(flag: "h5"), Environment(flags: ["H5"]), false, "flags are case-sensitive"),
        (Condition(flag: "h5"), Environment(appVersion: version("3")), false, "flag off"),
        (
            Condition(minimumVersion: version("3"), flag: "h5"),
            Environment(appVersion: version("3"), flags: ["h5"]), true, "both hold"
        ),
        (
            Condition(minimumVersion: version("3"), flag: "h5"),
            Environment(appVersion: version("2"), flags: ["h5"]), false, "flag only"
        ),
        (
            Condition(minimumVersion: version("3"), flag: "h5"), Environment(appVersion: version("3")), false,
            "version only"
        ),
    ]

    @Test(arguments: cases)
    func holds(_ condition: Condition, _ environment: Environment, _ expected: Bool, _ label: String) {
        #expect(condition.holds(in: environment) == expected, "\(label)")
    }
}
