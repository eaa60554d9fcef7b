import DispatchKit
import Testing

/// More distinct parameter names than the builder searches linearly (32): past that it finds
/// them in a dictionary. The `/m…` patterns use the names of the `/n…` ones again, so each of
/// their names is found, not added.
private final class ManyNames: DispatchActivity {
    override class var patterns: [RoutePattern] {
        (0..<40).map { RoutePattern(stringLiteral: "/n\($0)/:name\($0)/:other\($0)") }
            + (0..<40).map { RoutePattern(stringLiteral: "/m\($0)/x/:other\($0)/:name\($0)") }
    }
}

@MainActor
@Suite("Route index parameter names")
struct RouteIndexNameTests {
    @Test func eightyRoutesSharingEightyNamesCaptureUnderTheirOwnNames() throws {
        let center = DispatchCenter()
        center.register(ManyNames.self)
        for number in [0, 15, 31, 32, 33, 39] {
            let result = center.dispatch("cono://test.com/n\(number)/a\(number)/b\(number)")
            let activity = try #require(result.activity)
            #expect(activity.parameters == ["name\(number)": "a\(number)", "other\(number)": "b\(number)"])
            let again = try #require(
                center.dispatch("cono://test.com/m\(number)/x/c\(number)/d\(number)").activity)
            #expect(again.parameters == ["other\(number)": "c\(number)", "name\(number)": "d\(number)"])
        }
    }
}
