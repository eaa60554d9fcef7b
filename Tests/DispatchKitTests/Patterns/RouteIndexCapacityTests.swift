import Testing

@testable import DispatchKit
@testable import DispatchKitManifest

// The index numbers its trie nodes and routes below `EdgeTable.capacity` (2²⁹), the bits above
// saying what an edge leads to. These fixtures fill an index built with a capacity of 8 nodes
// and 8 routes: what would take it past that is refused whole and reported, and everything that
// fit still matches as it would in an index without the limit.
private final class Fits: DispatchActivity {
    // The path root, a, a/b and c: 4 nodes, 2 routes.
    override class var patterns: [RoutePattern] { ["/a/b", "/c"] }
}
private final class TooDeep: DispatchActivity {
    // 5 more nodes: 9.
    override class var patterns: [RoutePattern] { ["/d/e/f/g/h"] }
}
private final class FitsAfter: DispatchActivity {
    // After the refusal, a/x and a/b/y: 6 nodes, 4 routes.
    override class var patterns: [RoutePattern] { ["/a/x", "/a/b/y"] }
}
private final class Grouped: DispatchActivity {
    // Two forms, /c/z and /c, which share c: 7 nodes, 6 routes. The forms' segments alone
    // (3 + 2 with the root) would not fit; the nodes they add do.
    override class var patterns: [RoutePattern] { ["/c(/z)"] }
}
private final class Full: DispatchActivity {
    // /q/r needs 2 nodes (9); /a and /w fit, the index is then full: 8 nodes, 8 routes.
    override class var patterns: [RoutePattern] { ["/q/r", "/a", "/w"] }
}
private final class NoRouteLeft: DispatchActivity {
    // Adds no node, but a ninth route.
    override class var patterns: [RoutePattern] { ["/c/z"] }
}

