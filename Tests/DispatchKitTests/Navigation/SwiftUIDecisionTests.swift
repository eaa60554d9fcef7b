import DispatchKit
import DispatchKitUI
import Testing

@testable import DispatchKitSwiftUI

// What the SwiftUI navigation model does when SwiftUI writes back what the user changed: Back in a
// navigation stack, a link turning inactive, a sheet swiped away.

@Suite("SwiftUI navigation model decisions")
struct SwiftUIDecisionTests {
    private func state() -> NavigationState {
        var state = NavigationState(selectedTab: "home")
        state.apply(.setStack(["product", "reviews"]))
        state.apply(.selectTab("mine"))
        state.apply(.setStack(["settings", "privacy"]))
        state.apply(.present("login"))
        state.apply(.present("help"))
        return state
    }

    @Test func backInTheSelectedTabShortensItsStack() {
        var state = state()
        state.replaceStack(["settings"], inTab: "mine")
        #expect(state.stack == ["settings"])
        #expect(state.stack(inTab: "home") == ["product", "reviews"])
        #expect(state.selectedTab == AnyHashable("mine"))
        #expect(state.presented == ["login", "help"])
    }

    @Test func aWriteForAnotherTabLeavesTheSelectionAlone() {
        var state = state()
        state.replaceStack([], inTab: "home")
        #expect(state.stack(inTab: "home") == [])
        #expect(state.selectedTab == AnyHashable("mine"))
        #expect(state.stack == ["settings", "privacy"])
    }

    @Test func aWriteForATabWhileNoneIsSelectedSelectsIt() {
        var state = NavigationState()
        state.replaceStack(["product"], inTab: "home")
        #expect(state.selectedTab == AnyHashable("home"))
        #expect(state.stack == ["product"])
    }

    @Test func aWriteForNoTabInAnAppWithTabsChangesNothing() {
        var state = state()
        let before = state
        state.replaceStack(["stray"], inTab: nil)
        #expect(state == before)
        var untabbed = NavigationState()
        untabbed.replaceStack(["a", "b"], inTab: nil)
        #expect(untabbed.stack == ["a", "b"])
    }

    @Test func anInactiveLinkPopsBackToItsLevel() {
        var state = state()
        state.popStack(toLevel: 1, inTab: "mine")
        #expect(state.stack == ["settings"])
        // SwiftUI writes again as the links below go: nothing more changes.
        state.popStack(toLevel: 1, inTab: "mine")
        state.popStack(toLevel: 2, inTab: "mine")
        state.popStack(toLevel: -1, inTab: "mine")
        #expect(state.stack == ["settings"])
        state.popStack(toLevel: 0, inTab: "home")
        #expect(state.stack(inTab: "home") == [])
        #expect(state.selectedTab == AnyHashable("mine"))
    }

    @Test func aClosedSheetTakesTheSheetsOverItAlong() {
        var state = state()
        state.dismissPresented(fromLevel: 1)
        #expect(state.presented == ["login"])
        state.dismissPresented(fromLevel: 1)
        state.dismissPresented(fromLevel: -1)
        #expect(state.presented == ["login"])
        state.dismissPresented(fromLevel: 0)
        #expect(state.presented.isEmpty)
        #expect(state.stack == ["settings", "privacy"])
    }
}
