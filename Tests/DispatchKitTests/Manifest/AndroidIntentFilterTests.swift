import Foundation
import Testing

@testable import DispatchKit

/// The generated intent filters, read by a matcher written from Android's documentation and its
/// matcher's source (AndroidIntentFilterMatcher.swift), against the router's own answer for each URL.
@Suite struct AndroidIntentFilterTests {
    static let syntaxes = AndroidIntentFilter.Syntax.allCases

    /// `Uri.getPath()` of an `https` URL: the decoded path.
    static func decodedPath(_ url: DispatchURL) -> String {
        "/" + url.paths.joined(separator: "/")
    }

    /// Whether a note accounts for the filter answering `claimed` where the router answers the
    /// opposite: a note on the route that wins, or a `claimsMore` note whose route, with its types
    /// erased (and, for a note about deeper paths, a `*` added; for one about `.`, the dotted
    /// literal a parameter), matches.
    static func isExplained(
        _ url: DispatchURL, claimed: Bool, by notes: [LinkApproximation], in set: LinkRouteSet
    ) -> Bool {
        let winner = set.winner(url)
        if !claimed { return notes.contains { $0.kind == .claimsLess && $0.pattern == winner?.pattern } }
        return notes.contains { note in
            guard note.kind == .claimsMore, let pattern = note.pattern else { return false }
            if pattern == winner?.pattern { return true }
            var loose = AppSiteAssociationTests.loosened(pattern).description
            if note.description.contains("\".\"") {
                loose = loose.split(separator: "/", omittingEmptySubsequences: false).enumerated().map {
                    $1.contains(".") ? ":dot\($0)" : String($1)
                }.joined(separator: "/")
            }
            if RoutePattern(stringLiteral: loose).match(url) != nil { return true }
            return note.description.contains("deeper")
                && RoutePattern(stringLiteral: loose + "/*").match(url) != nil
        }
    }

    @Test(arguments: LinkRouteSet.all, syntaxes)
    func theFilterClaimsWhatTheRouterAdmitsURLByURL(_ set: LinkRouteSet, _ syntax: AndroidIntentFilter.Syntax)
    {
        let filter = AndroidIntentFilter(manifest: set.manifest, hosts: ["test.com"], syntax: syntax)
        let matcher = AndroidIntentFilterMatcher(xml: filter.xmlString())
        var checked = 0
        for url in set.probes() {
            guard let admitted = set.admits(url) else { continue }
            let claimed = matcher.claims(host: "test.com", decodedPath: Self.decodedPath(url))
            checked += 1
            guard claimed != admitted else { continue }
            #expect(
                Self.isExplained(url, claimed: claimed, by: filter.approximations, in: set),
                """
                \(set), \(syntax): \(url) is \(claimed ? "claimed" : "not claimed") but the router \
                \(admitted ? "admits" : "refuses") it, and no note says so.
                \(filter.xmlString())
                Notes: \(filter.approximations.map(\.description).joined(separator: "\n"))
                """)
        }
        #expect(checked > 20)
    }

    /// The sample app's filter: one filter for test.com, exact paths for literal routes, and a note
    /// for each `<int>` and each parameter at the end of a `pathPattern`.
    @Test func theSampleAppsFilter() {
        let filter = AndroidIntentFilter(manifest: LinkRouteSet.sample.manifest, hosts: ["test.com"])
        #expect(
            filter.xmlString() == """
                <intent-filter xmlns:android="http://schemas.android.com/apk/res/android" android:autoVerify="true">
                    <action android:name="android.intent.action.VIEW" />
                    <category android:name="android.intent.category.DEFAULT" />
                    <category android:name="android.intent.category.BROWSABLE" />
                    <data android:scheme="https" />
                    <data android:host="test.com" />
                    <data android:path="/account/login" />
                    <data android:pathPattern="/orders/..*" />
                    <data android:path="/orders" />
                    <data android:pathPattern="/p/..*" />
                    <data android:pathPattern="/product/..*" />
                    <data android:path="/settings/privacy" />
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

    @Test func theAdvancedSyntaxStopsAParameterAtASlash() {
        let filter = AndroidIntentFilter(
            manifest: LinkRouteSet.sample.manifest, hosts: ["test.com"], syntax: .pathAdvancedPattern)
        #expect(filter.xmlString().contains("android:pathAdvancedPattern=\"/product/-{0,1}[0-9]+\""))
        let matcher = AndroidIntentFilterMatcher(xml: filter.xmlString())
        #expect(matcher.claims(host: "test.com", decodedPath: "/product/42"))
        #expect(matcher.claims(host: "test.com", decodedPath: "/product/-42"))
        #expect(!matcher.claims(host: "test.com", decodedPath: "/product/abc"))
        #expect(!matcher.claims(host: "test.com", decodedPath: "/product/42/extra"))
        #expect(!filter.approximations.contains { $0.description.contains("deeper") })
    }

    @Test func hostsWithDifferentRoutesGetTheirOwnFilters() {
        let set = LinkRouteSet(
            "hosts", [("/shared", true), ("//a.com/only-a", true), ("//b.com/only-b", true)])
        let filter = AndroidIntentFilter(manifest: set.manifest, hosts: ["A.com", "b.com", "c.com"])
        #expect(filter.hosts == ["a.com", "b.com", "c.com"])
        let matcher = AndroidIntentFilterMatcher(xml: filter.xmlString())
        #expect(matcher.filters.count == 3)
        #expect(matcher.claims(host: "a.com", decodedPath: "/only-a"))
        #expect(!matcher.claims(host: "b.com", decodedPath: "/only-a"))
        #expect(!matcher.claims(host: "c.com", decodedPath: "/only-b"))
        #expect(matcher.claims(host: "c.com", decodedPath: "/shared"))
        let shared = AndroidIntentFilter(
            manifest: LinkRouteSet.sample.manifest, hosts: ["test.com", "www.test.com"])
        #expect(AndroidIntentFilterMatcher(xml: shared.xmlString()).filters.count == 1)
    }

    @Test func literalsAreEscapedForThePatternTheResourceCompilerAndXML() {
        let set = LinkRouteSet("escapes", [("/it's/\"a.b\"/:x", true), ("/x&y/<z>", true)])
        let filter = AndroidIntentFilter(manifest: set.manifest, hosts: ["test.com"])
        let xml = filter.xmlString()
        #expect(xml.contains(#"android:pathPattern="/it\'s/\&quot;a\\.b\&quot;/..*""#))
        #expect(xml.contains(#"android:path="/x&amp;y/&lt;z&gt;""#))
        let matcher = AndroidIntentFilterMatcher(xml: xml)
        #expect(matcher.claims(host: "test.com", decodedPath: "/it's/\"a.b\"/1"))
        #expect(matcher.claims(host: "test.com", decodedPath: "/x&y/<z>"))
    }

    @Test func theMatcherFollowsAndroidsPatternMatcher() {
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
