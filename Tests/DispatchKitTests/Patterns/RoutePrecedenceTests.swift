import DispatchKit
import Foundation
import Testing

// Fixtures: one class per pattern, named for what it declares.
private final class StaticNew: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/new"] }
}
private final class TypedID: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
}
private final class AnyID: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id"] }
}
private final class ProductRest: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/*"] }
}
private final class ProductExact: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product"] }
}
/// `/a/b/c` literal first, then a dead end: the parameter branch must be found by backtracking.
private final class DeadEnd: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/a/b/c"] }
}
private final class ParamThenLiteral: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/a/:x/d"] }
}
private final class HostPost: DispatchActivity {
    override class var patterns: [RoutePattern] { ["//post/:id"] }
}
private final class SchemeHost: DispatchActivity {
    override class var patterns: [RoutePattern] { ["cono://post/:id"] }
}
private final class Urgent: DispatchActivity {
    override class var priority: Int { 5 }
    override class var patterns: [RoutePattern] { ["/product/*"] }
}
private final class SecondAnyID: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:pid"] }
}
/// A custom isHit at priority 0 comes after the pattern matches of priority 0.
private final class Custom: DispatchActivity {
    override class func isHit(url: DispatchURL) -> Bool { url.firstPath == "product" }
}
/// A pattern class that declines some URLs its pattern matches.
private final class Picky: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/product/:id<int>"] }
    override class func isHit(url: DispatchURL) -> Bool { super.isHit(url: url) && url.query["draft"] == nil }
}

private final class Cafe: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/caf\u{E9}/menu"] }
}

@MainActor
@Suite struct RoutePrecedenceTests {
    /// The index compares literals like Swift strings (canonical equivalence), exactly as the
    /// single-pattern matcher does: a decomposed "é" in the URL reaches a precomposed pattern.
    @Test func literalSegmentsMatchCanonicallyEquivalentSpellings() throws {
        let center = DispatchCenter()
        center.register(Cafe.self)
        let decomposed = try DispatchURL(string: "app://x/cafe%CC%81/menu")
        #expect(decomposed.paths.first == "caf\u{E9}")
        #expect(center.claimants(for: decomposed).map(ObjectIdentifier.init) == [ObjectIdentifier(Cafe.self)])
        #expect(RoutePattern("/caf\u{E9}/menu").match(decomposed) != nil)
    }

    private func claimants(_ link: String, _ classes: [DispatchActivity.Type]) throws -> [ObjectIdentifier] {
        let center = DispatchCenter()
        center.register(classes)
        let url = try DispatchURL(string: link)
        let claimants = center.claimants(for: url)
        // dispatch always runs the first claimant
        if let first = claimants.first {
            #expect(
                center.dispatch(url).activity.map { ObjectIdentifier(type(of: $0)) }
                    == ObjectIdentifier(first))
        }
        return claimants.map(ObjectIdentifier.init)
    }

    private func ids(_ classes: [DispatchActivity.Type]) -> [ObjectIdentifier] {
        classes.map(ObjectIdentifier.init)
    }

    @Test func literalBeatsTypedBeatsParameterBeatsWildcardWhateverTheRegistrationOrder() throws {
        let all: [DispatchActivity.Type] = [ProductRest.self, AnyID.self, TypedID.self, StaticNew.self]
        #expect(
            try claimants("app://x/product/new", all) == ids([StaticNew.self, AnyID.self, ProductRest.self]))
        #expect(
            try claimants("app://x/product/42", all) == ids([TypedID.self, AnyID.self, ProductRest.self]))
        #expect(
            try claimants("app://x/product/42", all.reversed())
                == ids([TypedID.self, AnyID.self, ProductRest.self]))
    }

    @Test func anExactPatternBeatsAWildcardThatMatchedNothing() throws {
        #expect(
            try claimants("app://x/product", [ProductRest.self, ProductExact.self])
                == ids([ProductExact.self, ProductRest.self]))
    }

    @Test func aLiteralBranchThatDeadEndsFallsBackToTheParameterBranch() throws {
        #expect(
            try claimants("app://x/a/b/d", [DeadEnd.self, ParamThenLiteral.self])
                == ids([ParamThenLiteral.self]))
        #expect(try claimants("app://x/a/b/c", [DeadEnd.self, ParamThenLiteral.self]) == ids([DeadEnd.self]))
    }

    @Test func schemeThenHostCountBeforeThePath() throws {
        #expect(
            try claimants("cono://post/1", [AnyID.self, HostPost.self, SchemeHost.self])
                == ids([SchemeHost.self, HostPost.self]))
        #expect(try claimants("https://post/1", [SchemeHost.self, HostPost.self]) == ids([HostPost.self]))
    }

    @Test func priorityComesBeforeSpecificity() throws {
        #expect(
            try claimants("app://x/product/new", [StaticNew.self, Urgent.self])
                == ids([Urgent.self, StaticNew.self]))
    }

    @Test func equalPatternsFallBackToRegistrationOrder() throws {
        #expect(
            try claimants("app://x/product/1", [SecondAnyID.self, AnyID.self])
                == ids([SecondAnyID.self, AnyID.self]))
        #expect(
            try claimants("app://x/product/1", [AnyID.self, SecondAnyID.self])
                == ids([AnyID.self, SecondAnyID.self]))
    }

    @Test func customIsHitClassesComeAfterThePatternMatchesOfTheirPriority() throws {
        #expect(
            try claimants("app://x/product/1", [Custom.self, AnyID.self, Urgent.self])
                == ids([Urgent.self, AnyID.self, Custom.self]))
    }

    @Test func aPatternClassCanDeclineWithIsHitButNotAddURLs() throws {
        #expect(
            try claimants("app://x/product/1", [Picky.self, AnyID.self]) == ids([Picky.self, AnyID.self]))
        #expect(try claimants("app://x/product/1?draft=1", [Picky.self, AnyID.self]) == ids([AnyID.self]))
        #expect(try claimants("app://x/product/abc", [Picky.self]) == [])
    }

    @Test func theActivityReadsItsParametersAndWildcardButNotTheQuery() throws {
        let center = DispatchCenter()
        center.register([TypedID.self, ProductRest.self])
        let typed = center.dispatch("app://x/product/42?id=99")
        #expect(typed.activity?.parameters == ["id": "42"])
        #expect(typed.activity?.query == ["id": "99"])
        #expect(typed.activity?.wildcard == nil)
        let rest = center.dispatch("app://x/product/a/b")
        #expect(rest.activity?.parameters == [:])
        #expect(rest.activity?.wildcard == ["a", "b"])
        let built = center.activity(for: try DispatchURL(string: "/product/7"))
        #expect(built?.parameters == ["id": "7"])
        #expect(center.canDispatch(try DispatchURL(string: "/product/7")))
        #expect(!center.canDispatch(try DispatchURL(string: "/nothing")))
    }

    @Test func theDefaultIsHitMatchesThePatternsWhenCalledDirectly() throws {
        #expect(TypedID.isHit(url: try DispatchURL(string: "/product/3")))
        #expect(!TypedID.isHit(url: try DispatchURL(string: "/product/x")))
        #expect(!DispatchActivity.isHit(url: try DispatchURL(string: "/product/3")))
    }

    @Test func typedAccessorsReadParameters() {
        let parameters = [
            "id": "42", "neg": "-3", "uuid": "123e4567-e89b-12d3-a456-426614174000", "word": "x",
        ]
        #expect(parameters.int("id") == 42)
        #expect(parameters.int("neg") == -3)
        #expect(parameters.int("word") == nil)
        #expect(parameters.int("missing") == nil)
        #expect(parameters.uuid("uuid")?.uuidString == "123E4567-E89B-12D3-A456-426614174000")
        #expect(parameters.uuid("word") == nil)
    }
}
