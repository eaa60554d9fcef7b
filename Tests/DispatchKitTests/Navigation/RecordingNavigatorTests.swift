import DispatchKit
import DispatchKitUI
import Testing

// The navigation methods every DispatchNavigator gets, through the recording navigator: the steps
// each one takes (a link that arrives while a sheet is up dismisses it first; a deep page brings its
// parents and its tab), and what those steps add up to.

private struct Page: Hashable, CustomStringConvertible {
    var name: String
    init(_ name: String) { self.name = name }
    var description: String { name }
}

private let pageA = Page("A")
private let pageB = Page("B")
private let pageC = Page("C")

@MainActor
@Suite("Navigation: the recording navigator")
struct RecordingNavigatorTests {
    @Test func aNewNavigatorShowsTheRootOfItsTab() {
        let navigator = RecordingNavigator(selectedTab: "home")
        #expect(navigator.steps.isEmpty)
        #expect(navigator.animations.isEmpty)
        #expect(!navigator.isPresenting)
        #expect(navigator.failingStep == nil)
        #expect(navigator.state == NavigationState(selectedTab: "home"))
        #expect(navigator.state.visiblePage == nil)
        #expect(RecordingNavigator().state.selectedTab == nil)
    }

    @Test func pushIsOneStepOntoTheSelectedTabsStack() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        try navigator.push(pageA)
        #expect(navigator.steps == [.push(pageA)])
        #expect(navigator.state.stack == [pageA])
        #expect(navigator.state.stack(inTab: "home") == [pageA])
        #expect(navigator.state.visiblePage == AnyHashable(pageA))
        #expect(!navigator.isPresenting)
    }

    @Test func presentGoesOverThePushedPage() throws {
        let navigator = RecordingNavigator()
        try navigator.push(pageA)
        try navigator.present(pageB)
        #expect(navigator.steps == [.push(pageA), .present(pageB)])
        #expect(navigator.state.stack == [pageA])
        #expect(navigator.state.presented == [pageB])
        #expect(navigator.state.visiblePage == AnyHashable(pageB))
        #expect(navigator.isPresenting)
    }

    @Test func presentWhilePresentingGoesOverWhatIsPresented() throws {
        let navigator = RecordingNavigator()
        try navigator.present(pageA)
        try navigator.present(pageB)
        #expect(navigator.steps == [.present(pageA), .present(pageB)])
        #expect(navigator.state.presented == [pageA, pageB])
        #expect(navigator.state.visiblePage == AnyHashable(pageB))
    }

    @Test func pushWhilePresentingDismissesFirst() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        try navigator.push(pageA)
        try navigator.present(pageB)
        navigator.forgetSteps()
        try navigator.push(pageC)
        #expect(navigator.steps == [.dismissPresented, .push(pageC)])
        #expect(navigator.state.presented.isEmpty)
        #expect(navigator.state.stack == [pageA, pageC])
        #expect(navigator.state.visiblePage == AnyHashable(pageC))
        #expect(!navigator.isPresenting)
    }

    @Test func openSelectsTheTabAndSetsItsStackToTheParentsAndThePage() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        try navigator.push(pageA)
        try navigator.selectTab("mine")
        try navigator.push("orders")
        try navigator.selectTab("home")
        navigator.forgetSteps()

        try navigator.open("privacy", parents: ["settings"], inTab: "mine")
        #expect(navigator.steps == [.selectTab("mine"), .setStack(["settings", "privacy"])])
        #expect(navigator.state.selectedTab == AnyHashable("mine"))
        // The tab's stack is replaced, not pushed onto.
        #expect(navigator.state.stack(inTab: "mine") == ["settings", "privacy"])
        #expect(navigator.state.stack == ["settings", "privacy"])
        // The other tabs keep theirs.
        #expect(navigator.state.stack(inTab: "home") == [pageA])
        #expect(navigator.state.visiblePage == AnyHashable("privacy"))
    }

    @Test func openWhilePresentingDismissesFirst() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        try navigator.present(pageA)
        navigator.forgetSteps()
        try navigator.open("privacy", parents: ["settings"], inTab: "mine")
        #expect(
            navigator.steps == [.dismissPresented, .selectTab("mine"), .setStack(["settings", "privacy"])])
        #expect(navigator.state.presented.isEmpty)
        #expect(navigator.state.visiblePage == AnyHashable("privacy"))
    }

    @Test func openWithoutATabStaysOnTheSelectedOne() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        try navigator.push(pageA)
        navigator.forgetSteps()
        try navigator.open(pageC, parents: [pageB])
        #expect(navigator.steps == [.setStack([pageB, pageC])])
        #expect(navigator.state.selectedTab == AnyHashable("home"))
        #expect(navigator.state.stack == [pageB, pageC])

        navigator.forgetSteps()
        try navigator.open(pageA)
        #expect(navigator.steps == [.setStack([pageA])])
        #expect(navigator.state.stack == [pageA])
    }

    @Test func popToRootEmptiesTheSelectedTabsStackOnly() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        try navigator.push(pageA)
        try navigator.push(pageB)
        try navigator.open(pageC, inTab: "mine")
        try navigator.selectTab("home")
        navigator.forgetSteps()
        try navigator.popToRoot()
        #expect(navigator.steps == [.popToRoot])
        #expect(navigator.state.stack.isEmpty)
        #expect(navigator.state.visiblePage == nil)
        #expect(navigator.state.stack(inTab: "mine") == [pageC])
    }

    @Test func popToRootWhilePresentingDismissesFirst() throws {
        let navigator = RecordingNavigator()
        try navigator.push(pageA)
        try navigator.present(pageB)
        navigator.forgetSteps()
        try navigator.popToRoot()
        #expect(navigator.steps == [.dismissPresented, .popToRoot])
        #expect(navigator.state.presented.isEmpty)
        #expect(navigator.state.stack.isEmpty)
    }

    @Test func selectTabShowsThatTabsStackAndKeepsTheOthers() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        try navigator.push(pageA)
        navigator.forgetSteps()
        try navigator.selectTab("mine")
        #expect(navigator.steps == [.selectTab("mine")])
        #expect(navigator.state.selectedTab == AnyHashable("mine"))
        #expect(navigator.state.stack.isEmpty)
        #expect(navigator.state.stack(inTab: "home") == [pageA])

        try navigator.present(pageB)
        navigator.forgetSteps()
        try navigator.selectTab("home")
        #expect(navigator.steps == [.dismissPresented, .selectTab("home")])
        #expect(navigator.state.visiblePage == AnyHashable(pageA))
    }

    @Test func dismissDoesNothingWhenNothingIsPresented() throws {
        let navigator = RecordingNavigator()
        try navigator.push(pageA)
        navigator.forgetSteps()
        try navigator.dismiss()
        #expect(navigator.steps.isEmpty)
        try navigator.present(pageB)
        try navigator.present(pageC)
        navigator.forgetSteps()
        try navigator.dismiss()
        #expect(navigator.steps == [.dismissPresented])
        #expect(navigator.state.presented.isEmpty)
        #expect(navigator.state.stack == [pageA])
    }

    @Test func removeUndoesAPushWithEverythingPushedAfterIt() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        try navigator.push(pageA)
        try navigator.push(pageB)
        try navigator.push(pageC)
        navigator.forgetSteps()
        try navigator.remove(pageB)
        #expect(navigator.steps == [.remove(pageB)])
        #expect(navigator.state.stack == [pageA])
        #expect(navigator.state.visiblePage == AnyHashable(pageA))
    }

    @Test func removeUndoesAPresentWithEverythingPresentedOverIt() throws {
        let navigator = RecordingNavigator()
        try navigator.push(pageA)
        try navigator.present(pageB)
        try navigator.present(pageC)
        try navigator.remove(pageB)
        #expect(navigator.state.presented.isEmpty)
        #expect(navigator.state.stack == [pageA])
        try navigator.present(pageB)
        try navigator.present(pageC)
        try navigator.remove(pageC)
        #expect(navigator.state.presented == [pageB])
    }

    @Test func removeUndoesAnOpenBackToItsParents() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        try navigator.open("privacy", parents: ["settings"], inTab: "mine")
        try navigator.remove("privacy")
        #expect(navigator.state.stack(inTab: "mine") == ["settings"])
        #expect(navigator.state.visiblePage == AnyHashable("settings"))
    }

    @Test func aPresentedPageIsRemovedBeforeTheSamePageOnAStack() throws {
        let navigator = RecordingNavigator()
        try navigator.push(pageA)
        try navigator.present(pageA)
        try navigator.remove(pageA)
        #expect(navigator.state.presented.isEmpty)
        #expect(navigator.state.stack == [pageA])
    }

    @Test func removeFindsAPageOnAnotherTabAndLeavesTheSelectionAlone() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        try navigator.push(pageA)
        try navigator.push(pageB)
        try navigator.selectTab("mine")
        try navigator.push(pageC)
        try navigator.remove(pageB)
        #expect(navigator.state.selectedTab == AnyHashable("mine"))
        #expect(navigator.state.stack(inTab: "home") == [pageA])
        #expect(navigator.state.stack == [pageC])
    }

    @Test func removingAPageThatIsNotShownChangesNothing() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        try navigator.push(pageA)
        try navigator.present(pageB)
        let before = navigator.state
        try navigator.remove(pageC)
        try navigator.remove("A")  // a String, not the Page named A
        #expect(navigator.state == before)
        #expect(navigator.steps.suffix(2) == [.remove(pageC), .remove("A")])
    }

    @Test func theFailingStepThrowsCannotPerformAndIsNeitherRecordedNorApplied() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        navigator.failingStep = .push(pageB)
        try navigator.push(pageA)
        #expect(throws: NavigationError.cannotPerform(step: "push B", reason: "the test said so")) {
            try navigator.push(pageB)
        }
        #expect(navigator.steps == [.push(pageA)])
        #expect(navigator.animations == [true])
        #expect(navigator.state.stack == [pageA])
    }

    @Test func aFailingStepStopsTheStepsAfterIt() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        navigator.failingStep = .setStack(["settings", "privacy"])
        #expect(throws: NavigationError.self) {
            try navigator.open("privacy", parents: ["settings"], inTab: "mine")
        }
        #expect(navigator.steps == [.selectTab("mine")])
        #expect(navigator.state.stack(inTab: "mine").isEmpty)
        navigator.failingStep = nil
        try navigator.open("privacy", parents: ["settings"], inTab: "mine")
        #expect(navigator.state.stack(inTab: "mine") == ["settings", "privacy"])
    }

    @Test func eachStepRecordsWhetherItWasAnimated() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        try navigator.push(pageA, animated: false)
        try navigator.present(pageB)
        try navigator.open(pageC, parents: [pageA], inTab: "mine", animated: false)
        try navigator.perform(.popToRoot, animated: true)
        #expect(navigator.steps.count == navigator.animations.count)
        #expect(navigator.animations == [false, true, false, false, false, true])
        #expect(
            navigator.steps == [
                .push(pageA), .present(pageB), .dismissPresented, .selectTab("mine"),
                .setStack([pageA, pageC]),
                .popToRoot,
            ])
    }

    @Test func forgetStepsKeepsTheState() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        try navigator.push(pageA)
        try navigator.present(pageB, animated: false)
        let state = navigator.state
        navigator.forgetSteps()
        #expect(navigator.steps.isEmpty)
        #expect(navigator.animations.isEmpty)
        #expect(navigator.state == state)
        #expect(navigator.isPresenting)
        try navigator.push(pageC)
        #expect(navigator.steps == [.dismissPresented, .push(pageC)])
        #expect(navigator.animations == [true, true])
    }

    @Test func performAppliesAStepAsIs() throws {
        let navigator = RecordingNavigator(selectedTab: "home")
        try navigator.perform(.present(pageA), animated: true)
        // `perform` carries out the step alone: the dismissal is the navigation methods' decision.
        try navigator.perform(.push(pageB), animated: true)
        #expect(navigator.steps == [.present(pageA), .push(pageB)])
        #expect(navigator.state.presented == [pageA])
        #expect(navigator.state.stack == [pageB])
        #expect(navigator.state.visiblePage == AnyHashable(pageA))
    }
}
