import DispatchKit
import DispatchKitEvents
import Testing

// Removal: an activity that performed is asked, through the center, to undo what it showed.

private struct StillPaying: Error {}

@MainActor
private final class Screen: Sendable {
    var shown: [String] = []
    var failNextRemoval = false
    nonisolated init() {}
}

private final class PromoActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/promo/:name", "/broken"] }
    var screen: Screen? { userInfo["screen"] as? Screen }

    override func execute() throws {
        if paths == ["broken"] { throw StillPaying() }
        screen?.shown.append(parameters["name"] ?? "?")
    }

    override func makeDestination() throws -> Any? { parameters["name"] }

    override func remove() throws {
        if screen?.failNextRemoval == true {
            screen?.failNextRemoval = false
            throw StillPaying()
        }
        screen?.shown.removeAll { $0 == parameters["name"] }
    }
}

private final class CheckoutActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/checkout"] }
    override var canRemove: Bool { false }
    override func execute() {}
}

@MainActor
private final class Watcher: DispatchObserver {
    var events: [DispatchEvent] = []
    func observe(_ event: DispatchEvent) { events.append(event) }
}

@MainActor
@Suite("Removal")
struct RemovalTests {
    private func center() -> DispatchCenter {
        let center = DispatchCenter()
        center.register([PromoActivity.self, CheckoutActivity.self])
        return center
    }

    /// The reason of the `cannotRemove` failure `body` throws; anything else, described.
    private func reason(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            guard case .cannotRemove(_, let reason) = error as? DispatchFailure else { return "\(error)" }
            return reason
        }
    }

    @Test func anActivityThatPerformedIsRemovedOnceAndObserversSeeBoth() throws {
        let center = center()
        let watcher = Watcher()
        center.addObserver(watcher)
        let screen = Screen()
        let result = center.dispatch("/promo/spring", userInfo: ["screen": screen])
        let promo = try #require(result.activity)
        #expect(screen.shown == ["spring"])
        try center.remove(promo)
        #expect(screen.shown.isEmpty)
        #expect(watcher.events.map(\.kind) == [.perform, .remove])
        #expect(watcher.events[1].isHandled)
        #expect(watcher.events[1].url?.description == "/promo/spring")
        #expect(watcher.events[1].description.contains("removed by PromoActivity"))
        #expect(reason { try center.remove(promo) } == "it was already removed")
        #expect(watcher.events.count == 3)
        #expect(watcher.events[2].kind == .remove)
        #expect(watcher.events[2].isHandled == false)
    }

    @Test func anActivityThatFailedOrOnlyMadeADestinationCannotBeRemoved() throws {
        let center = center()
        let failed = try #require(center.dispatch("/broken").activity)
        #expect(reason { try center.remove(failed) } == "it has not performed")
        let preview = try #require(center.activity(for: try DispatchURL(string: "/promo/x")))
        #expect(reason { try center.remove(preview) } == "it has not performed")
        let built = PromoActivity(request: DispatchRequest(url: try DispatchURL(string: "/promo/y")))
        #expect(reason { try center.remove(built) } == "it has not performed")
    }

    @Test func anActivityThatDeclinesIsNotRemoved() throws {
        let center = center()
        let checkout = try #require(center.dispatch("/checkout").activity)
        #expect(reason { try center.remove(checkout) } == "it declines to be removed now")
    }

    @Test func anotherCentersActivityIsRefused() throws {
        let promo = try #require(center().dispatch("/promo/a").activity)
        #expect(reason { try center().remove(promo) } == "another center performed it")
    }

    @Test func aThrowingRemovalIsAnExecutionFailureAndMayBeRetried() throws {
        let center = center()
        let screen = Screen()
        let promo = try #require(center.dispatch("/promo/b", userInfo: ["screen": screen]).activity)
        screen.failNextRemoval = true
        do {
            try center.remove(promo)
            Issue.record("expected a failure")
        } catch {
            guard case .executionFailed(let activity, let underlying) = error else {
                Issue.record("expected executionFailed, got \(error)")
                return
            }
            #expect(activity == PromoActivity.self)
            #expect(underlying is StillPaying)
        }
        #expect(screen.shown == ["b"])
        try center.remove(promo)
        #expect(screen.shown.isEmpty)
    }
}
