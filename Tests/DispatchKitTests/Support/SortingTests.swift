import DispatchKit
import DispatchKitUI
import Foundation
import Testing

// DispatchKit sorts elements by their positions (Support/Sorting.swift) so that an app carries one
// copy of the standard library's sort: the orders the documentation promises must not change.
@Suite struct SortingTests {
    @Test func queryItemsOfABuiltURLAreInNameOrder() throws {
        let url = try RoutePattern("/search").url(
            parameters: [:], query: ["q": "shoes", "a": "1", "page": "2", "B": "x", "a2": ""])
        #expect(url.queryItems.map(\.name) == ["B", "a", "a2", "page", "q"])
        #expect(url.queryItems.map(\.value) == ["x", "1", "", "2", "shoes"])
    }

    @Test func aPayloadDescribesNestedKeysInNameOrder() {
        let payload = NotificationPayload(["z": ["b": 2, "a": ["d": 1, "c": 0]], "aps": "x", "m": 1])
        #expect(payload.description == #"{aps: "x", m: 1, z: {a: {c: 0, d: 1}, b: 2}}"#)
    }

    @MainActor @Test func classesOfOnePriorityAreConsultedInRegistrationOrder() {
        let center = DispatchCenter()
        for type in [ThirdActivity.self, FirstActivity.self, SecondActivity.self, LowActivity.self] {
            center.register(type)
        }
        center.register(HighActivity.self)
        #expect(
            center.registeredActivities.map { "\($0)" }
                == ["HighActivity", "ThirdActivity", "FirstActivity", "SecondActivity", "LowActivity"])
    }
}

private final class FirstActivity: DispatchActivity {}
private final class SecondActivity: DispatchActivity {}
private final class ThirdActivity: DispatchActivity {}
private final class LowActivity: DispatchActivity {
    override class var priority: Int { -1 }
}
private final class HighActivity: DispatchActivity {
    override class var priority: Int { 5 }
}
