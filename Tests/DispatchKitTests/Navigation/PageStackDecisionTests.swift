import DispatchKit
import DispatchKitUI
import Testing

@testable import DispatchKitSwiftUI

// What the SwiftUI page stack reads from the navigation model and writes back, on both of its
// forms: a NavigationStack bound to a path of slots (iOS 16 and later), and a chain of navigation
// links, one per level (before). Both must show, and change, the one stack of the state.

@Suite("SwiftUI page stack decisions")
struct PageStackDecisionTests {
    private func state() -> NavigationState {
        var state = NavigationState(selectedTab: "home")
        state.apply(.setStack(["product", "reviews", "review"]))
        state.apply(.selectTab("mine"))
        state.apply(.setStack(["settings"]))
        return state
    }

    // MARK: - The path of iOS 16 and later

    @Test func thePathIsTheTabsStackWithLevels() {
        let state = state()
        #expect(
            state.slots(inTab: "home") == [
                PageSlot(level: 0, page: "product"), PageSlot(level: 1, page: "reviews"),
                PageSlot(level: 2, page: "review"),
            ])
        #expect(state.slots(inTab: "mine") == [PageSlot(level: 0, page: "settings")])
        #expect(state.slots(inTab: "cart").isEmpty)
    }

    // The same page pushed twice must be two entries of the path, or the stack would show it once.
    @Test func theSamePageTwiceIsTwoEntries() {
        var state = NavigationState()
        state.apply(.setStack(["product", "product"]))
        let slots = state.slots(inTab: nil)
        #expect(slots.count == 2)
        #expect(Set(slots).count == 2)
    }

    // A page replaced at its level is a new entry: the stack shows the new page, not the old view.
    @Test func aPageReplacedAtItsLevelIsANewEntry() {
        var state = state()
        let before = state.slots(inTab: "home")
        state.replaceStack(["product", "reviews", "photos"], inTab: "home")
        let after = state.slots(inTab: "home")
        #expect(before[..<2] == after[..<2])
        #expect(before[2] != after[2])
    }

    @Test func aShorterPathWrittenBackPopsTheTab() {
        var state = state()
        let path = state.slots(inTab: "home")
        state.replaceStack(slots: Array(path.prefix(1)), inTab: "home")
        #expect(state.stack(inTab: "home") == ["product"])
        #expect(state.selectedTab == AnyHashable("mine"))
        #expect(state.stack == ["settings"])
        state.replaceStack(slots: [], inTab: "home")
        #expect(state.stack(inTab: "home").isEmpty)
    }

    // What the path reads after a write is what was written: SwiftUI compares the two.
    @Test func aWrittenPathReadsBackUnchanged() {
        var state = state()
        let written = Array(state.slots(inTab: "home").prefix(2))
        state.replaceStack(slots: written, inTab: "home")
        #expect(state.slots(inTab: "home") == written)
    }

    // MARK: - The navigation links before iOS 16

    @Test func eachLinkIsActiveWhileTheStackIsHigherThanItsLevel() {
        let state = state()
        #expect(state.isShowingPage(above: 0, inTab: "home"))
        #expect(state.isShowingPage(above: 2, inTab: "home"))
        #expect(!state.isShowingPage(above: 3, inTab: "home"))
        #expect(state.isShowingPage(above: 0, inTab: "mine"))
        #expect(!state.isShowingPage(above: 1, inTab: "mine"))
        #expect(!state.isShowingPage(above: 0, inTab: "cart"))
        #expect(!state.isShowingPage(above: -1, inTab: "home"))
    }

    @Test func eachLinksDestinationIsThePageAtItsLevel() {
        let state = state()
        #expect(state.page(at: 0, inTab: "home") == AnyHashable("product"))
        #expect(state.page(at: 2, inTab: "home") == AnyHashable("review"))
        #expect(state.page(at: 3, inTab: "home") == nil)
        #expect(state.page(at: -1, inTab: "home") == nil)
    }

    // Back from the third page: the link at level 1 turns inactive, and only the pages above it go.
    @Test func aLinkTurningInactivePopsToItsLevel() {
        var state = state()
        state.setShowingPage(false, above: 1, inTab: "home")
        #expect(state.stack(inTab: "home") == ["product"])
        #expect(state.stack == ["settings"])
        // SwiftUI writes again for the links above as they go: nothing more changes.
        state.setShowingPage(false, above: 2, inTab: "home")
        #expect(state.stack(inTab: "home") == ["product"])
    }

    // The links are hidden: an active write can only be SwiftUI repeating what it read.
    @Test func aLinkTurningActiveChangesNothing() {
        var state = state()
        let before = state
        state.setShowingPage(true, above: 0, inTab: "home")
        state.setShowingPage(true, above: 5, inTab: "cart")
        #expect(state == before)
    }

    // MARK: - Both forms show one stack

    // A deep link pushes three pages at once: the path and the links both show all three, and
    // Back on either form leaves the state that the other form then shows.
    @Test func bothFormsShowAndChangeTheSameStack() {
        var state = NavigationState(selectedTab: "home")
        state.apply(.setStack(["category", "product", "reviews"]))
        let levels = state.slots(inTab: "home").map(\.level)
        #expect(levels == [0, 1, 2])
        for level in levels {
            #expect(state.isShowingPage(above: level, inTab: "home"))
            #expect(state.page(at: level, inTab: "home") == state.slots(inTab: "home")[level].page)
        }
        var byPath = state
        byPath.replaceStack(slots: Array(state.slots(inTab: "home").prefix(1)), inTab: "home")
        var byLink = state
        byLink.setShowingPage(false, above: 1, inTab: "home")
        #expect(byPath == byLink)
    }

    // MARK: - Sheets

    @Test func theSheetAtALevelShowsThePagePresentedThere() {
        var state = NavigationState()
        state.apply(.present("login"))
        state.apply(.present("help"))
        #expect(state.presentedPage(at: 0) == AnyHashable("login"))
        #expect(state.presentedPage(at: 1) == AnyHashable("help"))
        #expect(state.presentedPage(at: 2) == nil)
        #expect(state.presentedPage(at: -1) == nil)
    }
}
