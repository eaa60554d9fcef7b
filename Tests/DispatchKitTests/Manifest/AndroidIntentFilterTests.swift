import Foundation
import Testing

@testable import DispatchKit
@testable import DispatchKitManifest

/// The generated intent filters, read by a matcher written from Android's documentation and its
/// matcher's source (AndroidIntentFilterMatcher.swift), against the router's own answer for each URL.
@Suite struct AndroidIntentFilterTests {
    static let syntaxes = AndroidIntentFilter.Syntax.allCases

    /// Whether a note accounts for the filter answering `claimed` where the live center answers
    /// the opposite: a note on `winner`, the pattern of the route that wins the URL, or a
    /// `claimsMore` note whose route, with its types erased (and, for a note about deeper paths, a
    /// `*` added; for one about `.`, the dotted literal a parameter), matches. A link with an
    /// encoded slash is claimed as the path it decodes to: a `%2F` note on the route that wins that
    /// path (the filter's one note on links no route takes, when none takes it), or the notes that
    /// explain that path, account for it.
    @MainActor
    static func isExplained(
        _ probe: LinkProbe, claimed: Bool, by notes: [LinkApproximation], in live: LiveLinkCenter
    ) -> Bool {
        let winner = live.winner(probe)
        if !claimed { return notes.contains { $0.kind == .claimsLess && $0.pattern == winner } }
        if probe.hasEncodedSlash {
            let decoded = probe.decoded
            if live.admits(decoded) {
                let decodedWinner = live.winner(decoded)
                if winner == nil, let decodedWinner {
                    return notes.contains {
                        $0.kind == .claimsMore && $0.pattern == nil && $0.description.contains("%2F")
                            && ($0.description.contains(" \(decodedWinner) (")
                                || $0.description.contains(" more routes:"))
                    }
                }
                return notes.contains {
                    $0.kind == .claimsMore && $0.pattern == decodedWinner && $0.description.contains("%2F")
                }
            }
            return isExplained(decoded, claimed: true, by: notes, in: live)
        }
        guard let url = probe.url else { return false }
        // The notes on one route together say what its entries claim.
        let claimsMore = notes.filter { $0.kind == .claimsMore }
        return Set(claimsMore.compactMap(\.pattern)).contains { pattern in
            if pattern == winner { return true }
            let said = claimsMore.filter { $0.pattern == pattern }.map(\.description)
            var loose = AppSiteAssociationTests.loosened(pattern).description
            if said.contains(where: { $0.contains("\".\"") }) {
                loose = loose.split(separator: "/", omittingEmptySubsequences: false).enumerated().map {
                    $1.contains(".") ? ":dot\($0)" : String($1)
                }.joined(separator: "/")
            }
            if RoutePattern(stringLiteral: loose).match(url) != nil { return true }
            return said.contains(where: { $0.contains("deeper") })
                && RoutePattern(stringLiteral: loose + "/*").match(url) != nil
        }
    }

