import Foundation
import Testing

@testable import DispatchKit
@testable import DispatchKitManifest

/// The generated apple-app-site-association file, read by a matcher written from Apple's
/// documentation (AppSiteAssociationMatcher.swift), against the router's own answer for each URL.
@Suite struct AppSiteAssociationTests {
    static let appID = "ABCDE12345.com.example.cono"

    static func file(_ set: LinkRouteSet, domains: [String] = ["test.com"]) throws -> (
        AppSiteAssociation, AppSiteAssociationMatcher
    ) {
        let association = try AppSiteAssociation(for: set.manifest, appIDs: [appID], domains: domains)
        return (association, try AppSiteAssociationMatcher(json: association.jsonString()))
    }

    /// The path of `url` as iOS compares it: percent-encoded, as Foundation's `URL` has it (`/` for
    /// the root, which Foundation writes without one).
    static func encodedPath(_ url: DispatchURL) -> String {
        let path = URLComponents(url: url.url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        return path.isEmpty ? "/" : path
    }

    /// `pattern` with its parameters' types erased: what a note about a typed parameter admits.
    static func loosened(_ pattern: String) -> RoutePattern {
        var text = ""
        var inType = false
        for character in pattern {
            if character == "<" && text.last != "/" {
                inType = true
            } else if character == ">" && inType {
                inType = false
            } else if !inType {
                text.append(character)
            }
        }
        return RoutePattern(stringLiteral: text)
    }

    /// Whether a note accounts for the file answering `claimed` where the router answers the
    /// opposite: a note on `winner`, the pattern of the route that wins the URL, or a `claimsMore`
    /// note whose route, with its types erased (and, for a note about spanning segments, its
    /// parameters read as `?*`), matches the URL.
    static func isExplained(
        _ url: DispatchURL, claimed: Bool, by notes: [LinkApproximation], winner: String?
    ) -> Bool {
        if !claimed {
            return notes.contains { $0.kind == .claimsLess && $0.pattern == winner }
        }
        return notes.contains { note in
            guard note.kind == .claimsMore, let pattern = note.pattern else { return false }
            if pattern == winner { return true }
            if note.description.contains("span several segments") {
                // A parameter's place read as `?*`, which spans slashes.
                let glob = loosened(pattern).description.split(separator: "/").map {
                    $0.hasPrefix(":") ? "?*" : String($0)
                }
                return AppSiteAssociationMatcher.glob(
                    "/" + glob.joined(separator: "/"), matches: "/" + url.paths.joined(separator: "/"),
                    caseSensitive: true)
            }
            return loosened(pattern).match(url) != nil
        }
    }

    /// The rule the file keeps: for every URL, as links in the wild write it (trailing slash,
    /// lowercase escapes, encoded slashes included), "the file claims it" equals "the live center,
    /// receiving it as a universal link, hands it to an exposed activity", or a note says why not.
    @MainActor
    @Test(arguments: LinkRouteSet.all)
    func theFileClaimsWhatTheLiveCenterAdmitsURLByURL(_ set: LinkRouteSet) throws {
        let live = try LiveLinkCenter(set)
        let association = try AppSiteAssociation(
            for: live.manifest, appIDs: [Self.appID], domains: ["test.com"])
        let matcher = try AppSiteAssociationMatcher(json: association.jsonString())
        #expect(matcher.appIDs == [Self.appID])
        var checked = 0
        for probe in set.rawProbes() {
            guard let url = probe.url else { continue }
            let admitted = live.admits(probe)
            let claimed = matcher.claims(path: probe.encodedPath)
            checked += 1
            guard claimed != admitted else { continue }
            #expect(
                Self.isExplained(
                    url, claimed: claimed, by: association.approximations, winner: live.winner(probe)),
                """
                \(set): \(probe) is \(claimed ? "claimed" : "not claimed") but the live center \
                \(admitted ? "admits" : "refuses") it, and no note says so. Components:
                \(association.components.map { "\($0.isExcluded ? "-" : "+") \($0.path)" }.joined(separator: "\n"))
                Notes: \(association.approximations.map(\.description).joined(separator: "\n"))
                """)
        }
        #expect(checked > 100)
    }

