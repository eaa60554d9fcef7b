import DispatchKit
import DispatchKitUI
import Testing

// `center.navigator` as DispatchKitUI declares it over the slot the center keeps: an
// extension in another module cannot add a stored property, so what it reads and writes must be
// each center's own slot — not a table beside the centers, not a weak reference.

/// Presents a sheet: the page each center's navigator must receive.
private final class SheetActivity: DispatchActivity {
    override class var patterns: [RoutePattern] { ["/sheet"] }

    override func execute() throws {
        try navigator.present("sheet")
    }
}

@MainActor
@Suite("Navigation: the center's navigator slot")
struct DispatchCenterNavigatorTests {
    @Test func eachCenterKeepsItsOwnNavigator() {
        let first = DispatchCenter()
        let second = DispatchCenter()
        let firstNavigator = RecordingNavigator()
        first.navigator = firstNavigator
        #expect(second.navigator == nil)
        let secondNavigator = RecordingNavigator()
        second.navigator = secondNavigator
        #expect(first.navigator === firstNavigator)
        #expect(second.navigator === secondNavigator)

        second.register(SheetActivity.self)
        #expect(second.dispatch("/sheet").isHandled)
        #expect(secondNavigator.steps == [.present("sheet")])
        #expect(firstNavigator.steps.isEmpty)
    }

    @Test func aNewNavigatorReplacesTheOldOne() throws {
        let center = DispatchCenter()
        center.register(SheetActivity.self)
        let old = RecordingNavigator()
        center.navigator = old
        let new = RecordingNavigator()
        center.navigator = new
        #expect(center.navigator === new)
        let result = center.dispatch("/sheet")
        #expect(try result.activity?.navigator === new)
        #expect(new.steps == [.present("sheet")])
        #expect(old.steps.isEmpty)
    }

    @Test func settingNilTakesTheNavigatorAway() {
        let center = DispatchCenter()
        center.register(SheetActivity.self)
        center.navigator = RecordingNavigator()
        center.navigator = nil
        #expect(center.navigator == nil)
        guard case .executionFailed(_, let error)? = center.dispatch("/sheet").failure else {
            Issue.record("the dispatch did not fail without a navigator")
            return
        }
        #expect(error as? NavigationError == .noNavigator)
    }

    /// The center holds its navigator strongly, as the app expects when it sets one it keeps no
    /// reference to (`center.navigator = WindowNavigator(…)`), and lets it go when replaced.
    @Test func theCenterHoldsItsNavigatorUntilItIsReplaced() {
        let center = DispatchCenter()
        weak var watched: RecordingNavigator?
        do {
            let navigator = RecordingNavigator()
            watched = navigator
            center.navigator = navigator
        }
        #expect(watched != nil, "the center did not keep the navigator it was given")
        #expect(center.navigator === watched)
        center.navigator = RecordingNavigator()
        #expect(watched == nil, "the replaced navigator is still alive")
    }
}
