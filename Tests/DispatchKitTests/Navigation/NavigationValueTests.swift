import DispatchKit
import DispatchKitUI
import Testing

// The values of navigation: steps and their descriptions, states and their equality, errors.

private struct ProductPage: Hashable {
    var id: Int
}

@Suite("Navigation: steps, states and errors")
struct NavigationValueTests {
    // Steps hold `AnyHashable` pages and are not `Sendable`, which test arguments must be: the
    // tables below are looped over instead.

    @Test func eachStepDescribesItself() {
        let table: [(NavigationStep, String)] = [
            (.push("product"), "push product"),
            (.push(ProductPage(id: 42)), "push ProductPage(id: 42)"),
            (.present("login"), "present login"),
            (.dismissPresented, "dismiss presented"),
            (.popToRoot, "pop to root"),
            (.selectTab("mine"), "select tab mine"),
            (.setStack(["settings", "privacy"]), "set stack settings > privacy"),
            (.setStack([ProductPage(id: 1), "reviews"]), "set stack ProductPage(id: 1) > reviews"),
            (.remove("privacy"), "remove privacy"),
        ]
        for (step, description) in table {
            #expect(step.description == description)
        }
    }

    @Test func stepsCompareByKindAndPage() {
        #expect(NavigationStep.push("a") == .push("a"))
        #expect(NavigationStep.push("a") != .present("a"))
        #expect(NavigationStep.push("a") != .push(AnyHashable(ProductPage(id: 1))))
        #expect(NavigationStep.setStack(["a", "b"]) != .setStack(["b", "a"]))
        #expect(Set<NavigationStep>([.popToRoot, .popToRoot, .dismissPresented]).count == 2)
    }

    @Test func statesThatShowTheSameAreEqual() {
        #expect(NavigationState() == NavigationState(selectedTab: nil))
        #expect(NavigationState(selectedTab: "home") == NavigationState(selectedTab: "home"))
        #expect(NavigationState(selectedTab: "home") != NavigationState(selectedTab: "mine"))
        #expect(NavigationState(selectedTab: "home") != NavigationState())

        var pushed = NavigationState(selectedTab: "home")
        pushed.apply(.push("a"))
        var set = NavigationState(selectedTab: "home")
        set.apply(.setStack(["a"]))
        #expect(pushed == set)

        var presented = NavigationState(selectedTab: "home")
        presented.apply(.present("a"))
        #expect(presented != pushed)

        // A tab visited and left shows the same as one never visited.
        var visited = NavigationState(selectedTab: "home")
        visited.apply(.selectTab("mine"))
        visited.apply(.selectTab("home"))
        #expect(visited == NavigationState(selectedTab: "home"))
    }

    @Test func theOrderOfPagesMatters() {
        var ab = NavigationState()
        ab.apply(.push("a"))
        ab.apply(.push("b"))
        var ba = NavigationState()
        ba.apply(.push("b"))
        ba.apply(.push("a"))
        #expect(ab != ba)
        var presentedAB = NavigationState()
        presentedAB.apply(.present("a"))
        presentedAB.apply(.present("b"))
        var presentedBA = NavigationState()
        presentedBA.apply(.present("b"))
        presentedBA.apply(.present("a"))
        #expect(presentedAB != presentedBA)
    }

    @Test func theStacksOfOtherTabsCount() {
        var homeOnly = NavigationState(selectedTab: "mine")
        homeOnly.apply(.selectTab("home"))
        homeOnly.apply(.push("a"))
        homeOnly.apply(.selectTab("mine"))
        #expect(homeOnly != NavigationState(selectedTab: "mine"))
        #expect(homeOnly.stack(inTab: "home") == ["a"])
        #expect(homeOnly.stack.isEmpty)
    }

    /// Regression: a step that leaves a stack empty — pop to root, removing the bottom page,
    /// setting an empty stack — left an empty stack stored for the tab, and the state compared
    /// unequal to one that showed exactly the same screen.
    @Test func stepsThatLeaveAnEmptyStackShowTheSameAsNone() {
        let sequences: [[NavigationStep]] = [
            [.popToRoot],
            [.push("a"), .popToRoot],
            [.push("a"), .remove("a")],
            [.setStack([])],
            [.selectTab("mine"), .push("a"), .popToRoot, .selectTab("home")],
        ]
        for steps in sequences {
            var state = NavigationState(selectedTab: "home")
            for step in steps { state.apply(step) }
            #expect(state.stack.isEmpty, "\(steps)")
            #expect(state.visiblePage == nil, "\(steps)")
            #expect(state == NavigationState(selectedTab: "home"), "\(steps)")
            #expect(Set([state, NavigationState(selectedTab: "home")]).count == 1, "\(steps)")
        }
    }

    @Test func equalStatesHashAlike() {
        var one = NavigationState(selectedTab: "home")
        one.apply(.push("a"))
        one.apply(.present("b"))
        var other = NavigationState(selectedTab: "home")
        other.apply(.setStack(["a"]))
        other.apply(.present("b"))
        #expect(one == other)
        #expect(Set([one, other]).count == 1)
    }

    @Test func theStackCanBeSetDirectly() {
        var state = NavigationState(selectedTab: "home")
        state.stack = ["a", "b"]
        #expect(state.stack(inTab: "home") == ["a", "b"])
        #expect(state.visiblePage == AnyHashable("b"))
    }

    @Test func errorsDescribeThemselves() {
        #expect(
            NavigationError.noNavigator.description
                == "no navigator: set DispatchCenter.navigator before dispatching URLs that show pages")
        #expect(
            NavigationError.cannotPerform(step: "push product", reason: "no navigation controller is showing")
                .description == "cannot push product: no navigation controller is showing")
        #expect(NavigationError.noNavigator != .cannotPerform(step: "", reason: ""))
    }
}