    @Test(arguments: LinkRouteSet.all)
    func everyExampleOfAnExposedRouteThatWinsIsClaimed(_ set: LinkRouteSet) throws {
        let (association, matcher) = try Self.file(set)
        for route in set.manifest.routes where route.exposure.admitsUniversalLinks {
            for example in route.examples {
                guard let parsed = try? DispatchURL(string: example),
                    let url = try? DispatchURL(
                        string: "https://test.com/"
                            + parsed.paths.map { DispatchURL.escape($0, as: .segment, asciiOnly: false) }
                            .joined(separator: "/")),
                    route.pattern.hasPrefix("/") || route.pattern.hasPrefix("https://test.com")
                        || route.pattern.hasPrefix("//test.com") || route.pattern.hasPrefix("//:")
                        || route.pattern.hasPrefix("//*"),
                    set.admits(url) == true
                else { continue }
                let hasNote = association.approximations.contains {
                    $0.kind == .claimsLess && $0.pattern == route.pattern
                }
                #expect(
                    matcher.claims(path: Self.encodedPath(url)) || hasNote,
                    "\(set): \(example) is not claimed")
            }
        }
    }

    /// The sample app's file, component by component: `/product/42/extra`, `/product/` and unknown
    /// paths stay in the browser; `<int>` is over-approximated and noted.
    @Test func theSampleAppsFile() throws {
        let (association, matcher) = try Self.file(.sample)
        #expect(
            association.components.map { "\($0.isExcluded ? "-" : "+") \($0.path)" } == [
                "+ /account/login", "+ /account/login/", "+ /settings/privacy", "+ /settings/privacy/",
                "- /orders/?*/?*", "+ /orders/?*", "- /p/?*/?*", "+ /p/?*", "- /product/?*/?*",
                "+ /product/?*",
                "+ /orders", "+ /orders/",
            ])
        for path in [
            "/product/42", "/product/abc", "/p/7", "/orders", "/orders/7", "/account/login",
            "/settings/privacy", "/settings/privacy/", "/orders/", "/product/42/",
        ] {
            #expect(matcher.claims(path: path), "\(path)")
        }
        for path in [
            "/product/42/extra", "/product/", "/product", "/unknown", "/", "/account/logout", "/orders/7/x",
        ] {
            #expect(!matcher.claims(path: path), "\(path)")
        }
        let notes = association.approximations.filter { $0.pattern == "/product/:id<int>" }
        #expect(
            notes.count == 1 && notes.allSatisfy { $0.kind == .claimsMore && $0.description.contains(":id") })
    }

    @Test func aParameterIsOneSegmentAndAnExclusionKeepsDeeperPathsOut() throws {
        let set = LinkRouteSet("one", [("/product/:id", true)])
        let (_, matcher) = try Self.file(set)
        #expect(matcher.claims(path: "/product/42"))
        #expect(matcher.claims(path: "/product/42/"))  // the router drops a trailing slash too
        #expect(!matcher.claims(path: "/product/42/extra"))
        #expect(!matcher.claims(path: "/product/"))
        #expect(!matcher.claims(path: "/product"))
    }

    @Test func anInternalRouteIsExcludedOnlyWhereAnExposedPatternWouldClaimIt() throws {
        let set = LinkRouteSet("prefix", [("/a/:x", true), ("/a/b", false), ("/z/y", false)])
        let (association, matcher) = try Self.file(set)
        #expect(association.components.contains { $0.isExcluded && $0.path == "/a/b" })
        #expect(!association.components.contains { $0.path.hasPrefix("/z") })
        #expect(!matcher.claims(path: "/a/b"))
        #expect(matcher.claims(path: "/a/c"))
    }

    @Test func aValueListIsExactAndAnIntegerIsNoted() throws {
        let set = LinkRouteSet("typed", [("/k/:kind<red|blue>", true), ("/n/:id<int>", true)])
        let (association, matcher) = try Self.file(set)
        #expect(matcher.claims(path: "/k/red") && matcher.claims(path: "/k/blue"))
        #expect(!matcher.claims(path: "/k/green"))
        #expect(matcher.claims(path: "/n/abc"))  // over-approximated…
        #expect(association.approximations.map(\.pattern) == ["/n/:id<int>"])  // …and said
    }

    @Test func aWildcardClaimsZeroAndMoreSegmentsAndNotAGluedSuffix() throws {
        let set = LinkRouteSet("wildcard", [("/files/*", true), ("/files/private/*", false)])
        let (_, matcher) = try Self.file(set)
        for path in ["/files", "/files/a", "/files/a/b/c"] {
            #expect(matcher.claims(path: path), "\(path)")
        }
        for path in ["/filesystem", "/files/private", "/files/private/x/y"] {
            #expect(!matcher.claims(path: path), "\(path)")
        }
    }

    @Test func aLiteralIsPercentEncodedAsFoundationWritesIt() throws {
        let set = LinkRouteSet("encoded", [("/caf\u{e9}/50%", true)])
        let (association, matcher) = try Self.file(set)
        #expect(
            association.components.map(\.path) == [
                "/caf%C3%A9/50%25", "/caf%C3%A9/50%25/", "/caf%c3%A9/50%25", "/caf%c3%A9/50%25/",
                "/caf%C3%a9/50%25",
                "/caf%C3%a9/50%25/", "/caf%c3%a9/50%25", "/caf%c3%a9/50%25/",
            ])
        #expect(matcher.claims(path: "/caf%C3%A9/50%25"))
        #expect(association.approximations.isEmpty)
    }

    @Test func aRouteOfAnotherHostOrSchemeIsLeftOut() throws {
        let set = LinkRouteSet(
            "hosts",
            [("//other.com/x", true), ("app://test.com/y", true), ("//test.com/z", true), ("//:t/w", true)])
        let (association, _) = try Self.file(set)
        // A literal host outranks a host parameter.
        #expect(association.components.map(\.path) == ["/z", "/z/", "/w", "/w/"])
    }

    @Test func aHostRouteOnOneOfSeveralDomainsIsClaimedOnAllAndNoted() throws {
        let set = LinkRouteSet("two domains", [("//a.com/x", true)])
        let (association, matcher) = try Self.file(set, domains: ["a.com", "b.com"])
        #expect(matcher.claims(path: "/x"))
        #expect(association.approximations.count == 1 && association.approximations[0].kind == .claimsMore)
    }

    @Test func theDocumentIsDeterministicSortedAndReadsBack() throws {
        for set in LinkRouteSet.all {
            let first = try AppSiteAssociation(for: set.manifest, appIDs: [Self.appID], domains: ["test.com"])
            let second = try AppSiteAssociation(
                for: set.manifest, appIDs: [Self.appID], domains: ["test.com"])
            #expect(first.jsonString() == second.jsonString())
            let decoded = try JSONDecoder().decode(AppSiteAssociation.self, from: first.json())
            #expect(decoded == AppSiteAssociation(appIDs: first.appIDs, components: first.components))
            let encoded = try JSONEncoder().encode(first)
            #expect(try JSONDecoder().decode(AppSiteAssociation.self, from: encoded) == decoded)
        }
        let text = try AppSiteAssociation(
            for: LinkRouteSet.sample.manifest, appIDs: [Self.appID], domains: ["test.com"]
        )
        .jsonString()
        #expect(text.hasPrefix("{\n  \"applinks\": {\n    \"details\": [\n      {\n        \"appIDs\": [\n"))
        #expect(
            text.contains(
                "\"/\": \"/product/?*/?*\",\n            \"comment\": \"more segments than /product/:id<int>\",\n            \"exclude\": true\n"
            ))
        #expect(text.hasSuffix("}\n"))
    }

    // Regression: no format claimed the slashed form of a route; `/account/logout/` and `/admin/`
    // (internal) fell through to an exposed `?*`, while `/user/me/edit/` (exposed) met the
    // internal `/user/?*/?*` exclusion first.
    @Test func aTrailingSlashIsDecidedAsThePathWithoutIt() throws {
        let (_, matcher) = try Self.file(.trailingSlashes)
        for path in [
            "/settings/privacy/", "/user/me/edit/", "/account/help/", "/about/", "/files/", "/files/a/",
        ] {
            #expect(matcher.claims(path: path), "\(path)")
        }
        for path in [
            "/account/logout/", "/admin/", "/user/1/view/", "/settings/privacy//x", "/account/logout/x",
        ] {
            #expect(!matcher.claims(path: path), "\(path)")
        }
    }

    // Regression: the value `c*d` was written as is, and AASA's `*` took `/x/cZZd`, `/x/cd` and even
    // `/x/c/d`. The format has no escape: `?` stands for the `*`, the slash it could match is
    // excluded, and the one character it admits is noted.
    @Test func aStarInAValueIsOneCharacterAndNoted() throws {
        let set = LinkRouteSet("glob", [("/x/:v<a.b|c*d|e?f>", true)])
        let (association, matcher) = try Self.file(set)
        for path in ["/x/a.b", "/x/c*d", "/x/e%3Ff", "/x/e%3ff", "/x/c*d/"] {
            #expect(matcher.claims(path: path), "\(path)")
        }
        for path in ["/x/cZZd", "/x/cd", "/x/c/d", "/x/aXb", "/x/e"] {
            #expect(!matcher.claims(path: path), "\(path)")
        }
        #expect(matcher.claims(path: "/x/cZd"))  // claimed, and said:
        #expect(
            association.approximations.map(\.kind) == [.claimsMore]
                && association.approximations[0].description.contains("c?d"))
    }

    // Regression: `/x/e%3ff` decodes like `/x/e%3Ff` for the router, but only the uppercase form was
    // claimed (values were not even noted). Both cases are listed now, for values and literals, and
    // for the exclusions of internal routes.
    @Test func lowercaseEscapesAreClaimedAsTheRouterReadsThem() throws {
        let set = LinkRouteSet(
            "escapes", [("/x/:v<e?f|caf\u{e9}>", true), ("/y/:v<e?f|g>", false), ("/y/:w", true)])
        let (association, matcher) = try Self.file(set)
        for path in ["/x/e%3Ff", "/x/e%3ff", "/x/caf%C3%A9", "/x/caf%c3%a9", "/x/caf%c3%A9", "/y/other"] {
            #expect(matcher.claims(path: path), "\(path)")
        }
        for path in ["/y/e%3Ff", "/y/e%3ff", "/y/e%3ff/", "/y/g", "/x/e%3Fg"] {
            #expect(!matcher.claims(path: path), "\(path)")
        }
        #expect(association.approximations.isEmpty)
    }

    @Test func escapesWithManyLettersAreListedInTwoCasesAndNoted() throws {
        let set = LinkRouteSet("many letters", [("/\u{4E2D}\u{6587}", true)])
        let (association, matcher) = try Self.file(set)
        #expect(matcher.claims(path: "/%E4%B8%AD%E6%96%87"))
        #expect(matcher.claims(path: "/%e4%b8%ad%e6%96%87"))
        #expect(!matcher.claims(path: "/%e4%B8%AD%E6%96%87"))  // a mix of cases, and said:
        #expect(association.approximations.map(\.kind) == [.claimsLess])
    }

    /// The router reads `a%2Fb` as one segment; so does `?*`, which never meets a literal slash
    /// there.
    @Test func anEncodedSlashStaysInsideItsSegment() throws {
        let (_, matcher) = try Self.file(.encodedSlashes)
        #expect(matcher.claims(path: "/a/a%2Fb/d"))
        #expect(!matcher.claims(path: "/a/b/a%2Fb"))  // the internal /a/b/:y takes it
        #expect(matcher.claims(path: "/c/a%2Fb"))
    }

    // Regression: a manifest without an exposed route gave `"components": []` and no warning.
    @Test func aFileOfNoExposedRouteClaimsNothingAndSaysSo() throws {
        let (association, _) = try Self.file(.nothingExposed)
        #expect(association.components.isEmpty)
        #expect(association.claimsNothing)
        #expect(try !Self.file(.sample).0.claimsNothing)
        let elsewhere = LinkRouteSet("another host", [("//other.com/x", true)])
        #expect(try Self.file(elsewhere).0.claimsNothing)
    }

    @Test func aSubdomainWildcardServesTheRoutesOfItsSubdomains() throws {
        let set = LinkRouteSet(
            "subdomains", [("//shop.test.com/cart", true), ("//test.com/home", true), ("/all", true)])
        let (association, matcher) = try Self.file(set, domains: ["*.test.com"])
        #expect(matcher.claims(path: "/cart") && matcher.claims(path: "/all"))
        #expect(!matcher.claims(path: "/home"))  // *.test.com does not cover test.com
        // Claimed on every subdomain, while the route is on shop.test.com only:
        #expect(
            association.approximations.contains {
                $0.pattern == "//shop.test.com/cart" && $0.kind == .claimsMore
            })
    }

    @Test func theGlobIntersectionAgreesWithTheMatcher() {
        let patterns = ["/a/?*", "/a/?*/?*", "/a/*", "*", "/?*/b", "/a/b", "/????", "/a*b", "/", "?", "*/*"]
        let texts = ["/a/b", "/a/b/c", "/a/", "/a", "/x/b", "/ab", "/a/xb", "/", "", "/abcd", "a/b"]
        for pattern in patterns {
            for text in texts {
                #expect(
                    AppSiteAssociation.Glob(pattern).matches(text)
                        == AppSiteAssociationMatcher.glob(pattern, matches: text, caseSensitive: true),
                    "\(pattern) ~ \(text)")
            }
        }
        #expect(AppSiteAssociation.Glob("/a/?*/?*").intersects(AppSiteAssociation.Glob("/a/*")))
        #expect(!AppSiteAssociation.Glob("/a/?*").intersects(AppSiteAssociation.Glob("/b/*")))
        #expect(AppSiteAssociation.Glob("/?*/?*/?*").intersects(AppSiteAssociation.Glob("/?*/?*")))
    }

    @Test func theMatcherFollowsTheDocumentation() throws {
        // First match wins; an exclusion stops the search; `*` spans slashes; `?` is one character;
        // caseSensitive false compares without case.
        let json = """
            {"applinks": {"details": [{"appIDs": ["T.a"], "components": [
              {"/": "/buy/old/*", "exclude": true},
              {"/": "/buy/*"},
              {"/": "/HELP/????", "caseSensitive": false}
            ]}]}}
            """
        let matcher = try AppSiteAssociationMatcher(json: json)
        // Case-sensitive by default, escapes included: `%3f` is not `%3F`.
        let escape = try AppSiteAssociationMatcher(
            json: #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": [{"/": "/x/e%3Ff"}]}]}}"#)
        #expect(escape.claims(path: "/x/e%3Ff") && !escape.claims(path: "/x/e%3ff"))
        // `*` is any run, `?` one character, slashes included.
        #expect(AppSiteAssociationMatcher.glob("/x/c*d", matches: "/x/cZZd", caseSensitive: true))
        #expect(AppSiteAssociationMatcher.glob("/x/c*d", matches: "/x/cd", caseSensitive: true))
        #expect(AppSiteAssociationMatcher.glob("/x/c?d", matches: "/x/c/d", caseSensitive: true))
        #expect(!AppSiteAssociationMatcher.glob("/x/c?d", matches: "/x/cd", caseSensitive: true))
        // `percentEncoded: false` is not modelled (the generator never writes it): refused.
        #expect(throws: (any Error).self) {
            try AppSiteAssociationMatcher(
                json:
                    #"{"applinks": {"details": [{"appIDs": ["T.a"], "components": [{"/": "/a", "percentEncoded": false}]}]}}"#
            )
        }
        #expect(matcher.claims(path: "/buy/x/y"))
        #expect(!matcher.claims(path: "/buy/old/x"))
        #expect(matcher.claims(path: "/help/abcd"))
        #expect(!matcher.claims(path: "/help/abc"))
        #expect(!matcher.claims(path: "/other"))
    }
}
