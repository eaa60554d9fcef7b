import DispatchKit
import DispatchKitManifest
import Testing

private final class Valid: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>", "/product/new"] }
}
private final class Broken: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/ok", "/p/:id<integer>"] }
}
private final class WithNUL: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/ok", "/a\u{0}b"] }
}
private final class Twin: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:pid<int>", "/other"] }
}
private final class PairThenOne: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/list(/:a/:b)(/:c)"] }
}
private final class OneThenPair: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/list(/:x)(/:y/:z)"] }
}
private final class Everything: DispatchActivity {
    override class var priority: Int { 10 }
    override class var patterns: [RoutePattern] { ["/product/*"] }
}
private final class Ambiguous: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/the(/:a)(/:b)"] }
}
/// Found by DispatchFuzz: with the group taken or not, `/a/`bc/`bc` matches either way.
private final class AmbiguousThroughTheWildcard: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/a(/:x)/`bc/*"] }
}
/// Two forms of the same length but different shapes: `/a` is either the literal or `:x`.
private final class AmbiguousSameLength: DispatchActivity {
    override class var patterns: [RoutePattern] { ["(/a)(/:x)"] }
}
/// Not ambiguous: an integer is never "bc", a list value never "b", and without a wildcard the
/// forms differ in length.
private final class UnambiguousGroups: DispatchActivity {
    override class var patterns: [RoutePattern] {
        ["/a(/:x<int>)/bc/*", "/c(/:y<a|c>)/b/*", "/orders(/:id<int>)", "/d(/:z)/e"]
    }
}
private final class Narrow: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/item/:id<1|2>"] }
}
private final class Wide: DispatchActivity {
    override class var priority: Int { 1 }
    override class var patterns: [RoutePattern] { ["/item/:id<int>"] }
}
/// Takes product links only while a campaign runs: its isHit declines the rest.
private final class Campaign: DispatchActivity {
    override class var priority: Int { 10 }
    override class var patterns: [RoutePattern] { ["/product/*"] }
    override class func isHit(url: DispatchURL) -> Bool { super.isHit(url: url) && url.query["sale"] != nil }
}
/// One static path: in the index, an edge straight to its route (a leaf).
private final class Help: DispatchActivity {
    override class var priority: Int { 1 }
    override class var patterns: [RoutePattern] { ["/help/faq"] }
}
private final class LegacyHelp: DispatchActivity {
    override class var patterns: [RoutePattern] {
        ["cono://test.com/help/faq", "cono://test.com/help/contact"]
    }
}
/// A literal after a typed parameter: the covering walk follows the literal edge out of the typed node.
private final class ItemDetail: DispatchActivity {
    override class var priority: Int { 1 }
    override class var patterns: [RoutePattern] { ["/item/:id<int>/detail"] }
}
private final class SeventhItemDetail: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/item/7/detail"] }
}
private final class PartlyCovered: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/item/:id"] }
}
/// Routes written in other routers' syntax (URLNavigator, ASP.NET, a query).
private final class Migrated: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/<int:id>", "/item/{id}", "/search?q=:q"] }
}

@MainActor
@Suite struct DispatchCenterValidationTests {
    private func diagnostics(_ classes: [DispatchActivity.Type]) -> [RouteDiagnostic] {
        let center = DispatchCenter()
        // Some fixtures declare invalid patterns on purpose: collected, not stopped at.
        center.configurationErrorHandler = { _ in }
        center.register(classes)
        return center.validate()
    }

    @Test func aCleanRegistryHasNoDiagnostics() {
        #expect(diagnostics([Valid.self, Narrow.self, PartlyCovered.self]).isEmpty)
    }

    @Test func anInvalidPatternIsReportedWithItsClass() {
        let found = diagnostics([Broken.self])
        #expect(found.map(\.kind) == [.invalidPattern(.unknownType("integer", offset: 7))])
        #expect(found.first?.activities == ["Broken"])
        #expect(
            found.first?.description
                == #"Broken "/p/:id<integer>": invalid pattern: unknown parameter type "integer" at offset 7 (int, uuid, or a list like a|b)"#
        )
    }

    // Regression: patterns in other routers' syntax registered silently as literal text that never
    // matched, and validate() was empty.
    @Test func otherRoutersSyntaxIsReportedAtRegistrationAndByValidate() {
        let center = DispatchCenter()
        var reported: [DispatchConfigurationError] = []
        center.configurationErrorHandler = { reported.append($0) }
        center.register(Migrated.self)
        #expect(
            reported.map(\.description).first
                == #"Migrated declares an invalid pattern "/product/<int:id>": "<int:id>" at offset 9 is not "#
                + "pattern syntax: a parameter is written :id<int>; the pattern never matches")
        #expect(reported.count == 3)
        let kinds = center.validate().map(\.kind)
        #expect(kinds.count == 3)
        #expect(
            kinds.first
                == .invalidPattern(
                    .unsupportedSyntax("<int:id>", suggestion: "a parameter is written :id<int>", offset: 9)))
    }

    @Test func aPatternWithANULIsReportedWithItsClass() {
        let found = diagnostics([WithNUL.self])
        #expect(found.map(\.kind) == [.invalidPattern(.disallowedCharacter("\0", offset: 2))])
        #expect(found.first?.activities == ["WithNUL"])
    }

    @Test func equivalentPatternsOfTwoClassesAtOnePriorityConflict() {
        let found = diagnostics([Valid.self, Twin.self])
        #expect(found.map(\.kind) == [.conflict])
        #expect(found.first?.activities == ["Twin", "Valid"])
        #expect(found.first?.patterns == ["/product/:pid<int>", "/product/:id<int>"])
        #expect(found.first?.description.contains("Twin never wins") == true)
    }

    /// The forms of the optional groups compare as a set: the same forms in another order match
    /// the same URLs.
    @Test func patternsWhoseGroupsGiveTheSameFormsInAnotherOrderConflict() {
        let found = diagnostics([PairThenOne.self, OneThenPair.self])
        #expect(found.map(\.kind) == [.conflict])
        #expect(found.first?.activities == ["OneThenPair", "PairThenOne"])
    }

    @Test func aPatternAHigherPriorityClassAlwaysTakesIsShadowed() {
        let found = diagnostics([Valid.self, Everything.self])
        #expect(found.map(\.kind) == [.shadowed, .shadowed])
        #expect(found.allSatisfy { $0.activities == ["Valid", "Everything"] })
        #expect(found.map { $0.patterns.first } == ["/product/:id<int>", "/product/new"])
    }

    @Test func aStaticPathOfAHigherPriorityClassShadowsTheSamePathWithSchemeAndHost() {
        let found = diagnostics([LegacyHelp.self, Help.self])
        #expect(found.map(\.kind) == [.shadowed])
        #expect(found.first?.activities == ["LegacyHelp", "Help"])
        #expect(found.first?.patterns == ["cono://test.com/help/faq", "/help/faq"])
    }

    @Test func aLiteralPathBehindATypedParameterOfAHigherPriorityIsShadowed() {
        let found = diagnostics([SeventhItemDetail.self, ItemDetail.self])
        #expect(found.map(\.kind) == [.shadowed])
        #expect(found.first?.activities == ["SeventhItemDetail", "ItemDetail"])
    }

    @Test func aPatternOnlyPartlyCoveredIsNotShadowed() {
        // Wide takes every integer id first, but "/item/abc" still reaches PartlyCovered;
        // Narrow's two ids are all integers, so Narrow is shadowed.
        let found = diagnostics([Narrow.self, PartlyCovered.self, Wide.self])
        #expect(found.map(\.kind) == [.shadowed])
        #expect(found.first?.activities == ["Narrow", "Wide"])
    }

    @Test func ambiguousOptionalGroupsAreReported() {
        #expect(diagnostics([Ambiguous.self]).map(\.kind) == [.ambiguousGroups])
        #expect(diagnostics([AmbiguousSameLength.self]).map(\.kind) == [.ambiguousGroups])
    }

    /// The regression test of a DispatchFuzz finding: a URL built from the pattern read back with
    /// other parameters, and `validate()` did not say the groups were ambiguous.
    @Test func groupsMadeAmbiguousByTheWildcardAreReported() throws {
        let pattern: RoutePattern = "/a(/:x)/`bc/*"
        let built = try pattern.url(parameters: ["x": "`bc"])
        #expect(built.description == "/a/`bc/`bc")
        #expect(pattern.match(built)?.parameters == [:])
        #expect(diagnostics([AmbiguousThroughTheWildcard.self]).map(\.kind) == [.ambiguousGroups])
    }

    @Test func groupsThatCannotMatchOneURLTwoWaysAreNotReported() {
        #expect(diagnostics([UnambiguousGroups.self]).isEmpty)
    }

    @Test func aHigherPriorityClassWhoseIsHitDeclinesSomeURLsShadowsNothing() {
        #expect(diagnostics([Valid.self, Campaign.self]).isEmpty)
    }
}