    /// The rule the filter keeps: for every URL, as links in the wild write it (trailing slash,
    /// lowercase escapes, encoded slashes included), "the filter claims it" (Android matching the
    /// decoded path) equals "the live center, receiving it as a universal link, hands it to an
    /// exposed activity", or a note says why not.
    @MainActor
    @Test(arguments: LinkRouteSet.all, syntaxes)
    func theFilterClaimsWhatTheLiveCenterAdmitsURLByURL(
        _ set: LinkRouteSet, _ syntax: AndroidIntentFilter.Syntax
    )
        throws
    {
        let live = try LiveLinkCenter(set)
        let filter = try AndroidIntentFilter(for: live.manifest, hosts: ["test.com"], syntax: syntax)
        let matcher = AndroidIntentFilterMatcher(xml: filter.xmlString())
        var checked = 0
        for probe in set.rawProbes() {
            let admitted = live.admits(probe)
            let claimed = matcher.claims(host: "test.com", decodedPath: probe.decodedPath)
            checked += 1
            guard claimed != admitted else { continue }
            #expect(
                Self.isExplained(probe, claimed: claimed, by: filter.approximations, in: live),
                """
                \(set), \(syntax): \(probe) is \(claimed ? "claimed" : "not claimed") but the live center \
                \(admitted ? "admits" : "refuses") it, and no note says so.
                \(filter.xmlString())
                Notes: \(filter.approximations.map(\.description).joined(separator: "\n"))
                """)
        }
        #expect(checked > 100)
    }

    /// The sample app's filter: one filter for test.com, exact paths for literal routes, and a note
    /// for each `<int>` and each parameter at the end of a `pathPattern`.
    @Test func theSampleAppsFilter() throws {
        let filter = try AndroidIntentFilter(for: LinkRouteSet.sample.manifest, hosts: ["test.com"])
        #expect(
            filter.xmlString() == """
                <intent-filter xmlns:android="http://schemas.android.com/apk/res/android" android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" />
                    <data android:host="test.com" />
                    <data android:path="/account/login" />
                    <data android:path="/account/login/" />
                    <data android:pathPattern="/orders/..*" />
                    <data android:path="/orders" />
                    <data android:path="/orders/" />
                    <data android:pathPattern="/p/..*" />
                    <data android:pathPattern="/product/..*" />
                    <data android:path="/settings/privacy" />
                    <data android:path="/settings/privacy/" />
                </intent-filter>

                """)
        let matcher = AndroidIntentFilterMatcher(xml: filter.xmlString())
        #expect(matcher.claims(host: "test.com", decodedPath: "/product/42"))
        #expect(!matcher.claims(host: "test.com", decodedPath: "/product/"))
        #expect(!matcher.claims(host: "test.com", decodedPath: "/account/logout"))
        #expect(!matcher.claims(host: "other.com", decodedPath: "/product/42"))
        #expect(matcher.claims(host: "test.com", decodedPath: "/product/42/extra"))  // claimed, and noted:
        #expect(
            filter.approximations.contains {
                $0.pattern == "/product/:id<int>" && $0.description.contains("deeper")
            })
    }

    @Test func theAdvancedSyntaxStopsAParameterAtASlash() throws {
        let filter = try AndroidIntentFilter(
            for: LinkRouteSet.sample.manifest, hosts: ["test.com"], syntax: .pathAdvancedPattern)
        #expect(filter.xmlString().contains("android:pathAdvancedPattern=\"/product/-{0,1}[0-9]+\""))
        let matcher = AndroidIntentFilterMatcher(xml: filter.xmlString())
        #expect(matcher.claims(host: "test.com", decodedPath: "/product/42"))
        #expect(matcher.claims(host: "test.com", decodedPath: "/product/-42"))
        #expect(!matcher.claims(host: "test.com", decodedPath: "/product/abc"))
        #expect(!matcher.claims(host: "test.com", decodedPath: "/product/42/extra"))
        #expect(!filter.approximations.contains { $0.description.contains("deeper") })
    }

    @Test func hostsWithDifferentRoutesGetTheirOwnFilters() throws {
        let set = LinkRouteSet(
            "hosts", [("/shared", true), ("//a.com/only-a", true), ("//b.com/only-b", true)])
        let filter = try AndroidIntentFilter(for: set.manifest, hosts: ["A.com", "b.com", "c.com"])
        #expect(filter.hosts == ["a.com", "b.com", "c.com"])
        let matcher = AndroidIntentFilterMatcher(xml: filter.xmlString())
        #expect(matcher.filters.count == 3)
        #expect(matcher.claims(host: "a.com", decodedPath: "/only-a"))
        #expect(!matcher.claims(host: "b.com", decodedPath: "/only-a"))
        #expect(!matcher.claims(host: "c.com", decodedPath: "/only-b"))
        #expect(matcher.claims(host: "c.com", decodedPath: "/shared"))
        let shared = try AndroidIntentFilter(
            for: LinkRouteSet.sample.manifest, hosts: ["test.com", "www.test.com"])
        #expect(AndroidIntentFilterMatcher(xml: shared.xmlString()).filters.count == 1)
    }

    @Test func literalsAreEscapedForThePatternTheResourceCompilerAndXML() throws {
        // "<" and ">" are never literal text in a pattern; a value list holds them.
        let set = LinkRouteSet("escapes", [("/it's/\"a.b\"/:x", true), ("/x&y/:v<<z>|w>", true)])
        let filter = try AndroidIntentFilter(for: set.manifest, hosts: ["test.com"])
        let xml = filter.xmlString()
        #expect(xml.contains(#"android:pathPattern="/it\'s/\&quot;a\\.b\&quot;/..*""#))
        #expect(xml.contains(#"android:path="/x&amp;y/&lt;z&gt;""#))
        let matcher = AndroidIntentFilterMatcher(xml: xml)
        #expect(matcher.claims(host: "test.com", decodedPath: "/it's/\"a.b\"/1"))
        #expect(matcher.claims(host: "test.com", decodedPath: "/x&y/<z>"))
    }

    // Regression: `android:path="/settings/privacy"` left `/settings/privacy/`, which the router
    // reads as `/settings/privacy`, to the browser.
    @Test(arguments: syntaxes)
    func aTrailingSlashIsClaimedAsThePathWithoutIt(_ syntax: AndroidIntentFilter.Syntax) throws {
        let filter = try AndroidIntentFilter(
            for: LinkRouteSet.trailingSlashes.manifest, hosts: ["test.com"], syntax: syntax)
        let matcher = AndroidIntentFilterMatcher(xml: filter.xmlString())
        for path in [
            "/settings/privacy/", "/user/me/edit/", "/account/help/", "/files/",
            "/v/123e4567-e89b-42d3-a456-426614174000/",
        ] {
            #expect(matcher.claims(host: "test.com", decodedPath: path), "\(path)")
        }
        #expect(filter.xmlString().contains(#"<data android:path="/settings/privacy/" />"#))
    }

    // Regression: a value's `.` in a pattern matched any character without a note (literals had
    // one); its `*` is escaped and exact.
    @Test func aValueWithGlobCharactersIsEscapedOrNoted() throws {
        let set = LinkRouteSet("glob", [("/z/:v<a.b|c*d|e?f>/:w", true)])
        let filter = try AndroidIntentFilter(for: set.manifest, hosts: ["test.com"])
        let xml = filter.xmlString()
        #expect(xml.contains(#"android:pathPattern="/z/c\\*d/..*""#))
        let matcher = AndroidIntentFilterMatcher(xml: xml)
        #expect(matcher.claims(host: "test.com", decodedPath: "/z/c*d/1"))
        #expect(!matcher.claims(host: "test.com", decodedPath: "/z/cZd/1"))
        #expect(matcher.claims(host: "test.com", decodedPath: "/z/e?f/1"))
        #expect(matcher.claims(host: "test.com", decodedPath: "/z/aXb/1"))  // claimed, and said:
        #expect(
            filter.approximations.contains {
                $0.kind == .claimsMore && $0.description.contains("listed value")
            })
        let advanced = try AndroidIntentFilter(
            for: set.manifest, hosts: ["test.com"], syntax: .pathAdvancedPattern)
        #expect(
            !AndroidIntentFilterMatcher(xml: advanced.xmlString()).claims(
                host: "test.com", decodedPath: "/z/aXb/1"))
    }

    // Regression: Android matches the decoded path, where `%2F` is a slash: `/f/a%2Fb/g` (the
    // exposed /f/:x/g to the router) was missed and `/a/b/a%2Fb` (the internal /a/b/:y) claimed,
    // without a note. No filter can tell them apart: both are noted.
    @Test func anEncodedSlashIsNotedBothWays() throws {
        let filter = try AndroidIntentFilter(
            for: LinkRouteSet.encodedSlashes.manifest, hosts: ["test.com"], syntax: .pathAdvancedPattern)
        let matcher = AndroidIntentFilterMatcher(xml: filter.xmlString())
        // /f/a%2Fb/g, the exposed /f/:x/g to the router, and /a/b/a%2Fb, the internal /a/b/:y:
        #expect(!matcher.claims(host: "test.com", decodedPath: "/f/a/b/g"))
        #expect(matcher.claims(host: "test.com", decodedPath: "/a/b/a/b"))
        #expect(
            filter.approximations.contains {
                $0.pattern == "/f/:x/g" && $0.kind == .claimsLess && $0.description.contains("%2F")
            })
        #expect(
            filter.approximations.contains {
                $0.pattern == "/a/:p/:q/:r" && $0.kind == .claimsMore && $0.description.contains("%2F")
            })
    }

    // Regression: with an exposed /a/b and an internal /:slug, `https://test.com/a%2Fb` is /a/b to
    // Android, which opens the app, while the center reads one segment and gives the link to the
    // internal /:slug, which refuses it from outside; the note did not say where the link goes.
    @MainActor
    @Test(arguments: syntaxes)
    func aLinkThatAnEncodedSlashSendsToAnInternalRouteIsNotedNamingIt(_ syntax: AndroidIntentFilter.Syntax)
        throws
    {
        let set = LinkRouteSet("slug", [("/a/b", true), ("/:slug", false)])
        let live = try LiveLinkCenter(set)
        let filter = try AndroidIntentFilter(for: set.manifest, hosts: ["test.com"], syntax: syntax)
        let matcher = AndroidIntentFilterMatcher(xml: filter.xmlString())
        let probe = LinkProbe(text: "https://test.com/a%2Fb")
        #expect(matcher.claims(host: "test.com", decodedPath: probe.decodedPath))
        #expect(!live.admits(probe))
        #expect(live.winner(probe) == "/:slug")
        let notes = filter.approximations.filter { $0.description.contains("%2F") && $0.kind == .claimsMore }
        #expect(
            notes.map(\.description) == [
                "/a/b (Fixture.Route0): Android matches the decoded path, so /a%2Fb is claimed as /a/b, though "
                    + "the app reads one segment where the encoded slash (%2F) is: such links go to /:slug "
                    + "(Fixture.Route1), which is not exposed, and the app refuses them"
            ])
    }

    /// The example and the routes a `%2F` note names: `so /a%2Fb is claimed as /a/b`, and the
    /// patterns after `such links go to` (none for `no route takes such a link`).
    static func encodedSlashExample(_ note: LinkApproximation) -> (
        link: String, path: String, routes: String?
    )? {
        let text = note.description
        guard let so = text.range(of: "Android matches the decoded path, so "),
            let claimed = text.range(of: " is claimed as ", range: so.upperBound..<text.endIndex),
            let though = text.range(of: ", though", range: claimed.upperBound..<text.endIndex)
        else { return nil }
        let routes = text.range(of: "such links go to ").map { String(text[$0.upperBound...]) }
        return (
            String(text[so.upperBound..<claimed.lowerBound]),
            String(text[claimed.upperBound..<though.lowerBound]),
            routes
        )
    }

    // Regression: the `%2F` note was attached to every exposed route of two segments or more: to
    // routes whose joined link another exposed route takes (an exposed /:section takes
    // /settings%2Fprivacy), so that nothing changes what opens. Each note's example must be a link
    // that the filter claims and the app refuses, going where the note says.
    @MainActor
    @Test(
        arguments: LinkRouteSet.all + [
            LinkRouteSet(
                "slug", [("/a/b", true), ("/:slug", false), ("/c/:x<int>", true), ("/c/:y/d", false)]),
            LinkRouteSet("catch-all", [("/a/:x<int>", true), ("/b/:u<uuid>/*", true), ("/*", true)]),
            manyRoutes,
        ], syntaxes)
    func everyEncodedSlashNoteShowsALinkThatIsClaimedAndRefused(
        _ set: LinkRouteSet, _ syntax: AndroidIntentFilter.Syntax
    ) throws {
        let live = try LiveLinkCenter(set)
        let filter = try AndroidIntentFilter(for: live.manifest, hosts: ["test.com"], syntax: syntax)
        let matcher = AndroidIntentFilterMatcher(xml: filter.xmlString())
        let notes = filter.approximations.filter { $0.kind == .claimsMore && $0.description.contains("%2F") }
        // Links that no route takes are one note for the filter, which names no single route.
        #expect(notes.filter { $0.pattern == nil }.count <= 1)
        for note in notes {
            let example = try #require(Self.encodedSlashExample(note), "\(note)")
            let probe = LinkProbe(text: "https://test.com" + example.link)
            #expect(probe.decodedPath == example.path, "\(note)")
            #expect(matcher.claims(host: "test.com", decodedPath: example.path), "\(set): \(note)")
            #expect(!live.admits(probe), "\(set): \(note)")
            let winner = live.winner(probe)
            if let routes = example.routes {
                #expect(
                    winner.map { routes.contains("\($0) (") } == true,
                    "\(set): \(note) (goes to \(winner ?? "none"))")
            } else {
                #expect(winner == nil, "\(set): \(note) (goes to \(winner ?? "none"))")
            }
        }
        if set.name == "catch-all" {
            // Whatever a slash joins, the exposed /* takes it: no note.
            #expect(
                !filter.approximations.contains { $0.description.contains("%2F") && $0.kind == .claimsMore })
        }
    }

    // Regression: every exposed route of two segments or more had its own note on links with an
    // encoded slash that no route takes (`/o/:id<int>` for `/o%2F42`): hundreds of notes saying the
    // same thing in a large app. One note for the filter names the routes.
    /// Eight routes not exposed that links of the exposed `/a/*` reach (`/a%2Fmore/k0`), and seven
    /// exposed routes whose links no route takes (`/o0%2F42`): 16 routes, as many as a live center
    /// of the tests has.
    static let manyRoutes = LinkRouteSet(
        "many routes",
        [("/a/*", true)] + (0..<8).map { ("/:s/k\($0)", false) } + (0..<7).map { ("/o\($0)/:id<int>", true) })

    @Test(arguments: syntaxes)
    func linksThatNoRouteTakesAreOneNoteForTheFilter(_ syntax: AndroidIntentFilter.Syntax) throws {
        let set = LinkRouteSet("unmatched", [("/o/:id<int>", true), ("/p/a", true), ("/q/:x/y", true)])
        let filter = try AndroidIntentFilter(for: set.manifest, hosts: ["test.com"], syntax: syntax)
        let notes = filter.approximations.filter { $0.description.contains("%2F") && $0.kind == .claimsMore }
        #expect(
            notes == [
                LinkApproximation(
                    kind: .claimsMore, pattern: nil, activity: "",
                    description: "links with an encoded slash (%2F) that no route takes, of /o/:id<int> "
                        + "(Fixture.Route0), /p/a (Fixture.Route1) and /q/:x/y (Fixture.Route2): Android "
                        + "matches the decoded path, so /p%2Fa is claimed as /p/a, though the app reads one "
                        + "segment where the encoded slash (%2F) is: no route takes such a link, and the app "
                        + "refuses it")
            ])
    }

    // Regression: a note named every route its links reach, 67 of them in one note of a large app.
    // A note lists five and counts the others; its example goes to one of those it lists.
    @MainActor
    @Test func aNoteListsFiveRoutesAndCountsTheOthers() throws {
        let filter = try AndroidIntentFilter(for: Self.manyRoutes.manifest, hosts: ["test.com"])
        let reached = try #require(
            filter.approximations.first { $0.pattern == "/a/*" && $0.kind == .claimsMore })
        #expect(
            reached.description.hasSuffix(
                ": such links go to /:s/k0 (Fixture.Route1), /:s/k1 (Fixture.Route2), /:s/k2 (Fixture.Route3), "
                    + "/:s/k3 (Fixture.Route4), /:s/k4 (Fixture.Route5) or 3 more routes, which are not "
                    + "exposed, and the app refuses them"))
        let example = try #require(Self.encodedSlashExample(reached))
        #expect(example.link == "/a%2Fmore/k0")
        let unmatched = try #require(filter.approximations.first { $0.pattern == nil })
        #expect(
            unmatched.description.hasPrefix(
                "links with an encoded slash (%2F) that no route takes, of /a/* (Fixture.Route0), /o0/:id<int> "
                    + "(Fixture.Route9), /o1/:id<int> (Fixture.Route10), /o2/:id<int> (Fixture.Route11), "
                    + "/o3/:id<int> (Fixture.Route12) and 3 more routes: "))
    }

    // Regression: a manifest without an exposed route gave an empty filter and no warning.
    @Test func aFilterOfNoExposedRouteClaimsNothingAndSaysSo() throws {
        let filter = try AndroidIntentFilter(for: LinkRouteSet.nothingExposed.manifest, hosts: ["test.com"])
        #expect(filter.claimsNothing && filter.xmlString().isEmpty)
        #expect(
            try !AndroidIntentFilter(for: LinkRouteSet.sample.manifest, hosts: ["test.com"]).claimsNothing)
    }

    @Test func aSubdomainWildcardIsAHostOfItsOwn() throws {
        let set = LinkRouteSet("subdomains", [("//shop.test.com/cart", true), ("/all", true)])
        let filter = try AndroidIntentFilter(for: set.manifest, hosts: ["*.test.com", "test.com"])
        let matcher = AndroidIntentFilterMatcher(xml: filter.xmlString())
        #expect(filter.hosts == ["*.test.com", "test.com"])
        #expect(matcher.claims(host: "*.test.com", decodedPath: "/cart"))
        #expect(!matcher.claims(host: "test.com", decodedPath: "/cart"))
        #expect(
            filter.approximations.contains { $0.pattern == "//shop.test.com/cart" && $0.kind == .claimsMore })
    }

    @Test func theMatcherFollowsAndroidsPatternMatcher() {
        // An escaped "." still matches any character outside ".*" (PatternMatcher ignores the
        // escape there); an escaped "*" is a star; the advanced glob honours both escapes.
        #expect(AndroidIntentFilterMatcher.matches("pathPattern", #"/a\.b"#, "/aXb"))
        #expect(AndroidIntentFilterMatcher.matches("pathPattern", #"/c\*d"#, "/c*d"))
        #expect(!AndroidIntentFilterMatcher.matches("pathPattern", #"/c\*d"#, "/cd"))
        #expect(!AndroidIntentFilterMatcher.matches("pathAdvancedPattern", #"/a\.b"#, "/aXb"))
        #expect(AndroidIntentFilterMatcher.matches("pathAdvancedPattern", #"/a\.b"#, "/a.b"))
        // A literal path is exact: the trailing slash is a character.
        #expect(!AndroidIntentFilterMatcher.matches("path", "/settings/privacy", "/settings/privacy/"))
        // `.*` followed by a character stops at its first occurrence (no backtracking).
        #expect(AndroidIntentFilterMatcher.matches("pathPattern", "/a/..*/b", "/a/xy/b"))
        #expect(!AndroidIntentFilterMatcher.matches("pathPattern", "/a/..*/b", "/a/x/y/b"))
        #expect(AndroidIntentFilterMatcher.matches("pathPattern", "/a/..*", "/a/x/y"))
        #expect(!AndroidIntentFilterMatcher.matches("pathPattern", "/a/..*", "/a/"))
        #expect(AndroidIntentFilterMatcher.matches("pathPattern", "/a*b", "/aaab"))
        #expect(AndroidIntentFilterMatcher.matches("pathAdvancedPattern", "/a/[^/]+/b", "/a/xy/b"))
        #expect(!AndroidIntentFilterMatcher.matches("pathAdvancedPattern", "/a/[^/]+", "/a/x/y"))
        #expect(AndroidIntentFilterMatcher.matches("pathAdvancedPattern", "/[0-9a-f]{2}", "/0f"))
        #expect(!AndroidIntentFilterMatcher.matches("pathAdvancedPattern", "/[0-9a-f]{2}", "/0g"))
        #expect(AndroidIntentFilterMatcher.matches("pathPrefix", "/files/", "/files/a/b"))
        #expect(!AndroidIntentFilterMatcher.matches("path", "/files", "/files/"))
    }
}
