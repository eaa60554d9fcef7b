import DispatchKit
import Testing

// The index compares literal segments as packed bytes (NFC for non-ASCII) and long ones byte by
// byte: these fixtures pin that it still agrees with `String` equality, which patterns promise.
private final class Cafe: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/caf\u{E9}/menu"] }  // NFC "café"
}
private final class Kelvin: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/temperature/K"] }
}
private final class LongLiteral: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/a-segment-well-over-sixteen-bytes/:id"] }
}
private final class SixteenBytes: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/exactly16bytes!!", "/exactly16bytes!"] }
}
private final class DecomposedPattern: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/nai\u{308}ve"] }  // NFD "naïve"
}

@MainActor
@Suite("Route index literals")
struct RouteIndexLiteralTests {
    private func center() -> DispatchCenter {
        let center = DispatchCenter()
        center.register([Cafe.self, Kelvin.self, LongLiteral.self, SixteenBytes.self, DecomposedPattern.self])
        return center
    }

    private func winner(_ string: String) throws -> DispatchActivity.Type? {
        try center().claimants(for: DispatchURL(string: string)).first
    }

    @Test("a literal matches every canonically equivalent spelling, as String == does")
    func canonicalEquivalence() throws {
        #expect(try winner("app://x/caf%C3%A9/menu") == Cafe.self)  // NFC, escaped
        #expect(try winner("app://x/cafe%CC%81/menu") == Cafe.self)  // NFD, escaped
        #expect(try winner("app://x/cafe\u{301}/menu") == Cafe.self)  // NFD, raw
        #expect(try winner("app://x/na%C3%AFve") == DecomposedPattern.self)  // NFC URL, NFD pattern
        #expect(try winner("app://x/temperature/%E2%84%AA") == Kelvin.self)  // KELVIN SIGN is K
        #expect(try winner("app://x/cafe/menu") == nil)
        #expect(try winner("app://x/temperature/k") == nil)  // still case-sensitive
    }

    @Test("literals longer than 16 bytes compare every byte")
    func longLiterals() throws {
        #expect(try winner("app://x/a-segment-well-over-sixteen-bytes/7") == LongLiteral.self)
        #expect(try winner("app://x/a-segment-well-over-sixteen-bytez/7") == nil)
        #expect(try winner("app://x/a-segment-well-over-sixteen-byte/7") == nil)
        #expect(try winner("app://x/exactly16bytes!") == SixteenBytes.self)
        #expect(try winner("app://x/exactly16bytes!!") == SixteenBytes.self)
        #expect(try winner("app://x/exactly16bytes") == nil)
    }

    @Test("many literals under one parent all stay reachable as the edge table grows")
    func growth() throws {
        let center = DispatchCenter()
        center.register(ManyLiterals.self)
        for number in stride(from: 0, to: 3_000, by: 7) {
            let url = try DispatchURL(string: "app://x/item\(number)/detail")
            #expect(center.canDispatch(url), "item\(number)")
        }
        #expect(!center.canDispatch(try DispatchURL(string: "app://x/item3000/detail")))
    }
}

private final class ManyLiterals: DispatchActivity {
    override class var patterns: [RoutePattern] {
        (0..<3_000).map { RoutePattern(stringLiteral: "/item\($0)/detail") }
    }
}