/// More segments than a route records (65,535), then `*`.
private final class Deep: DispatchActivity {
    override class var patterns: [RoutePattern] {
        [RoutePattern(stringLiteral: String(repeating: "/s", count: 65_536) + "/*")]
    }
}
private final class Shallow: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/s/*"] }
}

@MainActor
@Suite("Route index capacity")
struct RouteIndexCapacityTests {
    private static let classes: [DispatchActivity.Type] = [
        Fits.self, TooDeep.self, FitsAfter.self, Grouped.self, Full.self, NoRouteLeft.self,
    ]

    private func snapshot(_ classes: [DispatchActivity.Type], capacity: Int) -> RegistrySnapshot {
        RegistrySnapshot(classes.map { ($0, $0.priority) }, capacity: capacity)
    }

    private func claimants(_ snapshot: RegistrySnapshot, _ string: String) throws -> [DispatchActivity.Type] {
        snapshot.claims(for: try DispatchURL(string: string)).map(\.activity)
    }

    @Test("routes past the capacity are refused whole and reported, in consultation order")
    func refusedRoutesAreReported() {
        let small = snapshot(Self.classes, capacity: 8)
        #expect(small.index.nodes.count == 8)
        #expect(small.index.routes.count == 8)
        let diagnostics = DispatchCenter.validate(small)
        #expect(diagnostics.map(\.kind) == Array(repeating: .exceedsIndexCapacity, count: 3))
        #expect(
            diagnostics.map(\.activities) == [["\(TooDeep.self)"], ["\(Full.self)"], ["\(NoRouteLeft.self)"]])
        #expect(diagnostics.map(\.patterns) == [["/d/e/f/g/h"], ["/q/r"], ["/c/z"]])
        #expect(diagnostics.first?.description.contains("capacity") == true)

        // Without the limit, nothing is refused (Grouped's /c/z then shadows NoRouteLeft's).
        let unlimited = DispatchCenter.validate(snapshot(Self.classes, capacity: Int(EdgeTable.capacity)))
        #expect(unlimited.map(\.kind) == [.shadowed])
    }

    @Test(
        "what fit matches as without the limit; what was refused never matches",
        arguments: [
            ("app://x/a/b", [Fits.self]),
            ("app://x/c", [Fits.self, Grouped.self]),
            ("app://x/d/e/f/g/h", []),
            ("app://x/a/x", [FitsAfter.self]),
            ("app://x/a/b/y", [FitsAfter.self]),
            ("app://x/c/z", [Grouped.self]),
            ("app://x/q/r", []),
            ("app://x/a", [Full.self]),
            ("app://x/w", [Full.self]),
            ("app://x/a/b/z", []),
        ] as [(String, [DispatchActivity.Type])])
    func matchingStaysCorrect(_ url: String, _ expected: [DispatchActivity.Type]) throws {
        let got = try claimants(snapshot(Self.classes, capacity: 8), url)
        #expect(got.map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init), "\(url)")
        // What fit answers as it does in an index without the limit, less the refused classes.
        let refused: Set<ObjectIdentifier> = [
            ObjectIdentifier(TooDeep.self), ObjectIdentifier(NoRouteLeft.self),
        ]
        let unlimited = try claimants(snapshot(Self.classes, capacity: Int(EdgeTable.capacity)), url)
        if url != "app://x/q/r" {
            #expect(
                got.map(ObjectIdentifier.init)
                    == unlimited.map(ObjectIdentifier.init).filter { !refused.contains($0) }, "\(url)")
        }
    }

    @Test("a capacity too small for anything refuses everything and traps nowhere", arguments: [0, 1, 2])
    func tinyCapacities(_ capacity: Int) throws {
        let tiny = snapshot(Self.classes, capacity: capacity)
        #expect(tiny.index.nodes.count <= capacity)
        #expect(tiny.index.routes.count <= capacity)
        #expect(try claimants(tiny, "app://x/a/b").isEmpty)
        // Ten patterns; none that fits in so few nodes has optional groups (one route each).
        let refused = DispatchCenter.validate(tiny).filter { $0.kind == .exceedsIndexCapacity }
        #expect(refused.count == 10 - tiny.index.routes.count)
    }

    @Test("the default capacity is what the edge encoding holds: the largest number round-trips")
    func defaultCapacityMatchesTheEncoding() {
        let largest = EdgeTable.capacity - 1
        let targets: [EdgeTable.Target] = [
            .node(largest, parameterChild: largest), .passthrough(largest), .route(largest, staticOwner: 3),
        ]
        for target in targets {
            #expect(roundTrip(target) == target)
        }
        // One more does not: the capacity is no larger than the encoding.
        #expect(
            roundTrip(.route(EdgeTable.capacity, staticOwner: 3))
                != .route(EdgeTable.capacity, staticOwner: 3))
        #expect(
            roundTrip(.node(EdgeTable.capacity, parameterChild: -1))
                != .node(EdgeTable.capacity, parameterChild: -1))

        var node = RouteIndex.Node()
        node.hasLiterals = true
        node.parameter = largest
        #expect(node.parameter == largest)
        #expect(node.hasLiterals)
        #expect(RouteIndex.Builder.defaultCapacity == Int(EdgeTable.capacity))
    }

    /// `target` stored in an edge and read back.
    private func roundTrip(_ target: EdgeTable.Target) -> EdgeTable.Target? {
        var table = EdgeTable()
        let literal = SegmentKey.Literal("a")
        let trail = literal.key.trail(after: SegmentKey.trail(ofRoot: 0))
        table.insert(parent: 0, key: literal.key, longBytes: nil, child: 1, trail: trail, trails: [])
        table.retarget { _ in target }
        return table.target(from: 0, literal, trail: trail)
    }

    @Test("a pattern with more segments than a route records is reported, not cut short")
    func tooManySegments() throws {
        let center = DispatchCenter()
        center.register([Deep.self, Shallow.self])
        let limits = DispatchURL.Limits(
            maximumLength: .max, maximumPathSegments: .max, maximumQueryItems: .max)
        let url = try DispatchURL(
            string: "app://x" + String(repeating: "/s", count: 65_536) + "/x", limits: limits)
        // Deep would capture ["x"]; cut to 65,535 segments it captured ["s", "x"].
        let claims = center.snapshot.claims(for: url)
        #expect(claims.map { ObjectIdentifier($0.activity) } == [ObjectIdentifier(Shallow.self)])
        #expect(claims.allSatisfy { $0.match?.wildcard?.count == 65_536 })
        let diagnostics = center.validate()
        #expect(diagnostics.map(\.kind) == [.exceedsIndexCapacity])
        #expect(diagnostics.first?.activities == ["\(Deep.self)"])
    }
}
