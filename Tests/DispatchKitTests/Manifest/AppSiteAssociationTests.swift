import Foundation
import Testing

@testable import DispatchKit

/// The generated apple-app-site-association file, read by a matcher written from Apple's
/// documentation (AppSiteAssociationMatcher.swift), against the router's own answer for each URL.
@Suite struct AppSiteAssociationTests {
    static let appID = "ABCDE12345.com.example.cono"

    static func file(_ set: LinkRouteSet, domains: [String] = ["test.com"]) throws -> (
        AppSiteAssociation, AppSiteAssociationMatcher
    ) {
        let association = AppSiteAssociation(manifest: set.manifest, appIDs: [appID], domains: domains)
        return (association, try AppSiteAssociationMatcher(json: association.jsonString()))
    }

    /// The path of `url` as iOS compares it: percent-encoded, as Foundation's `URL` has it.
    static func encodedPath(_ url: DispatchURL) -> String {
        URLComponents(url: url.url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
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

    /// Whether a note accounts for the file answering `claimed` where the router answers the opposite.
    static func isExplained(
        _ url: DispatchURL, claimed: Bool, by notes: [LinkApproximation], in set: LinkRouteSet
    ) -> Bool {
        let winner = set.winner(url)
        if !claimed {
            return notes.contains { $0.kind == .claimsLess && $0.pattern == winner?.pattern }
        }
        return notes.contains { note in
            guard note.kind == .claimsMore, let pattern = note.pattern else { return false }
            if pattern == winner?.pattern { return true }
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

    @Test(arguments: LinkRouteSet.all)
    func theFileClaimsWhatTheRouterAdmitsURLByURL(_ set: LinkRouteSet) throws {
        let (association, matcher) = try Self.file(set)
        #expect(matcher.appIDs == [Self.appID])
        var checked = 0
        for url in set.probes() {
            guard let admitted = set.admits(url) else { continue }  // registration order decides
            let claimed = matcher.claims(path: Self.encodedPath(url))
            checked += 1
            guard claimed != admitted else { continue }
            #expect(
                Self.isExplained(url, claimed: claimed, by: association.approximations, in: set),
                """
                \(set): \(url) is \(claimed ? "claimed" : "not claimed") but the router \
                \(admitted ? "admits" : "refuses") it, and no note says so. Components:
                \(association.components.map { "\($0.isExcluded ? "-" : "+") \($0.path)" }.joined(separator: "\n"))
                Notes: \(association.approximations.map(\.description).joined(separator: "\n"))
                """)
        }
        #expect(checked > 20)
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
                "+ /account/login", "+ /settings/privacy", "- /orders/?*/?*", "+ /orders/?*", "- /p/?*/?*",
                "+ /p/?*", "- /product/?*/?*", "+ /product/?*", "+ /orders",
            ])
        for path in [
            "/product/42", "/product/abc", "/p/7", "/orders", "/orders/7", "/account/login",
            "/settings/privacy",
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
        #expect(association.components.map(\.path) == ["/caf%C3%A9/50%25"])
        #expect(matcher.claims(path: "/caf%C3%A9/50%25"))
        #expect(association.approximations.allSatisfy { $0.kind == .claimsLess })
    }

    @Test func aRouteOfAnotherHostOrSchemeIsLeftOut() throws {
        let set = LinkRouteSet(
            "hosts",
            [("//other.com/x", true), ("app://test.com/y", true), ("//test.com/z", true), ("//:t/w", true)])
        let (association, _) = try Self.file(set)
        // A literal host outranks a host parameter.
        #expect(association.components.map(\.path) == ["/z", "/w"])
    }

    @Test func aHostRouteOnOneOfSeveralDomainsIsClaimedOnAllAndNoted() throws {
        let set = LinkRouteSet("two domains", [("//a.com/x", true)])
        let (association, matcher) = try Self.file(set, domains: ["a.com", "b.com"])
        #expect(matcher.claims(path: "/x"))
        #expect(association.approximations.count == 1 && association.approximations[0].kind == .claimsMore)
    }

    @Test func theDocumentIsDeterministicSortedAndReadsBack() throws {
        for set in LinkRouteSet.all {
            let first = AppSiteAssociation(
                manifest: set.manifest, appIDs: [Self.appID], domains: ["test.com"])
            let second = AppSiteAssociation(
                manifest: set.manifest, appIDs: [Self.appID], domains: ["test.com"])
            #expect(first.jsonString() == second.jsonString())
            let decoded = try JSONDecoder().decode(AppSiteAssociation.self, from: first.json())
            #expect(decoded == AppSiteAssociation(appIDs: first.appIDs, components: first.components))
            let encoded = try JSONEncoder().encode(first)
            #expect(try JSONDecoder().decode(AppSiteAssociation.self, from: encoded) == decoded)
        }
        let text = AppSiteAssociation(
            manifest: LinkRouteSet.sample.manifest, appIDs: [Self.appID], domains: ["test.com"]
        )
        .jsonString()
        #expect(text.hasPrefix("{\n  \"applinks\": {\n    \"details\": [\n      {\n        \"appIDs\": [\n"))
        #expect(
            text.contains(
                "\"/\": \"/product/?*/?*\",\n            \"comment\": \"more segments than /product/:id<int>\",\n            \"exclude\": true\n"
            ))
        #expect(text.hasSuffix("}\n"))
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
        #expect(matcher.claims(path: "/buy/x/y"))
        #expect(!matcher.claims(path: "/buy/old/x"))
        #expect(matcher.claims(path: "/help/abcd"))
        #expect(!matcher.claims(path: "/help/abc"))
        #expect(!matcher.claims(path: "/other"))
    }
}
